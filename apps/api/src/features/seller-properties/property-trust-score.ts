import { type DbOrTx, offerReports, type properties, propertyMedia, sellers, users } from '@estately/db';
import {
  computeTrustScore,
  PUBLISH_REQUIRED_FIELDS,
  publishProblems,
  type TrustScore,
} from '@estately/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import { columnsToFields } from './property-columns.ts';

/** Gathers the inputs of the trust score of a property (packages/domain trust-score.ts) and computes it. */
export async function propertyTrustScore(
  db: DbOrTx,
  row: typeof properties.$inferSelect,
): Promise<TrustScore> {
  const [[photos], reports, [owner], [seller]] = await Promise.all([
    db.select({ n: count() }).from(propertyMedia).where(eq(propertyMedia.propertyId, row.id)),
    db
      .select({ status: offerReports.status, n: count() })
      .from(offerReports)
      .where(and(eq(offerReports.propertyId, row.id), sql`${offerReports.status} in ('open', 'resolved')`))
      .groupBy(offerReports.status),
    db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, row.ownerId)),
    row.sellerId
      ? db.select({ rating: sellers.rating }).from(sellers).where(eq(sellers.id, row.sellerId))
      : Promise.resolve([]),
  ]);
  const problems = Object.keys(publishProblems(columnsToFields(row))).filter((field) =>
    (PUBLISH_REQUIRED_FIELDS as readonly string[]).includes(field),
  ).length;
  const reportCount = (status: string) => reports.find((r) => r.status === status)?.n ?? 0;
  return computeTrustScore({
    isVerified: row.isVerified,
    completeness: 1 - problems / PUBLISH_REQUIRED_FIELDS.length,
    photos: photos?.n ?? 0,
    sellerRating: seller?.rating ?? null,
    upheldReports: reportCount('resolved'),
    openReports: reportCount('open'),
    accountAgeDays: owner ? (Date.now() - owner.createdAt.getTime()) / 86_400_000 : 0,
  });
}
