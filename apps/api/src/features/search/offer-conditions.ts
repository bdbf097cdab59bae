import { type Db, locationNames, locations, offers } from '@estately/db';
import {
  type BoundingBox,
  type DrawnArea,
  EARTH_RADIUS_KM,
  type ExchangeRates,
  type FacetGroup,
  type SearchFilters,
} from '@estately/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type ArrayGroup,
  type BoundContext,
  type BoundFilter,
  boundValue,
  type ChoiceFilter,
  chosenValues,
  type FilterColumn,
  type FlagFilter,
  facetColumn,
  flagSet,
  isArrayGroup,
  isFacetGroup,
  OFFER_FILTERS,
  rowOf,
  type ScalarGroup,
} from './filter-columns.ts';

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

// Each filter's column and how it matches come from the filter-to-column map
// (filter-columns.ts, docs/decisions/057); this file spells them as SQL.

/** SQL expression giving the facet value of a scalar group (the bathrooms bucket is a column). */
export function facetValueExpression(group: ScalarGroup): SQL {
  return sql`${facetColumn(group)}`;
}

export { isArrayGroup };

export function arrayColumn(group: ArrayGroup): AnyPgColumn {
  return facetColumn(group);
}

function textList(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** A choice filter's condition: any chosen value (OR within the filter). */
function choiceCondition(name: ChoiceFilter, values: readonly string[]): SQL {
  const row = rowOf(name);
  if (row.match === 'overlaps') return sql`${row.column} && ${textList(values)}`;
  // A single value as plain equality, so composite b-tree indexes keep their order.
  if (values.length === 1) return sql`${row.column} = ${values[0]}`;
  return sql`${row.column} = any(${textList(values)})`;
}

/** A bound's condition, or null when the filter is unset. */
function boundCondition(name: BoundFilter, filters: SearchFilters, context: BoundContext): SQL | null {
  const row: FilterColumn = rowOf(name);
  if (row.match !== 'at-least' && row.match !== 'at-most') return null;
  const value = boundValue(name, filters, context);
  if (value === undefined) return null;
  const parameter = row.typed ? sql`${value}::${sql.raw(row.type)}` : sql`${value}`;
  const test =
    row.match === 'at-least' ? sql`${row.column} >= ${parameter}` : sql`${row.column} <= ${parameter}`;
  return row.orNone ? sql`(${row.column} is null or ${test})` : test;
}

/** A set flag's condition. */
function flagCondition(name: FlagFilter): SQL {
  const row = rowOf(name);
  return eq(row.column, row.means);
}

/**
 * The visibility rule of public search (an active, non-struck property; spec 4, spec 6), as
 * the read model carries it, so no search joins `properties` (docs/decisions/012). Spelled
 * as the bare column so the partial indexes `where is_public` match it.
 */
export const PUBLIC_OFFER: SQL = sql`${offers.isPublic}`;

/**
 * The offers a person hid (issue 44 point 6, decision 072): left out of every answer made for
 * them. Not a filter of the table (it is the person's, not the search's): a search with it is
 * answered in SQL, uncached (search-offers.ts, count-offer-facets.ts, cluster-offers.ts).
 */
export function notHidden(ids: readonly number[]): SQL {
  return sql`not (${offers.id} = any(${`{${ids.join(',')}}`}::bigint[]))`;
}

/** The conditions with the hidden offers left out (the same object when none are hidden). */
export function withHiddenLeftOut(conditions: OfferConditions, hidden: readonly number[]): OfferConditions {
  if (hidden.length === 0) return conditions;
  return { ...conditions, common: [...conditions.common, notHidden(hidden)] };
}

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

// ---------------------------------------------------------------------------------------------
// Drawn areas (issue 44 point 1, decision 069): PostgreSQL's own polygon type tests a point
// against a polygon in the plane (longitude, latitude), as the facet index's inPolygon does; a
// circle is the great-circle distance of the radius search. The box around the areas searched
// in narrows the offers first through the indexes the viewport uses.

/** A drawn area's bounding box; a circle's crosses the antimeridian where the circle does. */
export function drawnAreaBox(area: DrawnArea): BoundingBox {
  if (area.shape === 'circle') return circleBoundingBox(area.lat, area.lng, area.radius_m / 1000);
  const lats = area.points.map((point) => point[0]);
  const lngs = area.points.map((point) => point[1]);
  return {
    south: Math.min(...lats),
    west: Math.min(...lngs),
    north: Math.max(...lats),
    east: Math.max(...lngs),
  };
}

/**
 * The box around every area searched in, or null when there is none or one of their boxes
 * crosses the antimeridian (then the areas are tested without a box first).
 */
export function includedAreasBox(areas: readonly DrawnArea[]): BoundingBox | null {
  let union: BoundingBox | null = null;
  for (const area of areas) {
    if (area.exclude) continue;
    const box = drawnAreaBox(area);
    if (box.west > box.east) return null;
    union = union
      ? {
          south: Math.min(union.south, box.south),
          west: Math.min(union.west, box.west),
          north: Math.max(union.north, box.north),
          east: Math.max(union.east, box.east),
        }
      : box;
  }
  return union;
}

/** A polygon as PostgreSQL writes one: its vertices as (longitude, latitude) points. */
export function polygonLiteral(points: readonly (readonly [number, number])[]): string {
  return `(${points.map(([lat, lng]) => `(${lng},${lat})`).join(',')})`;
}

function inDrawnArea(area: DrawnArea): SQL {
  if (area.shape === 'polygon') return sql`${offers.location} <@ ${polygonLiteral(area.points)}::polygon`;
  return sql`geo_distance_km(${offers.location}, point(${area.lng}::float8, ${area.lat}::float8)) <= ${area.radius_m / 1000}::float8`;
}

/**
 * An offer inside one of the areas searched in (when there is one) and inside none left out,
 * as one condition; with the box around the areas searched in, or null without one.
 */
export function drawnAreasCondition(
  areas: readonly DrawnArea[],
  partitioned: boolean,
): { condition: SQL; box: BoundingBox | null } {
  const parts: SQL[] = [];
  const box = includedAreasBox(areas);
  if (box) parts.push(bboxCondition(box, partitioned));
  const included = areas.filter((area) => !area.exclude).map(inDrawnArea);
  if (included.length > 0) parts.push(sql`(${sql.join(included, sql` or `)})`);
  for (const area of areas) if (area.exclude) parts.push(sql`not (${inDrawnArea(area)})`);
  return { condition: sql`(${sql.join(parts, sql` and `)})`, box };
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
  const groups: Partial<Record<FacetGroup, SQL>> = {};
  const areas: OfferConditions['areas'] = [];
  const add = (condition: SQL) => common.push(condition);
  let placeDone = false;
  for (const name of OFFER_FILTERS) {
    const match = rowOf(name).match;
    if (match === 'place') {
      if (!placeDone) placeConditions(filters, context, add, areas);
      placeDone = true;
    } else if (match === 'equal' || match === 'one-of' || match === 'overlaps') {
      const choice = name as ChoiceFilter;
      const values = chosenValues(choice, filters);
      if (values === undefined) continue;
      // Value-set groups apart, so the facet counts can drop one group at a time.
      if (isFacetGroup(choice)) groups[choice] = choiceCondition(choice, values);
      else add(choiceCondition(choice, values));
    } else if (match === 'at-least' || match === 'at-most') {
      const condition = boundCondition(name as BoundFilter, filters, context);
      if (condition) add(condition);
    } else if (match === 'flag') {
      if (flagSet(name as FlagFilter, filters)) add(flagCondition(name as FlagFilter));
    }
  }
  return { common, groups, areas };
}

/**
 * The place: inside the location (its path holds it and every ancestor), or around it when a
 * radius is given without a point; and the map box.
 */
function placeConditions(
  filters: SearchFilters,
  context: ConditionContext,
  add: (condition: SQL) => void,
  areas: OfferConditions['areas'],
): void {
  // Confined to one partition of the count index: a large area reads it instead of the GiST.
  const partitioned =
    filters.offer_type !== undefined &&
    filters.property_type !== undefined &&
    filters.country_code !== undefined;
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
  if (filters.areas !== undefined) {
    const drawn = drawnAreasCondition(filters.areas, partitioned);
    if (drawn.box) addArea(drawn.condition, boxArea(drawn.box));
    else add(drawn.condition);
  }
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
