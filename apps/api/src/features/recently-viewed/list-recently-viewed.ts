import { type Db, offers, properties, recentlyViewedOffers } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import { type Currency, DEFAULT_CURRENCY, type OfferCardsResponse } from '@estately/domain';
import { and, desc, eq } from 'drizzle-orm';
import { loadExchangeRates } from '../offers-shared/exchange-rates.ts';
import { isPublicProperty } from '../offers-shared/is-public-property.ts';
import { offerCardColumns, toOfferCard } from '../offers-shared/offer-card.ts';

/**
 * GET /user/recently_viewed: the cards of the public offers the user opened lately, newest
 * first. Offers no longer public are left out (their rows stay until pushed out by newer ones).
 */
export async function listRecentlyViewed(options: {
  db: Db;
  userId: number;
  storage: MediaStorage;
  currency?: Currency;
}): Promise<OfferCardsResponse> {
  const { db, userId, storage } = options;
  const currency = options.currency ?? DEFAULT_CURRENCY;
  const [rows, rates] = await Promise.all([
    db
      .select(offerCardColumns)
      .from(recentlyViewedOffers)
      .innerJoin(offers, eq(offers.id, recentlyViewedOffers.offerId))
      .innerJoin(properties, eq(properties.id, recentlyViewedOffers.offerId))
      .where(and(eq(recentlyViewedOffers.userId, userId), eq(offers.isPublic, true), isPublicProperty()))
      .orderBy(desc(recentlyViewedOffers.viewedAt), desc(recentlyViewedOffers.offerId)),
    loadExchangeRates(db),
  ]);
  return { data: rows.map((row) => toOfferCard(row, { currency, rates, storage })) };
}
