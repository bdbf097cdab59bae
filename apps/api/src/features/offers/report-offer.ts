import { type Db, offerReports, offers, properties } from '@estately/db';
import type { OfferReportInput, OfferReportResponse } from '@estately/domain';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { isPublicProperty } from '../offers-shared/is-public-property.ts';
import { offerNotFound } from './public-offer.ts';

export interface ReportOfferOptions {
  db: Db;
  id: number;
  input: OfferReportInput;
  /** The signed-in reporter (accounts arrive with issue 5); null for a guest. */
  reporterUserId: number | null;
  /** Keyed hash of the guest's address, used when neither an account nor an e-mail identifies them. */
  addressHash: string;
}

/** `user:<id>`, else `email:<address>`, else `ip:<hash>`: the one identity a report is counted under. */
export function reporterKey(options: { userId: number | null; email?: string; addressHash: string }): string {
  if (options.userId !== null) return `user:${options.userId}`;
  if (options.email) return `email:${options.email}`;
  return `ip:${options.addressHash}`;
}

/**
 * POST /public/offers/{id}/offer_report (spec 7): stores a report for moderation (status
 * `open`). One open report per reporter and offer, enforced by a partial unique index: a second
 * one answers 409 conflict, so the client can say "already reported" without a second row; once
 * an admin resolves or dismisses it, the same reporter may report again.
 */
export async function reportOffer(options: ReportOfferOptions): Promise<OfferReportResponse> {
  const { db, id, input } = options;
  const [offer] = await db
    .select({ id: offers.id })
    .from(offers)
    .innerJoin(properties, eq(properties.id, offers.id))
    .where(and(eq(offers.id, id), isPublicProperty()))
    .limit(1);
  if (!offer) throw offerNotFound();

  const [report] = await db
    .insert(offerReports)
    .values({
      propertyId: id,
      reporterUserId: options.reporterUserId,
      reporterEmail: input.email ?? null,
      reporterKey: reporterKey({
        userId: options.reporterUserId,
        email: input.email,
        addressHash: options.addressHash,
      }),
      reason: input.reason,
      message: input.text ?? null,
    })
    // Only the open-reporter index can clash: ids are generated.
    .onConflictDoNothing()
    .returning({
      id: offerReports.id,
      reason: offerReports.reason,
      status: offerReports.status,
      createdAt: offerReports.createdAt,
    });
  if (!report) throw new AppError('conflict', { message: 'This offer has already been reported by you' });
  return {
    id: report.id,
    offer_id: id,
    reason: report.reason as OfferReportResponse['reason'],
    status: report.status as OfferReportResponse['status'],
    created_at: report.createdAt.toISOString(),
  };
}
