import type { savedSearches } from '@estately/db';
import type { SavedSearch } from '@estately/domain';
import { filtersKey } from './saved-search-filters.ts';

type SavedSearchRow = typeof savedSearches.$inferSelect;

/** A row as the API answers it (snake_case like the offer API, DESIGN 4). */
export function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    filters: row.filters,
    query: filtersKey(row.filters as Parameters<typeof filtersKey>[0]),
    search_path: row.searchPath,
    frequency: row.frequency as SavedSearch['frequency'],
    alert_kinds: row.alertKinds as SavedSearch['alert_kinds'],
    locale: row.locale as SavedSearch['locale'],
    currency: row.currency as SavedSearch['currency'],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_notified_at: row.lastNotifiedAt?.toISOString() ?? null,
  };
}
