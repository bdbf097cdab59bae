import { type Db, type DbOrTx, leadThreads, leadThreadTokens, offerMessages } from '@estately/db';
import type { Locale, PublicLeadThread } from '@estately/domain';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { hashSecretToken } from '../auth/secret-token.ts';
import { sendOrHoldMessageEmail } from '../scam-flags/screen-message.ts';
import { reopened, sellerThreadUrl } from './join-lead-thread.ts';
import { threadMessages, toThreadOffer } from './thread-columns.ts';
import {
  lockThreadTarget,
  offerAddress,
  sellerAddress,
  sellerName,
  type ThreadTarget,
} from './thread-target.ts';

// The buyer's side of a thread (issue 38 point 10), reached without an account through the link
// of a reply e-mail: /public/lead_threads/{token}. The token is 32 random bytes (base64url, 43
// characters); only its SHA-256 is stored, so it cannot be guessed or read from the database.
// Links stay valid while the thread exists, closed or not: a buyer's message reopens a closed
// thread, so closing must not take the buyer's way to write away. Deleting the offer deletes
// its threads and their links.

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * How the buyer reaches the thread: the e-mail link's token, or their account (a signed-in
 * buyer's own threads, GET /user/lead_threads).
 */
export type BuyerAccess = { token: string } | { threadId: number; buyerUserId: number };

/**
 * The condition that finds the buyer's thread, and only theirs: the token's thread, or the
 * thread with that id the account started. A token that cannot be one finds nothing (404).
 * The seller's rating (ratings/) reaches the thread the same way.
 */
export function buyerThreadWhere(access: BuyerAccess): SQL {
  if ('token' in access) {
    if (!TOKEN.test(access.token)) throw new AppError('not_found');
    return sql`${leadThreads.id} = (select ${leadThreadTokens.threadId} from ${leadThreadTokens} where ${leadThreadTokens.tokenHash} = ${hashSecretToken(access.token)})`;
  }
  return and(eq(leadThreads.id, access.threadId), eq(leadThreads.buyerUserId, access.buyerUserId))!;
}

async function lockForBuyer(tx: DbOrTx, access: BuyerAccess): Promise<ThreadTarget> {
  const target = await lockThreadTarget(tx, buyerThreadWhere(access));
  if (!target) throw new AppError('not_found');
  return target;
}

async function publicView(tx: DbOrTx, target: ThreadTarget, status: string): Promise<PublicLeadThread> {
  const messages = await threadMessages(tx, target.id, 'buyer');
  return {
    status: status as PublicLeadThread['status'],
    offer: toThreadOffer(target),
    seller_name: sellerName(target),
    buyer_name: target.buyerName,
    messages: messages.map(({ read_at: _read, ...message }) => message),
  };
}

/** Marks the seller's messages read by the buyer. */
async function markSellerMessagesRead(tx: DbOrTx, threadId: number, now: Date) {
  await tx
    .update(offerMessages)
    .set({ readAt: now })
    .where(
      and(
        eq(offerMessages.threadId, threadId),
        eq(offerMessages.fromOwner, true),
        isNull(offerMessages.readAt),
      ),
    );
}

/**
 * GET /public/lead_threads/{token}: the conversation for the buyer. Opening it marks the seller's
 * messages read by the buyer. A token that opens nothing is 404.
 */
export async function getPublicLeadThread(options: {
  db: Db;
  access: BuyerAccess;
}): Promise<PublicLeadThread> {
  return options.db.transaction(async (tx) => {
    const target = await lockForBuyer(tx, options.access);
    await markSellerMessagesRead(tx, target.id, new Date());
    return publicView(tx, target, target.status);
  });
}

/**
 * POST /public/lead_threads/{token}/messages: the buyer answers. In one transaction: the message,
 * the seller's messages read, a closed thread reopened, and the `lead_answer` e-mail to the
 * seller (in the owner's language, linking to the thread's page); the seller's unread count
 * grows by the message.
 */
export async function answerLeadThread(options: {
  db: Db;
  access: BuyerAccess;
  body: string;
  webOrigin: string;
}): Promise<PublicLeadThread> {
  return options.db.transaction(async (tx) => {
    const target = await lockForBuyer(tx, options.access);
    const [message] = await tx
      .insert(offerMessages)
      .values({ threadId: target.id, senderUserId: target.buyerUserId, fromOwner: false, body: options.body })
      .returning({ id: offerMessages.id, createdAt: offerMessages.createdAt });
    if (!message) throw new Error('answer not stored');
    await markSellerMessagesRead(tx, target.id, message.createdAt);
    const ownerLocale = target.ownerLocale as Locale;
    // Scam rules on the answer (decision 067): a held one reaches the seller only once released.
    await sendOrHoldMessageEmail(
      tx,
      {
        id: message.id,
        propertyId: target.propertyId,
        authorUserId: target.buyerUserId,
        text: options.body,
        webOrigin: options.webOrigin,
      },
      {
        template: 'lead_answer',
        to: sellerAddress(target),
        locale: ownerLocale,
        data: {
          thread_id: target.id,
          message_id: message.id,
          thread_url: sellerThreadUrl(options.webOrigin, ownerLocale, target.id),
          offer_type: target.offerType,
          property_type: target.propertyType,
          address: offerAddress(target),
          recipient_name: target.contactName,
          buyer_name: target.buyerName?.trim() || target.buyerEmail,
          text: options.body,
        },
      },
      `email.lead_answer:${message.id}`,
    );
    const [updated] = await tx
      .update(leadThreads)
      .set({ status: reopened(), lastMessageAt: message.createdAt, updatedAt: message.createdAt })
      .where(eq(leadThreads.id, target.id))
      .returning({ status: leadThreads.status });
    return publicView(tx, target, updated?.status ?? target.status);
  });
}
