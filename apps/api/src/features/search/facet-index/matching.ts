import type { BoundingBox, DrawnArea, ExchangeRates, FacetGroup, SearchFilters } from '@estately/domain';
import { areasTester, EARTH_RADIUS_KM } from '@estately/domain';
import { type BoundFilter, boundValue, chosenValues, isArrayGroup, rowOf } from '../filter-columns.ts';
import { circleBoundingBox, includedAreasBox } from '../offer-conditions.ts';
import type { CounterRow, ReadSnapshot } from '../read-versions.ts';
import { firstAbove, firstFrom, type Partition } from './partition.ts';
import { A, ARRAY_GROUPS, CODES, S, SCALAR_GROUPS, VALUE_GROUPS, type ValueGroup } from './value-codes.ts';

// Which offers of the held partitions meet a search's filters: its partitions by offer type,
// property type and country; its value-set choices by code and mask; its bounds (price, area,
// viewport, radius) by value, each as the SQL conditions spell it (offer-conditions.ts). The
// choices and the price and area bounds are read through the filter-to-column map
// (filter-columns.ts) that the SQL conditions are made from.

/** The partitions a search reads, with the snapshot's TRUNCATE counter. */
export interface PartitionScope {
  counters: readonly CounterRow[];
  truncations: number;
}

/** The partitions a search of `filters` reads, with the snapshot's TRUNCATE counter. */
export function scopeOf(snapshot: ReadSnapshot, filters: SearchFilters): PartitionScope {
  const counters = snapshot.counterRows();
  const truncations = counters.find((row) => row.offerType === '*')?.version ?? 0;
  return {
    truncations,
    counters: counters.filter(
      (row) =>
        row.offerType !== '*' &&
        (filters.country_code === undefined || row.countryCode === filters.country_code) &&
        (filters.offer_type === undefined || row.offerType === filters.offer_type) &&
        (filters.property_type === undefined || row.propertyType === filters.property_type),
    ),
  };
}

/** The partitions a count of `groups` reads: the disjunctive groups' other values too. */
export function countedScope(
  snapshot: ReadSnapshot,
  filters: SearchFilters,
  groups: readonly FacetGroup[],
): PartitionScope {
  const counters = snapshot.counterRows();
  const truncations = counters.find((row) => row.offerType === '*')?.version ?? 0;
  const countsOfferType = groups.includes('offer_type');
  const countsPropertyType = groups.includes('property_type');
  // Disjunctive counts of the offer type include the other offer types, likewise the property type.
  return {
    truncations,
    counters: counters.filter(
      (row) =>
        row.offerType !== '*' &&
        (filters.country_code === undefined || row.countryCode === filters.country_code) &&
        (countsOfferType || filters.offer_type === undefined || row.offerType === filters.offer_type) &&
        (countsPropertyType ||
          filters.property_type === undefined ||
          row.propertyType === filters.property_type),
    ),
  };
}

/** A chosen value-set group as the index tests it. */
export interface Choice {
  group: ValueGroup;
  /** Index into the codes (scalar) or masks (array) of a slot. */
  column: number;
  array: boolean;
  /** Scalar: chosen codes as a bit set over code - 1; array: the mask of chosen values. */
  mask: number;
}

/** The value-set choices of `filters` as the index tests them. */
export function choicesOf(filters: SearchFilters): Choice[] {
  const choices: Choice[] = [];
  for (const group of VALUE_GROUPS) {
    const chosen = chosenValues(group, filters);
    if (chosen === undefined) continue;
    let mask = 0;
    for (const value of chosen) {
      const code = CODES.get(group)!.get(value);
      if (code !== undefined) mask |= 1 << (code - 1);
    }
    const array = isArrayGroup(group);
    choices.push({
      group,
      array,
      column: array ? ARRAY_GROUPS.indexOf(group) : SCALAR_GROUPS.indexOf(group),
      mask: mask >>> 0,
    });
  }
  return choices;
}

/** Whether the slot meets one choice. */
export function meetsChoice(part: Partition, slot: number, choice: Choice): boolean {
  if (choice.array) return (part.masks[slot * A + choice.column]! & choice.mask) !== 0;
  const code = part.codes[slot * S + choice.column]!;
  return code !== 0 && ((choice.mask >>> (code - 1)) & 1) === 1;
}

/** Whether the slot meets every choice. */
export function meetsEvery(part: Partition, slot: number, choices: readonly Choice[]): boolean {
  for (const choice of choices) if (!meetsChoice(part, slot, choice)) return false;
  return true;
}

const RADIANS = Math.PI / 180;

/** Inside a viewport; west > east crosses the antimeridian (offer-conditions.ts bboxCondition). */
function inBox(box: BoundingBox, lat: number, lng: number): boolean {
  if (lat < box.south || lat > box.north) return false;
  return box.west <= box.east ? lng >= box.west && lng <= box.east : lng >= box.west || lng <= box.east;
}

