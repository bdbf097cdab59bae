import { composeSearchPath, type Locale, parseFilters, type SearchFilters } from '@estately/domain';

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

/**
 * The search URL of the filter form's fields (a plain GET form's query). Null when the fields
 * break a rule of spec 5; the inputs' own constraints normally prevent that.
 */
export function searchUrlOfForm(locale: Locale, fields: URLSearchParams): string | null {
  const parsed = parseFilters(fields);
  return parsed.success ? canonicalSearchUrl(locale, parsed.data) : null;
}
