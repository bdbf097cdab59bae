import {
  computeTrustScore,
  countStatedParameters,
  TRUST_MIN_MEDIAN_OFFERS,
  type TrustParameter,
  type TrustScore,
  trustPoints,
} from '@estately/domain';
import { sql } from 'drizzle-orm';
import type { OfferRow } from './offer-projection.ts';
import type { DbOrTx } from './types.ts';

// The inputs of each offer's trust signals (packages/domain trust-score.ts, docs/decisions/066)
// and where they are kept. One statement gathers what lies outside the offer's own row for any
// number of offers, so the property write (one offer), the moderation and rating writes (one
// seller's offers) and the whole-base recompute (batches) share it.

/** What the signals read from the offer's own read-model row. */
export type TrustOfferValues = Pick<
  OfferRow,
  | 'id'
  | 'offerType'
  | 'priceNormalized'
  | 'priceVariant'
  | 'rentPricePeriod'
  | 'usefulAreaMeters'
  | 'isVerified'
  | 'hasFloorPlan'
  | 'yearBuilt'
  | 'typeOfBuilding'
  | 'typeOfHeating'
  | 'penb'
  | 'ownership'
  | 'reconstruction'
  | 'furnishings'
  | 'floor'
  | 'bathrooms'
  | 'parking'
>;

interface TrustContextRow {
  id: number | string;
  identity_verified: boolean;
  age_days: number | string;
  reply_rate_percent: number | null;
  reply_median_minutes: number | null;
  photos: number | string;
  copied: number | string;
  upheld: number | string;
  median_per_m2: number | string | null;
}

