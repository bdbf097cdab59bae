import { type Db, savedSearches } from '@estately/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';

/** DELETE /saved_searches/{id}: only the owner's own (404 otherwise, and for a second delete). */
export async function deleteSavedSearch(options: { db: Db; userId: number; id: number }): Promise<void> {
  const deleted = await options.db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, options.id), eq(savedSearches.userId, options.userId)))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw new AppError('not_found');
}
