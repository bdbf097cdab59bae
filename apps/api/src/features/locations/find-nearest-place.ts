import type { Db } from '@estately/db';
import {
  type Locale,
  type LocationSummary,
  NO_RESULTS_MESSAGE,
  REVERSE_LOOKUP_MAX_KM,
} from '@estately/domain';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { boxAround } from './geo-box.ts';
import { queryRows, type SummaryRow, summaryColumns, summaryJoins, toSummary } from './place-names.ts';

export interface FindNearestPlaceOptions {
  db: Db;
  lat: number;
  lng: number;
  locale: Locale;
}

/** Search circles tried in turn: most points are near a place, a few are far from any. */
const RADII_KM = [10, 50, 200, REVERSE_LOOKUP_MAX_KM] as const;

/**
 * `locations.point <@ box` for the box around the point, split in two where it crosses the
 * antimeridian (a box cannot wrap from 180 to -180).
 */
function inBox(lat: number, lng: number, km: number): SQL {
  const { south, north, west, east } = boxAround(lat, lng, km);
  const box = (w: number, e: number) => sql`l.point <@ box(point(${w}, ${south}), point(${e}, ${north}))`;
  if (east - west >= 360) return box(-180, 180);
  if (west < -180) return sql`(${box(west + 360, 180)} or ${box(-180, east)})`;
  if (east > 180) return sql`(${box(west, 180)} or ${box(-180, east - 360)})`;
  return box(west, east);
}

/**
 * GET /public/locations/reverse: the city or city part nearest to a point (a map click, the
 * browser's position), with its distance. Each try reads only the places inside a box around
 * the point through the GiST index `locations_point_gist`, then ranks them by great-circle
 * distance (geo_distance_km, earth radius 6371 km, spec 9); the box grows until a place is
 * found within it, up to 1,000 km. A place outside the circle but inside the box corner can be
 * nearer than the circle's radius only if it is inside the circle, so the first hit within
 * the radius is the true nearest.
 */
export async function findNearestPlace(
  options: FindNearestPlaceOptions,
): Promise<LocationSummary & { distance_km: number }> {
  const { db, lat, lng, locale } = options;
  for (const km of RADII_KM) {
    const distance = sql`geo_distance_km(l.point, point(${lng}, ${lat}))`;
    const [row] = await queryRows<SummaryRow & { distance_km: number }>(
      db,
      sql`
      with nearest as (
        select l.id, ${distance} as distance_km
        from locations l
        where l.kind in ('city', 'city_part') and ${inBox(lat, lng, km)}
          and ${distance} <= ${km}
        order by distance_km, l.population desc, l.id
        limit 1
      )
      select ${summaryColumns}, n.distance_km
      from nearest n
      join locations l on l.id = n.id
      ${summaryJoins(locale)}`,
    );
    if (row) {
      return { ...toSummary(row, locale), distance_km: Math.round(Number(row.distance_km) * 1000) / 1000 };
    }
  }
  throw new AppError('not_found', { message: NO_RESULTS_MESSAGE });
}
