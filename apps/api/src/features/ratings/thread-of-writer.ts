import { type DbOrTx, leadThreads, properties } from '@estately/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { type BuyerAccess, buyerThreadWhere } from '../leads/public-lead-thread.ts';

/**
 * The person who wrote to a seller reaches their conversation as the leads feature lets them:
 * the link of the seller's reply e-mail (a token, stored hashed) or their own account. Anyone
 * else, the seller included, finds nothing (404), so ids cannot be probed.
 */
export type WriterAccess = BuyerAccess;

/** The thread with the seller it rates: its owner account and the offer's seller profile. */
export async function threadOfWriter(tx: DbOrTx, access: WriterAccess, lock: boolean) {
  const query = tx
    .select({
      id: leadThreads.id,
      ownerId: leadThreads.ownerId,
      firstReplyAt: leadThreads.firstReplyAt,
      sellerId: properties.sellerId,
    })
    .from(leadThreads)
    .innerJoin(properties, eq(properties.id, leadThreads.propertyId))
    .where(buyerThreadWhere(access));
  const [thread] = lock ? await query.for('update', { of: leadThreads }) : await query;
  if (!thread) throw new AppError('not_found');
  return thread;
}
