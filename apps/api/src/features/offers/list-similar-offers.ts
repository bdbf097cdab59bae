import { type Db, distanceKm, offers, properties, withinRadius } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import {
  type Currency,
  DEFAULT_CURRENCY,
  type ExchangeRates,
  type OfferCard,
  SIMILAR_OFFERS_LIMIT,
} from '@estately/domain';
import { and, between, desc, eq, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { perDatabase } from '../../lib/per-database.ts';
import { parseJson, type RateRow, ratesColumn, ratesFromRows } from '../offers-shared/exchange-rates.ts';
import { offerCardColumns, toOfferCard } from '../offers-shared/offer-card.ts';
import type { OfferCountCache } from '../search/count-cache.ts';
import { PUBLIC_OFFER, radiusCondition } from '../search/offer-conditions.ts';
import { type CountScope, readVersions } from '../search/read-versions.ts';
import { offerNotFound, wasPublicProperty } from './public-offer.ts';

export interface ListSimilarOffersOptions {
  db: Db;
  id: number;
  limit?: number;
  /** Offers in other countries instead of nearby ones (spec 7 `abroad=true`). */
  abroad?: boolean;
  currency?: Currency;
  storage: MediaStorage;
  /** Keeps the ranked offers while nothing in the compared partitions changes. */
  cache?: OfferCountCache;
}

/** Cached similar offers: the rows in rank order and the partitions they were ranked in. */
interface CachedSimilar {
  scope: CountScope;
  rows: SimilarRow[];
}

/** How far a similar offer's price and area may be from the offer's: 0.6x to 1.4x. */
const BAND = { low: 0.6, high: 1.4 } as const;
/** Nearby rings tried in turn, in km, before the whole country. */
const RINGS_KM = [25, 100] as const;
/** Kilometres that weigh as much as a factor e (~2.7x) of price or area difference. */
const KM_PER_SCORE_POINT = 50;
/**
 * The first window searched within a ring, in km: in a city it holds enough close matches,
 * so the ring's thousands of candidates are never read (the answer stays the ring's).
 */
const WINDOW_KM = 2;

interface Tier {
  radiusKm: number | null;
  banded: boolean;
}

/** The offer and the exchange rates in one round trip, prepared once per database (planned once). */
function baseStatement(db: Db) {
  return (
    db
      .select({
        offerType: offers.offerType,
        propertyType: offers.propertyType,
        countryCode: offers.countryCode,
        priceNormalized: offers.priceNormalized,
        area: offers.usefulAreaMeters,
        latitude: offers.latitude,
        longitude: offers.longitude,
        rates: ratesColumn(),
      })
      .from(offers)
      .innerJoin(properties, eq(properties.id, offers.id))
      // Any offer that was public once: the 410 page of a withdrawn one lists similar offers
      // (decision 042). The candidates are public ones only.
      .where(and(eq(offers.id, sql.placeholder('id')), wasPublicProperty()))
      .limit(1)
      .prepare('similar_offers_base')
  );
}

const preparedBase = perDatabase(baseStatement);

/**
 * GET /public/offers/{id}/similar_offers (spec 7, spec 9 limit 4): offers of the same offer
 * and property type, close in price (compared on the normalised CZK price, so currencies mix)
 * and in size; nearby ones in the same country, or with `abroad` ones in other countries.
 *
 * Candidates are searched in widening tiers, each an indexed query (type and country, ring
 * around the offer, price band), until enough are found: within 25 km, then 100 km, then
 * the whole country, last without the price and area bands. Inside a tier they are ranked by
 * |ln(price ratio)| + |ln(area ratio)| + distance/50 km, newest first on ties. The first ring
 * is searched through a tight window around the offer first, widened only as far as an offer
 * outside could still rank (see below), so a city's offer ranks a few hundred index entries
 * instead of every candidate row of the ring.
 */
export async function listSimilarOffers(options: ListSimilarOffersOptions): Promise<OfferCard[]> {
  const {
    cache,
    db,
    id,
    storage,
    limit = SIMILAR_OFFERS_LIMIT,
    abroad = false,
    currency = DEFAULT_CURRENCY,
  } = options;
  const toCards = (rows: SimilarRow[], rates: ExchangeRates) =>
    rows.map((row) => toOfferCard(row, { currency, rates, storage }));
  if (!cache) {
    const { rows, rates } = await rankSimilarOffers(options);
    return toCards(rows, rates);
  }
  // The ranking reads the offer's own partition (or, abroad, every country of its offer and
  // property type, its own included): while their counters are unchanged the offer is still
  // public and the same offers rank the same (docs/decisions/022). Prices are converted with
  // the snapshot's live rates.
  const snapshot = await readVersions(db).current();
  const key = `similar\n${id}\n${limit}\n${abroad}`;
  const cached = cache.fresh<CachedSimilar>(key, (entry) => snapshot.version(entry.scope));
  if (cached) return toCards(cached.rows, snapshot.rates);
  const { rows, rates, base } = await rankSimilarOffers(options);
  const scope: CountScope = abroad
    ? { offerType: base.offerType, propertyType: base.propertyType }
    : { offerType: base.offerType, propertyType: base.propertyType, countryCode: base.countryCode };
  cache.put(key, snapshot.version(scope), { scope, rows } satisfies CachedSimilar);
  return toCards(rows, rates);
}

/** The similar offers' rows in rank order, with the offer's partition and the live rates. */
async function rankSimilarOffers(options: ListSimilarOffersOptions) {
  const { db, id, limit = SIMILAR_OFFERS_LIMIT, abroad = false } = options;
  const [base] = await preparedBase(db).execute({ id });
  if (!base) throw offerNotFound();
  const rates = ratesFromRows(parseJson<RateRow[] | null>(base.rates) ?? []);

  const price = base.priceNormalized !== null && base.priceNormalized > 0 ? base.priceNormalized : null;
  const area = base.area !== null && base.area > 0 ? base.area : null;
  const distance = distanceKm(offers.location, base.latitude, base.longitude);
  const terms: SQL[] = [];
  if (price !== null)
    terms.push(sql`coalesce(abs(ln(greatest(${offers.priceNormalized}, 1) / ${price}::float8)), 1)`);
  if (area !== null)
    terms.push(sql`coalesce(abs(ln(greatest(${offers.usefulAreaMeters}, 1) / ${area}::float8)), 1)`);
  if (!abroad) terms.push(sql`${distance} / ${KM_PER_SCORE_POINT}::float8`);
  const score = terms.length > 0 ? sql.join(terms, sql` + `) : sql`0`;

  const tiers: Tier[] = abroad
    ? [
        { radiusKm: null, banded: true },
        { radiusKm: null, banded: false },
      ]
    : [
        ...RINGS_KM.map((radiusKm) => ({ radiusKm, banded: true })),
        { radiusKm: null, banded: true },
        { radiusKm: null, banded: false },
      ];

  const found: SimilarRow[] = [];
  for (const tier of tiers) {
    if (found.length >= limit) break;
    if (!tier.banded && price === null && area === null && found.length > 0) break; // nothing new to widen
    const conditions = (radiusKm: number | null): SQL | undefined =>
      and(
        eq(offers.offerType, base.offerType),
        eq(offers.propertyType, base.propertyType),
        abroad ? ne(offers.countryCode, base.countryCode) : eq(offers.countryCode, base.countryCode),
        ne(offers.id, id),
        // The read model's visibility (decision 012), kept by a trigger in the same transaction
        // as the property: no lookup in `properties` per candidate.
        PUBLIC_OFFER,
        found.length > 0
          ? notInArray(
              offers.id,
              found.map((row) => row.id),
            )
          : undefined,
        radiusKm === null
          ? undefined
          : // Up to the first ring the area is read band by band (offers_public_band_idx), wider
            // rings through the area GiST.
            radiusKm <= RINGS_KM[0] && !abroad
            ? radiusCondition(base.latitude, base.longitude, radiusKm, true)
            : withinRadius(offers.location, base.latitude, base.longitude, radiusKm),
        tier.banded && price !== null
          ? between(offers.priceNormalized, price * BAND.low, price * BAND.high)
          : undefined,
        tier.banded && area !== null
          ? between(offers.usefulAreaMeters, area * BAND.low, area * BAND.high)
          : undefined,
      );
    const need = limit - found.length;
    if (tier.radiusKm === null) {
      found.push(...(await selectTier(db, conditions(null), score, need)));
      continue;
    }
    // A tight window first. Every term of the score is at least 0 and the distance adds
    // distance/50 km, so an offer beyond r km scores at least r/50: when the window's `need`
    // best all score below that, nothing outside can rank among them and the window's answer
    // is the ring's. When they do not, every offer that could still rank lies within 50 x the
    // worst score found, and that window's answer is final. A window that holds too few grows
    // fourfold, up to the ring. (Windows pay off in the first ring only; a later ring runs
    // when the one before it held too few, so its inner part is taken already.)
    let radius = tier === tiers[0] ? Math.min(WINDOW_KM, tier.radiusKm) : tier.radiusKm;
    let rows = await selectTier(db, conditions(radius), score, need);
    while (radius < tier.radiusKm) {
      if (rows.length < need) {
        radius = Math.min(tier.radiusKm, radius * 4);
        rows = await selectTier(db, conditions(radius), score, need);
        continue;
      }
      const worst = Number(rows[rows.length - 1]?.score);
      if (worst < radius / KM_PER_SCORE_POINT) break;
      rows = await selectTier(
        db,
        conditions(Math.min(tier.radiusKm, worst * KM_PER_SCORE_POINT)),
        score,
        need,
      );
      break;
    }
    found.push(...rows);
  }

  return { rows: found, rates, base };
}

type SimilarRow = Awaited<ReturnType<typeof selectTier>>[number];

/**
 * The best `limit` offers of a tier: ranked on index entries alone where offers_public_area_idx
 * covers the tier (price, area, point, activation, id: migration 0012), then only the winners'
 * rows are read, in rank order.
 */
function selectTier(db: Db, where: SQL | undefined, score: SQL, limit: number) {
  const ranked = db
    .select({ id: offers.id, score: sql<number>`${score}`.as('score') })
    .from(offers)
    .where(where)
    .orderBy(score, desc(offers.activatedAt), desc(offers.id))
    .limit(limit)
    .as('ranked');
  return db
    .select({ ...offerCardColumns, score: ranked.score })
    .from(offers)
    .innerJoin(ranked, eq(ranked.id, offers.id))
    .orderBy(ranked.score, desc(offers.activatedAt), desc(offers.id));
}
