import { type Db, locationNames, locations, offers } from '@estately/db';
import {
  type BoundingBox,
  EARTH_RADIUS_KM,
  type ExchangeRates,
  type FacetGroup,
  normalizePrice,
  type SearchFilters,
} from '@estately/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// Turns the canonical filters of spec 9 into SQL conditions on the offer read model
// (DESIGN 5). Value-set filters are kept apart, one condition per facet group, so the facet
// counts can drop one group at a time (disjunctive faceting) while the list applies them all.

export interface OfferConditions {
  /** Conditions every query applies (public offer, price, area, place, dates, flags...). */
  common: SQL[];
  /** One condition per facet group that has a choice. */
  groups: Partial<Record<FacetGroup, SQL>>;
  /** The area conditions among `common` (radius, viewport) with their box's size in square degrees. */
  areas: { condition: SQL; squareDegrees: number }[];
}

export interface ConditionContext {
  /** Live exchange rates: price bounds in any currency are compared on the CZK-normalised price. */
  rates: ExchangeRates;
  /** "Now" for the listing-age filter; passed in so tests can pin it. */
  now: Date;
  /** Centre of a radius search around location_id / locality (see `resolveRadiusCentre`). */
  centre?: { lat: number; lng: number } | null;
}

/** Single-valued text columns of the value-set groups (OR within a group: any chosen value). */
const SCALAR_COLUMNS = {
  offer_type: offers.offerType,
  property_type: offers.propertyType,
  dispositions: offers.disposition,
  furnishings: offers.furnishings,
  ownerships: offers.ownership,
  reconstructions: offers.reconstruction,
  building_types: offers.typeOfBuilding,
  heating: offers.typeOfHeating,
  parking: offers.parking,
  energy_classes: offers.penb,
  seller_types: offers.sellerType,
} as const satisfies Partial<Record<FacetGroup, AnyPgColumn>>;

/** Array columns: an offer matches when it has at least one chosen value (GIN-indexed `&&`). */
const ARRAY_COLUMNS = {
  room_types: offers.roomTypes,
  other_params: offers.otherParams,
  tags: offers.tags,
} as const satisfies Partial<Record<FacetGroup, AnyPgColumn>>;

/** SQL expression giving the facet value of a scalar group, e.g. the bathrooms bucket. */
export function facetValueExpression(group: Exclude<FacetGroup, keyof typeof ARRAY_COLUMNS>): SQL {
  if (group === 'bathrooms') return BATHROOMS_BUCKET;
  return sql`${SCALAR_COLUMNS[group]}`;
}

export function isArrayGroup(group: FacetGroup): group is keyof typeof ARRAY_COLUMNS {
  return group in ARRAY_COLUMNS;
}

export function arrayColumn(group: keyof typeof ARRAY_COLUMNS): AnyPgColumn {
  return ARRAY_COLUMNS[group];
}

/** Spec 9 bathrooms value set: "1" or "2+" (two or more). */
const BATHROOMS_BUCKET = sql`(case when ${offers.bathrooms} >= 2 then '2+' when ${offers.bathrooms} = 1 then '1' end)`;

