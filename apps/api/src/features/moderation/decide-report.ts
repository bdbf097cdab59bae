import { type Db, offerReports } from '@estately/db';
import type { ModerationResult } from '@estately/domain';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { syncOfferRow } from '../seller-properties/sync-offer-row.ts';
import { moderationResult } from './moderation-result.ts';
import { strikeProperty } from './strike-property.ts';

/**
 * POST /admin/reports/{id}/resolve|dismiss (admins). `resolve` upholds the report (it then
 * costs the offer trust-score points) and, with `strikeReason`, strikes the offer in the same
 * transaction; `dismiss` rejects it (no cost). Only an open report can be decided: a decided
 * one answers 409 `conflict`, so two admins never decide the same report twice.
 */
export async function decideReport(options: {
  db: Db;
  adminId: number;
  reportId: number;
  action: 'resolve' | 'dismiss';
  strikeReason?: string;
}): Promise<ModerationResult> {
  const { db, adminId, reportId, action, strikeReason } = options;
  return db.transaction(async (tx) => {
    const [report] = await tx.select().from(offerReports).where(eq(offerReports.id, reportId)).for('update');
    if (!report) throw new AppError('not_found');
    if (report.status !== 'open') throw new AppError('conflict');
    if (action === 'dismiss' && strikeReason) {
      throw new AppError('validation_errors', { errors: { strike_reason: ['validation.invalid_value'] } });
    }
    await tx
      .update(offerReports)
      .set({
        status: action === 'resolve' ? 'resolved' : 'dismissed',
        resolvedAt: sql`now()`,
        resolvedBy: adminId,
      })
      .where(and(eq(offerReports.id, reportId), eq(offerReports.status, 'open')));
    if (action === 'resolve' && strikeReason) {
      await strikeProperty(tx, { adminId, propertyId: report.propertyId, reason: strikeReason });
    } else {
      // The decision changes the trust score the offers row carries.
      await syncOfferRow(tx, report.propertyId);
    }
    return moderationResult(tx, report.propertyId);
  });
}
