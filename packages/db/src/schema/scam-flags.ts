import { SCAM_FLAG_STATUSES, SCAM_FLAG_SUBJECTS, type ScamReason } from '@estately/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, oneOf, ref, tstz, updatedAt } from './common.ts';
import { offerMessages } from './engagement.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

/** An e-mail held with its message, queued as it was when an admin releases the message. */
export type HeldEmailJson = { email: Record<string, unknown>; dedupeKey: string };

/**
 * The scam rules' findings (issue 43 point 4, migration 0035, docs/decisions/067): one row per
 * flagged offer review (one open row per offer, a later save updates it) or flagged message, with
 * its named reasons and their weights. `held` says the offer is out of search (or the message
 * kept from its recipient) until an admin releases or rejects it.
 */
export const scamFlags = pgTable(
  'scam_flags',
  {
    id: idColumn(),
    subject: text('subject').notNull(),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    messageId: ref('message_id').references(() => offerMessages.id, { onDelete: 'cascade' }),
    authorUserId: ref('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    score: smallint('score').notNull(),
    reasons: jsonb('reasons').$type<ScamReason[]>().notNull(),
    held: boolean('held').notNull().default(false),
    status: text('status').notNull().default('open'),
    heldEmail: jsonb('held_email').$type<HeldEmailJson>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    decidedAt: tstz('decided_at'),
    decidedBy: ref('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('scam_flags_subject_check', oneOf(t.subject, SCAM_FLAG_SUBJECTS)),
    check('scam_flags_status_check', oneOf(t.status, SCAM_FLAG_STATUSES)),
    check('scam_flags_message_check', sql`(${t.subject} = 'message') = (${t.messageId} is not null)`),
    uniqueIndex('scam_flags_open_offer_unique')
      .on(t.propertyId)
      .where(sql`${t.subject} = 'offer' and ${t.status} = 'open'`),
    uniqueIndex('scam_flags_message_unique').on(t.messageId).where(sql`${t.messageId} is not null`),
    index('scam_flags_queue_idx').on(t.status, t.held.desc(), t.score.desc(), t.createdAt),
    index('scam_flags_property_idx').on(t.propertyId, t.createdAt.desc()),
  ],
);

export type ScamFlagRow = typeof scamFlags.$inferSelect;
