import { parseFilters, type SearchFilters, serializeFilters } from '@estately/domain';
import { AppError } from '../../lib/app-error.ts';

/** The filter fields a saved search keeps: paging and sort belong to a result page, not a search. */
export type StoredFilters = Omit<SearchFilters, 'sort' | 'page' | 'per_page'>;

/**
 * Validates a saved search's filters with the domain filter model (the rules of GET
 * /public/offers, spec 5) and returns their canonical form without paging and sort. Errors are
 * reported as `filters.<field>` so a form can mark the field; nothing is stored on failure.
 */
export function validateSavedSearchFilters(input: unknown): StoredFilters {
  const parsed = parseFilters(
    typeof input === 'string' ? input : ((input ?? {}) as Readonly<Record<string, unknown>>),
  );
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const [field, keys] of Object.entries(parsed.errors)) errors[`filters.${field}`] = keys;
    throw new AppError('validation_errors', { errors });
  }
  const { sort: _sort, page: _page, per_page: _perPage, ...filters } = parsed.data;
  return filters;
}

/** Stored filters back as the search model (default paging), e.g. to build SQL conditions. */
export function toSearchFilters(stored: Record<string, unknown>): SearchFilters {
  const parsed = parseFilters(stored);
  // Stored filters were valid when written; a rule tightened since then matches nothing
  // rather than everything.
  if (!parsed.success)
    throw new Error(`stored saved-search filters no longer valid: ${JSON.stringify(parsed.errors)}`);
  return parsed.data;
}

/** The canonical query string: equal strings mean equal searches (alerts group by it). */
export function filtersKey(filters: SearchFilters | StoredFilters): string {
  return serializeFilters({ sort: 'activated_at_desc', page: 1, per_page: 25, ...filters } as SearchFilters);
}
