import { OFFER_TYPES, PRICE_MAP_LEVELS } from '@estately/domain';
import { check, doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { oneOf, ref, tstz } from './common.ts';
import { locations } from './locations.ts';

/**
 * The price map's figures (issue 44 point 5, docs/decisions/073, migration 0041): the median
 * asking price per m² (base currency; rents monthly only) of the public offers of each city and
 * each country of the gazetteer, per offer type, with the number of offers behind it. Replaced
 * whole by the worker's job every few hours (refreshPriceMapMedians), read by GET
 * /public/price_map; every row of a refresh carries its `computed_at`. Places below the minimum
 * are kept too (the answer counts them as hidden), so the minimum can change without a refresh.
 */
export const priceMapMedians = pgTable(
  'price_map_medians',
  {
    offerType: text('offer_type').notNull(),
    /** `country` or `locality` (a city of the gazetteer, its city parts included). */
    level: text('level').notNull(),
    locationId: ref('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull(),
    /** The place's point, copied so a viewport is answered from this table alone. */
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    medianPerM2: doublePrecision('median_per_m2').notNull(),
    offers: integer('offers').notNull(),
    computedAt: tstz('computed_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'price_map_medians_pk', columns: [t.offerType, t.level, t.locationId] }),
    check('price_map_medians_level_check', oneOf(t.level, PRICE_MAP_LEVELS)),
    check('price_map_medians_offer_type_check', oneOf(t.offerType, OFFER_TYPES)),
    index('price_map_medians_area_idx').on(t.offerType, t.level, t.latitude, t.longitude),
  ],
);
