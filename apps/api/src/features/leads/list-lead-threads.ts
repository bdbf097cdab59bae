import { type Db, leadThreads, properties } from '@estately/db';
import {
  LEAD_THREADS_PAGE_SIZE,
  type LeadThreadList,
  type LeadThreadStatus,
  pageMeta,
  pageOffset,
} from '@estately/domain';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { countUnreadLeads } from './count-unread-leads.ts';
import { threadColumns, toThreadSummary } from './thread-columns.ts';

/**
 * GET /lead_threads: the conversations about the caller's offers, newest activity first, each
 * with its offer, buyer, status, unread count and last message; `status` keeps one status. The
 * answer also carries the caller's unread totals (the navigation's badge).
 */
export async function listLeadThreads(options: {
  db: Db;
  ownerId: number;
  page?: number;
  perPage?: number;
  status?: LeadThreadStatus;
}): Promise<LeadThreadList> {
  const { db, ownerId } = options;
  const page = options.page ?? 1;
  const perPage = options.perPage ?? LEAD_THREADS_PAGE_SIZE;
  const conditions: SQL[] = [
    eq(leadThreads.ownerId, ownerId),
    // A thread whose only messages are a buyer's held by the scam rules (decision 067) is not shown yet.
    sql`exists (select 1 from offer_messages m where m.thread_id = ${leadThreads.id} and (m.held_at is null or m.from_owner))`,
  ];
  if (options.status) conditions.push(eq(leadThreads.status, options.status));
  const where = and(...conditions);
  const [rows, [counted], unread] = await Promise.all([
    db
      .select(threadColumns)
      .from(leadThreads)
      .innerJoin(properties, eq(properties.id, leadThreads.propertyId))
      .where(where)
      .orderBy(desc(leadThreads.lastMessageAt), desc(leadThreads.id))
      .limit(perPage)
      .offset(pageOffset(page, perPage)),
    db.select({ total: sql<number>`count(*)::int` }).from(leadThreads).where(where),
    countUnreadLeads({ db, ownerId }),
  ]);
  return {
    data: rows.map(toThreadSummary),
    meta: pageMeta(Number(counted?.total ?? 0), page, perPage),
    unread,
  };
}
