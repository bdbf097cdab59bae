import type { Db } from '@estately/db';
import {
  AREA_DESCRIPTION_ERROR_MESSAGE,
  type AreaDescription,
  type Currency,
  convertPrice,
  type Locale,
  NO_RESULTS_MESSAGE,
} from '@estately/domain';
import { localeData } from '@estately/i18n';
import { sql } from 'drizzle-orm';
import { AppError, isAppError } from '../../lib/app-error.ts';
import { loadExchangeRates } from '../offers-shared/exchange-rates.ts';
import { boxAround } from './geo-box.ts';
import type { TtlCache } from './offer-stats-cache.ts';
import { queryRows, type SummaryRow, summaryColumns, summaryJoins, toSummary } from './place-names.ts';

export interface DescribeAreaOptions {
  db: Db;
  locationId: number;
  locale: Locale;
  /** Currency of the medians; default the locale's (localeData). */
  currency?: Currency;
  /** Keeps the offer statistics of a place a while (they are costly for large areas). */
  offerStatsCache?: TtlCache<OfferStatsRow | undefined>;
}

/** Rent is compared per month: a weekly rent is 52/12 of it, a daily one 365/12. */
const MONTHLY_RENT = sql`case o.rent_price_period when 'week' then 52.0 / 12 when 'day' then 365.0 / 12 else 1 end`;

/**
 * Radius of "nearby" points of interest: a city part is a walk (1.5 km); a city grows with its
 * population (Praha ~5.6 km, a town of 10,000 2 km), capped at 10 km. A country counts the
 * points of its cities instead of a circle.
 */
export function poiRadiusKm(kind: string, population: number): number | null {
  if (kind === 'country') return null;
  if (kind === 'city_part') return 1.5;
  const km = 1 + Math.sqrt(Math.max(0, population)) / 250;
  return Math.round(Math.min(10, Math.max(2, km)) * 10) / 10;
}

export interface OfferStatsRow {
  sale_count: number | string;
  rent_count: number | string;
  sale_priced: number | string;
  rent_priced: number | string;
  sale_median: number | string | null;
  rent_median: number | string | null;
}

/**
 * GET /public/locations/{id}/area_description: what a visitor wants to know about a place
 * before searching it: how many offers are there for sale and for rent, the median asking
 * price per m2 of each (in the visitor's currency), the points of interest nearby by kind, and
 * the population. Spec 8 gives the client's messages: 'No results found.' (404) when the
 * place exists but nothing is known about it (no offer, no point of interest), and 'Error
 * retrieving area description' (503) when the lookup fails; an unknown id is a plain 404.
 *
 * Offers are counted through `offers.location_path` (the place and its ancestors, GIN
 * indexed), so a city counts the offers of its city parts. Medians are taken over the
 * CZK-normalised price (`price_normalized`) and converted once, so offers priced in several
 * currencies mix correctly.
 */
export async function describeArea(options: DescribeAreaOptions): Promise<AreaDescription> {
  const { db, locationId, locale } = options;
  const currency = options.currency ?? localeData(locale).currency;
  try {
    const [place] = await queryRows<SummaryRow>(
      db,
      sql`select ${summaryColumns} from locations l ${summaryJoins(locale)} where l.id = ${locationId}`,
    );
    if (!place) throw new AppError('not_found');
    const location = toSummary(place, locale);
    const radiusKm = poiRadiusKm(location.kind, location.population);

    const loadOfferStats = async () => {
      const [row] = await queryRows<OfferStatsRow>(
        db,
        sql`
      select
        count(*) filter (where o.offer_type = 'sale') as sale_count,
        count(*) filter (where o.offer_type = 'rent') as rent_count,
        count(*) filter (where o.offer_type = 'sale' and o.price_normalized > 0 and o.useful_area_meters > 0) as sale_priced,
        count(*) filter (where o.offer_type = 'rent' and o.price_normalized > 0 and o.useful_area_meters > 0) as rent_priced,
        percentile_cont(0.5) within group (order by o.price_normalized / o.useful_area_meters)
          filter (where o.offer_type = 'sale' and o.price_normalized > 0 and o.useful_area_meters > 0) as sale_median,
        percentile_cont(0.5) within group (order by o.price_normalized * ${MONTHLY_RENT} / o.useful_area_meters)
          filter (where o.offer_type = 'rent' and o.price_normalized > 0 and o.useful_area_meters > 0) as rent_median
      from offers o
      where o.location_path @> array[${locationId}]::bigint[]`,
      );
      return row;
    };
    const offerStats = options.offerStatsCache
      ? options.offerStatsCache.get(String(locationId), loadOfferStats)
      : loadOfferStats();

    let poiQuery: ReturnType<typeof sql>;
    if (radiusKm === null) {
      poiQuery = sql`
        select p.kind, count(*) as count
        from points_of_interest p
        join locations c on c.id = p.city_location_id
        where c.country_code = ${location.country_code}
        group by p.kind`;
    } else {
      // The GiST point index narrows to a box; the exact great-circle distance decides.
      const box = boxAround(location.latitude, location.longitude, radiusKm);
      poiQuery = sql`
        select p.kind, count(*) as count
        from points_of_interest p
        where p.point <@ box(point(${box.west}, ${box.south}), point(${box.east}, ${box.north}))
          and geo_distance_km(p.point, point(${location.longitude}, ${location.latitude})) <= ${radiusKm}
        group by p.kind`;
    }
    const [stats, poiRows, rates] = await Promise.all([
      offerStats,
      queryRows<{ kind: string; count: number | string }>(db, poiQuery),
      loadExchangeRates(db),
    ]);

    const byKind = poiRows
      .map((row) => ({ kind: row.kind, count: Number(row.count) }))
      .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
    const poiTotal = byKind.reduce((sum, row) => sum + row.count, 0);
    const saleCount = Number(stats?.sale_count ?? 0);
    const rentCount = Number(stats?.rent_count ?? 0);
    if (saleCount + rentCount === 0 && poiTotal === 0) {
      throw new AppError('not_found', { message: NO_RESULTS_MESSAGE });
    }

    const perM2 = (median: number | string | null | undefined): number | null => {
      if (median === null || median === undefined) return null;
      const value = convertPrice(Number(median), 'CZK', currency, rates);
      return Math.round(value);
    };
    return {
      location,
      currency,
      population: location.population,
      offers: {
        sale: {
          count: saleCount,
          priced_count: Number(stats?.sale_priced ?? 0),
          median_price_per_m2: perM2(stats?.sale_median),
        },
        rent: {
          count: rentCount,
          priced_count: Number(stats?.rent_priced ?? 0),
          median_price_per_m2: perM2(stats?.rent_median),
        },
      },
      points_of_interest: { radius_km: radiusKm, total: poiTotal, by_kind: byKind },
    };
  } catch (error) {
    if (isAppError(error)) throw error;
    // Spec 8: the client shows this text; the cause (SQL, driver) stays in the log.
    throw new AppError('service_unavailable', { message: AREA_DESCRIPTION_ERROR_MESSAGE, cause: error });
  }
}
