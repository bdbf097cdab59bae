import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref } from './common.ts';
import { users } from './users.ts';

/**
 * Idempotent creates (issue 11 item 10, docs/decisions/014): a client that repeats a create
 * with the same `Idempotency-Key` gets the first answer again instead of a second row. The key
 * row is written in the same transaction as what the request creates, so either both exist or
 * neither does; the unique index makes a concurrent repeat wait for the first and then find
 * its answer. Keys are per user and per operation (`route`); `requestHash` tells a true repeat
 * from a key reused for a different request. The hourly clean-up deletes rows after a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: idColumn(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The operation, e.g. `POST /v1/property/save`. */
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request's canonical JSON (path parameters and body). */
    requestHash: text('request_hash').notNull(),
    statusCode: smallint('status_code').notNull(),
    /** The answer's JSON body as text (a jsonb string keeps member order), returned to a repeat. */
    response: jsonb('response').$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_route_key_idx').on(t.userId, t.route, t.key),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
    check('idempotency_keys_key_check', sql`char_length(${t.key}) between 1 and 255`),
  ],
);
