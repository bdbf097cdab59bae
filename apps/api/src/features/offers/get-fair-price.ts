import type { Db } from '@estately/db';
import {
  type Currency,
  differencePercent,
  dispositionBand,
  type ExchangeRates,
  FAIR_PRICE_CELL_REACH_KM,
  type FairPrice,
  fairPriceCell,
  haversineKm,
  MIN_FAIR_PRICE_COMPARABLES,
  priceDistribution,
} from '@estately/domain';
import { sql } from 'drizzle-orm';
import { convertedPrice } from '../offers-shared/exchange-rates.ts';
import type { OfferCountCache } from '../search/count-cache.ts';
import { queryRows } from '../search/offer-conditions.ts';
import type { ReadSnapshot } from '../search/read-versions.ts';
import {
  COMPARABLES_SAMPLE,
  type ComparableBase,
  comparableOffers,
  median,
} from '../seller-stats/offer-position.ts';

/** Where the city holds too few comparable offers, those within this distance of the offer count. */
export const FAIR_PRICE_RADIUS_KM = 10;
/**
 * The city's offers are looked for within at least this distance of the offer: wider than any
 * city we list, and a bound the partition's GiST index answers instead of reading the whole
 * country's partition for the city's name (decision 064, measured there).
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
 * A comparable offer as the kept figures hold it: whether it is of the city's step (0) or of the
 * radius step (1), its id, price per m² (CZK) and place.
 */
type ComparableRow = readonly [step: 0 | 1, id: number, perArea: number, latitude: number, longitude: number];

/** The comparable offers' figures kept per group, and the change counters they are checked by. */
export interface KeptComparables {
  /** Groups' comparable offers under the change counters they were read at (decision 064). */
  cache: OfferCountCache;
  /** The snapshot of the change counters the request took before reading anything. */
  snapshot: ReadSnapshot;
}

/**
 * The newest comparable offers (decision 046's rule with the disposition band instead of the
 * price band, decision 064) of the offer's group that have a price per m²: a price that is not
 * on request and an area of at least 1 m²; rents only monthly, like the offer's. The group is
 * the offer's partition, disposition band, square (fairPriceCell) and city. In one statement:
 * the city's offers, looked for within CITY_REACH_KM of every offer of the square (its centre,
 * plus its reach), a bound the partition's GiST index answers; and only when the city holds
 * too few, every offer within FAIR_PRICE_RADIUS_KM of any offer of the square. The offer itself
 * is among them: each offer of the group leaves itself out afterwards, so the group's read
 * serves all of them (one more than the sample of each step, for that).
 */
async function readGroup(db: Db, base: FairPriceBase): Promise<ComparableRow[]> {
  const centre = fairPriceCell(base.latitude, base.longitude);
  const step = (anyCity: boolean, radiusKm: number) => {
    const { where } = comparableOffers(base, {
      priceBand: false,
      dispositionBand: true,
      near: { latitude: centre.latitude, longitude: centre.longitude, radiusKm },
      anyCity,
      withSelf: true,
    });
    const monthly = base.offerType === 'rent' ? sql`and o.rent_price_period = 'month'` : sql``;
    return sql`select o.id, o.price_normalized / o.useful_area_meters as per_area, o.latitude, o.longitude,
          o.activated_at
        from offers o
        where ${where} and o.price_normalized > 0 and o.useful_area_meters >= 1
          and o.price_variant <> 'on_request' ${monthly}
        order by o.activated_at desc, o.id desc
        limit ${COMPARABLES_SAMPLE + 1}`;
  };
  // The radius step runs only when the city's step found too few (a one-time filter: no scan).
  const rows = await queryRows<{
    step: number;
    id: number;
    per_area: number;
    latitude: number;
    longitude: number;
  }>(
    db,
    sql`with city as (${step(false, CITY_REACH_KM + FAIR_PRICE_CELL_REACH_KM)})
        select 0 as step, id, per_area, latitude, longitude, activated_at from city
        union all
        select 1 as step, near.* from (${step(true, FAIR_PRICE_RADIUS_KM + FAIR_PRICE_CELL_REACH_KM)}) near
        where (select count(*) from city) <= ${MIN_FAIR_PRICE_COMPARABLES}
        order by step, activated_at desc, id desc`,
  );
  return rows.map((row) => [
    Number(row.step) === 0 ? 0 : 1,
    Number(row.id),
    Number(row.per_area),
    Number(row.latitude),
    Number(row.longitude),
  ]);
}

/**
 * The group's comparable offers: kept, read again only once a change counter of the offer's
 * partition moved (every comparable offer is in it), so a page of another offer of the same
 * group reads none (decision 064). Without `kept`, read.
 */
function groupComparables(
  db: Db,
  base: FairPriceBase,
  kept: KeptComparables | undefined,
): Promise<ComparableRow[]> {
  if (!kept) return readGroup(db, base);
  const cell = fairPriceCell(base.latitude, base.longitude);
  const key = [
    'fair-price',
    base.offerType,
    base.propertyType,
    base.countryCode,
    dispositionBand(base.disposition)?.join(',') ?? '*',
    cell.row,
    cell.column,
    base.city.toLowerCase(),
  ].join('\n');
  const scope = { offerType: base.offerType, propertyType: base.propertyType, countryCode: base.countryCode };
  return kept.cache.getKeyed(key, kept.snapshot.version(scope), () => readGroup(db, base));
}

/**
 * Prices per m² (CZK) of the offer's comparable offers of one step, the newest
 * COMPARABLES_SAMPLE: its group's without the offer itself, and for the radius step only those
 * within FAIR_PRICE_RADIUS_KM of it.
 */
function comparablePricesPerArea(
  base: FairPriceBase,
  group: readonly ComparableRow[],
  wanted: 0 | 1,
): number[] {
  const here = { lat: base.latitude, lng: base.longitude };
  const values: number[] = [];
  for (const [step, id, perArea, latitude, longitude] of group) {
    if (step !== wanted || id === base.id) continue;
    if (step === 1 && haversineKm(here, { lat: latitude, lng: longitude }) > FAIR_PRICE_RADIUS_KM) continue;
    values.push(perArea);
    if (values.length === COMPARABLES_SAMPLE) break;
  }
  return values;
}

/**
 * The offer's fair-price context (issue 43 point 6): the median price per m² of comparable
 * public offers in its city, else within FAIR_PRICE_RADIUS_KM of it, how many it rests on,
 * where the offer stands against it and the distribution, in `currency`. Null with fewer than
 * MIN_FAIR_PRICE_COMPARABLES comparable offers, for a rent that is not monthly, or without a
 * rate. With `kept`, the comparable offers come from the group's kept figures when the offer's
 * partition is unchanged.
 */
export async function getFairPrice(options: {
  db: Db;
  base: FairPriceBase;
  currency: Currency;
  rates: ExchangeRates;
  kept?: KeptComparables;
}): Promise<FairPrice | null> {
  const { db, base, currency, rates, kept } = options;
  if (base.offerType === 'rent' && base.rentPricePeriod !== 'month') return null;
  const group = await groupComparables(db, base, kept);
  let radiusKm: number | null = null;
  let values = comparablePricesPerArea(base, group, 0);
  if (values.length < MIN_FAIR_PRICE_COMPARABLES) {
    radiusKm = FAIR_PRICE_RADIUS_KM;
    values = comparablePricesPerArea(base, group, 1);
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
