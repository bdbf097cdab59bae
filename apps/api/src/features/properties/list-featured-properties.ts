import { type Db, offers, properties } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import { type Currency, DEFAULT_CURRENCY, FEATURED_LIMIT, type OfferCard } from '@estately/domain';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { loadExchangeRates } from '../offers-shared/exchange-rates.ts';
import { offerCardColumns, toOfferCard } from '../offers-shared/offer-card.ts';

export interface ListFeaturedPropertiesOptions {
  db: Db;
  /** Currency the prices are converted into (spec 9: default CZK). */
  currency?: Currency;
  /** Turns stored photo keys into absolute URLs (the local folder under PUBLIC_API_URL/media, or object storage). */
  storage: MediaStorage;
  limit?: number;
}

/**
 * GET /properties (spec 7): the newest published public offers, newest first, as cards with
 * prices in the asked currency. Reads the offer read model; the join to `properties` keeps a
 * property that left the active state (or was struck) out even before its offer row is removed.
 */
export async function listFeaturedProperties(options: ListFeaturedPropertiesOptions): Promise<OfferCard[]> {
  const { db, storage, currency = DEFAULT_CURRENCY, limit = FEATURED_LIMIT } = options;
  const [rows, rates] = await Promise.all([
    db
      .select(offerCardColumns)
      .from(offers)
      .innerJoin(properties, eq(properties.id, offers.id))
      .where(and(isNotNull(offers.publishedAt), eq(properties.state, 'active'), isNull(properties.struckAt)))
      .orderBy(desc(offers.publishedAt), desc(offers.id))
      .limit(limit),
    loadExchangeRates(db),
  ]);
  return rows.map((row) => toOfferCard(row, { currency, rates, storage }));
}
