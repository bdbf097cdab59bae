import { type Db, distanceKm, offers, pointsOfInterest, properties, withinRadius } from '@estately/db';
import {
  POI_DEFAULT_PER_CATEGORY,
  POI_DEFAULT_RADIUS_KM,
  type PoiCategory,
  type PointOfInterest,
  type PointsOfInterestResponse,
} from '@estately/domain';
import { and, eq, sql } from 'drizzle-orm';
import { isPublicProperty } from '../offers-shared/is-public-property.ts';
import { offerNotFound } from './public-offer.ts';

export interface ListPointsOfInterestOptions {
  db: Db;
  id: number;
  radiusKm?: number;
  perCategory?: number;
}

/**
 * GET /public/offers/{id}/points_of_interest: places around the offer grouped by category, the
 * nearest `perCategory` of each within `radiusKm`, distances by haversine on a 6371 km sphere
 * (spec 9). The GiST index on the point answers the bounding box, the exact distance filters
 * and ranks inside it, and a window function keeps the nearest few per category, so the answer
 * stays small in a city centre with hundreds of places.
 */
export async function listPointsOfInterest(
  options: ListPointsOfInterestOptions,
): Promise<PointsOfInterestResponse['data']> {
  const { db, id, radiusKm = POI_DEFAULT_RADIUS_KM, perCategory = POI_DEFAULT_PER_CATEGORY } = options;
  const [offer] = await db
    .select({ latitude: offers.latitude, longitude: offers.longitude })
    .from(offers)
    .innerJoin(properties, eq(properties.id, offers.id))
    .where(and(eq(offers.id, id), isPublicProperty()))
    .limit(1);
  if (!offer) throw offerNotFound();

  const distance = distanceKm(pointsOfInterest.point, offer.latitude, offer.longitude);
  const ranked = db
    .select({
      id: pointsOfInterest.id,
      name: pointsOfInterest.name,
      category: pointsOfInterest.kind,
      latitude: pointsOfInterest.latitude,
      longitude: pointsOfInterest.longitude,
      distance: sql<number>`${distance}`.as('distance'),
      rank: sql<number>`row_number() over (partition by ${pointsOfInterest.kind} order by ${distance}, ${pointsOfInterest.id})`.as(
        'rank',
      ),
    })
    .from(pointsOfInterest)
    .where(withinRadius(pointsOfInterest.point, offer.latitude, offer.longitude, radiusKm))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perCategory}`)
    .orderBy(ranked.distance, ranked.id);

  // Rows come nearest first, so categories appear in the order of their nearest place.
  const groups = new Map<PoiCategory, PointOfInterest[]>();
  for (const row of rows) {
    const category = row.category as PoiCategory;
    const km = Number(row.distance);
    const list = groups.get(category) ?? [];
    list.push({
      id: row.id,
      name: row.name,
      category,
      latitude: row.latitude,
      longitude: row.longitude,
      distance_km: Math.round(km * 1000) / 1000,
      distance_m: Math.round(km * 1000),
    });
    groups.set(category, list);
  }
  return [...groups].map(([category, items]) => ({ category, items }));
}
