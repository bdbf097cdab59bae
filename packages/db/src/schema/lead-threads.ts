import { LEAD_THREAD_STATUSES, LOCALES } from '@estately/domain';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, oneOf, ref, tstz, updatedAt } from './common.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

export { LEAD_THREAD_STATUSES };

/**
 * Leads as conversations (issue 38 point 10, migration 0020): one thread per offer and buyer.
 * The buyer is their account when they wrote signed in, else their e-mail address
 * (`buyer_key` = `user:<id>` or `email:<lower-cased address>`), so writing again about the same
 * offer joins the same thread. The messages are `offer_messages` rows naming the thread.
 */
export const leadThreads = pgTable(
  'lead_threads',
  {
    id: idColumn(),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    ownerId: ref('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerUserId: ref('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
    buyerKey: text('buyer_key').notNull(),
    buyerName: text('buyer_name'),
    buyerEmail: text('buyer_email').notNull(),
    buyerPhone: text('buyer_phone'),
    /** The language the buyer wrote in: the seller's replies reach them in it. */
    buyerLocale: text('buyer_locale').notNull().default('cs'),
    status: text('status').notNull().default('new'),
    /** When the seller first replied in the product (the reply-rate figures). */
    firstReplyAt: tstz('first_reply_at'),
    lastMessageAt: tstz('last_message_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('lead_threads_status_check', oneOf(t.status, LEAD_THREAD_STATUSES)),
    check('lead_threads_buyer_locale_check', oneOf(t.buyerLocale, LOCALES)),
    uniqueIndex('lead_threads_property_buyer_unique').on(t.propertyId, t.buyerKey),
    index('lead_threads_owner_activity_idx').on(t.ownerId, t.lastMessageAt.desc()),
    index('lead_threads_buyer_user_idx').on(t.buyerUserId),
  ],
);

/**
 * The buyer's ways into a thread without an account: each e-mail to the buyer carries a fresh
 * random token (32 bytes); only its SHA-256 hash is stored, so the table cannot open a thread.
 */
export const leadThreadTokens = pgTable(
  'lead_thread_tokens',
  {
    id: idColumn(),
    threadId: ref('thread_id')
      .notNull()
      .references(() => leadThreads.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lead_thread_tokens_hash_unique').on(t.tokenHash),
    index('lead_thread_tokens_thread_idx').on(t.threadId),
  ],
);
