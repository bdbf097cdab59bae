import { type Currency, FeaturedPropertiesResponseSchema, type OfferCard } from '@estately/domain';
import { apiErrorFrom, isTooManyRequests } from '../../../api/api-error.ts';
import { webLog } from '../../../web-log.server.ts';

export type FeaturedOffers = { status: 'ok'; offers: OfferCard[] } | { status: 'unavailable'; offers: [] };

/** How long the home page waits for the API before it renders without offers. */
export const FEATURED_TIMEOUT_MS = 4_000;

/**
 * GET {apiUrl}/properties?currency=...: the featured list, newest first, 8 items (spec 7, 9).
 * A down, slow or misbehaving API gives `unavailable` instead of an error, so the home page
 * still renders with a friendly message; a 429 is thrown as its ApiError (the page answers 429).
 */
export async function fetchFeaturedOffers(options: {
  apiUrl: string;
  /** Headers of the web server's own calls (request-state.server.ts ownCallHeaders). */
  headers?: Record<string, string>;
  currency: Currency;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}): Promise<FeaturedOffers> {
  const url = `${options.apiUrl}/properties?currency=${encodeURIComponent(options.currency)}`;
  // The request's id travels in the headers (ownCallHeaders given the request's context).
  const warn = (fields: Record<string, unknown>) =>
    webLog().warn({ reqId: options.headers?.['x-request-id'], url, ...fields }, 'featured offers failed');
  const timeout = AbortSignal.timeout(FEATURED_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const response = await (options.fetch ?? fetch)(url, {
      signal,
      headers: { accept: 'application/json', ...options.headers },
    });
    // Refused for asking too often: the page is the 429 that names the wait (issue 36), thrown.
    if (response.status === 429) throw await apiErrorFrom(response);
    if (!response.ok) {
      warn({ status: response.status });
      return { status: 'unavailable', offers: [] };
    }
    const parsed = FeaturedPropertiesResponseSchema.safeParse(await response.json());
    if (!parsed.success) {
      warn({ error: `unexpected answer: ${parsed.error.message}` });
      return { status: 'unavailable', offers: [] };
    }
    return { status: 'ok', offers: parsed.data.data };
  } catch (error) {
    if (isTooManyRequests(error)) throw error;
    if (!options.signal?.aborted) {
      warn({ error: error instanceof Error ? error.message : String(error) });
    }
    return { status: 'unavailable', offers: [] };
  }
}
