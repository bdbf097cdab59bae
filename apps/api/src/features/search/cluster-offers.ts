import { type Db, offers } from '@estately/db';
import {
  type BoundingBox,
  type Currency,
  DEFAULT_CURRENCY,
  MAP_FEATURE_CAP,
  type MapCluster,
  type MapPoint,
  type OfferMapResponse,
  type SearchFilters,
} from '@estately/domain';
import { sql } from 'drizzle-orm';
import { convertedPrice } from '../offers-shared/exchange-rates.ts';
import { allConditions, queryRows } from './offer-conditions.ts';
import { prepareSearch } from './prepare-search.ts';

export interface ClusterOffersOptions {
  db: Db;
  /** The filters; `bbox` is the viewport and required. */
  filters: SearchFilters & { bbox: BoundingBox };
  zoom: number;
  /** Most features returned; the grid coarsens until the viewport holds no more cells. */
  cap?: number;
  now?: Date;
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

/**
 * Map mode (DESIGN 5: clusters, never all points): the offers matching the filters inside the
 * viewport, grouped in SQL on a grid whose cell follows the zoom. A cell with several offers
 * is a cluster (count, mean position, bounds); a cell with one is a point carrying the offer's
 * id and price in the asked currency. The grid is coarsened for a huge viewport so the answer
 * never exceeds `cap` features, and the counts always add up to the offers in the viewport.
 */
export async function clusterOffers(options: ClusterOffersOptions): Promise<OfferMapResponse> {
  const { db, filters, zoom, cap = MAP_FEATURE_CAP, now = new Date() } = options;
  if (!(cap >= MIN_MAP_FEATURE_CAP)) throw new RangeError(`cap must be at least ${MIN_MAP_FEATURE_CAP}`);
  const { rates, conditions } = await prepareSearch(db, filters, now);
  const cell = cellSizeFor(filters.bbox, zoom, cap);
  const gx = sql`floor(${offers.longitude} / ${cell}::float8)`;
  const gy = sql`floor(${offers.latitude} / ${cell}::float8)`;
  const rows = await queryRows<{
    n: number;
    lat: number;
    lng: number;
    south: number;
    west: number;
    north: number;
    east: number;
    id: number;
    price: string | number | null;
    currency: string;
  }>(
    db,
    sql`
    select count(*)::int as n,
      avg(${offers.latitude}) as lat, avg(${offers.longitude}) as lng,
      min(${offers.latitude}) as south, min(${offers.longitude}) as west,
      max(${offers.latitude}) as north, max(${offers.longitude}) as east,
      min(${offers.id}) as id, min(${offers.price}) as price, min(${offers.currency}) as currency
    from ${offers}
    where ${allConditions(conditions)}
    group by ${gx}, ${gy}
    order by count(*) desc, min(${offers.id})
    limit ${cap}`,
  );

  const currency: Currency = filters.currency ?? DEFAULT_CURRENCY;
  const clusters: MapCluster[] = [];
  const points: MapPoint[] = [];
  let total = 0;
  for (const row of rows) {
    const count = Number(row.n);
    total += count;
    if (count === 1) {
      // One offer in the cell: min() of each column is that offer's value.
      const price = row.price === null ? null : Number(row.price);
      points.push({
        id: Number(row.id),
        lat: Number(row.lat),
        lng: Number(row.lng),
        price: price === null ? null : convertedPrice(price, row.currency as Currency, currency, rates),
        currency,
      });
    } else {
      const bounds = {
        south: Number(row.south),
        west: Number(row.west),
        north: Number(row.north),
        east: Number(row.east),
      };
      // The mean of equal values can land a rounding step outside them; keep the marker inside.
      const within = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);
      clusters.push({
        count,
        lat: within(Number(row.lat), bounds.south, bounds.north),
        lng: within(Number(row.lng), bounds.west, bounds.east),
        bounds,
      });
    }
  }
  return { total, zoom, cell_size_deg: cell, clusters, points };
}
