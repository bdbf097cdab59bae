import { type Db, offers } from '@estately/db';
import {
  type BoundingBox,
  type Currency,
  DEFAULT_CURRENCY,
  MAP_FEATURE_CAP,
  type MapCluster,
  type MapPoint,
  type OfferMapResponse,
  roundConvertedPrice,
  type SearchFilters,
} from '@estately/domain';
import { type SQL, sql } from 'drizzle-orm';
import { perDatabase } from '../../lib/per-database.ts';
import { convertedPrice } from '../offers-shared/exchange-rates.ts';
import { countScope, type OfferCountCache } from './count-cache.ts';
import { indexable } from './facet-count-rows.ts';
import type { FacetIndex, IndexCell } from './facet-index-types.ts';
import { allConditions, type OfferConditions, queryRows } from './offer-conditions.ts';
import { prepareSearch } from './prepare-search.ts';
import type { ReadSnapshot } from './read-versions.ts';

export interface ClusterOffersOptions {
  db: Db;
  /** The filters; `bbox` is the viewport and required. */
  filters: SearchFilters & { bbox: BoundingBox };
  zoom: number;
  /** Most features returned; the grid coarsens until the viewport holds no more cells. */
  cap?: number;
  now?: Date;
  /** Serves the cells from memory while no offer they count has changed (count-cache.ts). */
  cache?: OfferCountCache;
  /** Groups the offers of searches it can answer in memory (facet-index.ts; with `cache`). */
  index?: FacetIndex;
  /** Offers the person asking hid (decision 072): grouped in SQL without them, kept nowhere. */
  hidden?: readonly number[];
}

/**
 * Cell edge in degrees at a zoom: a quarter of a 256 px map tile (360 / 2^zoom degrees wide),
 * i.e. markers about 64 px apart. Powers of two divide 360, so cells never straddle the
 * antimeridian.
 */
export function cellSizeForZoom(zoom: number): number {
  return 360 / 2 ** zoom / 4;
}

function cellsAcross(from: number, to: number, cell: number): number {
  return Math.floor(to / cell) - Math.floor(from / cell) + 1;
}

/** How many grid cells the viewport touches, at most (both sides of the antimeridian). */
export function cellsInBox(box: BoundingBox, cell: number): number {
  const columns =
    box.west <= box.east
      ? cellsAcross(box.west, box.east, cell)
      : cellsAcross(box.west, 180, cell) + cellsAcross(-180, box.east, cell);
  return columns * cellsAcross(box.south, box.north, cell);
}

/**
 * Cells of 360 degrees or more split the world into at most 2 x 2 cells (each side of the
 * equator and of the prime meridian), so no cap below 4 can be honoured.
 */
export const MIN_MAP_FEATURE_CAP = 4;

/** The zoom's cell size, doubled until the viewport has at most `cap` cells: never more features than that. */
export function cellSizeFor(box: BoundingBox, zoom: number, cap: number): number {
  let cell = cellSizeForZoom(zoom);
  while (cell < 360 && cellsInBox(box, cell) > cap) cell *= 2;
  return cell;
}

/** A cell's aggregate as every path produces it: count, coordinate sums, bounds, and for a lone offer its values. */
interface CellRow extends Omit<IndexCell, 'id'> {
  /** The offer of a one-offer cell (the smallest id otherwise), when the path knows it. */
  id: number | null;
  price: number | null;
  currency: string | null;
}

type RawCell = {
  cx: number | string;
  cy: number | string;
  n: number | string;
  slat: number | string;
  slng: number | string;
  south: number | string;
  west: number | string;
  north: number | string;
  east: number | string;
  id?: number | string | null;
  price?: number | string | null;
  currency?: string | null;
};

