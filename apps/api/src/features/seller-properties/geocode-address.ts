import { type DbOrTx, locationNames, locations } from '@estately/db';
import { and, eq, sql } from 'drizzle-orm';

export interface GeocodedAddress {
  /** The most specific gazetteer location found (city part, else city), or null. */
  locationId: number | null;
  /** That location and its ancestors (city part, city, country): what a location filter matches. */
  locationPath: number[];
  /** The location's coordinates, used when the owner gave none. */
  latitude: number | null;
  longitude: number | null;
}

async function findByName(
  db: DbOrTx,
  countryCode: string,
  kind: 'city' | 'city_part',
  name: string,
  parentId: number | null,
) {
  // Names match in any locale, case and accents aside (the gazetteer's search_normalize), so
  // "Praha", "praha" and "Prague" find the same city; the most populous wins a tie.
  const [row] = await db
    .select({ id: locations.id, latitude: locations.latitude, longitude: locations.longitude })
    .from(locationNames)
    .innerJoin(locations, eq(locations.id, locationNames.locationId))
    .where(
      and(
        eq(locationNames.countryCode, countryCode),
        eq(locationNames.kind, kind),
        sql`${locationNames.nameNormalized} = search_normalize(${name})`,
        parentId === null ? undefined : eq(locations.parentId, parentId),
      ),
    )
    .orderBy(sql`${locations.population} desc`, locations.id)
    .limit(1);
  return row ?? null;
}

/**
 * Finds an address in the offline gazetteer (`locations`, DESIGN 6: no geocoding service by
 * default). Only the city and city part are looked up: street-level geocoding needs a
 * provider, so an owner who wants a precise pin sends coordinates.
 */
export async function geocodeAddress(
  db: DbOrTx,
  address: { countryCode: string; city: string | null; cityPart: string | null },
): Promise<GeocodedAddress> {
  const none: GeocodedAddress = { locationId: null, locationPath: [], latitude: null, longitude: null };
  if (!address.city) return none;
  const city = await findByName(db, address.countryCode, 'city', address.city, null);
  if (!city) return none;
  const part = address.cityPart
    ? await findByName(db, address.countryCode, 'city_part', address.cityPart, city.id)
    : null;
  const found = part ?? city;
  return {
    locationId: found.id,
    locationPath: await locationPath(db, found.id),
    latitude: found.latitude,
    longitude: found.longitude,
  };
}

/** A location id and its ancestors' ids, most specific first. */
export async function locationPath(db: DbOrTx, locationId: number | null): Promise<number[]> {
  const path: number[] = [];
  let current = locationId;
  // The gazetteer is three levels deep (country, city, city part); the bound guards a cycle.
  while (current !== null && path.length < 6 && !path.includes(current)) {
    path.push(current);
    const [row] = await db
      .select({ parentId: locations.parentId })
      .from(locations)
      .where(eq(locations.id, current));
    current = row?.parentId ?? null;
  }
  return path;
}
