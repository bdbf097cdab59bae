import { type Db, offers } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import {
  type Currency,
  DEFAULT_CURRENCY,
  pageMeta,
  pageOffset,
  type SearchFilters,
  type SearchOffersResponse,
  type Sort,
} from '@estately/domain';
import { type SQL, sql } from 'drizzle-orm';
import { offerCardColumns, toOfferCard } from '../offers-shared/offer-card.ts';
import { countScope, type OfferCountCache } from './count-cache.ts';
import { allConditions, queryRows } from './offer-conditions.ts';
import { prepareSearch } from './prepare-search.ts';

export interface SearchOffersOptions {
  db: Db;
  filters: SearchFilters;
  storage: MediaStorage;
  /** "Now" for the listing-age filter. */
  now?: Date;
  /** Serves the total from memory while no offer it counts has changed. */
  cache?: OfferCountCache;
}

/**
 * Spec 9 sorts. Every order ends with the id so pages never overlap or skip offers that tie;
 * offers without a price or area go last either way.
 */
const ORDER_BY: Readonly<Record<Sort, SQL[]>> = {
  // Null placement spelled out to match offers_type_country_activated_id_idx (DESC NULLS LAST,
  // read backwards for ascending) so the planner can walk the index; neither column is null.
  activated_at_desc: [sql`${offers.activatedAt} desc nulls last`, sql`${offers.id} desc nulls last`],
  activated_at_asc: [sql`${offers.activatedAt} asc nulls first`, sql`${offers.id} asc nulls first`],
  price_asc: [sql`${offers.priceNormalized} asc nulls last`, sql`${offers.id} asc`],
  price_desc: [sql`${offers.priceNormalized} desc nulls last`, sql`${offers.id} desc`],
  area_asc: [sql`${offers.usefulAreaMeters} asc nulls last`, sql`${offers.id} asc`],
  area_desc: [sql`${offers.usefulAreaMeters} desc nulls last`, sql`${offers.id} desc`],
};

/**
 * GET /public/offers (spec 7, spec 9): one page of active offers matching every filter, in
 * the asked order, with the paging meta of spec 3 and prices in `filters.currency` (default
 * CZK).
 */
export async function searchOffers(options: SearchOffersOptions): Promise<SearchOffersResponse> {
  const { db, filters, storage, cache, now = new Date() } = options;
  const { rates, conditions } = await prepareSearch(db, filters, now);
  const where = allConditions(conditions);
  const countStatement = sql`select count(*)::int as total from ${offers} where ${where}`;
  const countTotal = async () =>
    Number((await queryRows<{ total: number }>(db, countStatement))[0]?.total ?? 0);
  const [rows, total] = await Promise.all([
    db
      .select(offerCardColumns)
      .from(offers)
      .where(where)
      .orderBy(...ORDER_BY[filters.sort])
      .limit(filters.per_page)
      .offset(pageOffset(filters.page, filters.per_page)),
    cache ? cache.get(db, countScope(filters), countStatement, countTotal) : countTotal(),
  ]);
  const currency: Currency = filters.currency ?? DEFAULT_CURRENCY;
  return {
    data: rows.map((row) => toOfferCard(row, { currency, rates, storage })),
    meta: pageMeta(total, filters.page, filters.per_page),
  };
}
