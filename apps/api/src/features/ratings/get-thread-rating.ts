import { type DbOrTx, sellerRatings } from '@estately/db';
import type { ThreadRating } from '@estately/domain';
import { eq } from 'drizzle-orm';
import { threadOfWriter, type WriterAccess } from './thread-of-writer.ts';

/** The conversation's rating as its writer sees it, and whether one can be given now. */
export async function ratingOfThread(
  db: DbOrTx,
  thread: { id: number; firstReplyAt: Date | null },
): Promise<ThreadRating> {
  const [given] = await db
    .select({ stars: sellerRatings.stars, createdAt: sellerRatings.createdAt })
    .from(sellerRatings)
    .where(eq(sellerRatings.threadId, thread.id));
  return {
    stars: given?.stars ?? null,
    rated_at: given ? given.createdAt.toISOString() : null,
    can_rate: !given && thread.firstReplyAt !== null,
    awaiting_reply: thread.firstReplyAt === null,
  };
}

/** GET .../rating: the writer's view of the rating of their conversation. */
export async function getThreadRating(options: { db: DbOrTx; access: WriterAccess }): Promise<ThreadRating> {
  return ratingOfThread(options.db, await threadOfWriter(options.db, options.access, false));
}
