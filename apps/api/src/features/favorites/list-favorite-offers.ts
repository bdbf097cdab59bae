import { type Db, favourites, offers, properties } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import {
  type Currency,
  DEFAULT_CURRENCY,
  FAVOURITES_PAGE_SIZE,
  type FavoriteOffersResponse,
  type OfferType,
  pageMeta,
  pageOffset,
} from '@estately/domain';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { loadExchangeRates } from '../offers-shared/exchange-rates.ts';
import { isPublicProperty } from '../offers-shared/is-public-property.ts';
import { offerCardColumns, toOfferCard } from '../offers-shared/offer-card.ts';

export interface ListFavoriteOffersOptions {
  db: Db;
  userId: number;
  storage: MediaStorage;
  page?: number;
  perPage?: number;
  offerType?: OfferType;
  currency?: Currency;
}

/**
 * GET /user/favorite_offers (spec 3 Favourites, spec 9: 10 a page): the user's public
 * favourite offers, newest favourite first, each with the offer card the search returns and
 * the paging meta of spec 3.
 */
export async function listFavoriteOffers(
  options: ListFavoriteOffersOptions,
): Promise<FavoriteOffersResponse> {
  const { db, userId, storage } = options;
  const page = options.page ?? 1;
  const perPage = options.perPage ?? FAVOURITES_PAGE_SIZE;
  const currency = options.currency ?? DEFAULT_CURRENCY;
  const conditions: SQL[] = [eq(favourites.userId, userId), isPublicProperty()];
  if (options.offerType) conditions.push(eq(offers.offerType, options.offerType));
  const where = and(...conditions);
  const [rows, [counted], rates] = await Promise.all([
    db
      .select({ ...offerCardColumns, favoriteCreatedAt: favourites.createdAt })
      .from(favourites)
      .innerJoin(offers, eq(offers.id, favourites.offerId))
      .innerJoin(properties, eq(properties.id, favourites.offerId))
      .where(where)
      .orderBy(desc(favourites.createdAt), desc(favourites.id))
      .limit(perPage)
      .offset(pageOffset(page, perPage)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(favourites)
      .innerJoin(offers, eq(offers.id, favourites.offerId))
      .innerJoin(properties, eq(properties.id, favourites.offerId))
      .where(where),
    loadExchangeRates(db),
  ]);
  return {
    data: rows.map(({ favoriteCreatedAt, ...row }) => ({
      offer_id: row.id,
      created_at: favoriteCreatedAt.toISOString(),
      offer: toOfferCard(row, { currency, rates, storage }),
    })),
    meta: pageMeta(Number(counted?.total ?? 0), page, perPage),
  };
}
