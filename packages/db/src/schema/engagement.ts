import { CURRENCIES, LOCALES, OFFER_REPORT_REASONS, SAVED_SEARCH_ALERT_KINDS } from '@estately/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { allOf, createdAt, idColumn, oneOf, ref, tstz, updatedAt } from './common.ts';
import { leadThreads } from './lead-threads.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

/**
 * Favourite offers of a user (spec 3 Favourites, spec 7 /user/favorite_offers). The offer id is
 * the property id; the row survives while the offer is paused so it reappears when reactivated.
 */
export const favourites = pgTable(
  'favourites',
  {
    id: idColumn(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerId: ref('offer_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('favourites_user_offer_unique').on(t.userId, t.offerId),
    index('favourites_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('favourites_offer_idx').on(t.offerId),
  ],
);

export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily', 'weekly', 'off'] as const;
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];

/** Watch-dogs: saved searches that e-mail new matches (spec 2 account/watch-dogs). */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: idColumn(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The filter model of spec 9 as the domain serialises it. */
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    /** The localized search path the filters came from, to link back from e-mails. */
    searchPath: text('search_path'),
    frequency: text('frequency').notNull().default('daily'),
    /** What the alerts report (migration 0038, decision 070): new offers, price drops, back on the market. */
    alertKinds: text('alert_kinds').array().notNull().default(sql`'{new,price_drop,back_on_market}'::text[]`),
    locale: text('locale').notNull().default('cs'),
    currency: text('currency').notNull().default('CZK'),
    lastNotifiedAt: tstz('last_notified_at'),
    /** Offers activated after this instant are "new" for the next alert. */
    lastMatchedActivatedAt: tstz('last_matched_activated_at'),
    unsubscribeTokenHash: text('unsubscribe_token_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('saved_searches_frequency_check', oneOf(t.frequency, SAVED_SEARCH_FREQUENCIES)),
    check('saved_searches_locale_check', oneOf(t.locale, LOCALES)),
    check('saved_searches_currency_check', oneOf(t.currency, CURRENCIES)),
    check(
      'saved_searches_alert_kinds_check',
      sql`${allOf(t.alertKinds, SAVED_SEARCH_ALERT_KINDS)} and cardinality(${t.alertKinds}) > 0`,
    ),
    index('saved_searches_user_idx').on(t.userId),
    index('saved_searches_due_idx').on(t.frequency, t.lastNotifiedAt),
    uniqueIndex('saved_searches_unsubscribe_unique').on(t.unsubscribeTokenHash),
  ],
);

/**
 * The alerts about favourite offers already queued, one row per person and change (migration
 * 0038, decision 070): `change_key` names the change's own row (`p<price_history.id>` or
 * `s<property_state_history.id>`). The run inserts these rows and the outbox rows in one
 * transaction and mails only the rows it inserted, so a rerun or a concurrent run cannot mail a
 * change twice. Rows older than the run's look-back are deleted by the run.
 */
export const favoriteAlertDeliveries = pgTable(
  'favorite_alert_deliveries',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    changeKey: text('change_key').notNull(),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    changedAt: tstz('changed_at').notNull(),
    queuedAt: tstz('queued_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.changeKey] }),
    index('favorite_alert_deliveries_changed_idx').on(t.changedAt),
  ],
);

export const LEAD_SOURCES = ['offer_message', 'tour_request', 'contact_reveal', 'form'] as const;
export const LEAD_STATUSES = ['new', 'read', 'replied', 'archived'] as const;

/**
 * Enquiries about a property, addressed to its owner (POST and GET /leads; an offer message
 * creates one). Guests may send them, so sender details are stored on the lead.
 */
export const leads = pgTable(
  'leads',
  {
    id: idColumn(),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    ownerId: ref('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderUserId: ref('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    source: text('source').notNull().default('offer_message'),
    status: text('status').notNull().default('new'),
    name: text('name'),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message'),
    locale: text('locale').notNull().default('cs'),
    /** The conversation this enquiry belongs to (migration 0020). */
    threadId: ref('thread_id').references(() => leadThreads.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('leads_source_check', oneOf(t.source, LEAD_SOURCES)),
    check('leads_status_check', oneOf(t.status, LEAD_STATUSES)),
    check('leads_locale_check', oneOf(t.locale, LOCALES)),
    index('leads_owner_idx').on(t.ownerId, t.createdAt.desc()),
    index('leads_property_idx').on(t.propertyId),
    index('leads_sender_idx').on(t.senderUserId),
    index('leads_thread_idx').on(t.threadId),
  ],
);

/** Messages of a lead's conversation (POST /public/offers/{id}/offer_message and replies). */
export const offerMessages = pgTable(
  'offer_messages',
  {
    id: idColumn(),
    /** The enquiry the message came with; null for replies written in the thread. */
    leadId: ref('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    threadId: ref('thread_id')
      .notNull()
      .references(() => leadThreads.id, { onDelete: 'cascade' }),
    senderUserId: ref('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The side that wrote it: the seller (true) or the buyer. */
    fromOwner: boolean('from_owner').notNull().default(false),
    body: text('body').notNull(),
    /** When the other side read it (the seller a buyer's message, the buyer a seller's). */
    readAt: tstz('read_at'),
    /** Held from its recipient by the scam rules until an admin releases it (decision 067). */
    heldAt: tstz('held_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('offer_messages_lead_idx').on(t.leadId, t.createdAt),
    index('offer_messages_thread_idx').on(t.threadId, t.createdAt),
    index('offer_messages_unread_idx').on(t.threadId).where(sql`${t.readAt} is null and not ${t.fromOwner}`),
    check('offer_messages_body_check', sql`length(${t.body}) between 1 and 5000`),
  ],
);

// Report reasons are the domain's list (the API contract), so the CHECK constraint follows it.
export { OFFER_REPORT_REASONS };
export const OFFER_REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;

/** Reports of bad offers (POST /public/offers/{id}/offer_report), reviewed by admins. */
export const offerReports = pgTable(
  'offer_reports',
  {
    id: idColumn(),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    reporterUserId: ref('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    reporterEmail: text('reporter_email'),
    reason: text('reason').notNull(),
    message: text('message'),
    /**
     * Who reported, as one comparable key: `user:<id>`, `email:<address>` or `ip:<hmac>` for a
     * guest without e-mail. The partial unique index below allows one open report per reporter
     * and offer (issue 4); resolved or dismissed reports do not block a new one.
     */
    reporterKey: text('reporter_key'),
    status: text('status').notNull().default('open'),
    resolvedAt: tstz('resolved_at'),
    resolvedBy: ref('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('offer_reports_reason_check', oneOf(t.reason, OFFER_REPORT_REASONS)),
    check('offer_reports_status_check', oneOf(t.status, OFFER_REPORT_STATUSES)),
    index('offer_reports_status_idx').on(t.status, t.createdAt),
    index('offer_reports_property_idx').on(t.propertyId),
    uniqueIndex('offer_reports_open_reporter_unique')
      .on(t.propertyId, t.reporterKey)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * Last counted detail view per visitor and offer: a visitor (the stats-token header of spec 7,
 * or a hash of address and user agent without one) is counted once per offer within 3 hours
 * (spec 9 stats token lifetime). Rows older than 3 hours are dead and may be pruned.
 */
export const offerViewVisitors = pgTable(
  'offer_view_visitors',
  {
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash').notNull(),
    viewedAt: tstz('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'offer_view_visitors_pk', columns: [t.propertyId, t.visitorHash] }),
    index('offer_view_visitors_viewed_idx').on(t.viewedAt),
  ],
);

/** Daily counters per offer (the stats-token header of spec 7 feeds them). */
export const offerViewStats = pgTable(
  'offer_view_stats',
  {
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    listViews: integer('list_views').notNull().default(0),
    detailViews: integer('detail_views').notNull().default(0),
    contactViews: integer('contact_views').notNull().default(0),
    favouritesAdded: integer('favourites_added').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'offer_view_stats_pk', columns: [t.propertyId, t.day] })],
);
