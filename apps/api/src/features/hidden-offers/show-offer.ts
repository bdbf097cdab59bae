import { type Db, hiddenOffers } from '@estately/db';
import { and, eq } from 'drizzle-orm';

/** "Show again": the offer comes back in the user's searches. Idempotent. */
export async function showOffer(options: { db: Db; userId: number; offerId: number }): Promise<void> {
  await options.db
    .delete(hiddenOffers)
    .where(and(eq(hiddenOffers.userId, options.userId), eq(hiddenOffers.offerId, options.offerId)));
}
