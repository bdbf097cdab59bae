import { type Db, favourites, offers, offerViewStats, properties } from '@estately/db';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { isPublicProperty } from '../offers-shared/is-public-property.ts';

/**
 * Adds a public offer to the user's favourites. Idempotent (spec 4: the client applies it at
 * once and may retry): a second add leaves the one row there is and still answers success.
 * Only a newly stored favourite raises the day's `favourites_added` counter of the seller's
 * statistics, in the same transaction. Unknown, inactive or struck offers are 404.
 */
export async function addFavorite(options: {
  db: Db;
  userId: number;
  offerId: number;
  now?: Date;
}): Promise<{ added: boolean }> {
  const { db, userId, offerId } = options;
  const day = (options.now ?? new Date()).toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    const [offer] = await tx
      .select({ id: offers.id })
      .from(offers)
      .innerJoin(properties, eq(properties.id, offers.id))
      .where(and(eq(offers.id, offerId), isPublicProperty()))
      .limit(1);
    if (!offer) throw new AppError('not_found');
    const inserted = await tx
      .insert(favourites)
      .values({ userId, offerId })
      .onConflictDoNothing({ target: [favourites.userId, favourites.offerId] })
      .returning({ id: favourites.id });
    if (inserted.length === 0) return { added: false };
    await tx
      .insert(offerViewStats)
      .values({ propertyId: offerId, day, favouritesAdded: 1 })
      .onConflictDoUpdate({
        target: [offerViewStats.propertyId, offerViewStats.day],
        set: { favouritesAdded: sql`${offerViewStats.favouritesAdded} + 1` },
      });
    return { added: true };
  });
}