function toCell(row: RawCell): CellRow {
  const num = (value: number | string | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
  return {
    cx: Number(row.cx),
    cy: Number(row.cy),
    n: Number(row.n),
    sumLat: Number(row.slat),
    sumLng: Number(row.slng),
    south: Number(row.south),
    west: Number(row.west),
    north: Number(row.north),
    east: Number(row.east),
    id: num(row.id),
    price: num(row.price),
    currency: row.currency ?? null,
  };
}

/** Edge of the pre-aggregated map cells (offer_map_cells, migration 0007): the zoom 8 grid. */
export const MAP_CELL_DEG = cellSizeForZoom(8);

/** Filters the map cells can answer: none beyond the partition they are kept by, and the viewport. */
const CELL_FILTERS = new Set([
  'offer_type',
  'property_type',
  'country_code',
  'bbox',
  'currency',
  'sort',
  'page',
  'per_page',
]);

export function cellsCanAnswer(filters: SearchFilters & { bbox: BoundingBox }, cell: number): boolean {
  if (cell < MAP_CELL_DEG || filters.bbox.west > filters.bbox.east) return false;
  return Object.entries(filters).every(
    ([key, value]) =>
      CELL_FILTERS.has(key) || value === undefined || (Array.isArray(value) && value.length === 0),
  );
}

// The location columns as the point stores them, so the count index (which includes the
// point) answers a filtered map query without reading the table.
const LAT = sql`${offers.location}[1]`;
const LNG = sql`${offers.location}[0]`;

/** Every matching offer in the viewport, grouped in SQL on the query grid. */
async function cellsFromOffers(db: Db, where: SQL, cell: number, cap: number): Promise<CellRow[]> {
  const rows = await queryRows<RawCell>(
    db,
    sql`
    select floor(${LNG} / ${cell}::float8) as cx, floor(${LAT} / ${cell}::float8) as cy,
      count(*)::int as n, sum(${LAT}) as slat, sum(${LNG}) as slng,
      min(${LAT}) as south, min(${LNG}) as west, max(${LAT}) as north, max(${LNG}) as east,
      min(${offers.id}) as id, min(${offers.price}) as price, min(${offers.currency}) as currency
    from ${offers}
    where ${where}
    group by 1, 2
    order by count(*) desc, min(${offers.id})
    limit ${cap}`,
  );
  return rows.map(toCell);
}

function box(west: number, south: number, east: number, north: number): SQL {
  return sql`${offers.location} <@ box(point(${west}::float8, ${south}::float8), point(${east}::float8, ${north}::float8))`;
}

/**
 * Coarse zooms without filters beyond the partition: the base cells wholly inside the viewport
 * come pre-aggregated from offer_map_cells (a few thousand rows for a country instead of
 * every offer in it); the offers in the base cells the viewport's edge cuts are read from
 * `offers` through strips along the four sides. Both are grouped on the query grid (a
 * multiple of the base cell, both being 360 / 2^k) and added up, so the answer is the same
 * as grouping every offer.
 */
async function cellsFromAggregates(
  db: Db,
  filters: SearchFilters & { bbox: BoundingBox },
  conditions: OfferConditions,
  cell: number,
): Promise<CellRow[]> {
  const { south, west, north, east } = filters.bbox;
  const base = MAP_CELL_DEG;
  const ratio = Math.round(cell / base);
  // Base cells [k * base, (k + 1) * base) wholly inside the viewport.
  const gx0 = Math.ceil(west / base);
  const gx1 = Math.floor(east / base) - 1;
  const gy0 = Math.ceil(south / base);
  const gy1 = Math.floor(north / base) - 1;
  const where = allConditions(conditions);
  if (gx0 > gx1 || gy0 > gy1) return cellsFromOffers(db, where, cell, Number.MAX_SAFE_INTEGER);

  const partition = [
    filters.offer_type === undefined ? null : sql`offer_type = ${filters.offer_type}`,
    filters.property_type === undefined ? null : sql`property_type = ${filters.property_type}`,
    filters.country_code === undefined ? null : sql`country_code = ${filters.country_code}`,
  ].filter((part): part is SQL => part !== null);
  const inPartition = partition.length === 0 ? sql`true` : sql.join(partition, sql` and `);
  const interior = queryRows<RawCell>(
    db,
    sql`
    select floor(gx::float8 / ${ratio}) as cx, floor(gy::float8 / ${ratio}) as cy,
      sum(offers)::int as n, sum(sum_latitude) as slat, sum(sum_longitude) as slng,
      min(south) as south, min(west) as west, max(north) as north, max(east) as east
    from offer_map_cells
    where gy between ${gy0} and ${gy1} and gx between ${gx0} and ${gx1} and ${inPartition}
    group by 1, 2`,
  );
  // The same base-cell arithmetic as the table's, so interior and edge never overlap.
  const bx = sql`floor(${LNG} / ${base}::float8)`;
  const by = sql`floor(${LAT} / ${base}::float8)`;
  const x0 = gx0 * base;
  const x1 = (gx1 + 1) * base;
  const edge = sql`(
    (${box(west, south, x0, north)} and ${bx} < ${gx0})
    or (${box(x1, south, east, north)} and ${bx} > ${gx1})
    or (${box(x0, south, x1, gy0 * base)} and ${bx} between ${gx0} and ${gx1} and ${by} < ${gy0})
    or (${box(x0, (gy1 + 1) * base, x1, north)} and ${bx} between ${gx0} and ${gx1} and ${by} > ${gy1})
  )`;
  const [inside, outside] = await Promise.all([
    interior,
    cellsFromOffers(db, sql`${where} and ${edge}`, cell, Number.MAX_SAFE_INTEGER),
  ]);

  const merged = new Map<string, CellRow>();
  for (const part of [
    ...outside,
    ...inside.map((row) => toCell({ ...row, id: null, price: null, currency: null })),
  ]) {
    const key = `${part.cx}:${part.cy}`;
    const known = merged.get(key);
    if (!known) {
      merged.set(key, { ...part });
      continue;
    }
    known.n += part.n;
    known.sumLat += part.sumLat;
    known.sumLng += part.sumLng;
    known.south = Math.min(known.south, part.south);
    known.west = Math.min(known.west, part.west);
    known.north = Math.max(known.north, part.north);
    known.east = Math.max(known.east, part.east);
    known.id = null;
  }
  // A lone offer the aggregates hold is read back for its id, exact position and price: one
  // statement for every such cell (each box holds exactly that offer).
  const lone = [...merged.values()].filter((row) => row.n === 1 && row.id === null);
  if (lone.length > 0) {
    const boxes = lone.map((row) =>
      box(
        Math.max(west, row.cx * cell),
        Math.max(south, row.cy * cell),
        Math.min(east, (row.cx + 1) * cell),
        Math.min(north, (row.cy + 1) * cell),
      ),
    );
    const found = await cellsFromOffers(
      db,
      sql`${where} and (${sql.join(boxes, sql` or `)})`,
      cell,
      lone.length,
    );
    for (const row of found) merged.set(`${row.cx}:${row.cy}`, row);
  }
  return [...merged.values()].sort((a, b) => b.n - a.n || a.cy - b.cy || a.cx - b.cx);
}

/** The price and currency of offers by id (the lone offers of index cells), planned once per database. */
function priceStatement(db: Db) {
  return db
    .select({ id: offers.id, price: offers.price, currency: offers.currency })
    .from(offers)
    .where(sql`${offers.id} = any(${sql.placeholder('ids')}::bigint[])`)
    .prepare('offer_prices_by_id');
}

const preparedPrices = perDatabase(priceStatement);

/**
 * The cells of a search the facet index can answer, grouped in memory (facet-index.ts
 * `cells`): a panned or zoomed map asks a new viewport every time, which SQL answered by
 * reading every matching offer in it. The offers of one-offer cells are then read by id for
 * their price in their own currency (one statement).
 */
async function cellsFromIndex(
  db: Db,
  index: FacetIndex,
  snapshot: ReadSnapshot,
  filters: SearchFilters,
  cell: number,
  cap: number,
): Promise<CellRow[]> {
  const cells = await index.cells(db, snapshot, filters, cell, cap);
  const lone = cells.filter((row) => row.n === 1).map((row) => row.id);
  const prices = new Map<number, { price: number | null; currency: string }>();
  if (lone.length > 0) {
    for (const row of await preparedPrices(db).execute({ ids: lone })) prices.set(Number(row.id), row);
  }
  return cells.map((row) => {
    const known = row.n === 1 ? prices.get(row.id) : undefined;
    return { ...row, price: known?.price ?? null, currency: known?.currency ?? null };
  });
}

/**
 * Map mode (DESIGN 5: clusters, never all points): the offers matching the filters inside the
 * viewport, grouped on a grid whose cell follows the zoom. A cell with several offers is a
 * cluster (count, mean position, bounds); a cell with one is a point carrying the offer's id
 * and price in the asked currency. The grid is coarsened for a huge viewport so the answer
 * never exceeds `cap` features, and the counts always add up to the offers in the viewport.
 * Searches the facet index can answer (a partition, value sets, price and area bounds, a
 * radius) are grouped in memory; without the index, coarse grids without other filters than
 * offer type, property type and country add up the pre-aggregated cells; everything else
 * groups the offers in SQL.
 */
export async function clusterOffers(options: ClusterOffersOptions): Promise<OfferMapResponse> {
  const { db, filters, zoom, cap = MAP_FEATURE_CAP, now = new Date() } = options;
  const hidden = options.hidden ?? [];
  const personal = hidden.length > 0;
  const cache = personal ? undefined : options.cache;
  const index = personal ? undefined : options.index;
  if (!(cap >= MIN_MAP_FEATURE_CAP)) throw new RangeError(`cap must be at least ${MIN_MAP_FEATURE_CAP}`);
  const scope = countScope(filters);
  const { rates, conditions, version, snapshot } = await prepareSearch(
    db,
    filters,
    now,
    cache ? scope : undefined,
    undefined,
    hidden,
  );
  const cell = cellSizeFor(filters.bbox, zoom, cap);
  // Coarse grids (zoom 6 and out) of partitions alone add up the aggregates: their viewports
  // hold hundreds of thousands of offers, which the index groups one by one (12 ms at zoom 5
  // at 1M offers, the aggregates 5 ms). Finer grids go to the index where it can answer: the
  // aggregates read the offers along the viewport's edges in SQL (20 ms at zoom 8, the index
  // 4 ms).
  const aggregates = !personal && cellsCanAnswer(filters, cell);
  const coarse = aggregates && cell >= MAP_CELL_DEG * 4;
  const group = () =>
    !coarse && index && snapshot && indexable(filters)
      ? cellsFromIndex(db, index, snapshot, filters, cell, cap)
      : aggregates
        ? cellsFromAggregates(db, filters, conditions, cell)
        : cellsFromOffers(db, allConditions(conditions), cell, cap);
  // The cells are counts like a total: cached under the same change counters, keyed by the
  // grid, the cap and the conditions (the viewport among them).
  const key = sql`map ${cell} ${cap} ${allConditions(conditions)}`;
  const rows = cache ? await cache.get(db, scope, key, group, version) : await group();

  const currency: Currency = filters.currency ?? DEFAULT_CURRENCY;
  const clusters: MapCluster[] = [];
  const points: MapPoint[] = [];
  let total = 0;
  for (const row of rows) {
    const count = row.n;
    total += count;
    if (count === 1) {
      // One offer in the cell: its sums and min() are that offer's values.
      points.push({
        id: Number(row.id),
        lat: row.sumLat,
        lng: row.sumLng,
        // Only shown (the marker and its label): a converted price as the cards show it, to three
        // significant figures.
        price: row.price === null ? null : pointPrice(row.price, row.currency as Currency, currency, rates),
        currency,
      });
    } else {
      const bounds = { south: row.south, west: row.west, north: row.north, east: row.east };
      // The mean of equal values can land a rounding step outside them; keep the marker inside.
      const within = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);
      clusters.push({
        count,
        lat: within(row.sumLat / count, bounds.south, bounds.north),
        lng: within(row.sumLng / count, bounds.west, bounds.east),
        bounds,
      });
    }
  }
  return { total, zoom, cell_size_deg: cell, clusters, points };
}

/** A point's price in the asked currency: converted ones rounded as the cards round them. */
function pointPrice(
  price: number,
  from: Currency,
  to: Currency,
  rates: Parameters<typeof convertedPrice>[3],
): number | null {
  const converted = convertedPrice(price, from, to, rates);
  return converted === null || from === to ? converted : roundConvertedPrice(converted);
}
