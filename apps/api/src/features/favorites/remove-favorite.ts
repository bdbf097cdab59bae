import { type Db, favourites } from '@estately/db';
import { and, eq } from 'drizzle-orm';

/**
 * Removes an offer (property) from the user's favourites. Idempotent: removing one that is not
 * there is not an error, so a retried or doubled click never fails. Works for offers that are
 * no longer public too, so a user can clean up a paused or sold favourite.
 */
export async function removeFavorite(options: {
  db: Db;
  userId: number;
  offerId: number;
}): Promise<{ removed: boolean }> {
  const deleted = await options.db
    .delete(favourites)
    .where(and(eq(favourites.userId, options.userId), eq(favourites.offerId, options.offerId)))
    .returning({ id: favourites.id });
  return { removed: deleted.length > 0 };
}
