import { CURRENCIES } from '@estately/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, oneOf, tstz, updatedAt } from './common.ts';

/**
 * Exchange rates to CZK, the base currency of `offers.price_normalized` (spec 9: default CZK,
 * 12 currencies; CHF, TRY and RSD added by decision 050). `rateToCzk` is how many CZK one unit
 * of `currency` buys.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    currency: text('currency').primaryKey(),
    rateToCzk: numeric('rate_to_czk', { precision: 18, scale: 8, mode: 'number' }).notNull(),
    source: text('source').notNull().default('default'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('exchange_rates_currency_check', oneOf(t.currency, CURRENCIES)),
    check('exchange_rates_rate_check', sql`${t.rateToCzk} > 0`),
  ],
);

/**
 * Durable outbox and job queue (DESIGN 6, 7): e-mails and background work are written in the
 * same transaction as the change that causes them; workers claim due rows with
 * FOR UPDATE SKIP LOCKED and set `lockedBy`/`lockedUntil`, so a crashed worker's job is
 * picked up again once its lock expires. `dedupeKey` makes enqueueing idempotent.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: idColumn(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: tstz('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    lockedBy: text('locked_by'),
    lockedUntil: tstz('locked_until'),
    doneAt: tstz('done_at'),
    failedAt: tstz('failed_at'),
    lastError: text('last_error'),
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('jobs_dedupe_key_unique').on(t.dedupeKey),
    index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    index('jobs_kind_idx').on(t.kind, t.createdAt),
  ],
);

/** Messages delivered by the embedded mail transport (DESIGN 2 e-mail: dev mailbox page). */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: idColumn(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text'),
    html: text('html'),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    jobId: integer('job_id'),
    createdAt: createdAt(),
  },
  (t) => [index('dev_mailbox_to_idx').on(t.toAddress, t.createdAt.desc())],
);
