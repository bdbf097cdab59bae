import type { z } from 'zod';
import { isValidationMessageKey } from '../validation-messages.ts';
import type { SearchFilters } from './filter-spec.ts';
import { safeParseSearchFilters } from './filters-schema.ts';
import type { FieldErrors } from './query-string.ts';

// Reading the URL form of a search (query-string.ts writes it) with the filters' zod schema. A
// module of its own so that code which only writes search URLs (the browser's first load) does
// not load zod.

export type ParseFiltersResult =
  | { success: true; data: SearchFilters }
  | { success: false; errors: FieldErrors };

/** Zod issues -> message keys by top-level field (`dispositions.2` reports on `dispositions`). */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '_';
    // Only message keys ever leave this package; anything else means a rule without a key.
    const message = isValidationMessageKey(issue.message) ? issue.message : 'validation.invalid_value';
    const list = errors[field] ?? [];
    if (!list.includes(message)) list.push(message);
    errors[field] = list;
  }
  return errors;
}

export function parseFilters(
  input: URLSearchParams | string | Readonly<Record<string, unknown>>,
): ParseFiltersResult {
  const result = safeParseSearchFilters(input);
  if (result.success) return { success: true, data: result.data };
  return { success: false, errors: issuesToFieldErrors(result.error.issues) };
}
