import { type DbOrTx, properties } from '@estately/db';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { syncOfferRow } from '../seller-properties/sync-offer-row.ts';

/**
 * Strikes a property (admins, POST /properties/strike/{id} or resolving a report): it leaves
 * public view at once whatever its state, and the owner sees the reason in GET
 * /properties/{id} and GET /my/own/properties. The state is untouched, so lifting the strike
 * (`reason` null) brings an active offer back as it was.
 */
export async function strikeProperty(
  tx: DbOrTx,
  options: { adminId: number; propertyId: number; reason: string | null },
): Promise<void> {
  const { adminId, propertyId, reason } = options;
  const [row] = await tx
    .update(properties)
    .set(
      reason === null
        ? { struckAt: null, struckBy: null, strikeReason: null, heldForReviewAt: null, updatedAt: sql`now()` }
        : // An admin's strike replaces a scam hold (decision 067): the owner sees its reason.
          {
            struckAt: sql`now()`,
            struckBy: adminId,
            strikeReason: reason,
            heldForReviewAt: null,
            updatedAt: sql`now()`,
          },
    )
    .where(eq(properties.id, propertyId))
    .returning({ id: properties.id });
  if (!row) throw new AppError('not_found');
  await syncOfferRow(tx, propertyId);
}
