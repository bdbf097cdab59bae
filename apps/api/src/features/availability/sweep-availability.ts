import { availabilityChecks, type Db, type DbOrTx, offers, properties, users } from '@estately/db';
import {
  AVAILABILITY_ASK_AFTER_DAYS,
  AVAILABILITY_UNCONFIRMED_AFTER_DAYS,
  AVAILABILITY_WITHDRAW_AFTER_DAYS,
  canTransition,
  type PropertyState,
} from '@estately/domain';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { JwtKey } from '../../lib/jwt.ts';
import { changePropertyState } from '../seller-properties/change-property-state.ts';
import {
  type AvailabilityOffer,
  enqueueAvailabilityQuestion,
  enqueueAvailabilityWithdrawal,
} from './availability-mail.ts';

const DAY_MS = 86_400_000;
/** Offers asked, marked or withdrawn per step and run: a large backlog is worked off run by run. */
export const AVAILABILITY_SWEEP_BATCH = 500;

export interface AvailabilitySweepResult {
  closed: number;
  asked: number;
  unconfirmed: number;
  withdrawn: number;
  /** A step filled its batch: more is waiting. */
  more: boolean;
}

const offerColumns = {
  propertyId: properties.id,
  offerType: properties.offerType,
  propertyType: properties.propertyType,
  street: properties.street,
  city: properties.city,
  email: users.email,
  locale: users.preferredLanguage,
  firstName: users.firstName,
  lastName: users.lastName,
  companyName: users.companyName,
};

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/**
 * The "still available?" sweep (issue 43 point 5, decision 065), run by the job
 * `availability.sweep`. Each step is a transaction of its own and is idempotent: a step's rows
 * are chosen by what has not happened to them yet and locked (SKIP LOCKED), and each e-mail is
 * queued with its change under a dedupe key, so a run repeated or run by two workers at once
 * asks, marks, withdraws and writes each e-mail once.
 *
 * 1. Close the open questions of offers updated since (an update answers it) or no longer active.
 * 2. Ask: active offers whose latest update, confirmation or question is 14 days old get a
 *    question and its e-mail with the two signed links.
 * 3. Mark: 7 days unanswered, "not confirmed recently" (the read model's flag and order).
 * 4. Withdraw: 30 days unanswered, paused through the lifecycle (history entry) with a notice.
 */
export async function sweepAvailability(options: {
  db: Db;
  keys: readonly JwtKey[];
  /** Public origin of the web app: the e-mails' links. */
  web: string;
  now?: Date;
  batch?: number;
}): Promise<AvailabilitySweepResult> {
  const { db, keys, web } = options;
  const now = options.now ?? new Date();
  const batch = options.batch ?? AVAILABILITY_SWEEP_BATCH;
  const closed = await db.transaction((tx) => closeAnsweredChecks(tx, now));
  const asked = await db.transaction((tx) => askDueOffers(tx, { now, batch, keys, web }));
  const unconfirmed = await db.transaction((tx) => markUnconfirmed(tx, now, batch));
  const withdrawn = await db.transaction((tx) => withdrawUnanswered(tx, { now, batch, web }));
  const more = asked >= batch || unconfirmed >= batch || withdrawn >= batch;
  return { closed, asked, unconfirmed, withdrawn, more };
}

/** Writes the flag on properties and the read model; the projection derives the same (isUnconfirmedProperty). */
async function setUnconfirmed(tx: DbOrTx, ids: number[], since: Date | null): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(properties).set({ availabilityUnconfirmedAt: since }).where(inArray(properties.id, ids));
  await tx
    .update(offers)
    .set({ isUnconfirmed: since !== null })
    .where(and(inArray(offers.id, ids), sql`${offers.isUnconfirmed} <> ${since !== null}`));
}

async function closeAnsweredChecks(tx: DbOrTx, now: Date): Promise<number> {
  const stale = await tx
    .select({ id: availabilityChecks.id, propertyId: availabilityChecks.propertyId })
    .from(availabilityChecks)
    .innerJoin(properties, eq(properties.id, availabilityChecks.propertyId))
    .where(
      and(
        isNull(availabilityChecks.closedAt),
        sql`(${properties.updatedAt} > ${availabilityChecks.sentAt} or ${properties.state} <> 'active'
          or ${properties.struckAt} is not null)`,
      ),
    )
    .for('update', { of: availabilityChecks, skipLocked: true });
  return settleChecks(tx, stale, { closedAt: now }, null);
}

/**
 * Writes `set` on the questions `rows` and the offers' flag (`since` null clears it); how many.
 */
