import { type DbOrTx, leads, leadThreads, offerMessages, properties } from '@estately/db';
import type { LeadThreadMessage, LeadThreadSummary } from '@estately/domain';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';

// Columns of a thread's summary, selected from lead_threads joined to properties. The counts and
// the last message are subqueries on the outer row (qualified by hand, whatever drizzle prints).
// Each side sees what the other wrote only once the scam rules (decision 067) do not hold it.

const EXCERPT = 160;

/** A message `viewer` may see: not held, or written by the viewer's own side. */
function visibleTo(viewer: 'seller' | 'buyer') {
  return viewer === 'seller'
    ? sql.raw('(m.held_at is null or m.from_owner)')
    : sql.raw('(m.held_at is null or not m.from_owner)');
}

/** The summary columns as `viewer` sees the thread. */
export function threadColumnsFor(viewer: 'seller' | 'buyer') {
  const visible = visibleTo(viewer);
  return {
    id: leadThreads.id,
    status: leadThreads.status,
    buyerUserId: leadThreads.buyerUserId,
    buyerName: leadThreads.buyerName,
    buyerEmail: leadThreads.buyerEmail,
    buyerPhone: leadThreads.buyerPhone,
    buyerLocale: leadThreads.buyerLocale,
    createdAt: leadThreads.createdAt,
    lastMessageAt: leadThreads.lastMessageAt,
    propertyId: properties.id,
    offerType: properties.offerType,
    propertyType: properties.propertyType,
    street: properties.street,
    city: properties.city,
    state: properties.state,
    unread: sql<number>`(select count(*)::int from ${offerMessages} m where m.thread_id = lead_threads.id and m.read_at is null and not m.from_owner and m.held_at is null)`,
    messagesCount: sql<number>`(select count(*)::int from ${offerMessages} m where m.thread_id = lead_threads.id and ${visible})`,
    viewingRequested: sql<boolean>`exists (select 1 from ${leads} l where l.thread_id = lead_threads.id and l.source = 'tour_request')`,
    lastFromOwner: sql<
      boolean | null
    >`(select m.from_owner from ${offerMessages} m where m.thread_id = lead_threads.id and ${visible} order by m.created_at desc, m.id desc limit 1)`,
    lastBody: sql<
      string | null
    >`(select left(m.body, ${EXCERPT + 1}) from ${offerMessages} m where m.thread_id = lead_threads.id and ${visible} order by m.created_at desc, m.id desc limit 1)`,
  };
}

/** The seller's summary columns (their inbox and thread). */
export const threadColumns = threadColumnsFor('seller');

export type ThreadRow = {
  id: number;
  status: string;
  buyerUserId: number | null;
  buyerName: string | null;
  buyerEmail: string;
  buyerPhone: string | null;
  buyerLocale: string;
  createdAt: Date;
  lastMessageAt: Date;
  propertyId: number;
  offerType: string;
  propertyType: string;
  street: string | null;
  city: string | null;
  state: string;
  unread: number;
  messagesCount: number;
  viewingRequested: boolean;
  lastFromOwner: boolean | null;
  lastBody: string | null;
};

function excerpt(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT).trimEnd()}…` : flat;
}

export function toThreadOffer(
  row: Pick<ThreadRow, 'propertyId' | 'offerType' | 'propertyType' | 'street' | 'city' | 'state'>,
) {
  return {
    id: row.propertyId,
    offer_type: row.offerType as LeadThreadSummary['offer']['offer_type'],
    property_type: row.propertyType as LeadThreadSummary['offer']['property_type'],
    street: row.street,
    city: row.city,
    state: row.state,
  };
}

export function toThreadSummary(input: unknown): LeadThreadSummary {
  const row = input as ThreadRow;
  return {
    id: row.id,
    status: row.status as LeadThreadSummary['status'],
    offer: toThreadOffer(row),
    buyer: {
      user_id: row.buyerUserId,
      name: row.buyerName,
      email: row.buyerEmail,
      phone: row.buyerPhone,
      locale: row.buyerLocale as LeadThreadSummary['buyer']['locale'],
    },
    unread: Number(row.unread),
    messages_count: Number(row.messagesCount),
    viewing_requested: Boolean(row.viewingRequested),
    last_message:
      row.lastBody === null || row.lastFromOwner === null
        ? null
        : { side: row.lastFromOwner ? 'seller' : 'buyer', excerpt: excerpt(row.lastBody) },
    created_at: row.createdAt.toISOString(),
    last_message_at: row.lastMessageAt.toISOString(),
  };
}

/**
 * The messages of a thread, oldest first, as `viewer` sees them: the other side's messages held
 * by the scam rules (decision 067) are left out until an admin releases them.
 */
export async function threadMessages(
  db: DbOrTx,
  threadId: number,
  viewer: 'seller' | 'buyer',
): Promise<LeadThreadMessage[]> {
  const rows = await db
    .select({
      id: offerMessages.id,
      fromOwner: offerMessages.fromOwner,
      body: offerMessages.body,
      createdAt: offerMessages.createdAt,
      readAt: offerMessages.readAt,
    })
    .from(offerMessages)
    .where(
      and(
        eq(offerMessages.threadId, threadId),
        or(isNull(offerMessages.heldAt), eq(offerMessages.fromOwner, viewer === 'seller')),
      ),
    )
    .orderBy(asc(offerMessages.createdAt), asc(offerMessages.id));
  return rows.map((row) => ({
    id: row.id,
    side: row.fromOwner ? 'seller' : 'buyer',
    // Text sent from a form arrives with CRLF line ends; shown with plain ones.
    body: row.body.replace(/\r\n?/g, '\n'),
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  }));
}
