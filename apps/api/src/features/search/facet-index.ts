import { type Db, offerFacetChanges, offerFacetCounts, offers } from '@estately/db';
import {
  type BoundingBox,
  EARTH_RADIUS_KM,
  type ExchangeRates,
  FACET_GROUPS,
  FACET_VALUES,
  type FacetCounts,
  type FacetGroup,
  normalizePrice,
  type OfferFacetsResponse,
  type SearchFilters,
} from '@estately/domain';
import { and, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { type CounterRow, type ReadSnapshot, readVersions } from '../offers-shared/read-versions.ts';
import {
  arrayColumn,
  circleBoundingBox,
  facetValueExpression,
  isArrayGroup,
  PUBLIC_OFFER,
  queryRows,
} from './offer-conditions.ts';

// Disjunctive facet counts over a whole market (every sale offer of every country, with two
// layouts chosen, or a price band) read hundreds of thousands of offers; PostgreSQL needed 5 to 7 s for them at
// 1M offers, past any request's time limit. Each API process therefore keeps the facet values
// of the public offers in typed arrays, partition by partition (offer type, property type,
// country), and counts there: a few bytes per offer, some 20 ms for 600,000 offers. A
// partition is loaded on first use and caught up offer by offer from the facet changes log
// (offer_facet_changes, migration 0016) whenever its change counter moved, so a count is
// never staler than the snapshot of the counters its request took (docs/decisions/025).

/** The groups an offer has values in; offer type and property type are its partition's. */
type ValueGroup = Exclude<FacetGroup, 'offer_type' | 'property_type'>;
const VALUE_GROUPS = FACET_GROUPS.filter(
  (group) => group !== 'offer_type' && group !== 'property_type',
) as ValueGroup[];
/** The groups of one value an offer, in the order of an offer's codes (Partition.codes). */
export const SCALAR_GROUPS: readonly FacetGroup[] = VALUE_GROUPS.filter((group) => !isArrayGroup(group));
const ARRAY_GROUPS: readonly FacetGroup[] = VALUE_GROUPS.filter((group) => isArrayGroup(group));
for (const group of ARRAY_GROUPS) {
  if (FACET_VALUES[group].length > 32) throw new Error(`facet index: ${group} has more than 32 values`);
}
const S = SCALAR_GROUPS.length;
const A = ARRAY_GROUPS.length;
/** Value codes: 0 for none or a value outside the group's set, else the value's index + 1. */
const CODES = new Map<FacetGroup, Map<string, number>>(
  FACET_GROUPS.map((group) => [
    group,
    new Map((FACET_VALUES[group] as readonly string[]).map((value, index) => [value, index + 1])),
  ]),
);

/**
 * A partition behind its counter and not known current for this long reloads rather than
 * catching up: the log keeps 2 hours.
 */
const RELOAD_AFTER_MS = 3_600_000;
/**
 * Most offers one load statement reads: some 0.3 s of PostgreSQL time on a quiet machine. A
 * statement of 400,000 exceeded the request pool's 3.5 s statement limit on a busy one, and a
 * warm-up that fails leaves every partition to its first visitor.
 */
const LOAD_CHUNK = 100_000;
/**
 * Most changes of one catch-up put into their places one by one (each moves the offers
 * between its old and new place, up to a millisecond in the largest partitions); more are put
 * anyhow and the partition sorted once (some 30 ms for 140,000 offers).
 */
const ORDERED_CHANGES = 16;
/** Slots per block of the activation-time bounds (Partition.blocks). */
const TIME_BLOCK = 64;
/**
 * Slots per block of the value counts (Partition.valueCounts): at most 255, a count is a byte.
 * A band of slots is counted block by block, only its two ends offer by offer.
 */
const COUNT_BLOCK = 64;
/** Codes of each scalar group in a block's counts: 0 for none, then one per value. */
const COUNT_CODES = SCALAR_GROUPS.map((group) => FACET_VALUES[group].length + 1);
/** Where each scalar group's codes start in a block's counts. */
const COUNT_OFFSETS = COUNT_CODES.map((_, k) => COUNT_CODES.slice(0, k).reduce((sum, n) => sum + n, 0));
/** Counts a block holds: every code of every scalar group. */
const COUNT_WIDTH = COUNT_CODES.reduce((sum, n) => sum + n, 0);

/**
 * Facet values of the public offers of one partition, one slot per offer. Exported for its unit
 * test (facet-index.test.ts); FacetIndex is its only user.
 */
export class Partition {
  size = 0;
  ids = new Float64Array(64);
  codes = new Uint8Array(64 * S);
  masks = new Uint32Array(64 * A);
  /** The price in CZK as the read model normalised it (NaN for none), for price bounds. */
  prices = new Float64Array(64);
  /** Useful area in m2 (NaN for none), for area bounds. */
  areas = new Float64Array(64);
  /** Coordinates, for viewports and radius searches. */
  lats = new Float64Array(64);
  lngs = new Float64Array(64);
  /** `activated_at` in microseconds since 1970, for the newest-first order. */
  times = new Float64Array(64);
  /** The partition's change counter the values are at least as new as. */
  version = -1;
  /** The TRUNCATE counter at the last load. */
  truncations = -1;
  syncedAt = 0;
  /**
   * Per block of TIME_BLOCK slots, its first offer newest first and oldest first (`blocks`),
   * built on first use after a change: a newest-first page reads the blocks of its band from
   * the one with the newest offer on, and stops at the first whose newest offer sorts after the
   * page's last so far (selectPage). Null when stale.
   */
  private newestBlocks: TimeBlocks | null = null;
  private oldestBlocks: TimeBlocks | null = null;
  /**
   * Per block of COUNT_BLOCK slots, how many of its offers have each code of each scalar group
   * (at COUNT_OFFSETS): a band is counted by blocks (countRun). Kept through every put, removal
   * and move, each move across a block boundary taking one offer's codes from one block's counts
   * to the other's; built after a load or a sort (null until then).
   */
  private blockCounts: Uint8Array | null = null;

  readonly offerType: string;
  readonly propertyType: string;
  readonly countryCode: string;

  constructor(offerType: string, propertyType: string, countryCode: string) {
    this.offerType = offerType;
    this.propertyType = propertyType;
    this.countryCode = countryCode;
  }

  private grow(): void {
    this.reserve(this.ids.length * 2);
  }

  /** Room for `capacity` offers (a load sizes each partition from its count once). */
  reserve(capacity: number): void {
    if (capacity <= this.ids.length) return;
    const widen = <T extends Float64Array | Uint8Array | Uint32Array>(array: T, width: number): T => {
      const wider = new (array.constructor as new (length: number) => T)(capacity * width);
      wider.set(array.subarray(0, this.size * width));
      return wider;
    };
    this.ids = widen(this.ids, 1);
    this.codes = widen(this.codes, S);
    this.masks = widen(this.masks, A);
    this.prices = widen(this.prices, 1);
    this.areas = widen(this.areas, 1);
    this.lats = widen(this.lats, 1);
    this.lngs = widen(this.lngs, 1);
    this.times = widen(this.times, 1);
    if (this.blockCounts !== null) {
      const counts = new Uint8Array(Math.ceil(capacity / COUNT_BLOCK) * COUNT_WIDTH);
      counts.set(this.blockCounts);
      this.blockCounts = counts;
    }
  }

  clear(): void {
    this.newestBlocks = null;
    this.oldestBlocks = null;
    this.blockCounts = null;
    this.size = 0;
    this.extent = { south: Infinity, west: Infinity, north: -Infinity, east: -Infinity };
  }

  /**
   * A box holding every offer's coordinates: widened as offers come, never narrowed when one
   * leaves (a larger box only skips less). A search whose viewport or radius misses it reads
   * none of the partition's offers.
   */
  extent = { south: Infinity, west: Infinity, north: -Infinity, east: -Infinity };

  private widen(slot: number): void {
    const lat = this.lats[slot]!;
    const lng = this.lngs[slot]!;
    const extent = this.extent;
    if (lat < extent.south) extent.south = lat;
    if (lat > extent.north) extent.north = lat;
    if (lng < extent.west) extent.west = lng;
    if (lng > extent.east) extent.east = lng;
  }

  find(id: number): number {
    for (let slot = 0; slot < this.size; slot++) if (this.ids[slot] === id) return slot;
    return -1;
  }

  /**
   * Puts an offer (a new one, or new values of one held), in its place by price. `ordered`
   * false leaves the order to a `sortByPrice` after a batch (see FacetIndex.catchUp).
   */
  put(row: ValueRow, ordered = true): void {
    this.newestBlocks = null;
    this.oldestBlocks = null;
    let slot = this.find(row.id);
    if (slot < 0) {
      if (this.size === this.ids.length) this.grow();
      slot = this.size++;
      this.ids[slot] = row.id;
    } else this.count(slot, -1, blockOf(slot));
    this.write(slot, row);
    this.count(slot, 1, blockOf(slot));
    if (ordered) this.settle(slot);
  }

  /** Appends an offer of a load (each offer once) from its line (see compactLine). */
  appendLine(line: string): void {
    this.newestBlocks = null;
    this.oldestBlocks = null;
    this.blockCounts = null;
    const fields = line.split('|');
    if (this.size === this.ids.length) this.grow();
    const slot = this.size++;
    this.ids[slot] = Number(fields[0]);
    for (let k = 0; k < S; k++) this.codes[slot * S + k] = SCALAR_CODES[k]!.get(fields[1 + k] ?? '') ?? 0;
    for (let k = 0; k < A; k++) {
      let mask = 0;
      const list = fields[1 + S + k];
      if (list) {
        for (const item of list.split(',')) {
          const code = ARRAY_CODES[k]!.get(item);
          if (code !== undefined) mask |= 1 << (code - 1);
        }
      }
      this.masks[slot * A + k] = mask >>> 0;
    }
    this.prices[slot] = measure(fields[1 + S + A]);
    this.areas[slot] = measure(fields[1 + S + A + 1]);
    this.lats[slot] = measure(fields[1 + S + A + 2]);
    this.lngs[slot] = measure(fields[1 + S + A + 3]);
    this.widen(slot);
    this.times[slot] = measure(fields[1 + S + A + 4]);
  }

  /** Removes an offer; `ordered` false swaps the last offer in (see `put`). */
  remove(id: number, ordered = true): void {
    this.newestBlocks = null;
    this.oldestBlocks = null;
    const slot = this.find(id);
    if (slot < 0) return;
    this.count(slot, -1, blockOf(slot));
    const last = --this.size;
    if (slot === last) return;
    if (ordered) {
      // Every offer after it moves one slot back: the first of each block into the block before.
      if (this.blockCounts !== null)
        for (let first = (blockOf(slot) + 1) * COUNT_BLOCK; first <= last; first += COUNT_BLOCK)
          this.recount(first, blockOf(first), blockOf(first) - 1);
      this.shift(slot + 1, this.size + 1, slot);
      return;
    }
    this.recount(last, blockOf(last), blockOf(slot));
    this.ids[slot] = this.ids[last]!;
    this.prices[slot] = this.prices[last]!;
    this.areas[slot] = this.areas[last]!;
    this.lats[slot] = this.lats[last]!;
    this.lngs[slot] = this.lngs[last]!;
    this.times[slot] = this.times[last]!;
    this.codes.copyWithin(slot * S, last * S, last * S + S);
    this.masks.copyWithin(slot * A, last * A, last * A + A);
  }

  /**
   * The blocks of TIME_BLOCK slots as a newest-first (`sign` -1) or oldest-first (`sign` 1)
   * page meets them (see `newestBlocks`): each block's first offer in that order, as the page's
   * (key, tie) pair (sign * activation time, sign * id), and the blocks ordered by it.
   */
  blocks(sign: number): TimeBlocks {
    const cached = sign < 0 ? this.newestBlocks : this.oldestBlocks;
    if (cached !== null) return cached;
    const count = Math.ceil(this.size / TIME_BLOCK);
    const keys = new Float64Array(count).fill(Number.POSITIVE_INFINITY);
    const ties = new Float64Array(count).fill(Number.POSITIVE_INFINITY);
    const times = this.times;
    const ids = this.ids;
    for (let slot = 0; slot < this.size; slot++) {
      const key = sign * times[slot]!;
      const tie = sign * ids[slot]!;
      const block = (slot / TIME_BLOCK) | 0;
      if (key < keys[block]! || (key === keys[block] && tie < ties[block]!)) {
        keys[block] = key;
        ties[block] = tie;
      }
    }
    const order = new Int32Array(count);
    for (let block = 0; block < count; block++) order[block] = block;
    order.sort((a, b) => keys[a]! - keys[b]! || ties[a]! - ties[b]! || a - b);
    const blocks = { keys, ties, order };
    if (sign < 0) this.newestBlocks = blocks;
    else this.oldestBlocks = blocks;
    return blocks;
  }

  /** The value counts per block (see `blockCounts`), built on first use. */
  valueCounts(): Uint8Array {
    if (this.blockCounts !== null) return this.blockCounts;
    this.blockCounts = new Uint8Array(Math.ceil(this.ids.length / COUNT_BLOCK) * COUNT_WIDTH);
    for (let slot = 0; slot < this.size; slot++) this.count(slot, 1, blockOf(slot));
    return this.blockCounts;
  }

  /** Adds `delta` (1 or -1) to the counts of `block` for each code of the offer in `slot`. */
  private count(slot: number, delta: number, block: number): void {
    const counts = this.blockCounts;
    if (counts === null) return;
    const base = block * COUNT_WIDTH;
    for (let k = 0; k < S; k++) counts[base + COUNT_OFFSETS[k]! + this.codes[slot * S + k]!]! += delta;
  }

  /** The offer in `slot` (its codes as they are now) moves from block `from` to block `to`. */
  private recount(slot: number, from: number, to: number): void {
    if (from === to) return;
    this.count(slot, -1, from);
    this.count(slot, 1, to);
  }

  /** Moves the offers of slots [start, end) to start at `to` (every column). */
  private shift(start: number, end: number, to: number): void {
    for (const array of [this.ids, this.prices, this.areas, this.lats, this.lngs, this.times])
      array.copyWithin(to, start, end);
    this.codes.copyWithin(to * S, start * S, end * S);
    this.masks.copyWithin(to * A, start * A, end * A);
  }

  /** Moves the offer of `slot` (its price just written) to its place in the price order. */
  private settle(slot: number): void {
    const price = this.prices[slot]!;
    let to = slot;
    // Left while the offer before it sorts after it; right while the offer after it sorts before.
    if (slot > 0 && pricedBefore(price, this.prices[slot - 1]!)) to = firstAfter(this.prices, 0, slot, price);
    else if (slot < this.size - 1 && pricedBefore(this.prices[slot + 1]!, price))
      to = firstAfter(this.prices, slot + 1, this.size, price) - 1;
    if (to === slot) return;
    // The offers between move one slot towards `slot`: those crossing a block boundary change
    // blocks (the last of a block into the next, or the first into the one before), as does the
    // offer itself.
    if (this.blockCounts !== null) {
      if (to < slot)
        for (let first = (blockOf(to) + 1) * COUNT_BLOCK; first <= slot; first += COUNT_BLOCK)
          this.recount(first - 1, blockOf(first) - 1, blockOf(first));
      else
        for (let first = (blockOf(slot) + 1) * COUNT_BLOCK; first <= to; first += COUNT_BLOCK)
          this.recount(first, blockOf(first), blockOf(first) - 1);
      this.recount(slot, blockOf(slot), blockOf(to));
    }
    const row = this.take(slot);
    if (to < slot) this.shift(to, slot, to + 1);
    else this.shift(slot + 1, to + 1, slot);
    this.place(to, row);
  }

  /** The columns of one slot (to move it). */
  private take(slot: number): number[] {
    const row = [this.ids[slot]!, this.prices[slot]!, this.areas[slot]!, this.lats[slot]!];
    row.push(this.lngs[slot]!, this.times[slot]!);
    for (let k = 0; k < S; k++) row.push(this.codes[slot * S + k]!);
    for (let k = 0; k < A; k++) row.push(this.masks[slot * A + k]!);
    return row;
  }

  private place(slot: number, row: readonly number[]): void {
    this.ids[slot] = row[0]!;
    this.prices[slot] = row[1]!;
    this.areas[slot] = row[2]!;
    this.lats[slot] = row[3]!;
    this.lngs[slot] = row[4]!;
    this.times[slot] = row[5]!;
    for (let k = 0; k < S; k++) this.codes[slot * S + k] = row[6 + k]!;
    for (let k = 0; k < A; k++) this.masks[slot * A + k] = row[6 + S + k]!;
  }

  /**
   * Puts the offers in price order (no price last), every column: after a load, whose lines
   * come in any order, and after a large catch-up.
   */
  sortByPrice(): void {
    this.newestBlocks = null;
    this.oldestBlocks = null;
    const size = this.size;
    const prices = this.prices;
    if (isPriceOrdered(prices, size)) {
      this.valueCounts();
      return;
    }
    this.blockCounts = null;
    const order = new Int32Array(size);
    for (let slot = 0; slot < size; slot++) order[slot] = slot;
    order.sort((a, b) => comparePrices(prices[a]!, prices[b]!) || a - b);
    const gather = <T extends Float64Array | Uint8Array | Uint32Array>(array: T, width: number): T => {
      const sorted = new (array.constructor as new (length: number) => T)(array.length);
      for (let i = 0; i < size; i++) {
        const from = order[i]! * width;
        for (let k = 0; k < width; k++) sorted[i * width + k] = array[from + k]!;
      }
      return sorted;
    };
    this.ids = gather(this.ids, 1);
    this.codes = gather(this.codes, S);
    this.masks = gather(this.masks, A);
    this.prices = gather(this.prices, 1);
    this.areas = gather(this.areas, 1);
    this.lats = gather(this.lats, 1);
    this.lngs = gather(this.lngs, 1);
    this.times = gather(this.times, 1);
    this.valueCounts();
  }

  private write(slot: number, row: ValueRow): void {
    for (let k = 0; k < S; k++) {
      const value = row.values[k];
      this.codes[slot * S + k] =
        typeof value === 'string' ? (CODES.get(SCALAR_GROUPS[k]!)!.get(value) ?? 0) : 0;
    }
    for (let k = 0; k < A; k++) {
      const items = row.values[S + k];
      let mask = 0;
      if (Array.isArray(items)) {
        const codes = CODES.get(ARRAY_GROUPS[k]!)!;
        for (const item of items) {
          const code = codes.get(String(item));
          if (code !== undefined) mask |= 1 << (code - 1);
        }
      }
      this.masks[slot * A + k] = mask >>> 0;
    }
    this.prices[slot] = measure(row.values[S + A]);
    this.areas[slot] = measure(row.values[S + A + 1]);
    this.lats[slot] = measure(row.values[S + A + 2]);
    this.lngs[slot] = measure(row.values[S + A + 3]);
    this.widen(slot);
    this.times[slot] = measure(row.values[S + A + 4]);
  }
}

/**
 * Partition.blocks: per block of TIME_BLOCK slots, the (key, tie) pair of its first offer in
 * a page's order by activation time (selectPage), and the blocks in the order of those pairs.
 */
interface TimeBlocks {
  keys: Float64Array;
  ties: Float64Array;
  order: Int32Array;
}

/** The block of COUNT_BLOCK slots `slot` is in. */
function blockOf(slot: number): number {
  return (slot / COUNT_BLOCK) | 0;
}

/**
 * The order of a partition's slots: by price ascending, no price (NaN) last. A price band is
 * then one run of slots, found by two binary searches instead of a test per offer.
 */
function pricedBefore(a: number, b: number): boolean {
  return a < b || (Number.isNaN(b) && !Number.isNaN(a));
}

function comparePrices(a: number, b: number): number {
  return pricedBefore(a, b) ? -1 : pricedBefore(b, a) ? 1 : 0;
}

function isPriceOrdered(prices: Float64Array, size: number): boolean {
  for (let slot = 1; slot < size; slot++) if (pricedBefore(prices[slot]!, prices[slot - 1]!)) return false;
  return true;
}

/** The first slot of [start, end) whose price sorts after `price` (end when none does). */
function firstAfter(prices: Float64Array, start: number, end: number, price: number): number {
  let low = start;
  let high = end;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (pricedBefore(price, prices[middle]!)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The first slot of [0, size) whose price is not below `from` (NaN is not): the band's start. */
function firstFrom(prices: Float64Array, size: number, from: number): number {
  let low = 0;
  let high = size;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (prices[middle]! < from) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first slot of [0, size) whose price is above `to` or none (NaN): the band's end. */
function firstAbove(prices: Float64Array, size: number, to: number): number {
  let low = 0;
  let high = size;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (prices[middle]! <= to) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A number column as read (text or number), NaN for none: NaN meets no bound, as NULL in SQL. */
function measure(value: unknown): number {
  if (value === null || value === undefined || value === '') return Number.NaN;
  return Number(value);
}

/** `activated_at` as whole microseconds (exact in a double until the year 2255). */
const ACTIVATED_MICROS = sql`(extract(epoch from ${offers.activatedAt}) * 1000000)::bigint`;

interface ValueRow {
  id: number;
  /** Scalar groups in SCALAR_GROUPS order, the arrays in ARRAY_GROUPS order, price, area. */
  values: unknown[];
}

const valueColumns: SQL[] = [
  ...SCALAR_GROUPS.map((group, k) => sql`${facetValueExpression(group as never)} as ${sql.raw(`v${k}`)}`),
  ...ARRAY_GROUPS.map((group, k) => sql`${arrayColumn(group as never)} as ${sql.raw(`v${S + k}`)}`),
  sql`${offers.priceNormalized} as ${sql.raw(`v${S + A}`)}`,
  sql`${offers.usefulAreaMeters} as ${sql.raw(`v${S + A + 1}`)}`,
  sql`${offers.latitude} as ${sql.raw(`v${S + A + 2}`)}`,
  sql`${offers.longitude} as ${sql.raw(`v${S + A + 3}`)}`,
  sql`${ACTIVATED_MICROS} as ${sql.raw(`v${S + A + 4}`)}`,
];

function toValueRow(row: Record<string, unknown>): ValueRow {
  const values: unknown[] = [];
  for (let k = 0; k < S + A + 5; k++) values.push(row[`v${k}`]);
  return { id: Number(row.id), values };
}

// A partition's load reads its offers as one text, a line per offer: the id, the scalar
// groups' values (empty for none) and the array groups' items joined by ',', all joined by
// '|'. The database only joins strings (under a second for 600,000 offers, where mapping the
// values to codes in SQL took 5 s, and a row per offer cost more in the driver than the
// scan); the process maps them. No value of a value set holds '|', ',' or a line break.
const compactLine = sql`concat_ws('|', ${sql.join(
  [
    ...SCALAR_GROUPS.map((group) => sql`coalesce(${facetValueExpression(group as never)}, '')`),
    ...ARRAY_GROUPS.map((group) => sql`array_to_string(${arrayColumn(group as never)}, ',')`),
    sql`coalesce(${offers.priceNormalized}::text, '')`,
    sql`coalesce(${offers.usefulAreaMeters}::text, '')`,
    sql`${offers.latitude}::text`,
    sql`${offers.longitude}::text`,
    sql`${ACTIVATED_MICROS}::text`,
  ],
  sql`, `,
)})`;

const SCALAR_CODES = SCALAR_GROUPS.map((group) => CODES.get(group)!);
const ARRAY_CODES = ARRAY_GROUPS.map((group) => CODES.get(group)!);

const keyOf = (offerType: string, propertyType: string, countryCode: string) =>
  `${offerType}|${propertyType}|${countryCode}`;

/** A chosen value-set group as the index tests it. */
interface Choice {
  group: ValueGroup;
  /** Index into the codes (scalar) or masks (array) of a slot. */
  column: number;
  array: boolean;
  /** Scalar: chosen codes as a bit set over code - 1; array: the mask of chosen values. */
  mask: number;
}

/** The value-set choices of `filters` as the index tests them. */
function choicesOf(filters: SearchFilters): Choice[] {
  const choices: Choice[] = [];
  for (const group of VALUE_GROUPS) {
    const chosen = filters[group] as readonly string[] | undefined;
    if (!chosen || chosen.length === 0) continue;
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
function meetsChoice(part: Partition, slot: number, choice: Choice): boolean {
  if (choice.array) return (part.masks[slot * A + choice.column]! & choice.mask) !== 0;
  const code = part.codes[slot * S + choice.column]!;
  return code !== 0 && ((choice.mask >>> (code - 1)) & 1) === 1;
}

/** Whether the slot meets every choice. */
function meetsEvery(part: Partition, slot: number, choices: readonly Choice[]): boolean {
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
interface Bounds {
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
}

/** The bounds of `filters`, or null when there are none. */
function boundsOf(filters: SearchFilters, rates: ExchangeRates): Bounds | null {
  const bounds: Bounds = {
    price: false,
    priceFrom: Number.NEGATIVE_INFINITY,
    priceTo: Number.POSITIVE_INFINITY,
    area: false,
    areaFrom: Number.NEGATIVE_INFINITY,
    areaTo: Number.POSITIVE_INFINITY,
    box: filters.bbox ?? null,
    circle: null,
  };
  const currency = filters.currency;
  if (currency !== undefined && (filters.price_from !== undefined || filters.price_to !== undefined)) {
    bounds.price = true;
    if (filters.price_from !== undefined)
      bounds.priceFrom = normalizePrice(filters.price_from, currency, rates);
    if (filters.price_to !== undefined) bounds.priceTo = normalizePrice(filters.price_to, currency, rates);
  }
  if (filters.area_from !== undefined || filters.area_to !== undefined) {
    bounds.area = true;
    bounds.areaFrom = filters.area_from ?? Number.NEGATIVE_INFINITY;
    bounds.areaTo = filters.area_to ?? Number.POSITIVE_INFINITY;
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
  if (!bounds.price && !bounds.area && bounds.box === null && bounds.circle === null) return null;
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
function meetsBounds(part: Partition, slot: number, bounds: Bounds): boolean {
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
  return true;
}

/**
 * One per API process (created with the search routes). Holds the facet values of the
 * partitions searches asked about; memory grows with the public offers it has seen (some
 * 28 bytes each, about 25 MB at 900,000).
 */
export class FacetIndex {
  private readonly partitions = new Map<string, Partition>();
  private readonly syncing = new Map<string, Promise<void>>();
  private readonly now: () => number;
  /**
   * The start-up load (`warm`): `cold` before it (partitions then load on first use),
   * `warming` while it runs, `ready` once every partition is held, `failed` when it could not
   * finish (the partitions it did not reach load on first use). GET /health reports it.
   */
  warmState: 'cold' | 'warming' | 'ready' | 'failed' = 'cold';

  constructor(options: { now?: () => number } = {}) {
    this.now = options.now ?? Date.now;
  }

  /** Offers held, over all partitions. */
  get offers(): number {
    let total = 0;
    for (const partition of this.partitions.values()) total += partition.size;
    return total;
  }

  /**
   * The disjunctive facet counts of `filters` (offer type, property type, country and
   * value-set choices only: see `indexable`) for `groups`, with every requested group's every
   * value present, as countOfferFacets answers them. The partitions involved are first brought
   * up to the counters of `snapshot`.
   */
  async count(
    db: Db,
    snapshot: ReadSnapshot,
    filters: SearchFilters,
    groups: readonly FacetGroup[],
  ): Promise<OfferFacetsResponse> {
    const { counters, truncations } = countedScope(snapshot, filters, groups);
    await this.sync(db, counters, truncations);
    return this.tally(this.held(counters), filters, groups, snapshot.rates);
  }

  /**
   * One page of a search the index can answer (`indexable`): the ids of the offers from
   * `offset`, at most `limit`, in the order of `filters.sort` with ties by id as the SQL
   * pages order them (search-offers.ts ORDER_BY: nulls last), and the total. Null when the
   * page lies too deep for a bounded selection (the caller asks SQL). The partitions are first
   * brought up to the counters of `snapshot`.
   */
  async page(
    db: Db,
    snapshot: ReadSnapshot,
    filters: SearchFilters,
    offset: number,
    limit: number,
  ): Promise<{ ids: number[]; total: number } | null> {
    if (offset + limit > MAX_PAGE_DEPTH) return null;
    const { counters, truncations } = this.scopeOf(snapshot, filters);
    await this.sync(db, counters, truncations);
    return selectPage(this.held(counters), filters, snapshot.rates, offset, limit);
  }

  /**
   * `page` without a round trip: the page as the partitions are held now, when every partition
   * of the search is held at `snapshot`'s counters (an earlier snapshot, ReadVersions.latest)
   * and none is being loaded or caught up; else null (nothing is loaded here). The caller
   * must check with a read sent after its request came that no counter moved since
   * `snapshot` (an equal counter total), then `confirm()` (docs/decisions/025, addendum on
   * fresh searches).
   */
  pageAsHeld(
    snapshot: ReadSnapshot,
    filters: SearchFilters,
    offset: number,
    limit: number,
  ): Held<PageIds> | null {
    if (offset + limit > MAX_PAGE_DEPTH) return null;
    const { counters, truncations } = this.scopeOf(snapshot, filters);
    const parts = this.heldAt(counters, truncations);
    if (!parts) return null;
    return {
      value: selectPage(parts, filters, snapshot.rates, offset, limit),
      confirm: () => this.confirm(parts),
    };
  }

  /** `count` without a round trip, on the terms of `pageAsHeld`. */
  countAsHeld(
    snapshot: ReadSnapshot,
    filters: SearchFilters,
    groups: readonly FacetGroup[],
  ): Held<OfferFacetsResponse> | null {
    const { counters, truncations } = countedScope(snapshot, filters, groups);
    const parts = this.heldAt(counters, truncations);
    if (!parts) return null;
    return { value: this.tally(parts, filters, groups, snapshot.rates), confirm: () => this.confirm(parts) };
  }

  /** The partitions of `counters` (each synced before, so each is there). */
  private held(counters: readonly CounterRow[]): Partition[] {
    return counters.map(
      (row) => this.partitions.get(keyOf(row.offerType, row.propertyType, row.countryCode))!,
    );
  }

  /**
   * The partitions of `counters` when each is held at its counter at least, after the same
   * TRUNCATE, and none is being synced (its arrays may be between two loads' chunks); else null.
   */
  private heldAt(counters: readonly CounterRow[], truncations: number): Partition[] | null {
    const parts: Partition[] = [];
    for (const row of counters) {
      const key = keyOf(row.offerType, row.propertyType, row.countryCode);
      const part = this.partitions.get(key);
      if (!part || part.truncations !== truncations || part.version < row.version || this.syncing.has(key))
        return null;
      parts.push(part);
    }
    return parts;
  }

  /** Partitions a later read found current: the log need not reach back further than now (see sync). */
  private confirm(parts: readonly Partition[]): void {
    const now = this.now();
    for (const part of parts) part.syncedAt = now;
  }

  /**
   * The map cells (cluster-offers.ts) of a search the index can answer (`indexable`, with its
   * viewport): the offers within every bound and choice grouped on the grid of `cell` degrees
   * (floor(lng / cell), floor(lat / cell), as the SQL groups them), each cell's count,
   * coordinate sums, bounds and smallest id; the `cap` largest cells, ties by that id, as the
   * SQL orders them. The partitions are first brought up to the counters of `snapshot`. A
   * panned or zoomed map asks a new viewport each time: nothing of it is kept here.
   */
  async cells(
    db: Db,
    snapshot: ReadSnapshot,
    filters: SearchFilters,
    cell: number,
    cap: number,
  ): Promise<IndexCell[]> {
    const scope = this.scopeOf(snapshot, filters);
    await this.sync(db, scope.counters, scope.truncations);
    const bounds = boundsOf(filters, snapshot.rates);
    const choices = choicesOf(filters);
    // Every offer counted lies in the viewport, so its cell is one of the viewport's: a flat
    // grid over them (at most `cap` cells, cellSizeFor) takes each offer without a lookup.
    // A viewport across the antimeridian wraps its columns: cells by key then.
    const box = filters.bbox;
    const grid =
      box && box.west <= box.east
        ? new CellGrid(
            Math.floor(box.west / cell),
            Math.floor(box.south / cell),
            Math.floor(box.east / cell),
            Math.floor(box.north / cell),
          )
        : null;
    const byKey = new Map<number, IndexCell>();
    for (const row of scope.counters) {
      const part = this.partitions.get(keyOf(row.offerType, row.propertyType, row.countryCode))!;
      const { lats, lngs, ids } = part;
      const matched = matchedSlots(part, bounds);
      for (let i = 0; i < matched.length; i++) {
        const slot = matched[i]!;
        if (choices.length > 0 && !meetsEvery(part, slot, choices)) continue;
        const lat = lats[slot]!;
        const lng = lngs[slot]!;
        const cx = Math.floor(lng / cell);
        const cy = Math.floor(lat / cell);
        const id = ids[slot]!;
        if (grid !== null) {
          grid.add(cx, cy, lat, lng, id);
          continue;
        }
        // Both grid numbers offset to be positive (|x| < 2^24 at zoom 22) in one safe integer.
        const key = (cx + CELL_OFFSET) * CELL_SPAN + (cy + CELL_OFFSET);
        const known = byKey.get(key);
        if (!known) {
          byKey.set(key, {
            cx,
            cy,
            n: 1,
            sumLat: lat,
            sumLng: lng,
            south: lat,
            west: lng,
            north: lat,
            east: lng,
            id,
          });
          continue;
        }
        known.n += 1;
        known.sumLat += lat;
        known.sumLng += lng;
        if (lat < known.south) known.south = lat;
        if (lat > known.north) known.north = lat;
        if (lng < known.west) known.west = lng;
        if (lng > known.east) known.east = lng;
        if (id < known.id) known.id = id;
      }
    }
    const cells = grid !== null ? grid.cells() : [...byKey.values()];
    return cells.sort((a, b) => b.n - a.n || a.id - b.id).slice(0, cap);
  }

  /** The partitions a search of `filters` reads, with the snapshot's TRUNCATE counter. */
  private scopeOf(
    snapshot: ReadSnapshot,
    filters: SearchFilters,
  ): { counters: readonly CounterRow[]; truncations: number } {
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

  /**
   * Brings the partitions of `counters` up to at least those counters: partitions never
   * loaded (or after a TRUNCATE, or idle past the log's reach) are loaded, the others caught up
   * from the log. One sync at a time per partition; a request finding one on its way waits
   * for it and looks again.
   */
  /** Loads every partition the change counters name (at start, so no visitor waits for it). */
  async warm(db: Db): Promise<void> {
    this.warmState = 'warming';
    try {
      const counters = (await readVersions(db).current()).counterRows();
      const truncations = counters.find((row) => row.offerType === '*')?.version ?? 0;
      await this.sync(
        db,
        counters.filter((row) => row.offerType !== '*'),
        truncations,
      );
      this.warmState = 'ready';
    } catch (error) {
      this.warmState = 'failed';
      throw error;
    }
  }

  private async sync(db: Db, counters: readonly CounterRow[], truncations: number): Promise<void> {
    for (;;) {
      const running = new Set<Promise<void>>();
      for (const counter of counters) {
        const sync = this.syncing.get(keyOf(counter.offerType, counter.propertyType, counter.countryCode));
        if (sync) running.add(sync);
      }
      if (running.size > 0) {
        await Promise.allSettled(running);
        continue;
      }
      const reload: Partition[] = [];
      const catchUp: Partition[] = [];
      const target = new Map<Partition, number>();
      for (const counter of counters) {
        const key = keyOf(counter.offerType, counter.propertyType, counter.countryCode);
        let partition = this.partitions.get(key);
        if (!partition) {
          partition = new Partition(counter.offerType, counter.propertyType, counter.countryCode);
          this.partitions.set(key, partition);
        }
        target.set(partition, counter.version);
        if (partition.truncations !== truncations) reload.push(partition);
        else if (partition.version >= counter.version) {
          // Current as of this snapshot: the log need not reach back further than now.
          partition.syncedAt = this.now();
        } else if (this.now() - partition.syncedAt > RELOAD_AFTER_MS) reload.push(partition);
        else catchUp.push(partition);
      }
      if (reload.length === 0 && catchUp.length === 0) return;
      const touched = [...reload, ...catchUp];
      const work = (async () => {
        if (reload.length > 0) await this.load(db, reload);
        for (const partition of catchUp) await this.catchUp(db, partition);
        for (const partition of touched) {
          partition.version = Math.max(partition.version, target.get(partition)!);
          partition.truncations = truncations;
          partition.syncedAt = this.now();
        }
      })();
      const tracked: Promise<void> = work.finally(() => {
        for (const partition of touched) {
          const key = keyOf(partition.offerType, partition.propertyType, partition.countryCode);
          if (this.syncing.get(key) === tracked) this.syncing.delete(key);
        }
      });
      for (const partition of touched)
        this.syncing.set(keyOf(partition.offerType, partition.propertyType, partition.countryCode), tracked);
      await tracked;
      return;
    }
  }

  /**
   * Every public offer of the partitions, read after the counters the caller holds: in
   * statements of at most LOAD_CHUNK offers (their sizes from the pre-aggregated counts), each
   * reading the partitions it covers at once, so a cold index over a whole market costs a few
   * scans of the table rather than one per partition, and each stays within the request
   * pool's statement time.
   */
  private async load(db: Db, partitions: readonly Partition[]): Promise<void> {
    type SizeRow = { offer_type: string; property_type: string; country_code: string; n: number };
    const sizes = new Map<string, number>();
    const sizeRows = await queryRows<SizeRow>(
      db,
      sql`select ${offerFacetCounts.offerType} as offer_type, ${offerFacetCounts.propertyType} as property_type,
          ${offerFacetCounts.countryCode} as country_code, ${offerFacetCounts.offers} as n
        from ${offerFacetCounts} where ${offerFacetCounts.facet} = 'offer_type'`,
    );
    for (const row of sizeRows)
      sizes.set(keyOf(row.offer_type, row.property_type, row.country_code), Number(row.n));
    const chunks: Partition[][] = [[]];
    let inChunk = 0;
    for (const partition of partitions) {
      const size = sizes.get(keyOf(partition.offerType, partition.propertyType, partition.countryCode)) ?? 0;
      if (inChunk > 0 && inChunk + size > LOAD_CHUNK) {
        chunks.push([]);
        inChunk = 0;
      }
      chunks[chunks.length - 1]!.push(partition);
      inChunk += size;
    }
    for (const chunk of chunks) {
      const list = sql.join(
        chunk.map(
          (partition, n) =>
            sql`(${n}::int, ${partition.offerType}, ${partition.propertyType}, ${partition.countryCode})`,
        ),
        sql`, `,
      );
      const rows = await queryRows<Record<string, unknown>>(
        db,
        // In price order (no price last), as the partitions keep their offers: the load then
        // sorts nothing (sortByPrice finds them in order) and allocates no second set of arrays.
        sql`select p.n, string_agg(${offers.id}::text || '|' || ${compactLine}, E'\n'
            order by ${offers.priceNormalized} nulls last) as lines
          from ${offers}
          join (values ${list}) as p (n, offer_type, property_type, country_code)
            on ${offers.offerType} = p.offer_type and ${offers.propertyType} = p.property_type
           and ${offers.countryCode} = p.country_code
          where ${PUBLIC_OFFER}
          group by p.n`,
      );
      for (const partition of chunk) {
        partition.clear();
        // A little room for the offers published before the next load.
        const size =
          sizes.get(keyOf(partition.offerType, partition.propertyType, partition.countryCode)) ?? 0;
        partition.reserve(Math.ceil(size * 1.05) + 16);
      }
      for (const row of rows) {
        const partition = chunk[Number(row.n)]!;
        for (const line of String(row.lines ?? '').split('\n')) if (line) partition.appendLine(line);
      }
      for (const partition of chunk) partition.sortByPrice();
      for (const partition of chunk) partition.version = -1;
    }
  }

  /** The offers logged since the partition's counter, read again by id. */
  private async catchUp(db: Db, partition: Partition): Promise<void> {
    const changed = await db
      .selectDistinct({ id: offerFacetChanges.offerId })
      .from(offerFacetChanges)
      .where(
        and(
          eq(offerFacetChanges.offerType, partition.offerType),
          eq(offerFacetChanges.propertyType, partition.propertyType),
          eq(offerFacetChanges.countryCode, partition.countryCode),
          gt(offerFacetChanges.version, partition.version),
        ),
      );
    if (changed.length === 0) return;
    const ids = changed.map((row) => Number(row.id));
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select ${offers.id} as id, ${offers.isPublic} as is_public, ${offers.offerType} as offer_type,
          ${offers.propertyType} as property_type, ${offers.countryCode} as country_code,
          ${sql.join(valueColumns, sql`, `)}
        from ${offers}
        where ${inArray(offers.id, ids)}`,
    );
    const current = new Map(rows.map((row) => [Number(row.id), row]));
    // A few changes move into their places by price; more are put anyhow and sorted once.
    const ordered = ids.length <= ORDERED_CHANGES;
    for (const id of ids) {
      const row = current.get(id);
      const here =
        row !== undefined &&
        row.is_public === true &&
        row.offer_type === partition.offerType &&
        row.property_type === partition.propertyType &&
        row.country_code === partition.countryCode;
      if (here) partition.put(toValueRow(row), ordered);
      else partition.remove(id, ordered);
    }
    if (!ordered) partition.sortByPrice();
  }

  private tally(
    parts: readonly Partition[],
    filters: SearchFilters,
    groups: readonly FacetGroup[],
    rates: ExchangeRates,
  ): OfferFacetsResponse {
    const bounds = boundsOf(filters, rates);
    const choices = choicesOf(filters);
    const counted = new Set(groups);
    const scalarCounts = SCALAR_GROUPS.map((group) =>
      counted.has(group) ? new Float64Array(FACET_VALUES[group].length + 1) : null,
    );
    const arrayCounts = ARRAY_GROUPS.map((group) =>
      counted.has(group) ? new Float64Array(FACET_VALUES[group].length) : null,
    );
    const offerTypeCounts = new Map<string, number>();
    const propertyTypeCounts = new Map<string, number>();
    const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
    // Each offer counts in the groups whose choice it meets with every other choice met:
    // in all of them when it meets every choice, in the one it misses when it misses one.
    // Only the counted groups are visited per offer (the columns listed once).
    const scalarColumns = SCALAR_GROUPS.flatMap((group, k) => (counted.has(group) ? [k] : []));
    const arrayColumns = ARRAY_GROUPS.flatMap((group, k) => (counted.has(group) ? [k] : []));
    const countSlot = (part: Partition, slot: number, only: number) => {
      const codes = part.codes;
      for (const k of scalarColumns) {
        if (only < 0 || only === k) scalarCounts[k]![codes[slot * S + k]!]! += 1;
      }
      for (const k of arrayColumns) {
        if (only >= 0 && only !== S + k) continue;
        const counts = arrayCounts[k]!;
        let mask = part.masks[slot * A + k]!;
        while (mask !== 0) {
          const bit = 31 - Math.clz32(mask);
          counts[bit]! += 1;
          mask &= ~(1 << bit);
        }
      }
    };
    let total = 0;
    for (const part of parts) {
      const typeMiss = filters.offer_type !== undefined && part.offerType !== filters.offer_type ? 1 : 0;
      const propertyMiss =
        filters.property_type !== undefined && part.propertyType !== filters.property_type ? 1 : 0;
      const partMisses = typeMiss + propertyMiss;
      if (partMisses > 1) continue;
      // Offers of the partition meeting every value-set choice.
      let metEvery = 0;
      if (choices.length === 0) {
        // No choices (a market, a price band, a viewport or a radius): every offer within the
        // bounds counts in every group. The matching slots are listed first, then each group
        // is counted down its own column, a tight loop per group instead of a call per offer.
        const run = bandRun(part, bounds);
        if (run !== null) {
          metEvery = run[1] - run[0];
          if (partMisses === 0)
            countRun(part, run[0], run[1], scalarColumns, scalarCounts, arrayColumns, arrayCounts);
        } else {
          const matched = matchedSlots(part, bounds);
          metEvery = matched.length;
          if (partMisses === 0)
            countMatched(part, matched, scalarColumns, scalarCounts, arrayColumns, arrayCounts);
        }
      } else
        for (let slot = 0; slot < part.size; slot++) {
          if (bounds !== null && !meetsBounds(part, slot, bounds)) continue;
          let misses = 0;
          let missed = -1;
          for (const choice of choices) {
            if (!meetsChoice(part, slot, choice)) {
              misses += 1;
              missed = choice.array ? S + choice.column : choice.column;
              if (misses > 1) break;
            }
          }
          if (misses === 0) {
            metEvery += 1;
            if (partMisses === 0) countSlot(part, slot, -1);
          } else if (misses === 1 && partMisses === 0) {
            countSlot(part, slot, missed);
          }
        }
      // The partition's own offer type and property type count its offers that meet every
      // other choice; a partition of another offer type counts only there.
      if (partMisses === 0) {
        total += metEvery;
        add(offerTypeCounts, part.offerType, metEvery);
        add(propertyTypeCounts, part.propertyType, metEvery);
      } else if (typeMiss === 1) add(offerTypeCounts, part.offerType, metEvery);
      else add(propertyTypeCounts, part.propertyType, metEvery);
    }

    const facets: Record<string, Record<string, number>> = {};
    for (const group of groups) {
      const values = FACET_VALUES[group] as readonly string[];
      if (group === 'offer_type' || group === 'property_type') {
        const counts = group === 'offer_type' ? offerTypeCounts : propertyTypeCounts;
        facets[group] = Object.fromEntries(values.map((value) => [value, counts.get(value) ?? 0]));
        continue;
      }
      const scalar = SCALAR_GROUPS.indexOf(group);
      const counts = scalar >= 0 ? scalarCounts[scalar]! : arrayCounts[ARRAY_GROUPS.indexOf(group)]!;
      const offset = scalar >= 0 ? 1 : 0;
      facets[group] = Object.fromEntries(values.map((value, index) => [value, counts[index + offset]!]));
    }
    return { total, facets: facets as FacetCounts };
  }
}

/** A result computed from the partitions as held, valid once a later read confirms them. */
export interface Held<T> {
  value: T;
  /** Records that a read sent after the request found the partitions current. */
  confirm(): void;
}

export interface PageIds {
  ids: number[];
  total: number;
}

/** The partitions a count of `groups` reads: the disjunctive groups' other values too. */
function countedScope(
  snapshot: ReadSnapshot,
  filters: SearchFilters,
  groups: readonly FacetGroup[],
): { counters: readonly CounterRow[]; truncations: number } {
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

/** The page of `filters` from `offset` (at most `limit` ids) over `parts`, and the total (see FacetIndex.page). */
function selectPage(
  parts: readonly Partition[],
  filters: SearchFilters,
  rates: ExchangeRates,
  offset: number,
  limit: number,
): PageIds {
  const wanted = offset + limit;
  const bounds = boundsOf(filters, rates);
  const choices = choicesOf(filters);
  const order = filters.sort;
  // Every order as ascending (key, tie): a descending key and tie are negated, no value sorts
  // last. The column is chosen once, not per offer: this loop is the cost of a fresh search.
  const sign = order.endsWith('_desc') ? -1 : 1;
  const column = order.startsWith('activated_at') ? 'times' : order.startsWith('price') ? 'prices' : 'areas';
  const top = new TopK(wanted);
  let total = 0;
  for (const part of parts) {
    const values = part[column];
    const ids = part.ids;
    // The largest key kept, in a local: most offers of a large market sort after it and cost
    // a load and a comparison (NaN, no value, is not greater, so it goes on to the heap's test).
    let worst = top.worst();
    const run = choices.length === 0 ? bandRun(part, bounds) : null;
    if (run !== null) {
      // A price band alone (Q1): one run of slots, read in order.
      const [start, end] = run;
      total += end - start;
      if (column === 'times' && end - start > 4 * TIME_BLOCK) {
        // By activation time: the band's whole blocks from the one with the best time on (its
        // two ends first, offer by offer), up to the first whose best time sorts after the
        // page's last so far: it and every block after it hold nothing for the page. In a large
        // market the page is full after a few dozen blocks.
        const first = Math.ceil(start / TIME_BLOCK);
        const stop = Math.floor(end / TIME_BLOCK);
        worst = offerSlots(top, values, ids, sign, start, first * TIME_BLOCK);
        worst = offerSlots(top, values, ids, sign, stop * TIME_BLOCK, end);
        const { keys, ties, order } = part.blocks(sign);
        for (const block of order) {
          // The block's first offer, and so every offer of it and of every block after it,
          // sorts after the page's last (the full page's largest (key, tie)).
          const key = keys[block]!;
          if (key > worst || (key === worst && ties[block]! >= top.worstTie())) break;
          if (block < first || block >= stop) continue;
          worst = offerSlots(top, values, ids, sign, block * TIME_BLOCK, (block + 1) * TIME_BLOCK);
        }
      } else worst = offerSlots(top, values, ids, sign, start, end);
      continue;
    }
    const matched = matchedSlots(part, bounds);
    for (let i = 0; i < matched.length; i++) {
      const slot = matched[i]!;
      if (choices.length > 0 && !meetsEvery(part, slot, choices)) continue;
      total += 1;
      const value = values[slot]!;
      if (sign * value > worst) continue;
      const id = ids[slot]!;
      top.offer(Number.isNaN(value) ? Number.POSITIVE_INFINITY : sign * value, sign * id, id);
      worst = top.worst();
    }
  }
  return { ids: top.sorted().slice(offset, wanted), total };
}

/**
 * Offers the slots [from, to) of a run to `top` (`values` the order's column, `sign` -1 for a
 * descending order); the page's largest key after them.
 */
function offerSlots(
  top: TopK,
  values: Float64Array,
  ids: Float64Array,
  sign: number,
  from: number,
  to: number,
): number {
  let worst = top.worst();
  for (let slot = from; slot < to; slot++) {
    const value = values[slot]!;
    if (sign * value > worst) continue;
    const id = ids[slot]!;
    top.offer(Number.isNaN(value) ? Number.POSITIVE_INFINITY : sign * value, sign * id, id);
    worst = top.worst();
  }
  return worst;
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
function matchedSlots(part: Partition, bounds: Bounds | null): Int32Array {
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
  if ((bounds.box !== null && !boxed) || bounds.circle !== null) {
    const box = boxed ? null : bounds.box;
    const circle = bounds.circle;
    const lats = part.lats;
    const lngs = part.lngs;
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const slot = slots[i]!;
      const lat = lats[slot]!;
      const lng = lngs[slot]!;
      if (box !== null && !inBox(box, lat, lng)) continue;
      if (circle !== null && !(inBox(circle.box, lat, lng) && inCircle(circle, lat, lng))) continue;
      slots[kept++] = slot;
    }
    n = kept;
  }
  return slots.subarray(0, n);
}

/** Whether a partition whose offers lie within `extent` can hold an offer within the viewport and radius. */
function mayMeet(extent: Partition['extent'], bounds: Bounds): boolean {
  for (const box of [bounds.box, bounds.circle?.box]) {
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
function bandRun(part: Partition, bounds: Bounds | null): [number, number] | null {
  if (bounds === null) return [0, part.size];
  if (!bounds.price || bounds.area || bounds.box !== null || bounds.circle !== null) return null;
  const start = firstFrom(part.prices, part.size, bounds.priceFrom);
  return [start, Math.max(start, firstAbove(part.prices, part.size, bounds.priceTo))];
}

/** Adds the values of the slots [start, end) to the counted groups' counts (countMatched for a run). */
function countRun(
  part: Partition,
  start: number,
  end: number,
  scalarColumns: readonly number[],
  scalarCounts: readonly (Float64Array | null)[],
  arrayColumns: readonly number[],
  arrayCounts: readonly (Float64Array | null)[],
): void {
  const codes = part.codes;
  const masks = part.masks;
  // The whole blocks of the run from their counts, the slots before and after them one by one.
  const first = Math.ceil(start / COUNT_BLOCK);
  const stop = Math.floor(end / COUNT_BLOCK);
  const blocks = stop > first ? part.valueCounts() : null;
  for (const k of scalarColumns) {
    const counts = scalarCounts[k]!;
    if (blocks === null) {
      for (let slot = start; slot < end; slot++) counts[codes[slot * S + k]!]! += 1;
      continue;
    }
    const width = COUNT_CODES[k]!;
    const offset = COUNT_OFFSETS[k]!;
    for (let block = first; block < stop; block++) {
      const base = block * COUNT_WIDTH + offset;
      for (let code = 0; code < width; code++) counts[code]! += blocks[base + code]!;
    }
    for (let slot = start; slot < first * COUNT_BLOCK; slot++) counts[codes[slot * S + k]!]! += 1;
    for (let slot = stop * COUNT_BLOCK; slot < end; slot++) counts[codes[slot * S + k]!]! += 1;
  }
  for (const k of arrayColumns) {
    const counts = arrayCounts[k]!;
    for (let slot = start; slot < end; slot++) {
      let mask = masks[slot * A + k]!;
      while (mask !== 0) {
        const bit = 31 - Math.clz32(mask);
        counts[bit]! += 1;
        mask &= ~(1 << bit);
      }
    }
  }
}

/** Adds the values of the matched slots to the counted groups' counts. */
function countMatched(
  part: Partition,
  matched: Int32Array,
  scalarColumns: readonly number[],
  scalarCounts: readonly (Float64Array | null)[],
  arrayColumns: readonly number[],
  arrayCounts: readonly (Float64Array | null)[],
): void {
  const codes = part.codes;
  const masks = part.masks;
  for (const k of scalarColumns) {
    const counts = scalarCounts[k]!;
    for (let i = 0; i < matched.length; i++) counts[codes[matched[i]! * S + k]!]! += 1;
  }
  for (const k of arrayColumns) {
    const counts = arrayCounts[k]!;
    for (let i = 0; i < matched.length; i++) {
      let mask = masks[matched[i]! * A + k]!;
      while (mask !== 0) {
        const bit = 31 - Math.clz32(mask);
        counts[bit]! += 1;
        mask &= ~(1 << bit);
      }
    }
  }
}

/** A map cell as the index groups it (cluster-offers.ts CellRow without the lone offer's price). */
export interface IndexCell {
  cx: number;
  cy: number;
  n: number;
  sumLat: number;
  sumLng: number;
  south: number;
  west: number;
  north: number;
  east: number;
  /** The smallest id in the cell: the offer of a one-offer cell. */
  id: number;
}

/** The cells of a viewport (grid numbers x0..x1, y0..y1) as columns of numbers. */
class CellGrid {
  private readonly x0: number;
  private readonly y0: number;
  private readonly rows: number;
  private readonly n: Float64Array;
  private readonly sumLat: Float64Array;
  private readonly sumLng: Float64Array;
  private readonly south: Float64Array;
  private readonly west: Float64Array;
  private readonly north: Float64Array;
  private readonly east: Float64Array;
  private readonly id: Float64Array;

  constructor(x0: number, y0: number, x1: number, y1: number) {
    this.x0 = x0;
    this.y0 = y0;
    this.rows = y1 - y0 + 1;
    const size = (x1 - x0 + 1) * this.rows;
    this.n = new Float64Array(size);
    this.sumLat = new Float64Array(size);
    this.sumLng = new Float64Array(size);
    this.south = new Float64Array(size);
    this.west = new Float64Array(size);
    this.north = new Float64Array(size);
    this.east = new Float64Array(size);
    this.id = new Float64Array(size);
  }

  add(cx: number, cy: number, lat: number, lng: number, id: number): void {
    const at = (cx - this.x0) * this.rows + (cy - this.y0);
    if (this.n[at] === 0) {
      this.south[at] = lat;
      this.north[at] = lat;
      this.west[at] = lng;
      this.east[at] = lng;
      this.id[at] = id;
    } else {
      if (lat < this.south[at]!) this.south[at] = lat;
      if (lat > this.north[at]!) this.north[at] = lat;
      if (lng < this.west[at]!) this.west[at] = lng;
      if (lng > this.east[at]!) this.east[at] = lng;
      if (id < this.id[at]!) this.id[at] = id;
    }
    this.n[at]! += 1;
    this.sumLat[at]! += lat;
    this.sumLng[at]! += lng;
  }

  cells(): IndexCell[] {
    const out: IndexCell[] = [];
    for (let at = 0; at < this.n.length; at++) {
      if (this.n[at] === 0) continue;
      out.push({
        cx: this.x0 + Math.floor(at / this.rows),
        cy: this.y0 + (at % this.rows),
        n: this.n[at]!,
        sumLat: this.sumLat[at]!,
        sumLng: this.sumLng[at]!,
        south: this.south[at]!,
        west: this.west[at]!,
        north: this.north[at]!,
        east: this.east[at]!,
        id: this.id[at]!,
      });
    }
    return out;
  }
}

/** Offset and span of a grid number in a cell key (grid numbers stay within +-2^24). */
const CELL_OFFSET = 2 ** 24;
const CELL_SPAN = 2 ** 25;

/** Deepest page the index selects (offset + limit); deeper pages are SQL's. */
const MAX_PAGE_DEPTH = 10_000;

/**
 * The `capacity` smallest (key, tie) pairs seen, with their ids: a max-heap on (key, tie), so
 * each offer costs a comparison with the largest kept and, when smaller, a sift.
 */
class TopK {
  private readonly keys: Float64Array;
  private readonly ties: Float64Array;
  private readonly ids: Float64Array;
  private size = 0;
  private readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
    this.keys = new Float64Array(capacity);
    this.ties = new Float64Array(capacity);
    this.ids = new Float64Array(capacity);
  }

  private greater(a: number, b: number): boolean {
    return this.keys[a]! > this.keys[b]! || (this.keys[a] === this.keys[b] && this.ties[a]! > this.ties[b]!);
  }

  private swap(a: number, b: number): void {
    for (const array of [this.keys, this.ties, this.ids]) {
      const t = array[a]!;
      array[a] = array[b]!;
      array[b] = t;
    }
  }

  offer(key: number, tie: number, id: number): void {
    if (this.capacity === 0) return;
    if (this.size < this.capacity) {
      let at = this.size++;
      this.keys[at] = key;
      this.ties[at] = tie;
      this.ids[at] = id;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!this.greater(at, parent)) break;
        this.swap(at, parent);
        at = parent;
      }
      return;
    }
    if (key > this.keys[0]! || (key === this.keys[0] && tie >= this.ties[0]!)) return;
    this.keys[0] = key;
    this.ties[0] = tie;
    this.ids[0] = id;
    let at = 0;
    for (;;) {
      const left = at * 2 + 1;
      const right = left + 1;
      let largest = at;
      if (left < this.size && this.greater(left, largest)) largest = left;
      if (right < this.size && this.greater(right, largest)) largest = right;
      if (largest === at) break;
      this.swap(at, largest);
      at = largest;
    }
  }

  /** The largest key kept once `capacity` are (an offer with a greater key is not kept), else +Infinity. */
  worst(): number {
    return this.size < this.capacity || this.capacity === 0 ? Number.POSITIVE_INFINITY : this.keys[0]!;
  }

  /** The tie of the largest (key, tie) kept once `capacity` are, else +Infinity. */
  worstTie(): number {
    return this.size < this.capacity || this.capacity === 0 ? Number.POSITIVE_INFINITY : this.ties[0]!;
  }

  /** The kept ids, smallest (key, tie) first. */
  sorted(): number[] {
    const order = Array.from({ length: this.size }, (_, i) => i);
    order.sort((a, b) => this.keys[a]! - this.keys[b]! || this.ties[a]! - this.ties[b]!);
    return order.map((i) => this.ids[i]!);
  }
}