/**
 * The bounds of `filters` that are not facet choices: price (normalised with `rates`, only
 * with a currency), area, viewport and radius, each exactly as the SQL conditions spell them
 * (offer-conditions.ts). NaN (no price, no area) meets no bound, as NULL in SQL. The radius is
 * the circle's bounding box, then the great-circle distance of geo_distance_km (migration
 * 0002) on a 6,371 km sphere. Kept as data rather than a test function, so the pass over a
 * partition tests them inline (a call per offer through a closure cost half the pass).
 */
export interface Bounds {
  price: boolean;
  priceFrom: number;
  priceTo: number;
  area: boolean;
  areaFrom: number;
  areaTo: number;
  /** The viewport. */
  box: BoundingBox | null;
  /** The radius: its bounding box is tested first, then the distance. */
  circle: { box: BoundingBox; lat: number; lng: number; radiusKm: number; cosLat: number } | null;
  /**
   * Drawn areas (decision 069): the box around those searched in (as the SQL's), then the
   * domain's areasTester (meetsAreas prepared), the plane and distance tests the SQL spells with
   * `<@ polygon` and geo_distance_km.
   */
  drawn: {
    list: readonly DrawnArea[];
    box: BoundingBox | null;
    test: (lat: number, lng: number) => boolean;
  } | null;
}

/** The bound filters the index holds a column for: the normalised price and the area. */
const INDEXED_BOUNDS = [
  ['price_from', 'price'],
  ['price_to', 'price'],
  ['area_from', 'area'],
  ['area_to', 'area'],
] as const satisfies readonly (readonly [BoundFilter, 'price' | 'area'])[];

/** The bounds of `filters`, or null when there are none. */
export function boundsOf(filters: SearchFilters, rates: ExchangeRates): Bounds | null {
  const bounds: Bounds = {
    price: false,
    priceFrom: Number.NEGATIVE_INFINITY,
    priceTo: Number.POSITIVE_INFINITY,
    area: false,
    areaFrom: Number.NEGATIVE_INFINITY,
    areaTo: Number.POSITIVE_INFINITY,
    box: filters.bbox ?? null,
    circle: null,
    drawn: filters.areas
      ? { list: filters.areas, box: includedAreasBox(filters.areas), test: areasTester(filters.areas) }
      : null,
  };
  // A price bound counts with a currency only: its value is then the bound in CZK.
  for (const [name, held] of INDEXED_BOUNDS) {
    const value = boundValue(name, filters, { rates });
    if (value === undefined) continue;
    bounds[held] = true;
    if (rowOf(name).match === 'at-least') bounds[`${held}From`] = Number(value);
    else bounds[`${held}To`] = Number(value);
  }
  if (filters.radius_km !== undefined && filters.lat !== undefined && filters.lng !== undefined) {
    const { lat, lng, radius_km: radiusKm } = filters;
    bounds.circle = {
      box: circleBoundingBox(lat, lng, radiusKm),
      lat,
      lng,
      radiusKm,
      cosLat: Math.cos(lat * RADIANS),
    };
  }
  if (!bounds.price && !bounds.area && bounds.box === null && bounds.circle === null && bounds.drawn === null)
    return null;
  return bounds;
}

/** Whether an offer at (offerLat, offerLng) lies within the circle (geo_distance_km). */
function inCircle(circle: NonNullable<Bounds['circle']>, offerLat: number, offerLng: number): boolean {
  const dLat = Math.sin(((circle.lat - offerLat) * RADIANS) / 2);
  const dLng = Math.sin(((circle.lng - offerLng) * RADIANS) / 2);
  const h = dLat * dLat + Math.cos(offerLat * RADIANS) * circle.cosLat * dLng * dLng;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h))) <= circle.radiusKm;
}

/** Whether the slot meets `bounds`. */
export function meetsBounds(part: Partition, slot: number, bounds: Bounds): boolean {
  if (bounds.price) {
    const price = part.prices[slot]!;
    if (!(price >= bounds.priceFrom && price <= bounds.priceTo)) return false;
  }
  if (bounds.area) {
    const area = part.areas[slot]!;
    if (!(area >= bounds.areaFrom && area <= bounds.areaTo)) return false;
  }
  if (bounds.box !== null && !inBox(bounds.box, part.lats[slot]!, part.lngs[slot]!)) return false;
  const circle = bounds.circle;
  if (circle !== null) {
    const lat = part.lats[slot]!;
    const lng = part.lngs[slot]!;
    if (!inBox(circle.box, lat, lng) || !inCircle(circle, lat, lng)) return false;
  }
  if (bounds.drawn !== null && !inDrawn(bounds.drawn, part.lats[slot]!, part.lngs[slot]!)) return false;
  return true;
}

