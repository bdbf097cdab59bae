import { type Db, offers, properties } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import {
  type Currency,
  DEFAULT_CURRENCY,
  SELLER_OFFERS_LIMIT,
  type SellerOffersResponse,
} from '@estately/domain';
import { and, count, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { parseJson, type RateRow, ratesColumn, ratesFromRows } from '../offers-shared/exchange-rates.ts';
import { isPublicProperty } from '../offers-shared/is-public-property.ts';
import { offerCardColumns, toOfferCard } from '../offers-shared/offer-card.ts';
import { PUBLIC_OFFER } from '../search/offer-conditions.ts';
import { offerNotFound } from './public-offer.ts';

export interface ListSellerOffersOptions {
  db: Db;
  id: number;
  limit?: number;
  currency?: Currency;
  storage: MediaStorage;
}

/**
 * GET /public/offers/{id}/seller_offers: the other public offers of the offer's seller, newest
 * first, and how many there are. The seller is the one the detail's seller card names: the
 * seller profile (an agency or developer) when the offer has one, else the account that
 * published it (its offers without a seller profile). Both are read through an index: offers by
 * seller_id (offers_seller_idx), an account's properties by owner (properties_owner_idx).
 */
export async function listSellerOffers(options: ListSellerOffersOptions): Promise<SellerOffersResponse> {
  const { db, id, storage, limit = SELLER_OFFERS_LIMIT, currency = DEFAULT_CURRENCY } = options;
  const [base] = await db
    .select({ sellerId: offers.sellerId, ownerId: offers.ownerId, rates: ratesColumn() })
    .from(offers)
    .innerJoin(properties, eq(properties.id, offers.id))
    .where(and(eq(offers.id, id), isPublicProperty()))
    .limit(1);
  if (!base) throw offerNotFound();
  const sameSeller =
    base.sellerId !== null
      ? eq(offers.sellerId, base.sellerId)
      : and(
          inArray(
            offers.id,
            db.select({ id: properties.id }).from(properties).where(eq(properties.ownerId, base.ownerId)),
          ),
          isNull(offers.sellerId),
        );
  const where = and(sameSeller, ne(offers.id, id), PUBLIC_OFFER);
  const rows = await db
    .select(offerCardColumns)
    .from(offers)
    .where(where)
    .orderBy(desc(offers.activatedAt), desc(offers.id))
    .limit(limit);
  // A short page is the whole list: no count needed.
  const total =
    rows.length < limit
      ? rows.length
      : ((await db.select({ total: count() }).from(offers).where(where))[0]?.total ?? 0);
  const rates = ratesFromRows(parseJson<RateRow[] | null>(base.rates) ?? []);
  return {
    data: rows.map((row) => toOfferCard(row, { currency, rates, storage })),
    meta: { total },
  };
}
