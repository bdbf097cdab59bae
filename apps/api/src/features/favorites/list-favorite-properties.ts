import { type Db, favourites, properties } from '@estately/db';
import type { FavoritePropertiesResponse } from '@estately/domain';
import { desc, eq } from 'drizzle-orm';

/**
 * GET /my/favorite/properties: every favourite of the user by property, public or not, newest
 * first. Unlike the offer list it keeps paused, sold and struck properties (flagged
 * `is_public: false`), so an account page can show why a favourite is gone from the list.
 */
export async function listFavoriteProperties(options: {
  db: Db;
  userId: number;
}): Promise<FavoritePropertiesResponse> {
  const rows = await options.db
    .select({
      propertyId: favourites.offerId,
      createdAt: favourites.createdAt,
      state: properties.state,
      struckAt: properties.struckAt,
    })
    .from(favourites)
    .innerJoin(properties, eq(properties.id, favourites.offerId))
    .where(eq(favourites.userId, options.userId))
    .orderBy(desc(favourites.createdAt), desc(favourites.id));
  return {
    data: rows.map((row) => ({
      property_id: row.propertyId,
      created_at: row.createdAt.toISOString(),
      is_public: row.state === 'active' && row.struckAt === null,
    })),
  };
}
