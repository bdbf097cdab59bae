import { type Db, leads, properties } from '@estately/db';
import { LEADS_PAGE_SIZE, type LeadList, pageMeta, pageOffset } from '@estately/domain';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { leadColumns, toLead } from './lead-columns.ts';

/**
 * GET /leads: leads received on the caller's properties (messages, tour and contact
 * requests, whoever sent them), newest first, paged, each with its property and the sender's
 * contact. Leads the caller sent to others are not here: they belong to the receiving owner.
 */
export async function listLeads(options: {
  db: Db;
  ownerId: number;
  page?: number;
  perPage?: number;
  unreadOnly?: boolean;
  /** The inbox: leads not read yet first (issue 10), else newest first. */
  unreadFirst?: boolean;
}): Promise<LeadList> {
  const { db, ownerId } = options;
  const page = options.page ?? 1;
  const perPage = options.perPage ?? LEADS_PAGE_SIZE;
  const conditions: SQL[] = [
    eq(leads.ownerId, ownerId),
    // An enquiry whose message the scam rules hold (decision 067) is shown once an admin releases it.
    sql`not exists (select 1 from offer_messages m where m.lead_id = ${leads.id} and m.held_at is not null)`,
  ];
  if (options.unreadOnly) conditions.push(eq(leads.status, 'new'));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select(leadColumns)
      .from(leads)
      .innerJoin(properties, eq(properties.id, leads.propertyId))
      .where(where)
      .orderBy(
        ...(options.unreadFirst ? [sql`(${leads.status} = 'new') desc`] : []),
        desc(leads.createdAt),
        desc(leads.id),
      )
      .limit(perPage)
      .offset(pageOffset(page, perPage)),
    db.select({ total: sql<number>`count(*)::int` }).from(leads).where(where),
  ]);
  return { data: rows.map(toLead), meta: pageMeta(Number(counted?.total ?? 0), page, perPage) };
}
