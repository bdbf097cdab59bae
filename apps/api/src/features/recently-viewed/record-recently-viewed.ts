import { type Db, properties, recentlyViewedOffers } from '@estately/db';
import { RECENTLY_VIEWED_CAP } from '@estately/domain';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';

/**
 * Records offer pages a user opened (issue 44 point 6, decision 072): `offerIds` newest first,
 * one id when a page is opened, the browser's list at sign-in. The first id gets `now` (or just
 * above the user's newest row), each next one a millisecond earlier, so the order survives; an offer seen again moves to the top
 * (the later time wins). Only the newest RECENTLY_VIEWED_CAP rows of the user are kept. One
 * transaction; unknown ids are skipped.
 */
export async function recordRecentlyViewed(options: {
  db: Db;
  userId: number;
  offerIds: readonly number[];
  now?: Date;
}): Promise<{ merged: number }> {
  const { db, userId } = options;
  const wanted = [...new Set(options.offerIds)].slice(0, RECENTLY_VIEWED_CAP);
  if (wanted.length === 0) return { merged: 0 };
  const now = (options.now ?? new Date()).getTime();
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: properties.id })
      .from(properties)
      .where(inArray(properties.id, wanted));
    const known = new Set(existing.map((row) => Number(row.id)));
    // A later call is newer than every row before it, even within the same milliseconds (a
    // sign-in's merge right after a page view): the first id goes above the user's newest row.
    const [newest] = await tx
      .select({ at: sql<string | null>`max(${recentlyViewedOffers.viewedAt})` })
      .from(recentlyViewedOffers)
      .where(eq(recentlyViewedOffers.userId, userId));
    const newestMs = newest?.at ? new Date(newest.at).getTime() : Number.NEGATIVE_INFINITY;
    const top = Math.max(now, newestMs + wanted.length);
    const rows = wanted
      .map((offerId, position) => ({ userId, offerId, viewedAt: new Date(top - position) }))
      .filter((row) => known.has(row.offerId));
    if (rows.length === 0) return { merged: 0 };
    await tx
      .insert(recentlyViewedOffers)
      .values(rows)
      .onConflictDoUpdate({
        target: [recentlyViewedOffers.userId, recentlyViewedOffers.offerId],
        set: {
          viewedAt: sql`greatest(${recentlyViewedOffers.viewedAt}, excluded.viewed_at)`,
        },
      });
    // Keep the newest rows only: the list is a short memory, not a history.
    const kept = tx
      .select({ id: recentlyViewedOffers.offerId })
      .from(recentlyViewedOffers)
      .where(eq(recentlyViewedOffers.userId, userId))
      .orderBy(sql`${recentlyViewedOffers.viewedAt} desc`, sql`${recentlyViewedOffers.offerId} desc`)
      .limit(RECENTLY_VIEWED_CAP);
    await tx
      .delete(recentlyViewedOffers)
      .where(and(eq(recentlyViewedOffers.userId, userId), notInArray(recentlyViewedOffers.offerId, kept)));
    return { merged: rows.length };
  });
}
