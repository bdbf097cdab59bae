import { composeSearchPath, type Locale, type SearchFilters } from '@estately/domain';

/**
 * The canonical search URL of a search: the domain's composeSearchPath, which also leaves out a
 * currency without price bounds (the visitor's currency choice already says how prices are shown),
 * so the same search has one address however the form was filled in, here and in the API.
 */
export function canonicalSearchUrl(locale: Locale, filters: SearchFilters): string {
  return composeSearchPath(locale, filters);
}
