import { FACET_VALUES } from '@estately/domain';
import { A, ARRAY_CODES, ARRAY_GROUPS, CODES, S, SCALAR_CODES, SCALAR_GROUPS } from './value-codes.ts';

// The facet values of one partition's public offers (offer type, property type, country) in
// typed arrays, one slot per offer, kept in price order.

/** Slots per block of the activation-time bounds (Partition.blocks). */
export const TIME_BLOCK = 64;
/**
 * Slots per block of the value counts (Partition.valueCounts): at most 255, a count is a byte.
 * A band of slots is counted block by block, only its two ends offer by offer.
 */
export const COUNT_BLOCK = 64;
/** Codes of each scalar group in a block's counts: 0 for none, then one per value. */
export const COUNT_CODES = SCALAR_GROUPS.map((group) => FACET_VALUES[group].length + 1);
/** Where each scalar group's codes start in a block's counts. */
export const COUNT_OFFSETS = COUNT_CODES.map((_, k) =>
  COUNT_CODES.slice(0, k).reduce((sum, n) => sum + n, 0),
);
/** Counts a block holds: every code of every scalar group. */
export const COUNT_WIDTH = COUNT_CODES.reduce((sum, n) => sum + n, 0);

/**
 * The typed arrays a partition holds its offers in, `width` numbers per slot: each needs its row
 * in COLUMNS.
 */
type ColumnName = {
  [K in keyof Partition]: Partition[K] extends Float64Array | Uint8Array | Uint32Array ? K : never;
}[keyof Partition];

/**
 * Every column of a partition, with its kind of array and its width (numbers per slot): the one
 * list that allocation, growth, moves and the sort by price go through.
 */
const COLUMNS: {
  readonly [K in ColumnName]: { array: new (length: number) => Partition[K]; width: number };
} = {
  ids: { array: Float64Array, width: 1 },
  codes: { array: Uint8Array, width: S },
  masks: { array: Uint32Array, width: A },
  prices: { array: Float64Array, width: 1 },
  areas: { array: Float64Array, width: 1 },
  lats: { array: Float64Array, width: 1 },
  lngs: { array: Float64Array, width: 1 },
  times: { array: Float64Array, width: 1 },
};
const COLUMN_NAMES = Object.keys(COLUMNS) as ColumnName[];

/**
 * The number columns an offer's values fill after its codes and masks, in the order a load's
 * line and a catch-up's row give them (sync-partitions.ts): NaN for none.
 */
export const MEASURES = ['prices', 'areas', 'lats', 'lngs', 'times'] as const satisfies readonly ColumnName[];
export type Measure = (typeof MEASURES)[number];

/** Slots a partition has room for before its first offer. */
const FIRST_CAPACITY = 64;

/** Facet values of the public offers of one partition, one slot per offer. */
export class Partition {
  size = 0;
  declare ids: Float64Array;
  /** The codes of the scalar groups (SCALAR_GROUPS), S per slot. */
  declare codes: Uint8Array;
  /** The masks of the array groups (ARRAY_GROUPS), A per slot. */
  declare masks: Uint32Array;
  /** The price in CZK as the read model normalised it (NaN for none), for price bounds. */
  declare prices: Float64Array;
  /** Useful area in m2 (NaN for none), for area bounds. */
  declare areas: Float64Array;
  /** Coordinates, for viewports and radius searches. */
  declare lats: Float64Array;
  declare lngs: Float64Array;
  /** `activated_at` in microseconds since 1970, shifted far earlier when "not confirmed recently" (decision 065), for the newest-first order. */
  declare times: Float64Array;
  /** The partition's change counter the values are at least as new as. */
  version = -1;
  /** The TRUNCATE counter at the last load. */
  truncations = -1;
  syncedAt = 0;
  /**
   * The database the values were last read from (a load or a catch-up): the primary or the
   * read replica (held-partitions.ts, on reading from both). Null before the first load.
   */
  source: object | null = null;
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
    for (const name of COLUMN_NAMES) this.allocate(name, FIRST_CAPACITY);
  }

  /** A new, empty column `name` of `capacity` slots. */
  private allocate<K extends ColumnName>(name: K, capacity: number): void {
    const { array, width } = COLUMNS[name];
    this[name] = new array(capacity * width) as this[K];
  }

  private grow(): void {
    this.reserve(this.ids.length * 2);
  }

  /** Room for `capacity` offers (a load sizes each partition from its count once). */
  reserve(capacity: number): void {
    if (capacity <= this.ids.length) return;
    for (const name of COLUMN_NAMES) {
      const held = this[name];
      this.allocate(name, capacity);
      this[name].set(held.subarray(0, this.size * COLUMNS[name].width));
    }
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
   * false leaves the order to a `sortByPrice` after a batch (see catchUpPartition).
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

  /** Appends an offer of a load (each offer once) from its line (see compactLine, sync-partitions.ts). */
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
    for (let m = 0; m < MEASURES.length; m++) this[MEASURES[m]!][slot] = measure(fields[1 + S + A + m]);
    this.widen(slot);
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
    this.shift(last, last + 1, slot);
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
    for (const name of COLUMN_NAMES) {
      const width = COLUMNS[name].width;
      this[name].copyWithin(to * width, start * width, end * width);
    }
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

  /** The columns of one slot (to move it), column by column. */
  private take(slot: number): number[] {
    const row: number[] = [];
    for (const name of COLUMN_NAMES) {
      const width = COLUMNS[name].width;
      const array = this[name];
      for (let k = 0; k < width; k++) row.push(array[slot * width + k]!);
    }
    return row;
  }

  /** Writes a slot's columns as `take` gave them. */
  private place(slot: number, row: readonly number[]): void {
    let at = 0;
    for (const name of COLUMN_NAMES) {
      const width = COLUMNS[name].width;
      const array = this[name];
      for (let k = 0; k < width; k++) array[slot * width + k] = row[at++]!;
    }
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
    const capacity = this.ids.length;
    for (const name of COLUMN_NAMES) {
      const width = COLUMNS[name].width;
      const held = this[name];
      this.allocate(name, capacity);
      const sorted = this[name];
      for (let i = 0; i < size; i++) {
        const from = order[i]! * width;
        for (let k = 0; k < width; k++) sorted[i * width + k] = held[from + k]!;
      }
    }
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
    for (let m = 0; m < MEASURES.length; m++) this[MEASURES[m]!][slot] = measure(row.values[S + A + m]);
    this.widen(slot);
  }
}

/**
 * Partition.blocks: per block of TIME_BLOCK slots, the (key, tie) pair of its first offer in
 * a page's order by activation time (selectPage), and the blocks in the order of those pairs.
 */
export interface TimeBlocks {
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
export function firstFrom(prices: Float64Array, size: number, from: number): number {
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
export function firstAbove(prices: Float64Array, size: number, to: number): number {
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

export interface ValueRow {
  id: number;
  /** Scalar groups in SCALAR_GROUPS order, the arrays in ARRAY_GROUPS order, then the MEASURES. */
  values: unknown[];
}

/** A partition's key among those a process holds. */
export const keyOf = (offerType: string, propertyType: string, countryCode: string) =>
  `${offerType}|${propertyType}|${countryCode}`;