async function rows<T>(db: DbOrTx, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/**
 * The seller's verification, the account's age and reply figures (migration 0033), the ready
 * photos and how many of them are files another seller's offer had first (same content hash:
 * the first to upload keeps the signal), upheld reports, and the city's median price per m² for
 * the same kind of offer.
 */
export function trustContextStatement(ids: readonly number[]) {
  return sql`select p.id,
          coalesce(s.is_verified, false) as identity_verified,
          extract(epoch from (now() - u.created_at)) / 86400 as age_days,
          u.reply_rate_percent, u.reply_median_minutes,
          coalesce(m.photos, 0) as photos, coalesce(m.copied, 0) as copied,
          (select count(*) from offer_reports r where r.property_id = p.id and r.status = 'resolved') as upheld,
          lm.median_per_m2
        from properties p
        join users u on u.id = p.owner_id
        left join sellers s on s.id = p.seller_id
        left join lateral (
          select count(*) as photos,
            -- Another account's rows, as the two ranges of owners either side of the offer's
            -- own in the hash-and-owner index (migration 0044): the account's own rows with
            -- these bytes, however many, are not read.
            count(*) filter (where pm.content_hash is not null and (
              exists (select 1 from property_media other
                where other.content_hash = pm.content_hash and other.owner_id < p.owner_id
                  and (other.created_at, other.id) < (pm.created_at, pm.id))
              or exists (select 1 from property_media other
                where other.content_hash = pm.content_hash and other.owner_id > p.owner_id
                  and (other.created_at, other.id) < (pm.created_at, pm.id)))) as copied
          from property_media pm
          where pm.property_id = p.id and pm.status = 'ready' and pm.kind = 'photo'
        ) m on true
        left join locality_price_medians lm on lm.country_code = p.country_code and lm.city = p.city
          and lm.offer_type = p.offer_type and lm.property_type = p.property_type
          and lm.offers >= ${TRUST_MIN_MEDIAN_OFFERS}
        where p.id = any(${idArray(ids)}::bigint[])`;
}

async function loadTrustContext(db: DbOrTx, ids: readonly number[]): Promise<Map<number, TrustContextRow>> {
  if (ids.length === 0) return new Map();
  const found = await rows<TrustContextRow>(db, trustContextStatement(ids));
  return new Map(found.map((row) => [Number(row.id), row]));
}

const PARAMETER_FIELDS: Record<TrustParameter, keyof TrustOfferValues> = {
  year_built: 'yearBuilt',
  type_of_building: 'typeOfBuilding',
  type_of_heating: 'typeOfHeating',
  penb: 'penb',
  ownership: 'ownership',
  reconstruction: 'reconstruction',
  furnishings: 'furnishings',
  floor: 'floor',
  bathrooms: 'bathrooms',
  parking: 'parking',
};

/** Base-currency price per m², for a price that is stated and a monthly rent only (as the medians). */
function pricePerM2(offer: TrustOfferValues): number | null {
  const price = offer.priceNormalized;
  const area = offer.usefulAreaMeters;
  if (price === null || price === undefined || price <= 0 || !area || area < 1) return null;
  if (offer.priceVariant === 'on_request') return null;
  if (offer.offerType === 'rent' && offer.rentPricePeriod !== 'month') return null;
  return price / area;
}

function scoreOf(offer: TrustOfferValues, context: TrustContextRow | undefined): TrustScore {
  const parameters = Object.fromEntries(
    Object.entries(PARAMETER_FIELDS).map(([parameter, field]) => [parameter, offer[field]]),
  );
  return computeTrustScore({
    identityVerified: context?.identity_verified ?? false,
    listingVerified: offer.isVerified ?? false,
    photos: Number(context?.photos ?? 0),
    copiedPhotos: Number(context?.copied ?? 0),
    hasFloorPlan: offer.hasFloorPlan ?? false,
    parametersStated: countStatedParameters(parameters),
    pricePerM2: pricePerM2(offer),
    medianPerM2:
      context?.median_per_m2 === null || context?.median_per_m2 === undefined
        ? null
        : Number(context.median_per_m2),
    replyRatePercent: context?.reply_rate_percent ?? null,
    replyMedianMinutes: context?.reply_median_minutes ?? null,
    accountAgeDays: Number(context?.age_days ?? 0),
    upheldReports: Number(context?.upheld ?? 0),
  });
}

/** The trust scores of offers from their read-model values (one statement for the rest). */
export async function scoreOffers(
  db: DbOrTx,
  offers: readonly TrustOfferValues[],
): Promise<Map<number, TrustScore>> {
  const context = await loadTrustContext(
    db,
    offers.map((offer) => offer.id),
  );
  return new Map(offers.map((offer) => [offer.id, scoreOf(offer, context.get(offer.id))]));
}

/** Keeps the signals of each scored offer (property_trust), one statement for all. */
export async function storeTrustSignals(db: DbOrTx, scores: ReadonlyMap<number, TrustScore>): Promise<void> {
  if (scores.size === 0) return;
  const payload = JSON.stringify(
    [...scores].map(([id, score]) => ({ id, score: score.score, points: trustPoints(score) })),
  );
  await db.execute(sql`insert into property_trust (property_id, score, points, computed_at)
      select (e->>'id')::bigint, (e->>'score')::smallint,
        array(select (x)::smallint from jsonb_array_elements_text(e->'points') with ordinality as t(x, n) order by n),
        now()
      from jsonb_array_elements(${payload}::jsonb) e
      on conflict (property_id) do update
        set score = excluded.score, points = excluded.points, computed_at = excluded.computed_at`);
}

const OFFER_VALUES = sql`o.id, o.offer_type, o.price_normalized, o.price_variant, o.rent_price_period,
  o.useful_area_meters, o.is_verified, o.has_floor_plan, o.year_built, o.type_of_building,
  o.type_of_heating, o.penb, o.ownership, o.reconstruction, o.furnishings, o.floor, o.bathrooms, o.parking`;

interface OfferValuesRow {
  id: number | string;
  offer_type: string;
  price_normalized: number | string | null;
  price_variant: string;
  rent_price_period: string | null;
  useful_area_meters: number | string | null;
  is_verified: boolean;
  has_floor_plan: boolean;
  year_built: number | null;
  type_of_building: string | null;
  type_of_heating: string | null;
  penb: string | null;
  ownership: string | null;
  reconstruction: string | null;
  furnishings: string | null;
  floor: number | null;
  bathrooms: number | null;
  parking: string | null;
}

function offerValuesOf(row: OfferValuesRow): TrustOfferValues {
  return {
    id: Number(row.id),
    offerType: row.offer_type,
    priceNormalized: row.price_normalized === null ? null : Number(row.price_normalized),
    priceVariant: row.price_variant,
    rentPricePeriod: row.rent_price_period,
    usefulAreaMeters: row.useful_area_meters === null ? null : Number(row.useful_area_meters),
    isVerified: row.is_verified,
    hasFloorPlan: row.has_floor_plan,
    yearBuilt: row.year_built,
    typeOfBuilding: row.type_of_building,
    typeOfHeating: row.type_of_heating,
    penb: row.penb ?? 'unknown',
    ownership: row.ownership,
    reconstruction: row.reconstruction,
    furnishings: row.furnishings,
    floor: row.floor,
    bathrooms: row.bathrooms,
    parking: row.parking,
  };
}

/**
 * Scores the given offers again from their read-model rows, keeps their signals and writes the
 * sum to offers.seller_trust_score (the trust-score filter), rows whose score changed only.
 * For writes that change what many offers read (a report decision, a seller's verification):
 * a few statements whatever the count.
 */
export async function rescoreOffers(db: DbOrTx, where: ReturnType<typeof sql>): Promise<number> {
  const found = await rows<OfferValuesRow>(db, sql`select ${OFFER_VALUES} from offers o where ${where}`);
  if (found.length === 0) return 0;
  const scores = await scoreOffers(db, found.map(offerValuesOf));
  await storeTrustSignals(db, scores);
  const payload = JSON.stringify([...scores].map(([id, score]) => ({ id, score: score.score })));
  await db.execute(sql`update offers o set seller_trust_score = (e->>'score')::smallint
      from jsonb_array_elements(${payload}::jsonb) e
      where o.id = (e->>'id')::bigint and o.seller_trust_score is distinct from (e->>'score')::smallint`);
  return found.length;
}

/**
 * The medians per m² of every city's public offers by offer and property type (base currency;
 * a stated price and an area of at least 1 m²; rents monthly only), in one statement; a city
 * whose offers are all gone loses its row.
 */
export async function refreshLocalityPriceMedians(db: DbOrTx): Promise<number> {
  const kept = await rows<{ n: number | string }>(
    db,
    sql`with fresh as (
        insert into locality_price_medians (country_code, city, offer_type, property_type, median_per_m2, offers, computed_at)
        select country_code, city, offer_type, property_type,
          percentile_cont(0.5) within group (order by price_normalized / useful_area_meters), count(*), now()
        from offers
        where is_public and city <> '' and price_normalized > 0 and useful_area_meters >= 1
          and price_variant <> 'on_request' and (offer_type <> 'rent' or rent_price_period = 'month')
        group by country_code, city, offer_type, property_type
        on conflict (country_code, city, offer_type, property_type) do update
          set median_per_m2 = excluded.median_per_m2, offers = excluded.offers, computed_at = excluded.computed_at
        returning country_code, city, offer_type, property_type
      ), gone as (
        delete from locality_price_medians m
        where not exists (select 1 from fresh f where f.country_code = m.country_code and f.city = m.city
          and f.offer_type = m.offer_type and f.property_type = m.property_type)
      )
      select count(*) as n from fresh`,
  );
  return Number(kept[0]?.n ?? 0);
}

/**
 * Every offer's trust signals again, in batches of `batchSize` by id (each batch a few
 * statements, in its own transaction when `db` is a database): the recompute step of the
 * benchmark and the seed, after the medians are refreshed.
 */
export async function recomputeAllTrust(
  db: DbOrTx,
  options: { batchSize?: number; onBatch?: (done: number) => void } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? 5000;
  let after = 0;
  let done = 0;
  for (;;) {
    const ids = await rows<{ id: number | string }>(
      db,
      sql`select id from offers where id > ${after} order by id limit ${batchSize}`,
    );
    if (ids.length === 0) return done;
    const last = Number(ids[ids.length - 1]?.id);
    done += await rescoreOffers(db, sql`o.id > ${after} and o.id <= ${last}`);
    after = last;
    options.onBatch?.(done);
  }
}
