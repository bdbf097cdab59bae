import { type DbOrTx, properties, propertyStateHistory } from '@estately/db';
import { type PropertyState, stateHistoryKind } from '@estately/domain';
import { eq, sql } from 'drizzle-orm';
import { reviewOfferScams } from '../scam-flags/review-offer-scams.ts';
import { findRelistedProperty } from './find-relisted-property.ts';
import { syncOfferRow } from './sync-offer-row.ts';

type PropertyRow = typeof properties.$inferSelect;

/**
 * The one write of a lifecycle move, inside the caller's transaction, for every path that moves
 * one (the seller's set-state, bulk actions, feeds and the partner API through them): the new
 * state with its dates, the history entry a visitor's timeline shows (decision 063) and the
 * offers row. The caller has checked the transition (`canTransition`) and locked the row.
 *
 * Activating stamps activated_at, and published_at the first time; a first listing that
 * re-posts the same owner's withdrawn offer of the same property (`findRelistedProperty`)
 * continues it instead: it is linked by `relisted_from`, keeps its first publication date and
 * is recorded as `relisted`.
 */
export async function changePropertyState(
  tx: DbOrTx,
  current: PropertyRow,
  state: PropertyState,
): Promise<void> {
  const firstListing = current.publishedAt === null;
  const relisted = state === 'active' && firstListing ? await findRelistedProperty(tx, current) : null;
  await tx
    .update(properties)
    .set({
      state,
      updatedAt: sql`now()`,
      ...(state === 'active'
        ? {
            activatedAt: sql`now()`,
            publishedAt: relisted?.publishedAt ?? sql`coalesce(${properties.publishedAt}, now())`,
            ...(relisted ? { relistedFrom: relisted.id } : {}),
          }
        : {}),
    })
    .where(eq(properties.id, current.id));
  const kind = relisted ? 'relisted' : stateHistoryKind(current.state as PropertyState, state, firstListing);
  if (kind) {
    await tx.insert(propertyStateHistory).values({
      propertyId: current.id,
      kind,
      state,
      price: current.price,
      currency: current.price === null ? null : current.currency,
    });
  }
  await syncOfferRow(tx, current.id);
  // Publishing runs the scam rules (decision 067): a strongly flagged offer is held at once.
  if (state === 'active') await reviewOfferScams(tx, current.id);
}
