import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

// Geographic predicates on a `point` column holding (longitude, latitude), served by its GiST
// index on PGlite and PostgreSQL alike (DESIGN 5; no PostGIS). Earth radius 6371 km (spec 9).

export const EARTH_RADIUS_KM = 6371;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

export type BoundingBox = { south: number; west: number; north: number; east: number };

/** `column <@ box(...)`: points inside the box (edges included); the GiST index answers it. */
export function withinBox(column: PgColumn | SQL, box: BoundingBox): SQL {
  return sql`${column} <@ box(point(${box.west}::float8, ${box.south}::float8), point(${box.east}::float8, ${box.north}::float8))`;
}

/** The smallest latitude/longitude box that contains the circle (used as the index prefilter). */
export function boxAround(latitude: number, longitude: number, radiusKm: number): BoundingBox {
  const dLat = radiusKm / KM_PER_DEGREE;
  const cos = Math.cos((latitude * Math.PI) / 180);
  // Near the poles the circle spans every longitude.
  const dLng = cos < 1e-6 ? 180 : Math.min(180, radiusKm / (KM_PER_DEGREE * cos));
  return {
    south: Math.max(-90, latitude - dLat),
    north: Math.min(90, latitude + dLat),
    west: Math.max(-180, longitude - dLng),
    east: Math.min(180, longitude + dLng),
  };
}

/** Great-circle distance in km from the column's point to (latitude, longitude). */
export function distanceKm(column: PgColumn | SQL, latitude: number, longitude: number): SQL<number> {
  return sql<number>`geo_distance_km(${column}, point(${longitude}::float8, ${latitude}::float8))`;
}

/** Points within `radiusKm` of the centre: GiST bounding-box prefilter, then exact haversine. */
export function withinRadius(
  column: PgColumn | SQL,
  latitude: number,
  longitude: number,
  radiusKm: number,
): SQL {
  return sql`(${withinBox(column, boxAround(latitude, longitude, radiusKm))} and ${distanceKm(column, latitude, longitude)} <= ${radiusKm}::float8)`;
}

/** Haversine in JS, identical to the SQL function (tests, seed). */
export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** `search_normalize(x)`: lower-case, accents removed; the expression the trigram index uses. */
export function searchNormalize(value: PgColumn | SQL | string): SQL<string> {
  return sql<string>`search_normalize(${value})`;
}
