import { type Db, sellerRatings } from '@estately/db';
import type { ThreadRating } from '@estately/domain';
import { AppError } from '../../lib/app-error.ts';
import { ratingOfThread } from './get-thread-rating.ts';
import { refreshSellerRating } from './refresh-seller-rating.ts';
import { threadOfWriter, type WriterAccess } from './thread-of-writer.ts';

/**
 * POST .../rating (issue 43 point 3, decision 066): the person who wrote rates the seller, 1..5
 * stars, once per conversation and only after the seller's reply. The rating, the seller's new
 * mean and the read model's seller_rating are written in one transaction.
 */
export async function rateSeller(options: {
  db: Db;
  access: WriterAccess;
  stars: number;
}): Promise<ThreadRating> {
  return options.db.transaction(async (tx) => {
    const thread = await threadOfWriter(tx, options.access, true);
    if (thread.firstReplyAt === null) {
      throw new AppError('conflict', {
        message: 'The seller has not replied yet.',
        errors: { stars: ['rating.awaiting_reply'] },
      });
    }
    const inserted = await tx
      .insert(sellerRatings)
      .values({
        threadId: thread.id,
        ownerId: thread.ownerId,
        sellerId: thread.sellerId,
        stars: options.stars,
      })
      .onConflictDoNothing({ target: sellerRatings.threadId })
      .returning({ id: sellerRatings.id });
    if (inserted.length === 0) {
      throw new AppError('conflict', {
        message: 'This conversation has been rated already.',
        errors: { stars: ['rating.already_rated'] },
      });
    }
    await refreshSellerRating(tx, { ownerId: thread.ownerId, sellerId: thread.sellerId });
    return ratingOfThread(tx, thread);
  });
}
