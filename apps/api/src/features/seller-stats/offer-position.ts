import { type Db, offers, offerViewStats } from '@estately/db';
import { dispositionBand, MIN_COMPARABLE_OFFERS, type OfferPosition } from '@estately/domain';
import { type SQL, sql } from 'drizzle-orm';
import { circleBoundingBox, queryRows } from '../search/offer-conditions.ts';

// The offer's position among comparable offers (issue 38 point 11): its detail views per day
// over the statistics window against the median of comparable public offers.

/** A comparable offer's CZK price lies within 0.7x to 1.3x of the offer's. */
export const PRICE_BAND = { low: 0.7, high: 1.3 } as const;
/** At most this many comparable offers, the newest, make the median (bounded work in a big city). */
export const COMPARABLES_SAMPLE = 2_000;

/** What an offer is compared by: its row of the public read model. */
export interface ComparableBase {
  id: number;
  offerType: string;
  propertyType: string;
  countryCode: string;
  city: string;
  /** The price in CZK (`offers.price_normalized`); null for a price on request. */
  priceNormalized: number | null;
  /** Read by the disposition band only. */
  disposition?: string | null;
}

/**
 * How the rule is narrowed. The position of decision 046 keeps its price band; the fair-price
 * context (decision 064) compares prices per m², so it drops the price band (which would hide
 * the very offers priced far from this one) and adds the disposition band. `near` keeps the
 * offers within a circle around a point (the partition's GiST index answers it), and
 * `anyCity` drops the city where the offer's own holds too few. `withSelf` keeps the offer
 * itself among them: the fair price reads a group's offers once for all of its members, and
 * each leaves itself out.
 */
export interface ComparableNarrowing {
  priceBand?: boolean;
  dispositionBand?: boolean;
  near?: { latitude: number; longitude: number; radiusKm: number };
  anyCity?: boolean;
  withSelf?: boolean;
}

export type ComparableCriteria = NonNullable<OfferPosition['criteria']>;

/**
 * The one definition of a comparable offer: another public offer (alias `o` of `offers`) of the
 * same offer type (sale, rent) and property type, in the same country and the same city
 * (compared without case), and, when the offer has a price, priced within 0.7x to 1.3x of it in
 * CZK (so currencies mix). An offer with its price on request is compared with every price.
 * `narrowing` trades the price band for a disposition band, and adds a circle or drops the city.
 */
export function comparableOffers(
  base: ComparableBase,
  narrowing: ComparableNarrowing = {},
): { where: SQL; criteria: ComparableCriteria } {
  const price = narrowing.priceBand === false ? null : base.priceNormalized;
  const from = price === null ? null : Math.round(price * PRICE_BAND.low);
  const to = price === null ? null : Math.round(price * PRICE_BAND.high);
  const conditions: SQL[] = [
    sql`o.is_public`,
    sql`o.offer_type = ${base.offerType}`,
    sql`o.property_type = ${base.propertyType}`,
    sql`o.country_code = ${base.countryCode}`,
  ];
  if (!narrowing.withSelf) conditions.push(sql`o.id <> ${base.id}`);
  if (!narrowing.anyCity) conditions.push(sql`lower(o.city) = lower(${base.city})`);
  if (narrowing.near) conditions.push(withinCircle(narrowing.near));
  const band = narrowing.dispositionBand ? dispositionBand(base.disposition ?? null) : null;
  if (band)
    conditions.push(
      sql`o.disposition in (${sql.join(
        band.map((value) => sql`${value}`),
        sql`, `,
      )})`,
    );
  if (from !== null && to !== null) conditions.push(sql`o.price_normalized between ${from} and ${to}`);
  return {
    where: sql.join(conditions, sql` and `),
    criteria: {
      offer_type: base.offerType as ComparableCriteria['offer_type'],
      property_type: base.propertyType as ComparableCriteria['property_type'],
      country_code: base.countryCode,
      city: base.city,
      price_from_czk: from,
      price_to_czk: to,
    },
  };
}

/**
 * Offers (alias `o`) within `radiusKm` of a point: the circle's bounding box, which the partial
 * GiST index on (offer type, property type, country, location) answers within the partition,
 * then the great-circle distance (the radius search of spec 9 does the same on the unaliased
 * table).
 */
function withinCircle(near: NonNullable<ComparableNarrowing['near']>): SQL {
  const box = circleBoundingBox(near.latitude, near.longitude, near.radiusKm);
  const distance = sql`geo_distance_km(o.location, point(${near.longitude}::float8, ${near.latitude}::float8)) <= ${near.radiusKm}::float8`;
  // A circle across the antimeridian has no single box: the distance alone decides there.
  if (box.west > box.east) return distance;
  return sql`o.location <@ box(point(${box.west}::float8, ${box.south}::float8), point(${box.east}::float8, ${box.north}::float8)) and ${distance}`;
}

/** The median of the values (the mean of the middle two for an even count); null when none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Days an offer activated at `activatedAt` has been listed within the window; at least 1. */
function listedDaysSql(from: string, to: string): SQL {
  return sql`greatest(1, ${to}::date - greatest(${from}::date, (o.activated_at at time zone 'UTC')::date) + 1)`;
}

/**
 * The position of offer `id` over the window `from`..`to` (UTC days, both included), given its
 * detail views in the window. Views per day divide an offer's views in the window by the days
 * it has been listed in the window.
 */
export async function offerPosition(options: {
  db: Db;
  id: number;
  from: string;
  to: string;
  views: number;
  windowDays: number;
}): Promise<OfferPosition> {
  const { db, id, from, to, views, windowDays } = options;
  // The offer's row of the read model, whether public now or not (paused, sold): it is kept.
  const [row] = await queryRows<{
    offer_type: string;
    property_type: string;
    country_code: string;
    city: string;
    price_normalized: number | null;
    listed_days: number;
  }>(
    db,
    sql`select o.offer_type, o.property_type, o.country_code, o.city, o.price_normalized,
               ${listedDaysSql(from, to)}::int as listed_days
        from ${offers} o where o.id = ${id}`,
  );
  if (!row) {
    return {
      status: 'unpublished',
      views_per_day: round2(views / windowDays),
      median_views_per_day: null,
      comparables: 0,
      min_comparables: MIN_COMPARABLE_OFFERS,
      criteria: null,
    };
  }
  const own = views / Number(row.listed_days);
  const { where, criteria } = comparableOffers({
    id,
    offerType: row.offer_type,
    propertyType: row.property_type,
    countryCode: row.country_code,
    city: row.city,
    priceNormalized: row.price_normalized === null ? null : Number(row.price_normalized),
  });
  const rows = await queryRows<{ views: number; listed_days: number }>(
    db,
    sql`
      select coalesce((select sum(s.detail_views) from ${offerViewStats} s
                       where s.property_id = o.id and s.day between ${from}::date and ${to}::date), 0)::int as views,
             ${listedDaysSql(from, to)}::int as listed_days
      from ${offers} o
      where ${where}
      order by o.activated_at desc, o.id desc
      limit ${COMPARABLES_SAMPLE}
    `,
  );
  const perDay = rows.map((row) => Number(row.views) / Number(row.listed_days));
  const enough = perDay.length >= MIN_COMPARABLE_OFFERS;
  const middle = enough ? median(perDay) : null;
  return {
    status: enough ? 'ok' : 'too_few',
    views_per_day: round2(own),
    median_views_per_day: middle === null ? null : round2(middle),
    comparables: perDay.length,
    min_comparables: MIN_COMPARABLE_OFFERS,
    criteria,
  };
}
