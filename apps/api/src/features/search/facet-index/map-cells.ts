import type { ExchangeRates, SearchFilters } from '@estately/domain';
import type { IndexCell } from '../facet-index-types.ts';
import { boundsOf, choicesOf, matchedSlots, meetsEvery } from './matching.ts';
import type { Partition } from './partition.ts';

/** Offset and span of a grid number in a cell key (grid numbers stay within +-2^24). */
const CELL_OFFSET = 2 ** 24;
const CELL_SPAN = 2 ** 25;

/**
 * The map cells (cluster-offers.ts) of a search the index can answer (`indexable`, with its
 * viewport): the offers within every bound and choice grouped on the grid of `cell` degrees
 * (floor(lng / cell), floor(lat / cell), as the SQL groups them), each cell's count,
 * coordinate sums, bounds and smallest id; the `cap` largest cells, ties by that id, as the
 * SQL orders them, over `parts` (see FacetIndex.cells). A panned or zoomed map asks a new
 * viewport each time: nothing of it is kept here.
 */
export function mapCells(
  parts: readonly Partition[],
  filters: SearchFilters,
  rates: ExchangeRates,
  cell: number,
  cap: number,
): IndexCell[] {
  const bounds = boundsOf(filters, rates);
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
  for (const part of parts) {
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
