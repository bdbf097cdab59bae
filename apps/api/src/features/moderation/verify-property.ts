import { type Db, properties } from '@estately/db';
import type { ModerationResult } from '@estately/domain';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { syncOfferRow } from '../seller-properties/sync-offer-row.ts';
import { moderationResult } from './moderation-result.ts';

/**
 * PATCH /properties/{id}/verify (admins): sets or withdraws the verified-listing badge. The
 * badge is a trust-score factor and a search filter, so the offers row follows in the same
 * transaction.
 */
export async function verifyProperty(options: {
  db: Db;
  adminId: number;
  propertyId: number;
  verified: boolean;
}): Promise<ModerationResult> {
  const { db, adminId, propertyId, verified } = options;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(properties)
      .set({
        isVerified: verified,
        verifiedAt: verified ? sql`now()` : null,
        verifiedBy: verified ? adminId : null,
        updatedAt: sql`now()`,
      })
      .where(eq(properties.id, propertyId))
      .returning({ id: properties.id });
    if (!row) throw new AppError('not_found');
    await syncOfferRow(tx, propertyId);
    return moderationResult(tx, propertyId);
  });
}
