import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref, tstz } from './common.ts';
import { leadThreads } from './lead-threads.ts';
import { properties } from './properties.ts';
import { sellers } from './sellers.ts';
import { users } from './users.ts';

/**
 * Each offer's trust signals (issue 43 point 3, docs/decisions/066, migration 0034): the points
 * of every signal in the order of TRUST_SIGNALS (packages/domain trust-score.ts), null where
 * the signal is not known yet, and their sum. Written with every property write and by the
 * recompute step; the sum also stands in offers.seller_trust_score for the filter.
 */
export const propertyTrust = pgTable(
  'property_trust',
  {
    propertyId: ref('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    score: smallint('score').notNull(),
    points: smallint('points').array().notNull(),
    computedAt: tstz('computed_at').notNull().defaultNow(),
  },
  (t) => [check('property_trust_score_check', sql`${t.score} between 0 and 100`)],
);

/**
 * The median price per m² (base currency) of a city's public offers by offer and property type,
 * rents monthly only: the "price consistent with the area" signal reads it by key.
 */
export const localityPriceMedians = pgTable(
  'locality_price_medians',
  {
    countryCode: text('country_code').notNull(),
    city: text('city').notNull(),
    offerType: text('offer_type').notNull(),
    propertyType: text('property_type').notNull(),
    medianPerM2: doublePrecision('median_per_m2').notNull(),
    offers: integer('offers').notNull(),
    computedAt: tstz('computed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'locality_price_medians_pk',
      columns: [t.countryCode, t.city, t.offerType, t.propertyType],
    }),
  ],
);

/**
 * Ratings of sellers (spec 5 rating 1.0..5.0): one per conversation, by the person who wrote,
 * after the seller replied. `owner_id` is the thread's owner; `seller_id` its seller profile at
 * the time, whose rating is the mean of its ratings.
 */
export const sellerRatings = pgTable(
  'seller_ratings',
  {
    id: idColumn(),
    threadId: ref('thread_id')
      .notNull()
      .references(() => leadThreads.id, { onDelete: 'cascade' }),
    ownerId: ref('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: ref('seller_id').references(() => sellers.id, { onDelete: 'set null' }),
    stars: smallint('stars').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('seller_ratings_stars_check', sql`${t.stars} between 1 and 5`),
    uniqueIndex('seller_ratings_thread_unique').on(t.threadId),
    index('seller_ratings_owner_idx').on(t.ownerId),
    index('seller_ratings_seller_idx').on(t.sellerId),
  ],
);
