import { type Locale, parseFilters } from '@estately/domain';
import { canonicalSearchUrl } from '../shared/search-url.ts';

// The filter form's codec: parses the fields with the domain's zod schema (spec 5 rules), the same
// one the API and the server loader use. A module of its own: the filter panel fetches it on
// demand (with search-from-form.ts, on the first focus or change), so zod is not part of the
// results page's first load.

/**
 * The search URL of the filter form's fields (a plain GET form's query). Null when the fields
 * break a rule of spec 5; the inputs' own constraints normally prevent that.
 */
export function searchUrlOfForm(locale: Locale, fields: URLSearchParams): string | null {
  const parsed = parseFilters(fields);
  return parsed.success ? canonicalSearchUrl(locale, parsed.data) : null;
}