function textList(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

function groupCondition(group: FacetGroup, values: readonly string[]): SQL {
  if (isArrayGroup(group)) return sql`${ARRAY_COLUMNS[group]} && ${textList(values)}`;
  if (group === 'bathrooms') {
    // Spelled as ranges on the column, not on the bucket expression, so an index could serve it.
    const parts = values.map((value) =>
      value === '2+' ? sql`${offers.bathrooms} >= 2` : sql`${offers.bathrooms} = 1`,
    );
    return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`;
  }
  // A single value as plain equality, so composite b-tree indexes keep their order.
  if (values.length === 1) return sql`${SCALAR_COLUMNS[group]} = ${values[0]}`;
  return sql`${SCALAR_COLUMNS[group]} = any(${textList(values)})`;
}

/**
 * The visibility rule of public search (an active, non-struck property; spec 4, spec 6), as
 * the read model carries it, so no search joins `properties` (docs/decisions/012). Spelled
 * as the bare column so the partial indexes `where is_public` match it.
 */
export const PUBLIC_OFFER: SQL = sql`${offers.isPublic}`;

// ---------------------------------------------------------------------------------------------
// Geography. `offers.location` is point(longitude, latitude) with a GiST index: boxes use it
// through `<@`; the exact great-circle distance (geo_distance_km, 0002_search.sql) then trims
// the box to the circle.

const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

/**
 * Past this area (square degrees, about a 100 x 100 km square in central Europe) a search
 * confined to one offer type, property type and country reads the partition's price range in
 * offers_public_count_idx rather than the area in the GiST index: the planner cannot tell,
 * because it estimates every `<@ box` at a fixed 0.1 % of the rows, and for a whole country
 * the GiST path reads every offer of the partition (measured: 90 ms against a few ms).
 */
export const LARGE_AREA_SQ_DEG = 1;

function lngLatBox(west: number, south: number, east: number, north: number, indexed: boolean): SQL {
  const box = sql`box(point(${west}::float8, ${south}::float8), point(${east}::float8, ${north}::float8))`;
  // The same test on a rebuilt point: no index matches it, the count index still covers it.
  if (!indexed) return sql`point(${offers.location}[0], ${offers.location}[1]) <@ ${box}`;
  return sql`${offers.location} <@ ${box}`;
}

function boxArea(box: BoundingBox): number {
  const width = box.west <= box.east ? box.east - box.west : 360 - box.west + box.east;
  return width * (box.north - box.south);
}

/**
 * Latitude bands of offers_public_band_idx (migration 0013): floor(latitude * 50), bands of
 * 0.02 degrees (2.2 km). The index's expression is spelled exactly so here.
 */
const BANDS_PER_DEGREE = 50;
/** Boxes up to this height (degrees) are searched band by band: at most 51 index descents. */
const MAX_BANDED_HEIGHT = 1;

/**
 * A box within one partition, as the band index reads it: one b-tree descent per latitude
 * band the box touches, each reading the band's offers between its west and east edges, in
 * order of longitude. The partition-first GiST visits hundreds of pages for a city viewport
 * because its pages' keys overlap; a band reads the matching entries and few others. The
 * test is exact on the edges (the `<@` of the GiST path allows 1e-6 degrees of slack). The
 * planner also has statistics on the band expression, where it guesses 0.1 % for any `<@`.
 */
function bandedBox(west: number, south: number, east: number, north: number): SQL {
  const first = Math.floor(south * BANDS_PER_DEGREE);
  const last = Math.floor(north * BANDS_PER_DEGREE);
  const bands = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  return sql`(floor(${offers.latitude} * 50)::int = any(${sql.raw(`'{${bands.join(',')}}'::int[]`)})
    and ${offers.longitude} between ${west}::float8 and ${east}::float8
    and ${offers.latitude} between ${south}::float8 and ${north}::float8)`;
}

/** A viewport; west > east crosses the antimeridian and becomes two boxes. */
export function bboxCondition(box: BoundingBox, partitioned = false): SQL {
  if (
    partitioned &&
    box.west <= box.east &&
    boxArea(box) <= LARGE_AREA_SQ_DEG &&
    box.north - box.south <= MAX_BANDED_HEIGHT
  )
    return bandedBox(box.west, box.south, box.east, box.north);
  const indexed = !(partitioned && boxArea(box) > LARGE_AREA_SQ_DEG);
  if (box.west <= box.east) return lngLatBox(box.west, box.south, box.east, box.north, indexed);
  return sql`(${lngLatBox(box.west, box.south, 180, box.north, indexed)} or ${lngLatBox(-180, box.south, box.east, box.north, indexed)})`;
}

/**
 * The bounding box of a circle on the sphere: latitude +- r/R, longitude +- asin(sin(r/R) /
 * cos(lat)) (the circle's widest point), or all longitudes when the circle covers a pole.
 */
export function circleBoundingBox(lat: number, lng: number, radiusKm: number): BoundingBox {
  const dLat = radiusKm / KM_PER_DEGREE;
  const south = Math.max(-90, lat - dLat);
  const north = Math.min(90, lat + dLat);
  if (lat + dLat >= 90 || lat - dLat <= -90) return { south, west: -180, north, east: 180 };
  const angular = radiusKm / EARTH_RADIUS_KM;
  const ratio = Math.sin(angular) / Math.cos((lat * Math.PI) / 180);
  if (ratio >= 1) return { south, west: -180, north, east: 180 };
  const dLng = (Math.asin(ratio) * 180) / Math.PI;
  let west = lng - dLng;
  let east = lng + dLng;
  if (west < -180) west += 360;
  if (east > 180) east -= 360;
  return { south, west, north, east };
}

function radiusBoxArea(lat: number, lng: number, radiusKm: number): number {
  return boxArea(circleBoundingBox(lat, lng, radiusKm));
}

/**
 * Offers within `radiusKm` of a point: the circle's bounding box (banded, GiST or rebuilt
 * point, see `bboxCondition`), then the exact great-circle distance. `partitioned`: the query
 * is confined to one offer type, property type and country.
 */
export function radiusCondition(lat: number, lng: number, radiusKm: number, partitioned: boolean): SQL {
  const box = circleBoundingBox(lat, lng, radiusKm);
  return sql`(${bboxCondition(box, partitioned)} and geo_distance_km(${offers.location}, point(${lng}::float8, ${lat}::float8)) <= ${radiusKm}::float8)`;
}

function localityIds(countryCode: string, slug: string): SQL {
  return sql`array(select ${locationNames.locationId} from ${locationNames} where ${locationNames.countryCode} = ${countryCode} and ${locationNames.slug} = ${slug})::bigint[]`;
}

/**
 * Radius around a named place (location_id or locality with radius_km and no lat/lng): the
 * place's coordinates, or null when it does not exist (the search then finds nothing).
 */
export async function resolveRadiusCentre(
  db: Db,
  filters: SearchFilters,
): Promise<{ lat: number; lng: number } | null | undefined> {
  if (filters.radius_km === undefined || filters.lat !== undefined) return undefined;
  const where =
    filters.location_id !== undefined
      ? eq(locations.id, filters.location_id)
      : sql`${locations.id} = any(${localityIds(filters.country_code ?? '', filters.locality ?? '')})`;
  const [row] = await db
    .select({ lat: locations.latitude, lng: locations.longitude })
    .from(locations)
    .where(where)
    .orderBy(sql`${locations.population} desc`)
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------

/** Every filter of `filters` as SQL; the paging and sort fields are the caller's. */
export function offerConditions(filters: SearchFilters, context: ConditionContext): OfferConditions {
  const common: SQL[] = [PUBLIC_OFFER];
  const add = (condition: SQL) => common.push(condition);
  // Confined to one partition of the count index: a large area reads it instead of the GiST.
  const partitioned =
    filters.offer_type !== undefined &&
    filters.property_type !== undefined &&
    filters.country_code !== undefined;

  if (filters.country_code !== undefined) add(eq(offers.countryCode, filters.country_code));

  // Place: inside the location (its path holds it and every ancestor), or around it when a
  // radius is given without a point.
  const areas: OfferConditions['areas'] = [];
  const addArea = (condition: SQL, squareDegrees: number) => {
    add(condition);
    areas.push({ condition, squareDegrees });
  };
  if (filters.radius_km !== undefined && filters.lat !== undefined && filters.lng !== undefined) {
    addArea(
      radiusCondition(filters.lat, filters.lng, filters.radius_km, partitioned),
      radiusBoxArea(filters.lat, filters.lng, filters.radius_km),
    );
  } else if (filters.radius_km !== undefined && context.centre !== undefined) {
    if (context.centre === null) add(sql`false`);
    else
      addArea(
        radiusCondition(context.centre.lat, context.centre.lng, filters.radius_km, partitioned),
        radiusBoxArea(context.centre.lat, context.centre.lng, filters.radius_km),
      );
  } else {
    if (filters.location_id !== undefined)
      add(sql`${offers.locationPath} @> array[${filters.location_id}]::bigint[]`);
    if (filters.locality !== undefined && filters.country_code !== undefined)
      add(sql`${offers.locationPath} && ${localityIds(filters.country_code, filters.locality)}`);
  }
  if (filters.bbox !== undefined) addArea(bboxCondition(filters.bbox, partitioned), boxArea(filters.bbox));

  if (filters.currency !== undefined) {
    const currency = filters.currency;
    if (filters.price_from !== undefined)
      add(
        sql`${offers.priceNormalized} >= ${normalizePrice(filters.price_from, currency, context.rates)}::float8`,
      );
    if (filters.price_to !== undefined)
      add(
        sql`${offers.priceNormalized} <= ${normalizePrice(filters.price_to, currency, context.rates)}::float8`,
      );
  }
  const range = (column: AnyPgColumn, from: number | undefined, to: number | undefined) => {
    if (from !== undefined) add(sql`${column} >= ${from}`);
    if (to !== undefined) add(sql`${column} <= ${to}`);
  };
  range(offers.usefulAreaMeters, filters.area_from, filters.area_to);
  range(offers.floor, filters.floor_from, filters.floor_to);
  range(offers.totalFloors, filters.total_floors_from, filters.total_floors_to);
  range(offers.yearBuilt, filters.year_built_from, filters.year_built_to);

  if (filters.age_days !== undefined) {
    const since = new Date(context.now.getTime() - filters.age_days * 86_400_000);
    add(sql`${offers.activatedAt} >= ${since.toISOString()}::timestamptz`);
  }
  if (filters.photos_min !== undefined) add(sql`${offers.photosCount} >= ${filters.photos_min}`);
  if (filters.has_floor_plan) add(eq(offers.hasFloorPlan, true));
  // Reserved offers stay in search unless asked (decision 042). Not a facet-index key, so
  // such a search is answered by SQL (facet-count-rows.ts indexable()).
  if (filters.hide_reserved) add(eq(offers.isReserved, false));
  if (filters.verified_only) add(eq(offers.isVerified, true));
  if (filters.trust_score_min !== undefined)
    add(sql`${offers.sellerTrustScore} >= ${filters.trust_score_min}`);
  if (filters.seller_rating_min !== undefined)
    add(sql`${offers.sellerRating} >= ${filters.seller_rating_min}`);
  // No date means available now, which is before any asked date.
  if (filters.free_from !== undefined)
    add(sql`(${offers.freeFromDate} is null or ${offers.freeFromDate} <= ${filters.free_from}::date)`);

  const groups: Partial<Record<FacetGroup, SQL>> = {};
  if (filters.offer_type !== undefined)
    groups.offer_type = groupCondition('offer_type', [filters.offer_type]);
  if (filters.property_type !== undefined)
    groups.property_type = groupCondition('property_type', [filters.property_type]);
  for (const group of [
    'dispositions',
    'bathrooms',
    'room_types',
    'furnishings',
    'other_params',
    'ownerships',
    'reconstructions',
    'building_types',
    'heating',
    'parking',
    'energy_classes',
    'seller_types',
    'tags',
  ] as const) {
    const values = filters[group];
    if (values !== undefined && values.length > 0) groups[group] = groupCondition(group, values);
  }
  return { common, groups, areas };
}

/** All conditions joined with AND (true when there are none). */
export function allConditions(conditions: OfferConditions): SQL {
  const list = [...conditions.common, ...Object.values(conditions.groups)];
  return list.length === 0 ? sql`true` : (and(...list) as SQL);
}

/** Rows of a raw statement; both drivers answer `{rows}`. */
export async function queryRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
