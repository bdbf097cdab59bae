import { type Db, hiddenOffers, properties } from '@estately/db';
import { ACCOUNT_HIDDEN_CAP } from '@estately/domain';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';

/**
 * Hides an offer from the user's searches, map, facet counts and alerts (issue 44 point 6,
 * decision 072). Idempotent: hiding it again keeps the one row. Any existing property can be
 * hidden, public or not (a card seen a minute ago may have been paused since); an unknown id is
 * 404. Past ACCOUNT_HIDDEN_CAP offers the call is refused (422) and nothing is stored.
 */
export async function hideOffer(options: { db: Db; userId: number; offerId: number }): Promise<void> {
  const { db, userId, offerId } = options;
  await db.transaction(async (tx) => {
    const [property] = await tx
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.id, offerId))
      .limit(1);
    if (!property) throw new AppError('not_found');
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(hiddenOffers)
      .where(eq(hiddenOffers.userId, userId));
    const [already] = await tx
      .select({ id: hiddenOffers.offerId })
      .from(hiddenOffers)
      .where(and(eq(hiddenOffers.userId, userId), eq(hiddenOffers.offerId, offerId)));
    if (already) return;
    if ((held?.n ?? 0) >= ACCOUNT_HIDDEN_CAP) {
      throw new AppError('validation_errors', { errors: { offer_id: ['validation.too_large'] } });
    }
    await tx.insert(hiddenOffers).values({ userId, offerId }).onConflictDoNothing();
  });
}
