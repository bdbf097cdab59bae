import { type DbOrTx, leadThreads, offerMessages } from '@estately/db';
import type { LeadUnread } from '@estately/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';

/** GET /lead_threads/unread: the buyers' messages the seller has not read, and in how many threads. */
export async function countUnreadLeads(options: { db: DbOrTx; ownerId: number }): Promise<LeadUnread> {
  const [row] = await options.db
    .select({
      messages: sql<number>`count(*)::int`,
      threads: sql<number>`count(distinct ${offerMessages.threadId})::int`,
    })
    .from(offerMessages)
    .innerJoin(leadThreads, eq(leadThreads.id, offerMessages.threadId))
    .where(
      and(
        eq(leadThreads.ownerId, options.ownerId),
        isNull(offerMessages.readAt),
        eq(offerMessages.fromOwner, false),
        // A message held by the scam rules (decision 067) is not the seller's yet.
        isNull(offerMessages.heldAt),
      ),
    );
  return { messages: Number(row?.messages ?? 0), threads: Number(row?.threads ?? 0) };
}
