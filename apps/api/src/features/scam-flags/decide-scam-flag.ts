import { type Db, offerMessages, properties, scamFlags } from '@estately/db';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { type EmailJobPayload, enqueueEmail } from '../mail/enqueue-email.ts';
import { getScamFlag } from './list-scam-flags.ts';

/**
 * POST /admin/scam-flags/{id}/release|reject (admins), one transaction (docs/decisions/067).
 * Release: a held offer returns to search (the system's strike lifted; an admin's own strike
 * stays), a held message reaches its recipient and its e-mail is queued as it was. Reject: the
 * offer is struck with the admin's `reason`, which its owner sees (required for an offer); a
 * message stays held for good. Only an open flag can be decided: otherwise 409 `conflict`.
 */
export async function decideScamFlag(options: {
  db: Db;
  adminId: number;
  flagId: number;
  action: 'release' | 'reject';
  reason?: string;
}) {
  const { db, adminId, flagId, action, reason } = options;
  return db.transaction(async (tx) => {
    const [flag] = await tx.select().from(scamFlags).where(eq(scamFlags.id, flagId)).for('update');
    if (!flag) throw new AppError('not_found');
    if (flag.status !== 'open') throw new AppError('conflict');
    if (action === 'reject' && flag.subject === 'offer' && !reason) {
      throw new AppError('validation_errors', { errors: { reason: ['validation.required'] } });
    }
    if (action === 'release' && reason) {
      throw new AppError('validation_errors', { errors: { reason: ['validation.invalid_value'] } });
    }
    await tx
      .update(scamFlags)
      .set({
        status: action === 'release' ? 'released' : 'rejected',
        decidedAt: sql`now()`,
        decidedBy: adminId,
        updatedAt: sql`now()`,
      })
      .where(eq(scamFlags.id, flagId));
    if (flag.subject === 'offer') {
      // The visibility trigger (migrations 0018, 0036) moves the read model's is_public with
      // struck_at in this statement, so search follows without re-projecting the offer.
      await tx
        .update(properties)
        .set(
          action === 'reject'
            ? // As an admin's strike (moderation): the owner sees the reason.
              { struckAt: sql`now()`, struckBy: adminId, strikeReason: reason ?? null, heldForReviewAt: null }
            : // Only the system's strike (no admin named) is the hold's to lift.
              {
                heldForReviewAt: null,
                struckAt: sql`case when ${properties.struckBy} is null then null else ${properties.struckAt} end`,
              },
        )
        .where(eq(properties.id, flag.propertyId));
    } else if (action === 'release' && flag.messageId !== null) {
      await tx.update(offerMessages).set({ heldAt: null }).where(eq(offerMessages.id, flag.messageId));
      if (flag.heldEmail) {
        await enqueueEmail(tx, flag.heldEmail.email as unknown as EmailJobPayload, {
          dedupeKey: flag.heldEmail.dedupeKey,
        });
      }
    }
    return getScamFlag(tx, flagId);
  });
}
