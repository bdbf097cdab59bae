import type { Db } from '@estately/db';
import {
  type Currency,
  differencePercent,
  type ExchangeRates,
  type FairPrice,
  MIN_FAIR_PRICE_COMPARABLES,
  priceDistribution,
} from '@estately/domain';
import { sql } from 'drizzle-orm';
import { convertedPrice } from '../offers-shared/exchange-rates.ts';
import { queryRows } from '../search/offer-conditions.ts';
import {
  COMPARABLES_SAMPLE,
  type ComparableBase,
  comparableOffers,
  median,
} from '../seller-stats/offer-position.ts';

/** Where the city holds too few comparable offers, those within this distance of the offer count. */
export const FAIR_PRICE_RADIUS_KM = 10;
/**
 * The city's offers are looked for within this distance of the offer: wider than any city we
 * list, and a bound the partition's GiST index answers instead of reading the whole country's
 * partition for the city's name (decision 064, measured there).
 */
export const CITY_REACH_KM = 40;

/** The offer's row of the read model as the fair price reads it. */
export interface FairPriceBase extends ComparableBase {
  disposition: string | null;
  usefulAreaMeters: number | null;
  priceVariant: string;
  rentPricePeriod: string | null;
  latitude: number;
  longitude: number;
}

/**
 * Prices per m² (CZK) of the newest comparable offers (decision 046's rule with the disposition
 * band instead of the price band, decision 064) that have one: a price that is not on request
 * and an area of at least 1 m²; rents only monthly, like the offer's.
 */
async function comparablePricesPerArea(
  db: Db,
  base: FairPriceBase,
  locality: { radiusKm: number; anyCity: boolean },
): Promise<number[]> {
  const { where } = comparableOffers(base, {
    priceBand: false,
    dispositionBand: true,
    near: { latitude: base.latitude, longitude: base.longitude, radiusKm: locality.radiusKm },
    anyCity: locality.anyCity,
  });
  const monthly = base.offerType === 'rent' ? sql`and o.rent_price_period = 'month'` : sql``;
  const rows = await queryRows<{ per_area: number }>(
    db,
    sql`select o.price_normalized / o.useful_area_meters as per_area
        from offers o
        where ${where} and o.price_normalized > 0 and o.useful_area_meters >= 1
          and o.price_variant <> 'on_request' ${monthly}
        order by o.activated_at desc, o.id desc
        limit ${COMPARABLES_SAMPLE}`,
  );
  return rows.map((row) => Number(row.per_area));
}

/**
 * The offer's fair-price context (issue 43 point 6): the median price per m² of comparable
 * public offers in its city (looked for within CITY_REACH_KM), else within FAIR_PRICE_RADIUS_KM of it, how many it rests on, where
 * the offer stands against it and the distribution, in `currency`. Null with fewer than
 * MIN_FAIR_PRICE_COMPARABLES comparable offers, for a rent that is not monthly, or without a rate.
 */
export async function getFairPrice(options: {
  db: Db;
  base: FairPriceBase;
  currency: Currency;
  rates: ExchangeRates;
}): Promise<FairPrice | null> {
  const { db, base, currency, rates } = options;
  if (base.offerType === 'rent' && base.rentPricePeriod !== 'month') return null;
  let radiusKm: number | null = null;
  let values = await comparablePricesPerArea(db, base, { radiusKm: CITY_REACH_KM, anyCity: false });
  if (values.length < MIN_FAIR_PRICE_COMPARABLES) {
    radiusKm = FAIR_PRICE_RADIUS_KM;
    values = await comparablePricesPerArea(db, base, { radiusKm, anyCity: true });
  }
  const middle = median(values);
  if (values.length < MIN_FAIR_PRICE_COMPARABLES || middle === null) return null;
  const convert = (czk: number) => convertedPrice(czk, 'CZK', currency, rates);
  const shown = convert(middle);
  if (shown === null) return null;
  const area = base.usefulAreaMeters;
  const own =
    base.priceNormalized !== null &&
    base.priceNormalized > 0 &&
    base.priceVariant !== 'on_request' &&
    area !== null &&
    area >= 1
      ? base.priceNormalized / area
      : null;
  return {
    median_price_per_m2: Math.round(shown),
    currency,
    comparables: values.length,
    locality_name: base.city,
    radius_km: radiusKm,
    difference_percent: own === null ? null : differencePercent(own, middle),
    distribution: priceDistribution(values).map((bucket) => ({
      from: Math.round(convert(bucket.from) ?? 0),
      to: Math.round(convert(bucket.to) ?? 0),
      count: bucket.count,
    })),
  };
}
