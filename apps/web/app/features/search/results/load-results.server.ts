import {
  type DecomposeResult,
  decomposeSearchPath,
  type FacetCounts,
  type Locale,
  parseFilters,
  type SearchFilters,
  type SearchOffersResponse,
  SearchOffersResponseSchema,
  serializeFilters,
} from '@estately/domain';
import type { ApiClient } from '../../../api/api-client.ts';
import { isTooManyRequests } from '../../../api/api-error.ts';
import { toOfferCardView } from '../../../ui/offers/offer-card-view.server.ts';
import type { OfferCardView } from '../../../ui/offers/offer-card-view.ts';

export type ResultsPage =
  | {
      status: 'ok';
      offers: OfferCardView[];
      total: number;
      page: number;
      totalPages: number;
      nextPage: number | null;
      prevPage: number | null;
    }
  | { status: 'unavailable' };

/**
 * Filters of a results or search URL: the search path's segments and query (spec 2 search URLs),
 * or the query alone on the results list. Null when the URL breaks a rule: the route's
 * validation then answers 404 (spec 2).
 */
export function filtersOfUrl(
  url: URL,
  isSearchPath: boolean,
  decompose: (url: string) => DecomposeResult = decomposeSearchPath,
): SearchFilters | null {
  if (isSearchPath) {
    const decomposed = decompose(url.pathname + url.search);
    return decomposed.success ? decomposed.filters : null;
  }
  const parsed = parseFilters(url.searchParams);
  return parsed.success ? parsed.data : null;
}

/**
 * The page of GET /public/offers for these filters, cards formatted for the locale, and with
 * `facets` the filter panel's counts (decision 007) from the same answer (`facets=1`: one
 * round trip, issue 9). A failing API gives `unavailable` and no counts: the page still renders
 * its frame, the panel its choices without counts.
 */
export async function loadResults(options: {
  api: ApiClient;
  filters: SearchFilters;
  currency: string;
  locale: Locale;
  publicApiUrl: string;
  /** Ask for the facet counts too (the old search's simple form shows none). */
  facets: boolean;
  /** A guest's hidden offers, left out by the API (decision 072); an account's go by its token. */
  hidden?: readonly number[];
  signal?: AbortSignal;
}): Promise<{ results: ResultsPage; facets: FacetCounts | null }> {
  const query: Record<string, string> = Object.fromEntries(
    new URLSearchParams(serializeFilters(options.filters)),
  );
  query.currency = options.currency;
  if (options.facets) query.facets = '1';
  if (options.hidden && options.hidden.length > 0) query.hidden = options.hidden.join('.');
  let answer: SearchOffersResponse;
  try {
    const raw = await options.api.get<unknown>('/public/offers', { query, signal: options.signal });
    answer = SearchOffersResponseSchema.parse(raw);
  } catch (error) {
    // Refused for asking too often: the page is the 429 that names the wait (issue 36), thrown.
    if (isTooManyRequests(error)) throw error;
    if (!options.signal?.aborted) console.warn('[web] results: /public/offers failed:', error);
    return { results: { status: 'unavailable' }, facets: null };
  }
  return {
    results: {
      status: 'ok',
      offers: answer.data.map((offer) => toOfferCardView(offer, options.locale, options.publicApiUrl)),
      total: answer.meta.total,
      page: answer.meta.page,
      totalPages: answer.meta.total_pages,
      nextPage: answer.meta.next_page,
      prevPage: answer.meta.prev_page,
    },
    facets: options.facets ? (answer.facets ?? null) : null,
  };
}
