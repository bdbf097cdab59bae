import { type Db, hiddenOffers, offers, properties } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import { type Currency, DEFAULT_CURRENCY, type HiddenOffersResponse } from '@estately/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { loadExchangeRates } from '../offers-shared/exchange-rates.ts';
import { isPublicProperty } from '../offers-shared/is-public-property.ts';
import { offerCardColumns, toOfferCard } from '../offers-shared/offer-card.ts';

/**
 * GET /user/hidden_offers: every offer the user hid, newest first, with its card while it is
 * public (the page of hidden offers offers "show again" on each, decision 072).
 */
export async function listHiddenOffers(options: {
  db: Db;
  userId: number;
  storage: MediaStorage;
  currency?: Currency;
}): Promise<HiddenOffersResponse> {
  const { db, userId, storage } = options;
  const currency = options.currency ?? DEFAULT_CURRENCY;
  const rows = await db
    .select({
      hiddenId: hiddenOffers.offerId,
      hiddenAt: hiddenOffers.createdAt,
      isPublic: sql<boolean>`coalesce(${offers.isPublic} and ${isPublicProperty()}, false)`,
      ...offerCardColumns,
    })
    .from(hiddenOffers)
    .leftJoin(offers, eq(offers.id, hiddenOffers.offerId))
    .leftJoin(properties, eq(properties.id, hiddenOffers.offerId))
    .where(and(eq(hiddenOffers.userId, userId)))
    .orderBy(desc(hiddenOffers.createdAt), desc(hiddenOffers.offerId));
  const rates = rows.length > 0 ? await loadExchangeRates(db) : null;
  return {
    data: rows.map((row) => ({
      offer_id: Number(row.hiddenId),
      created_at: row.hiddenAt.toISOString(),
      offer:
        row.isPublic && rates && row.id !== null
          ? toOfferCard(row as Parameters<typeof toOfferCard>[0], { currency, rates, storage })
          : null,
    })),
  };
}
