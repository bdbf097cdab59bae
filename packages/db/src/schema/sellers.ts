import { SELLER_TYPES } from '@estately/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, index, numeric, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, oneOf, ref, updatedAt } from './common.ts';

/**
 * Sellers: private persons, developers, agencies, brokers and others (spec 1 seller types).
 * Rating 1.0..5.0 and trust score 0..100 are search filters (spec 5, spec 9).
 */
export const sellers = pgTable(
  'sellers',
  {
    id: idColumn(),
    sellerType: text('seller_type').notNull(),
    name: text('name').notNull(),
    registrationNumber: text('registration_number'),
    website: text('website'),
    logoKey: text('logo_key'),
    countryCode: text('country_code'),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }),
    ratingCount: smallint('rating_count').notNull().default(0),
    trustScore: smallint('trust_score').notNull().default(50),
    isVerified: boolean('is_verified').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('sellers_seller_type_check', oneOf(t.sellerType, SELLER_TYPES)),
    check('sellers_rating_check', sql`${t.rating} between 1.0 and 5.0`),
    check('sellers_trust_score_check', sql`${t.trustScore} between 0 and 100`),
    index('sellers_type_idx').on(t.sellerType),
  ],
);

/** Contact persons shown on an offer (spec 3 Contact). */
export const sellerContacts = pgTable(
  'seller_contacts',
  {
    id: idColumn(),
    sellerId: ref('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email'),
    contactEmailSecond: text('contact_email_second'),
    contactPhone: text('contact_phone'),
    contactPhoneSecond: text('contact_phone_second'),
    createdAt: createdAt(),
  },
  (t) => [index('seller_contacts_seller_idx').on(t.sellerId)],
);
