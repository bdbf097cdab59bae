import type { Db } from '@estately/db';
import {
  type AddressPlace,
  type Locale,
  type LocationSummary,
  NO_RESULTS_MESSAGE,
  REVERSE_CITY_PART_MAX_KM,
  REVERSE_LOOKUP_MAX_KM,
} from '@estately/domain';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { boxAround } from './geo-box.ts';
import {
  localizedName,
  queryRows,
  type SummaryRow,
  summaryColumns,
  summaryJoins,
  toSummary,
} from './place-names.ts';

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
 * the radius is the true nearest. With it come the city and city part an address at the point
 * names (`addressPlaces`).
 */
export type NearestPlace = LocationSummary & {
  distance_km: number;
  city: AddressPlace | null;
  city_part: AddressPlace | null;
};

/**
 * The city and city part an address at the point names (issue 38 defect 6: the editor's pin
 * fills them). The city is the nearest place when that is a city, else the nearest city part's
 * city; its part is the part of THAT city nearest to the point within REVERSE_CITY_PART_MAX_KM,
 * so a pin nearer Brno's centre point than to any district's still gets its district.
 */
async function addressPlaces(
  db: Db,
  nearest: LocationSummary,
  lat: number,
  lng: number,
  locale: Locale,
): Promise<{ city: AddressPlace | null; city_part: AddressPlace | null }> {
  let city: AddressPlace | null = null;
  if (nearest.kind === 'city') city = { id: nearest.id, name: nearest.name };
  else if (nearest.kind === 'city_part' && nearest.parent_id !== null) {
    const [row] = await queryRows<{ id: number | string; name: string | null }>(
      db,
      sql`select l.id, nm.name from locations l
        left join lateral ${localizedName(sql`l.id`, locale)} nm on true
        where l.id = ${nearest.parent_id} and l.kind = 'city'`,
    );
    if (row?.name) city = { id: Number(row.id), name: row.name };
  }
  if (!city) return { city: null, city_part: null };
  const distance = sql`geo_distance_km(l.point, point(${lng}, ${lat}))`;
  const [part] = await queryRows<{ id: number | string; name: string | null }>(
    db,
    sql`
    with nearest as (
      select l.id, ${distance} as distance_km
      from locations l
      where l.kind = 'city_part' and l.parent_id = ${city.id}
        and ${inBox(lat, lng, REVERSE_CITY_PART_MAX_KM)} and ${distance} <= ${REVERSE_CITY_PART_MAX_KM}
      order by distance_km, l.population desc, l.id
      limit 1
    )
    select l.id, nm.name from nearest n
    join locations l on l.id = n.id
    left join lateral ${localizedName(sql`l.id`, locale)} nm on true`,
  );
  return { city, city_part: part?.name ? { id: Number(part.id), name: part.name } : null };
}

export async function findNearestPlace(options: FindNearestPlaceOptions): Promise<NearestPlace> {
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
      const nearest = toSummary(row, locale);
      return {
        ...nearest,
        distance_km: Math.round(Number(row.distance_km) * 1000) / 1000,
        ...(await addressPlaces(db, nearest, lat, lng, locale)),
      };
    }
  }
  throw new AppError('not_found', { message: NO_RESULTS_MESSAGE });
}
