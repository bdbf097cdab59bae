import { type Db, favourites, offers, properties } from '@estately/db';
import { and, desc, eq } from 'drizzle-orm';
import { isPublicProperty } from '../offers-shared/is-public-property.ts';

/**
 * Ids of the public offers the user has favourited, newest favourite first (spec 1: loaded on
 * start to mark hearts). Favourites of paused or struck offers are kept but left out until the
 * offer is public again.
 */
export async function listFavoriteOfferIds(options: { db: Db; userId: number }): Promise<number[]> {
  const rows = await options.db
    .select({ id: favourites.offerId })
    .from(favourites)
    .innerJoin(offers, eq(offers.id, favourites.offerId))
    .innerJoin(properties, eq(properties.id, favourites.offerId))
    .where(and(eq(favourites.userId, options.userId), isPublicProperty()))
    .orderBy(desc(favourites.createdAt), desc(favourites.id));
  return rows.map((row) => row.id);
}
