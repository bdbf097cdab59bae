import { COMPANY_KINDS, CURRENCIES, LOCALES } from '@estately/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  inet,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, oneOf, ref, tstz, updatedAt } from './common.ts';
import { sellers } from './sellers.ts';

export const ACCOUNT_TYPES = ['person', 'company'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/**
 * Accounts of persons and companies (spec 1, spec 3 User). The API speaks camelCase for users
 * (DESIGN 4); columns are snake_case. `email` is stored lower-cased by the API.
 */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    accountType: text('account_type').notNull().default('person'),
    email: text('email').notNull(),
    contactEmail: text('contact_email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    addressStreet: text('address_street'),
    addressStreetNumbers: text('address_street_numbers'),
    addressZip: text('address_zip'),
    addressCity: text('address_city'),
    addressCountryCode: text('address_country_code'),
    /** Company accounts (spec 6: company authentication has its own screen). */
    companyName: text('company_name'),
    companyRegistrationNumber: text('company_registration_number'),
    companyVatNumber: text('company_vat_number'),
    /**
     * What kind of seller a company account is (agency, developer, broker, other): its offers
     * carry it as their seller type (issue 42). Null for a person's account.
     */
    companyKind: text('company_kind'),
    passwordHash: text('password_hash').notNull(),
    verified: boolean('verified').notNull().default(false),
    verifiedAt: tstz('verified_at'),
    isAdmin: boolean('is_admin').notNull().default(false),
    preferredLanguage: text('preferred_language').notNull().default('cs'),
    preferredCurrency: text('preferred_currency').notNull().default('CZK'),
    profilePicturePath: text('profile_picture_path'),
    /** Country chosen at sign-up (POST /auth/signup country_code). */
    countryCode: text('country_code'),
    isSubscribedToUpdates: boolean('is_subscribed_to_updates').notNull().default(false),
    notifySavedSearches: boolean('notify_saved_searches').notNull().default(true),
    notifyMessages: boolean('notify_messages').notNull().default(true),
    notifyOfferUpdates: boolean('notify_offer_updates').notNull().default(true),
    notifyNewsletter: boolean('notify_newsletter').notNull().default(false),
    /** The seller profile this account publishes under (agencies, developers, private sellers). */
    sellerId: ref('seller_id').references(() => sellers.id, { onDelete: 'set null' }),
    /**
     * The rating of an account that sells without a seller profile (a person selling their own
     * flat): the mean of its conversations' ratings (migration 0034, docs/decisions/066).
     */
    sellerRating: numeric('seller_rating', { precision: 2, scale: 1, mode: 'number' }),
    sellerRatingCount: integer('seller_rating_count').notNull().default(0),
    /**
     * The seller's reply figures over the conversations of the last 90 days (migration 0033,
     * docs/decisions/065): written when a conversation is first answered and by the daily
     * roll-up, never per request. Rate and median are null until enough conversations count.
     */
    replyThreads: integer('reply_threads').notNull().default(0),
    replyRatePercent: smallint('reply_rate_percent'),
    replyMedianMinutes: integer('reply_median_minutes'),
    replyStatsAt: tstz('reply_stats_at'),
    /** Access tokens issued before this instant are rejected (logout everywhere, password change). */
    notBefore: tstz('not_before'),
    lastLoginAt: tstz('last_login_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_seller_idx').on(t.sellerId),
    check('users_account_type_check', oneOf(t.accountType, ['person', 'company'])),
    check('users_company_kind_check', oneOf(t.companyKind, COMPANY_KINDS)),
    check('users_preferred_language_check', oneOf(t.preferredLanguage, LOCALES)),
    check('users_preferred_currency_check', oneOf(t.preferredCurrency, CURRENCIES)),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_seller_rating_check', sql`${t.sellerRating} between 1.0 and 5.0`),
  ],
);

/**
 * Refresh tokens, rotated on every use (DESIGN 4): a token is single use; presenting a spent
 * one revokes its whole family. Only a hash of the token is stored.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: idColumn(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    parentId: ref('parent_id'),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    revokedAt: tstz('revoked_at'),
    userAgent: text('user_agent'),
    ip: inet('ip'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_unique').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/** Single-use, expiring e-mail confirmation links (spec 2 confirm-email/{token}). */
export const emailConfirmationTokens = pgTable(
  'email_confirmation_tokens',
  {
    id: idColumn(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address being confirmed (sign-up or change-login-email). */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_confirmation_tokens_hash_unique').on(t.tokenHash),
    index('email_confirmation_tokens_user_idx').on(t.userId),
  ],
);

/** Single-use, expiring password reset links (spec 2 reset-password/{token}). */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: idColumn(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    requestedIp: inet('requested_ip'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/** Audit log of security-relevant events (logins, failed logins, token reuse, password changes). */
export const securityEvents = pgTable(
  'security_events',
  {
    id: idColumn(),
    userId: ref('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    email: text('email'),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('security_events_user_idx').on(t.userId, t.createdAt),
    index('security_events_kind_idx').on(t.kind, t.createdAt),
  ],
);
