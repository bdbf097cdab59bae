import { type Db, savedSearches } from '@estately/db';
import type { SavedSearch, UpdateSavedSearchBody } from '@estately/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { AppError } from '../../lib/app-error.ts';
import { validateSavedSearchFilters } from './saved-search-filters.ts';
import { toSavedSearch } from './to-saved-search.ts';

/**
 * PATCH /saved_searches/{id}: changes the given fields of one of the caller's saved searches
 * (another user's answers 404, as if it did not exist). Changed filters keep the alert
 * watermark: offers activated before the change are not mailed retroactively.
 */
export async function updateSavedSearch(options: {
  db: Db;
  userId: number;
  id: number;
  input: UpdateSavedSearchBody;
  now?: Date;
}): Promise<SavedSearch> {
  const { db, userId, id, input } = options;
  const updatedAt = options.now ?? new Date();
  const changes: PgUpdateSetSource<typeof savedSearches> = { updatedAt };
  if (input.filters !== undefined)
    changes.filters = validateSavedSearchFilters(input.filters) as Record<string, unknown>;
  if (input.name !== undefined) changes.name = input.name;
  if (input.search_path !== undefined) changes.searchPath = input.search_path;
  if (input.alert_kinds !== undefined) changes.alertKinds = input.alert_kinds;
  if (input.frequency !== undefined) {
    changes.frequency = input.frequency;
    // Alerts switched back on count new offers from now, not from before they were off.
    if (input.frequency !== 'off')
      changes.lastNotifiedAt = sql`case when ${savedSearches.frequency} = 'off' then ${updatedAt.toISOString()}::timestamptz else ${savedSearches.lastNotifiedAt} end`;
  }
  if (input.locale !== undefined) changes.locale = input.locale;
  if (input.currency !== undefined) changes.currency = input.currency;
  const [row] = await db
    .update(savedSearches)
    .set(changes)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  if (!row) throw new AppError('not_found');
  return toSavedSearch(row);
}
