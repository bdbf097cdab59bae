import { isLocale, LOCALES, type Locale } from '../locales.ts';
import { isSlug } from '../slugify.ts';
import {
  countryFromSlug,
  countrySlug,
  offerTypeFromSlug,
  offerTypeSlug,
  propertyTypeFromSlug,
  propertyTypeSlug,
} from '../slugs.ts';
import type { SearchFilters } from './filter-spec.ts';
import type { FilterKey } from './filters.ts';
import { type FieldErrors, serializeFilters } from './query-string.ts';
import { parseFilters } from './query-string-parse.ts';
import { isSearchWord, searchWord } from './search-words.ts';

// Search URLs (spec 2): /{locale}/{search word}/{offer type}/{property type}/{country}/{locality}?filters
//
// The four segments are positional and each may be left out, e.g. /en/search/rent/germany.
// Decoding stays unambiguous because (a) offer-type, property-type and country slugs of one
// locale are disjoint sets, so a segment names its category by itself, (b) segments must keep
// this order, and (c) a locality segment is accepted only right after a country segment
// (locality slugs are unique per country, and a town may share a country's name).
// Everything else travels in the canonical query string of query-string.ts.

/** Filters carried by path segments rather than by the query string. */
export const PATH_FILTER_KEYS = [
  'offer_type',
  'property_type',
  'country_code',
  'locality',
] as const satisfies readonly FilterKey[];

/**
 * The filters a search URL carries. A currency without price bounds only says how prices are
 * shown, which the visitor's currency choice already does, so it is left out: the same search
 * then has one address however it was asked for (the web form, the API's compose call, a saved
 * search's alert).
 */
export function withoutBareCurrency(filters: SearchFilters): SearchFilters {
  if (filters.currency === undefined || filters.price_from !== undefined || filters.price_to !== undefined) {
    return filters;
  }
  const rest = { ...filters };
  delete rest.currency;
  return rest;
}

/** The canonical search URL (path and query) of `filters` in `locale`. */
export function composeSearchPath(locale: Locale, filters: SearchFilters): string {
  return searchPathComposer(filters)(locale);
}

/**
 * composeSearchPath of `filters` for any locale: the query, the same in every locale, is
 * written once (a page links its search in all 30 locales, twice).
 */
export function searchPathComposer(search: SearchFilters): (locale: Locale) => string {
  const filters = withoutBareCurrency(search);
  const omit: FilterKey[] = ['offer_type', 'property_type'];
  const locality = filters.country_code && filters.locality ? encodeURIComponent(filters.locality) : null;
  if (filters.country_code) omit.push('country_code');
  if (locality !== null) omit.push('locality');
  const query = serializeFilters(filters, omit);
  const tail = query ? `?${query}` : '';
  return (locale) => {
    let path = `/${locale}/${searchWord(locale)}`;
    if (filters.offer_type) path += `/${offerTypeSlug(locale, filters.offer_type)}`;
    if (filters.property_type) path += `/${propertyTypeSlug(locale, filters.property_type)}`;
    if (filters.country_code) path += `/${countrySlug(locale, filters.country_code)}`;
    if (locality !== null) path += `/${locality}`;
    return path + tail;
  };
}

export type DecomposeError =
  /** The path does not start with /{locale}/{search word}. */
  | 'not_a_search_path'
  /** A segment after the search word names no value (or is out of order). */
  | 'unknown_segment'
  /** The segments were fine but the filters break a rule of spec 5. */
  | 'invalid_filters';

export type DecomposeResult =
  | { success: true; locale: Locale; filters: SearchFilters }
  | { success: false; error: DecomposeError; segment?: string; errors?: FieldErrors };

const LOCALE_BY_LOWER = new Map<string, Locale>(LOCALES.map((locale) => [locale.toLowerCase(), locale]));

/** `cs`, `CS` and `el-gr` all name a locale; the canonical spelling is returned. */
export function localeFromSegment(segment: string): Locale | undefined {
  return isLocale(segment) ? segment : LOCALE_BY_LOWER.get(segment.toLowerCase());
}

function splitUrl(url: string): { pathname: string; query: string } {
  let rest = url;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(rest)) {
    const parsed = new URL(rest);
    rest = parsed.pathname + parsed.search;
  }
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  const question = rest.indexOf('?');
  return question >= 0
    ? { pathname: rest.slice(0, question), query: rest.slice(question + 1) }
    : { pathname: rest, query: '' };
}

function decodeSegments(pathname: string): string[] | undefined {
  try {
    return pathname
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

/**
 * Reads a search URL (path with optional query, or an absolute URL) back into filters. Path
 * segments win over the same keys in the query. Both the locale's own search word and the
 * Czech `hledani` are accepted (spec 2 gives both readings).
 */
export function decomposeSearchPath(url: string): DecomposeResult {
  const { pathname, query } = splitUrl(url);
  const segments = decodeSegments(pathname);
  const locale = segments?.[0] === undefined ? undefined : localeFromSegment(segments[0]);
  const word = segments?.[1];
  if (!segments || !locale || word === undefined || !isSearchWord(locale, word)) {
    return { success: false, error: 'not_a_search_path' };
  }

  const params = new URLSearchParams(query);
  // Stage 0..4: the next category a segment may still name (offer, property, country, locality).
  let stage = 0;
  for (const segment of segments.slice(2)) {
    const slug = segment.toLowerCase();
    const offerType = stage <= 0 ? offerTypeFromSlug(locale, slug) : undefined;
    const propertyType = stage <= 1 && !offerType ? propertyTypeFromSlug(locale, slug) : undefined;
    const country = stage <= 2 && !offerType && !propertyType ? countryFromSlug(locale, slug) : undefined;
    if (offerType) {
      params.set('offer_type', offerType);
      stage = 1;
    } else if (propertyType) {
      params.set('property_type', propertyType);
      stage = 2;
    } else if (country) {
      params.set('country_code', country);
      stage = 3;
    } else if (stage === 3 && isSlug(slug)) {
      params.set('locality', slug);
      stage = 4;
    } else {
      return { success: false, error: 'unknown_segment', segment };
    }
  }

  const parsed = parseFilters(params);
  if (!parsed.success) return { success: false, error: 'invalid_filters', errors: parsed.errors };
  return { success: true, locale, filters: parsed.data };
}
