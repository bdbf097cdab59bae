import { type DbOrTx, leadThreads } from '@estately/db';
import type { Locale } from '@estately/domain';
import { sql } from 'drizzle-orm';

/** Who the buyer is for threading: their account when signed in, else the address they gave. */
export function buyerKey(buyerUserId: number | null, email: string): string {
  return buyerUserId !== null ? `user:${buyerUserId}` : `email:${email.trim().toLowerCase()}`;
}

/** The seller's page of one thread, in the seller's language. */
export function sellerThreadUrl(webOrigin: string, locale: Locale, threadId: number): string {
  return `${webOrigin}/${locale}/account/leads/${threadId}`;
}

/** The buyer's page of one thread, opened by the token of an e-mail link. */
export function buyerThreadUrl(webOrigin: string, locale: Locale, token: string): string {
  return `${webOrigin}/${locale}/messages/${token}`;
}

/**
 * The thread a buyer's message about an offer belongs to (issue 38 point 10): the one of this
 * offer and buyer when it exists (its activity time moved on, the buyer's latest details kept,
 * a closed thread reopened: back to answered when the seller ever replied, else new), else a new
 * one. One statement, so two messages racing for a new thread end in the same one.
 */
export async function joinLeadThread(
  tx: DbOrTx,
  input: {
    propertyId: number;
    ownerId: number;
    buyerUserId: number | null;
    name: string | null;
    email: string;
    phone: string | null;
    locale: string;
  },
): Promise<number> {
  const [row] = await tx
    .insert(leadThreads)
    .values({
      propertyId: input.propertyId,
      ownerId: input.ownerId,
      buyerUserId: input.buyerUserId,
      buyerKey: buyerKey(input.buyerUserId, input.email),
      buyerName: input.name,
      buyerEmail: input.email,
      buyerPhone: input.phone,
      buyerLocale: input.locale,
    })
    .onConflictDoUpdate({
      target: [leadThreads.propertyId, leadThreads.buyerKey],
      set: {
        buyerName: sql`coalesce(excluded.buyer_name, ${leadThreads.buyerName})`,
        buyerEmail: sql`excluded.buyer_email`,
        buyerPhone: sql`coalesce(excluded.buyer_phone, ${leadThreads.buyerPhone})`,
        buyerLocale: sql`excluded.buyer_locale`,
        status: reopened(),
        lastMessageAt: sql`now()`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: leadThreads.id });
  if (!row) throw new Error('lead thread not stored');
  return row.id;
}

/** The status after a buyer's message: a closed thread opens again, any other stays. */
export function reopened() {
  return sql`case when ${leadThreads.status} = 'closed'
    then (case when ${leadThreads.firstReplyAt} is null then 'new' else 'answered' end)
    else ${leadThreads.status} end`;
}
