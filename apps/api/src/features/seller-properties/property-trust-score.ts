import { type DbOrTx, offerReports, type properties, propertyMedia, sellers, users } from '@estately/db';
import {
  computeTrustScore,
  PUBLISH_REQUIRED_FIELDS,
  publishProblems,
  type TrustScore,
} from '@estately/domain';
import { eq, sql } from 'drizzle-orm';
import { columnsToFields } from './property-columns.ts';

/**
 * Gathers the inputs of the trust score of a property (packages/domain trust-score.ts) and computes it.
 *
 * One statement: `db` is often the transaction of a property write (syncOfferRow, moderation),
 * whose one connection runs one statement at a time (pg 9 refuses queries sent while another
 * runs), and on the pool one round trip beats four.
 */
export async function propertyTrustScore(
  db: DbOrTx,
  row: typeof properties.$inferSelect,
): Promise<TrustScore> {
  const photos = sql`(select count(*) from ${propertyMedia} where ${propertyMedia.propertyId} = ${row.id} and ${propertyMedia.status} = 'ready')`;
  const reports = (status: 'open' | 'resolved') =>
    sql`(select count(*) from ${offerReports} where ${offerReports.propertyId} = ${row.id} and ${offerReports.status} = ${status})`;
  // No seller (null id): no row, a null rating.
  const sellerRating = sql`(select ${sellers.rating} from ${sellers} where ${sellers.id} = ${row.sellerId})`;
  // The owner's row is there while the property is (owner_id is a cascading foreign key).
  const [inputs] = await db
    .select({
      ownerCreatedAt: users.createdAt,
      photos: photos.mapWith(Number),
      upheldReports: reports('resolved').mapWith(Number),
      openReports: reports('open').mapWith(Number),
      sellerRating: sellerRating.mapWith(sellers.rating),
    })
    .from(users)
    .where(eq(users.id, row.ownerId));
  const problems = Object.keys(publishProblems(columnsToFields(row))).filter((field) =>
    (PUBLISH_REQUIRED_FIELDS as readonly string[]).includes(field),
  ).length;
  return computeTrustScore({
    isVerified: row.isVerified,
    completeness: 1 - problems / PUBLISH_REQUIRED_FIELDS.length,
    photos: inputs?.photos ?? 0,
    sellerRating: inputs?.sellerRating ?? null,
    upheldReports: inputs?.upheldReports ?? 0,
    openReports: inputs?.openReports ?? 0,
    accountAgeDays: inputs ? (Date.now() - inputs.ownerCreatedAt.getTime()) / 86_400_000 : 0,
  });
}
