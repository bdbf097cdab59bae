import { type DbOrTx, leadThreads } from '@estately/db';
import type { LeadReplyRate } from '@estately/domain';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';

/**
 * A seller's reply figures (issue 38 point 10, for the honest-market issue): of the threads
 * started in the window, how many the seller answered in the product, the share, and the median
 * time from the buyer's first message to the seller's first reply. Threads migrated from leads
 * answered outside the product (by e-mail) have no reply time and count as not replied.
 */
export async function leadReplyRate(options: {
  db: DbOrTx;
  ownerId: number;
  /** Threads started at or after this instant (default: all). */
  since?: Date;
  /** Threads started before this instant (default: all). */
  until?: Date;
}): Promise<LeadReplyRate> {
  const conditions: SQL[] = [eq(leadThreads.ownerId, options.ownerId)];
  if (options.since) conditions.push(gte(leadThreads.createdAt, options.since));
  if (options.until) conditions.push(lt(leadThreads.createdAt, options.until));
  const [row] = await options.db
    .select({
      threads: sql<number>`count(*)::int`,
      replied: sql<number>`count(${leadThreads.firstReplyAt})::int`,
      median: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${leadThreads.firstReplyAt} - ${leadThreads.createdAt})) filter (where ${leadThreads.firstReplyAt} is not null)`,
    })
    .from(leadThreads)
    .where(and(...conditions));
  const threads = Number(row?.threads ?? 0);
  const replied = Number(row?.replied ?? 0);
  return {
    threads,
    replied,
    share: threads === 0 ? null : replied / threads,
    median_first_reply_seconds: row?.median === null || row?.median === undefined ? null : Number(row.median),
  };
}