async function settleChecks(
  tx: DbOrTx,
  rows: { id: number; propertyId: number }[],
  set: Partial<typeof availabilityChecks.$inferInsert>,
  since: Date | null,
): Promise<number> {
  if (rows.length === 0) return 0;
  await tx
    .update(availabilityChecks)
    .set(set)
    .where(
      inArray(
        availabilityChecks.id,
        rows.map((row) => row.id),
      ),
    );
  await setUnconfirmed(
    tx,
    rows.map((row) => row.propertyId),
    since,
  );
  return rows.length;
}

async function askDueOffers(
  tx: DbOrTx,
  options: { now: Date; batch: number; keys: readonly JwtKey[]; web: string },
): Promise<number> {
  const { now } = options;
  const clock = sql`greatest(${properties.updatedAt}, ${properties.availabilityConfirmedAt}, ${properties.availabilityAskedAt})`;
  // The clock expression and the conditions are those of properties_availability_due_idx, so
  // the due offers are read from it oldest first.
  const due: (AvailabilityOffer & { since: Date })[] = await tx
    .select({ ...offerColumns, since: sql<Date>`${clock}`.mapWith(properties.updatedAt) })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.ownerId))
    .where(
      and(
        sql`${properties.state} = 'active' and ${properties.struckAt} is null`,
        sql`${clock} <= ${daysBefore(now, AVAILABILITY_ASK_AFTER_DAYS).toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${availabilityChecks} c where c.property_id = ${properties.id} and c.closed_at is null)`,
      ),
    )
    .orderBy(clock)
    .limit(options.batch)
    .for('update', { of: properties, skipLocked: true });
  if (due.length === 0) return 0;
  const checks = await tx
    .insert(availabilityChecks)
    .values(due.map((offer) => ({ propertyId: offer.propertyId, sentAt: now })))
    .returning({ id: availabilityChecks.id, propertyId: availabilityChecks.propertyId });
  await tx
    .update(properties)
    .set({ availabilityAskedAt: now })
    .where(
      inArray(
        properties.id,
        due.map((offer) => offer.propertyId),
      ),
    );
  const checkOf = new Map(checks.map((check) => [check.propertyId, check.id]));
  for (const offer of due) {
    await enqueueAvailabilityQuestion(tx, {
      offer,
      checkId: checkOf.get(offer.propertyId)!,
      since: offer.since,
      sentAt: now,
      keys: options.keys,
      web: options.web,
    });
  }
  return due.length;
}

async function markUnconfirmed(tx: DbOrTx, now: Date, batch: number): Promise<number> {
  const rows = await tx
    .select({ id: availabilityChecks.id, propertyId: availabilityChecks.propertyId })
    .from(availabilityChecks)
    .innerJoin(properties, eq(properties.id, availabilityChecks.propertyId))
    .where(
      and(
        isNull(availabilityChecks.closedAt),
        isNull(availabilityChecks.unconfirmedAt),
        lte(availabilityChecks.sentAt, daysBefore(now, AVAILABILITY_UNCONFIRMED_AFTER_DAYS)),
        sql`${properties.updatedAt} <= ${availabilityChecks.sentAt} and ${properties.state} = 'active'`,
      ),
    )
    .limit(batch)
    .for('update', { of: availabilityChecks, skipLocked: true });
  return settleChecks(tx, rows, { unconfirmedAt: now }, now);
}

async function withdrawUnanswered(
  tx: DbOrTx,
  options: { now: Date; batch: number; web: string },
): Promise<number> {
  const { now } = options;
  const rows = await tx
    .select({
      checkId: availabilityChecks.id,
      sentAt: availabilityChecks.sentAt,
      property: properties,
      ...offerColumns,
    })
    .from(availabilityChecks)
    .innerJoin(properties, eq(properties.id, availabilityChecks.propertyId))
    .innerJoin(users, eq(users.id, properties.ownerId))
    .where(
      and(
        isNull(availabilityChecks.closedAt),
        lte(availabilityChecks.sentAt, daysBefore(now, AVAILABILITY_WITHDRAW_AFTER_DAYS)),
        sql`${properties.updatedAt} <= ${availabilityChecks.sentAt} and ${properties.state} = 'active'`,
      ),
    )
    .limit(options.batch)
    .for('update', { of: [availabilityChecks, properties], skipLocked: true });
  let withdrawn = 0;
  for (const row of rows) {
    if (!canTransition(row.property.state as PropertyState, 'paused', row.property.offerType)) continue;
    await tx
      .update(availabilityChecks)
      .set({ withdrawnAt: now, closedAt: now })
      .where(eq(availabilityChecks.id, row.checkId));
    await tx
      .update(properties)
      .set({ availabilityUnconfirmedAt: null })
      .where(eq(properties.id, row.property.id));
    await changePropertyState(tx, { ...row.property, availabilityUnconfirmedAt: null }, 'paused');
    await enqueueAvailabilityWithdrawal(tx, {
      offer: row,
      checkId: row.checkId,
      askedAt: row.sentAt,
      web: options.web,
    });
    withdrawn += 1;
  }
  return withdrawn;
}
