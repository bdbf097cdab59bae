import type { Db } from '@estately/db';
import { type Locale, NEARBY_PLACES_LIMIT, type NearbyPlace } from '@estately/domain';
import { sql } from 'drizzle-orm';
import { boxAround } from './geo-box.ts';
import { localizedName, queryRows } from './place-names.ts';

export interface ListNearbyPlacesOptions {
  db: Db;
  lat: number;
  lng: number;
  km: number;
  locale: Locale;
}

/**
 * GET /public/locations/nearby: the cities and city parts within `km` of a point, the most
 * populous first, named in `locale` (issue 38 defect 6: the editor's map draws their names, the
 * offline basemap having none). Reads the box around the circle through the GiST index
 * `locations_point_gist`, then keeps the places inside the circle (geo_distance_km). A box that
 * crosses the antimeridian is cut at it: the few places beyond are left out.
 */
export async function listNearbyPlaces(options: ListNearbyPlacesOptions): Promise<NearbyPlace[]> {
  const { db, lat, lng, km, locale } = options;
  const box = boxAround(lat, lng, km);
  const west = Math.max(-180, box.west);
  const east = Math.min(180, box.east);
  const rows = await queryRows<{
    id: number | string;
    kind: NearbyPlace['kind'];
    name: string | null;
    latitude: number;
    longitude: number;
    population: number | string;
  }>(
    db,
    sql`
    with inside as (
      select l.id, l.kind, l.latitude, l.longitude, l.population
      from locations l
      where l.kind in ('city', 'city_part')
        and l.point <@ box(point(${west}, ${box.south}), point(${east}, ${box.north}))
        and geo_distance_km(l.point, point(${lng}, ${lat})) <= ${km}
      order by l.population desc, l.id
      limit ${NEARBY_PLACES_LIMIT}
    )
    select i.id, i.kind, nm.name, i.latitude, i.longitude, i.population
    from inside i
    left join lateral ${localizedName(sql`i.id`, locale)} nm on true
    order by i.population desc, i.id`,
  );
  return rows
    .filter((row) => row.name !== null)
    .map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      name: row.name as string,
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      population: Number(row.population),
    }));
}
