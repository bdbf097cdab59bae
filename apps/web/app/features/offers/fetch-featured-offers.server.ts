import { type Currency, FeaturedPropertiesResponseSchema, type OfferCard } from '@estately/domain';

export type FeaturedOffers = { status: 'ok'; offers: OfferCard[] } | { status: 'unavailable'; offers: [] };

/** How long the home page waits for the API before it renders without offers. */
export const FEATURED_TIMEOUT_MS = 4_000;

/**
 * GET {apiUrl}/properties?currency=...: the featured list, newest first, 8 items (spec 7, 9).
 * A down, slow or misbehaving API gives `unavailable` instead of an error, so the home page
 * still renders with a friendly message.
 */
export async function fetchFeaturedOffers(options: {
  apiUrl: string;
  currency: Currency;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}): Promise<FeaturedOffers> {
  const url = `${options.apiUrl}/properties?currency=${encodeURIComponent(options.currency)}`;
  const timeout = AbortSignal.timeout(FEATURED_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const response = await (options.fetch ?? fetch)(url, { signal, headers: { accept: 'application/json' } });
    if (!response.ok) {
      console.warn(`[web] featured offers: ${url} answered ${response.status}`);
      return { status: 'unavailable', offers: [] };
    }
    const parsed = FeaturedPropertiesResponseSchema.safeParse(await response.json());
    if (!parsed.success) {
      console.warn(`[web] featured offers: unexpected answer from ${url}: ${parsed.error.message}`);
      return { status: 'unavailable', offers: [] };
    }
    return { status: 'ok', offers: parsed.data.data };
  } catch (error) {
    if (!options.signal?.aborted) {
      console.warn(`[web] featured offers: ${url} failed: ${error instanceof Error ? error.message : error}`);
    }
    return { status: 'unavailable', offers: [] };
  }
}
