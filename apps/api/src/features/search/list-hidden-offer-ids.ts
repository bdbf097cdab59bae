import { type Db, hiddenOffers } from '@estately/db';
import { eq } from 'drizzle-orm';

/**
 * The ids a user hid, for their searches (decision 072): one read of the primary key's prefix,
 * bounded by ACCOUNT_HIDDEN_CAP.
 */
export async function listHiddenOfferIds(options: { db: Db; userId: number }): Promise<number[]> {
  const rows = await options.db
    .select({ id: hiddenOffers.offerId })
    .from(hiddenOffers)
    .where(eq(hiddenOffers.userId, options.userId));
  return rows.map((row) => Number(row.id));
}
