import { type Db, offers, properties } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import { type Currency, DEFAULT_CURRENCY, type OfferCardsResponse } from '@estately/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { loadExchangeRates } from '../offers-shared/exchange-rates.ts';
import { isPublicProperty } from '../offers-shared/is-public-property.ts';
import { offerCardColumns, toOfferCard } from '../offers-shared/offer-card.ts';

/**
 * GET /public/offers/cards: the cards of a list a guest's browser keeps (recently viewed,
 * hidden offers, decision 072), in the order given; offers that are not public are left out.
 */
export async function listOfferCards(options: {
  db: Db;
  ids: readonly number[];
  storage: MediaStorage;
  currency?: Currency;
}): Promise<OfferCardsResponse> {
  const { db, ids, storage } = options;
  const currency = options.currency ?? DEFAULT_CURRENCY;
  const [rows, rates] = await Promise.all([
    db
      .select(offerCardColumns)
      .from(offers)
      .innerJoin(properties, eq(properties.id, offers.id))
      .where(and(inArray(offers.id, [...ids]), eq(offers.isPublic, true), isPublicProperty())),
    loadExchangeRates(db),
  ]);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return {
    data: ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toOfferCard(row, { currency, rates, storage })] : [];
    }),
  };
}
