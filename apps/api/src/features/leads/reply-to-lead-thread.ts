import { type Db, leads, leadThreads, leadThreadTokens, offerMessages } from '@estately/db';
import type { LeadThread, Locale } from '@estately/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { hashSecretToken, newSecretToken } from '../auth/secret-token.ts';
import { refreshReplyFigures } from '../responsiveness/refresh-reply-figures.ts';
import { sendOrHoldMessageEmail } from '../scam-flags/screen-message.ts';
import { getLeadThread } from './get-lead-thread.ts';
import { buyerThreadUrl } from './join-lead-thread.ts';
import { lockThreadTarget, offerAddress, sellerName } from './thread-target.ts';

/**
 * POST /lead_threads/{id}/messages: the seller answers in the product. In one transaction: the
 * message, the buyer's messages marked read (answering means having read them), a new access
 * link for the buyer (a random token, only its hash stored), the `lead_reply` e-mail to the
 * buyer in the language they wrote in, and the thread's status (new becomes answered, the first
 * reply's time kept for the reply rate). Someone else's thread is 404.
 */
export async function replyToLeadThread(options: {
  db: Db;
  ownerId: number;
  id: number;
  body: string;
  webOrigin: string;
}): Promise<LeadThread> {
  const { db, ownerId, id } = options;
  return db.transaction(async (tx) => {
    const target = await lockThreadTarget(tx, and(eq(leadThreads.id, id), eq(leadThreads.ownerId, ownerId))!);
    if (!target) throw new AppError('not_found');
    const [message] = await tx
      .insert(offerMessages)
      .values({ threadId: id, senderUserId: ownerId, fromOwner: true, body: options.body })
      .returning({ id: offerMessages.id, createdAt: offerMessages.createdAt });
    if (!message) throw new Error('reply not stored');
    await tx
      .update(offerMessages)
      .set({ readAt: message.createdAt })
      .where(
        and(eq(offerMessages.threadId, id), eq(offerMessages.fromOwner, false), isNull(offerMessages.readAt)),
      );

    const token = newSecretToken();
    await tx.insert(leadThreadTokens).values({ threadId: id, tokenHash: hashSecretToken(token) });
    const locale = target.buyerLocale as Locale;
    // Scam rules on the reply (decision 067): a held one reaches the buyer only once released.
    await sendOrHoldMessageEmail(
      tx,
      {
        id: message.id,
        propertyId: target.propertyId,
        authorUserId: ownerId,
        text: options.body,
        webOrigin: options.webOrigin,
      },
      {
        template: 'lead_reply',
        to: target.buyerEmail,
        locale,
        // No Reply-To: there is no inbound mail path, so the e-mail says to answer through the
        // link rather than letting an answer leave the product unseen.
        data: {
          thread_id: id,
          message_id: message.id,
          thread_url: buyerThreadUrl(options.webOrigin, locale, token),
          offer_url: `${options.webOrigin}/${locale}/property/${target.propertyId}`,
          offer_type: target.offerType,
          property_type: target.propertyType,
          address: offerAddress(target),
          seller_name: sellerName(target),
          buyer_name: target.buyerName,
          text: options.body,
        },
      },
      `email.lead_reply:${message.id}`,
    );

    // Last, after the e-mail is queued: a failure here takes the message and the e-mail back.
    const [updated] = await tx
      .update(leadThreads)
      .set({
        status: sql`case when ${leadThreads.status} = 'new' then 'answered' else ${leadThreads.status} end`,
        firstReplyAt: sql`coalesce(${leadThreads.firstReplyAt}, ${message.createdAt.toISOString()}::timestamptz)`,
        lastMessageAt: message.createdAt,
        updatedAt: message.createdAt,
      })
      .where(eq(leadThreads.id, id))
      .returning({ firstReplyAt: leadThreads.firstReplyAt });
    // The enquiries of the thread, as GET /leads shows them, are replied now.
    await tx
      .update(leads)
      .set({ status: 'replied', updatedAt: message.createdAt })
      .where(and(eq(leads.threadId, id), inArray(leads.status, ['new', 'read'])));
    // A first answer changes the seller's reply figures (decision 065): written now, not per view.
    if (updated?.firstReplyAt?.getTime() === message.createdAt.getTime())
      await refreshReplyFigures({ db: tx, ownerId, now: message.createdAt });
    return getLeadThread({ db: tx, ownerId, id });
  });
}
