import {
  LOCATION_AUTOCOMPLETE_MAX_QUERY_LENGTH,
  type Locale,
  LocationAutocompleteResponseSchema,
  type SearchFilters,
} from '@estately/domain';
import type { ApiClient } from '../../../api/api-client.ts';
import { canonicalSearchUrl } from '../shared/search-url.ts';
import { type Place, placeSearchUrl } from './place-search.ts';
import { WHERE_PARAM } from './where-param.ts';

// Home's search box sends the place as typed (`where`) when no suggestion was picked: without
// JavaScript, or when someone types "Brno" and presses Enter at once. The results page looks the
// text up as the location box would (GET /public/locations/autocomplete in the page's locale) and
// sends the visitor to the search of its best match; text matching no place leaves the search
// everywhere and says so.

export type WhereOutcome =
  /** The search of the place found (or of the other fields, when nothing was typed). */
  | { kind: 'redirect'; to: string }
  /** No place is called so: the page shows the other fields' search and says so. */
  | { kind: 'not-found'; text: string };

/** The best-matching place for a typed text, or null when none matches. */
export async function findPlace(
  api: ApiClient,
  text: string,
  locale: Locale,
  signal?: AbortSignal,
): Promise<Place | null> {
  const answer = LocationAutocompleteResponseSchema.parse(
    await api.get('/public/locations/autocomplete', { query: { q: text, locale, limit: 1 }, signal }),
  );
  return answer.data[0] ?? null;
}

/**
 * What a results URL with `where` leads to, or null when it has none. `filters` are the URL's
 * other fields.
 */
export async function resolveWhere(options: {
  url: URL;
  filters: SearchFilters;
  locale: Locale;
  find: (text: string) => Promise<Place | null>;
}): Promise<WhereOutcome | null> {
  const { url, filters, locale } = options;
  const raw = url.searchParams.get(WHERE_PARAM);
  if (raw === null) return null;
  const text = raw.trim().replace(/\s+/g, ' ');
  if (text === '') return { kind: 'redirect', to: canonicalSearchUrl(locale, filters) };
  // Longer text names no place: the autocomplete endpoint takes no more.
  const place = text.length > LOCATION_AUTOCOMPLETE_MAX_QUERY_LENGTH ? null : await options.find(text);
  return place
    ? { kind: 'redirect', to: placeSearchUrl(locale, filters, place) }
    : { kind: 'not-found', text: text.slice(0, LOCATION_AUTOCOMPLETE_MAX_QUERY_LENGTH) };
}
