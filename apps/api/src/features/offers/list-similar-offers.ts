import { type Db, distanceKm, offers, properties, withinRadius } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import { type Currency, DEFAULT_CURRENCY, type OfferCard, SIMILAR_OFFERS_LIMIT } from '@estately/domain';
import { and, between, desc, eq, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { loadExchangeRates } from '../offers-shared/exchange-rates.ts';
import { offerCardColumns, toOfferCard } from '../offers-shared/offer-card.ts';
import { isPublicProperty, offerNotFound } from './public-offer.ts';

export interface ListSimilarOffersOptions {
  db: Db;
  id: number;
  limit?: number;
  /** Offers in other countries instead of nearby ones (spec 7 `abroad=true`). */
  abroad?: boolean;
  currency?: Currency;
  storage: MediaStorage;
}

/** How far a similar offer's price and area may be from the offer's: 0.6x to 1.4x. */
const BAND = { low: 0.6, high: 1.4 } as const;
/** Nearby rings tried in turn, in km, before the whole country. */
const RINGS_KM = [25, 100] as const;
/** Kilometres that weigh as much as a factor e (~2.7x) of price or area difference. */
const KM_PER_SCORE_POINT = 50;

interface Tier {
  radiusKm: number | null;
  banded: boolean;
}

/**
 * GET /public/offers/{id}/similar_offers (spec 7, spec 9 limit 4): offers of the same offer
 * and property type, close in price (compared on the normalised CZK price, so currencies mix)
 * and in size; nearby ones in the same country, or with `abroad` ones in other countries.
 *
 * Candidates are searched in widening tiers, each an indexed query (type and country, GiST
 * ring around the offer, price band), until enough are found: within 25 km, then 100 km, then
 * the whole country, last without the price and area bands. Inside a tier they are ranked by
 * |ln(price ratio)| + |ln(area ratio)| + distance/50 km, newest first on ties.
 */
export async function listSimilarOffers(options: ListSimilarOffersOptions): Promise<OfferCard[]> {
  const {
    db,
    id,
    storage,
    limit = SIMILAR_OFFERS_LIMIT,
    abroad = false,
    currency = DEFAULT_CURRENCY,
  } = options;
  const [[base], rates] = await Promise.all([
    db
      .select({
        offerType: offers.offerType,
        propertyType: offers.propertyType,
        countryCode: offers.countryCode,
        priceNormalized: offers.priceNormalized,
        area: offers.usefulAreaMeters,
        latitude: offers.latitude,
        longitude: offers.longitude,
      })
      .from(offers)
      .innerJoin(properties, eq(properties.id, offers.id))
      .where(and(eq(offers.id, id), isPublicProperty()))
      .limit(1),
    loadExchangeRates(db),
  ]);
  if (!base) throw offerNotFound();

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

  const found: Awaited<ReturnType<typeof selectTier>> = [];
  for (const tier of tiers) {
    if (found.length >= limit) break;
    if (!tier.banded && price === null && area === null && found.length > 0) break; // nothing new to widen
    const conditions: (SQL | undefined)[] = [
      eq(offers.offerType, base.offerType),
      eq(offers.propertyType, base.propertyType),
      abroad ? ne(offers.countryCode, base.countryCode) : eq(offers.countryCode, base.countryCode),
      ne(offers.id, id),
      isPublicProperty(),
      found.length > 0
        ? notInArray(
            offers.id,
            found.map((row) => row.id),
          )
        : undefined,
      tier.radiusKm !== null
        ? withinRadius(offers.location, base.latitude, base.longitude, tier.radiusKm)
        : undefined,
      tier.banded && price !== null
        ? between(offers.priceNormalized, price * BAND.low, price * BAND.high)
        : undefined,
      tier.banded && area !== null
        ? between(offers.usefulAreaMeters, area * BAND.low, area * BAND.high)
        : undefined,
    ];
    found.push(...(await selectTier(db, and(...conditions), score, limit - found.length)));
  }

  const context = { currency, rates, storage };
  return found.map((row) => toOfferCard(row, context));
}

function selectTier(db: Db, where: SQL | undefined, score: SQL, limit: number) {
  return db
    .select(offerCardColumns)
    .from(offers)
    .innerJoin(properties, eq(properties.id, offers.id))
    .where(where)
    .orderBy(score, desc(offers.activatedAt), desc(offers.id))
    .limit(limit);
}
