import { composeSearchPath, type Locale, type SearchFilters } from '@estately/domain';

/**
 * The canonical search URL of a search. A currency without price bounds only says how prices are
 * shown, which the visitor's currency choice already does, so it is left out of the URL: the same
 * search then has one address however the form was filled in.
 */
export function canonicalSearchUrl(locale: Locale, filters: SearchFilters): string {
  const { currency, ...rest } = filters;
  const keepCurrency =
    currency !== undefined && (rest.price_from !== undefined || rest.price_to !== undefined);
  return composeSearchPath(locale, keepCurrency ? { ...rest, currency } : rest);
}
