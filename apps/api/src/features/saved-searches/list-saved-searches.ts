import { type Db, savedSearches } from '@estately/db';
import type { SavedSearchList } from '@estately/domain';
import { desc, eq } from 'drizzle-orm';
import { toSavedSearch } from './to-saved-search.ts';

/** GET /saved_searches: the caller's saved searches, newest first (at most 50, so not paged). */
export async function listSavedSearches(options: { db: Db; userId: number }): Promise<SavedSearchList> {
  const rows = await options.db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, options.userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return { data: rows.map(toSavedSearch) };
}
