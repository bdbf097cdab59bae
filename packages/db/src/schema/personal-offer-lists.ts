import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt, ref, tstz } from './common.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

// A person's own lists of offers that are not favourites (issue 44 point 6, decision 072): the
// offers they hid ("never show me this again") and the offers they opened lately. Guests keep
// both in their browser; these tables hold a signed-in account's, the browser's merged in at
// sign-in.

/** Offers a user hid: left out of their searches, map, facet counts and alerts until shown again. */
export const hiddenOffers = pgTable(
  'hidden_offers',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerId: ref('offer_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'hidden_offers_pk', columns: [t.userId, t.offerId] }),
    index('hidden_offers_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('hidden_offers_offer_idx').on(t.offerId),
  ],
);

/** Offer pages a user opened, one row per offer with the last time (capped per user on write). */
export const recentlyViewedOffers = pgTable(
  'recently_viewed_offers',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerId: ref('offer_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    viewedAt: tstz('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'recently_viewed_offers_pk', columns: [t.userId, t.offerId] }),
    index('recently_viewed_offers_user_viewed_idx').on(t.userId, t.viewedAt.desc()),
    index('recently_viewed_offers_offer_idx').on(t.offerId),
  ],
);
