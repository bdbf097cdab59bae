import type { Db } from '@estately/db';
import {
  convertPrice,
  MIN_PRICE_MAP_OFFERS,
  niceScaleBreaks,
  PRICE_MAP_MAX_FIGURES,
  PRICE_MAP_REFRESH_HOURS,
  PRICE_MAP_SCALE_QUANTILES,
  type PriceMapQuery,
  type PriceMapResponse,
  priceClassOf,
} from '@estately/domain';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { localizedName, queryRows } from '../locations/place-names.ts';
import { loadExchangeRates } from '../offers-shared/exchange-rates.ts';

// GET /public/price_map (issue 44 point 5, decision 073): the figures the worker's job keeps in
// price_map_medians, for one offer type and level, converted into the visitor's currency, with
// the colour scale and how many places were left out for too few offers. Two small statements
// over that table (a few thousand rows at most); the offers are never read here.

interface SummaryRow {
  computed_at: Date | string | null;
  quantiles: number[] | string | null;
  shown: number | string;
  hidden: number | string;
}

interface FigureRow {
  location_id: number | string;
  country_code: string;
  latitude: number;
  longitude: number;
  median_per_m2: number;
  offers: number | string;
  name: string | null;
}

/** A float8[] as the drivers hand it over: an array, or PostgreSQL's text form `{1,2}`. */
function numberArray(value: number[] | string | null): number[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value.map(Number);
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter((part) => part !== '' && part !== 'NULL')
    .map(Number);
}

export async function readPriceMap(options: { db: Db; query: PriceMapQuery }): Promise<PriceMapResponse> {
  const { db, query } = options;
  if (query.level === 'locality' && query.bbox === undefined) {
    throw new AppError('validation_errors', { errors: { bbox: ['validation.invalid_bbox'] } });
  }
  const box = query.level === 'locality' ? query.bbox : undefined;
  // A viewport across the antimeridian (west > east) is two ranges of longitude.
  const inArea: SQL = box
    ? sql`m.latitude between ${box.south} and ${box.north} and ${
        box.west <= box.east
          ? sql`m.longitude between ${box.west} and ${box.east}`
          : sql`(m.longitude >= ${box.west} or m.longitude <= ${box.east})`
      }`
    : sql`true`;
  const kind = sql`m.offer_type = ${query.offer_type} and m.level = ${query.level}`;
  const quantiles = sql.raw(`array[${PRICE_MAP_SCALE_QUANTILES.join(',')}]::float8[]`);
  // The scale spans every shown figure of the level, so a colour keeps its price when the map moves.
  const [summary] = await queryRows<SummaryRow>(
    db,
    sql`select max(m.computed_at) as computed_at,
        percentile_cont(${quantiles}) within group (order by m.median_per_m2)
          filter (where m.offers >= ${MIN_PRICE_MAP_OFFERS}) as quantiles,
        count(*) filter (where m.offers >= ${MIN_PRICE_MAP_OFFERS} and ${inArea}) as shown,
        count(*) filter (where m.offers < ${MIN_PRICE_MAP_OFFERS} and ${inArea}) as hidden
      from price_map_medians m
      where ${kind}`,
  );
  const shown = Number(summary?.shown ?? 0);
  const figures =
    shown === 0
      ? []
      : await queryRows<FigureRow>(
          db,
          sql`select m.location_id, m.country_code, m.latitude, m.longitude, m.median_per_m2, m.offers, nm.name
            from price_map_medians m
            left join lateral ${localizedName(sql`m.location_id`, query.locale)} nm on true
            where ${kind} and m.offers >= ${MIN_PRICE_MAP_OFFERS} and ${inArea}
            order by m.offers desc, m.location_id
            limit ${PRICE_MAP_MAX_FIGURES}`,
        );
  const rates = await loadExchangeRates(db);
  const convert = (czk: number) => convertPrice(czk, 'CZK', query.currency, rates);
  const scale = niceScaleBreaks(numberArray(summary?.quantiles ?? null).map(convert));
  const computedAt = summary?.computed_at ? new Date(summary.computed_at).toISOString() : null;
  return {
    offer_type: query.offer_type,
    level: query.level,
    currency: query.currency,
    computed_at: computedAt,
    refresh_hours: PRICE_MAP_REFRESH_HOURS,
    min_offers: MIN_PRICE_MAP_OFFERS,
    scale,
    hidden: Number(summary?.hidden ?? 0),
    truncated: shown > figures.length,
    data: figures.map((row) => {
      const value = convert(Number(row.median_per_m2));
      // Whole units, but a tenth below 100 (a rent of 12.4 EUR a m² is not 12).
      const median = value < 100 ? Math.round(value * 10) / 10 : Math.round(value);
      return {
        location_id: Number(row.location_id),
        country_code: row.country_code,
        name: row.name ?? row.country_code,
        latitude: Number(row.latitude),
        longitude: Number(row.longitude),
        median_price_per_m2: median,
        offers: Number(row.offers),
        price_class: priceClassOf(median, scale),
      };
    }),
  };
}
