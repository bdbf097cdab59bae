import { type Db, leadThreads, offerMessages, properties, sellerContacts, users } from '@estately/db';
import { type BuyerLeadThreadList, LEAD_THREADS_PAGE_SIZE, pageMeta, pageOffset } from '@estately/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { threadColumnsFor, toThreadOffer, toThreadSummary } from './thread-columns.ts';

/**
 * GET /user/lead_threads: the conversations the caller started signed in, newest activity first,
 * each with its offer, the seller's name (the offer's contact person, else the owner's name), the
 * status and the seller's messages not read yet. Threads of a guest's e-mail address are reached
 * through the e-mail links only.
 */
export async function listBuyerLeadThreads(options: {
  db: Db;
  buyerUserId: number;
  page?: number;
  perPage?: number;
}): Promise<BuyerLeadThreadList> {
  const { db, buyerUserId } = options;
  const page = options.page ?? 1;
  const perPage = options.perPage ?? LEAD_THREADS_PAGE_SIZE;
  const where = eq(leadThreads.buyerUserId, buyerUserId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        ...threadColumnsFor('buyer'),
        sellerUnread: sql<number>`(select count(*)::int from ${offerMessages} m where m.thread_id = lead_threads.id and m.read_at is null and m.from_owner and m.held_at is null)`,
        contactName: sellerContacts.contactName,
        ownerFirstName: users.firstName,
        ownerLastName: users.lastName,
        ownerCompany: users.companyName,
      })
      .from(leadThreads)
      .innerJoin(properties, eq(properties.id, leadThreads.propertyId))
      .innerJoin(users, eq(users.id, leadThreads.ownerId))
      .leftJoin(sellerContacts, eq(sellerContacts.id, properties.contactId))
      .where(where)
      .orderBy(desc(leadThreads.lastMessageAt), desc(leadThreads.id))
      .limit(perPage)
      .offset(pageOffset(page, perPage)),
    db.select({ total: sql<number>`count(*)::int` }).from(leadThreads).where(where),
  ]);
  return {
    data: rows.map((row) => {
      const summary = toThreadSummary(row);
      const personal =
        row.ownerFirstName && row.ownerLastName ? `${row.ownerFirstName} ${row.ownerLastName}` : null;
      return {
        id: summary.id,
        status: summary.status,
        offer: toThreadOffer(row),
        seller_name: row.contactName ?? personal ?? row.ownerCompany ?? null,
        unread: Number(row.sellerUnread),
        messages_count: summary.messages_count,
        last_message: summary.last_message,
        last_message_at: summary.last_message_at,
      };
    }),
    meta: pageMeta(Number(counted?.total ?? 0), page, perPage),
  };
}