/** Whether an offer meets the drawn areas: their box first, as the SQL narrows by it. */
function inDrawn(drawn: NonNullable<Bounds['drawn']>, lat: number, lng: number): boolean {
  if (drawn.box !== null && !inBox(drawn.box, lat, lng)) return false;
  return drawn.test(lat, lng);
}

/** Reused list of the slots a partition pass matched (one per process: passes never overlap). */
let scratch = new Int32Array(1024);

/**
 * The slots of `part` within `bounds` (every slot when there are none). The first band (price,
 * else area) lists its slots, each further bound compacts the list in place. The band tests
 * are branch-free (a comparison's outcome added to the length): which offers of a partition
 * lie in a price band follows no pattern, and a mispredicted branch per offer cost more than
 * the whole comparison.
 */
export function matchedSlots(part: Partition, bounds: Bounds | null): Int32Array {
  if (scratch.length < part.size) scratch = new Int32Array(Math.max(part.size, scratch.length * 2));
  const slots = scratch;
  const size = part.size;
  let n = 0;
  if (bounds !== null && !mayMeet(part.extent, bounds)) return slots.subarray(0, 0);
  // A viewport (not across the antimeridian) without a band is listed branch-free too.
  const viewport = bounds?.box && bounds.box.west <= bounds.box.east ? bounds.box : null;
  let boxed = false;
  if (bounds?.price) {
    // The slots are in price order: the band is one run of them.
    const start = firstFrom(part.prices, size, bounds.priceFrom);
    const end = Math.max(start, firstAbove(part.prices, size, bounds.priceTo));
    for (let slot = start; slot < end; slot++) slots[n++] = slot;
  } else if (bounds?.area) n = bandSlots(slots, part.areas, size, bounds.areaFrom, bounds.areaTo);
  else if (viewport !== null) {
    const { south, west, north, east } = viewport;
    const lats = part.lats;
    const lngs = part.lngs;
    for (let slot = 0; slot < size; slot++) {
      const lat = lats[slot]!;
      const lng = lngs[slot]!;
      slots[n] = slot;
      n += Number(lat >= south) & Number(lat <= north) & Number(lng >= west) & Number(lng <= east);
    }
    boxed = true;
  } else for (let slot = 0; slot < size; slot++) slots[n++] = slot;
  if (bounds === null) return slots.subarray(0, n);
  if (bounds.price && bounds.area) {
    const areas = part.areas;
    const from = bounds.areaFrom;
    const to = bounds.areaTo;
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const slot = slots[i]!;
      const area = areas[slot]!;
      slots[kept] = slot;
      kept += Number(area >= from) & Number(area <= to);
    }
    n = kept;
  }
  if ((bounds.box !== null && !boxed) || bounds.circle !== null || bounds.drawn !== null) {
    const box = boxed ? null : bounds.box;
    const circle = bounds.circle;
    const drawn = bounds.drawn;
    const lats = part.lats;
    const lngs = part.lngs;
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const slot = slots[i]!;
      const lat = lats[slot]!;
      const lng = lngs[slot]!;
      if (box !== null && !inBox(box, lat, lng)) continue;
      if (circle !== null && !(inBox(circle.box, lat, lng) && inCircle(circle, lat, lng))) continue;
      if (drawn !== null && !inDrawn(drawn, lat, lng)) continue;
      slots[kept++] = slot;
    }
    n = kept;
  }
  return slots.subarray(0, n);
}

/** Whether a partition whose offers lie within `extent` can hold an offer within the viewport and radius. */
function mayMeet(extent: Partition['extent'], bounds: Bounds): boolean {
  for (const box of [bounds.box, bounds.circle?.box, bounds.drawn?.box]) {
    if (!box) continue;
    if (extent.north < box.south || extent.south > box.north) return false;
    // A box crossing the antimeridian (west > east) is left to the offer-by-offer test.
    if (box.west <= box.east && (extent.east < box.west || extent.west > box.east)) return false;
  }
  return true;
}

/** Lists the slots whose value lies in [from, to] (NaN never does) into `slots`; their count. */
function bandSlots(slots: Int32Array, values: Float64Array, size: number, from: number, to: number): number {
  let n = 0;
  for (let slot = 0; slot < size; slot++) {
    const value = values[slot]!;
    slots[n] = slot;
    n += Number(value >= from) & Number(value <= to);
  }
  return n;
}

/**
 * The slots within `bounds` as one run [start, end) when the bounds are a price band alone
 * (the slots are in price order) or none; else null (matchedSlots lists them).
 */
export function bandRun(part: Partition, bounds: Bounds | null): [number, number] | null {
  if (bounds === null) return [0, part.size];
  if (!bounds.price || bounds.area || bounds.box !== null || bounds.circle !== null || bounds.drawn !== null)
    return null;
  const start = firstFrom(part.prices, part.size, bounds.priceFrom);
  return [start, Math.max(start, firstAbove(part.prices, part.size, bounds.priceTo))];
}
