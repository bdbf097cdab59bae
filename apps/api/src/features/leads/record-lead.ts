import { type DbOrTx, leads, offerMessages, offers, properties, sellerContacts, users } from '@estately/db';
import type { Locale } from '@estately/domain';
import { and, eq } from 'drizzle-orm';
import { isPublicProperty } from '../offers-shared/is-public-property.ts';
import { sendOrHoldMessageEmail } from '../scam-flags/screen-message.ts';
import { joinLeadThread, sellerThreadUrl } from './join-lead-thread.ts';

// A message to a seller, from a visitor's form on the offer (POST /public/offers/{id}/offer_message)
// or from a signed-in user's contact request (POST /leads), becomes the same three rows: the lead
// for the owner, its first message, and the `offer_message` e-mail to the seller (DESIGN 7: in
// the caller's transaction, so all three exist or none).

/** The public offer a lead is about, with where the seller's e-mail goes; undefined when not public. */
export async function findLeadTarget(tx: DbOrTx, offerId: number) {
  const [target] = await tx
    .select({
      ownerId: properties.ownerId,
      offerLocale: properties.locale,
      offerType: properties.offerType,
      propertyType: properties.propertyType,
      street: properties.street,
      city: properties.city,
      ownerEmail: users.email,
      ownerContactEmail: users.contactEmail,
      ownerLocale: users.preferredLanguage,
      contactEmail: sellerContacts.contactEmail,
      contactName: sellerContacts.contactName,
    })
    .from(offers)
    .innerJoin(properties, eq(properties.id, offers.id))
    .innerJoin(users, eq(users.id, properties.ownerId))
    .leftJoin(sellerContacts, eq(sellerContacts.id, properties.contactId))
    .where(and(eq(offers.id, offerId), isPublicProperty()))
    .limit(1);
  return target;
}

export type LeadTarget = NonNullable<Awaited<ReturnType<typeof findLeadTarget>>>;

export interface RecordLeadInput {
  offerId: number;
  target: LeadTarget;
  senderUserId: number | null;
  source: 'offer_message' | 'tour_request' | 'form';
  name: string;
  email: string;
  phone: string | null;
  text: string;
  /** The sender's language, stored on the lead. */
  locale: string;
  tourDate: Date | null;
  /** Base URL of the web app, for the link to the offer in the e-mail. */
  webOrigin: string;
}

/**
 * Writes the lead and its first message and queues the e-mail to the seller: to the offer's
 * contact person when it has an address, else the owner's contact (or login) address, in the
 * owner's language; replies go to the sender.
 */
export async function recordLead(tx: DbOrTx, input: RecordLeadInput) {
  const { target } = input;
  // The conversation of this buyer about this offer (issue 38 point 10): joined when they wrote
  // before, a closed one reopened.
  const threadId = await joinLeadThread(tx, {
    propertyId: input.offerId,
    ownerId: target.ownerId,
    buyerUserId: input.senderUserId,
    name: input.name,
    email: input.email,
    phone: input.phone,
    locale: input.locale,
  });
  const [lead] = await tx
    .insert(leads)
    .values({
      threadId,
      propertyId: input.offerId,
      ownerId: target.ownerId,
      senderUserId: input.senderUserId,
      source: input.source,
      name: input.name,
      email: input.email,
      phone: input.phone,
      message: input.text,
      locale: input.locale,
    })
    .returning({ id: leads.id });
  if (!lead) throw new Error('lead not stored');

  const [message] = await tx
    .insert(offerMessages)
    .values({ leadId: lead.id, threadId, senderUserId: input.senderUserId, body: input.text })
    .returning({ id: offerMessages.id, createdAt: offerMessages.createdAt });
  if (!message) throw new Error('message not stored');

  const ownerLocale = target.ownerLocale as Locale;
  // Scam rules on the message (decision 067): a held one reaches the seller only once an admin releases it.
  await sendOrHoldMessageEmail(
    tx,
    {
      id: message.id,
      propertyId: input.offerId,
      authorUserId: input.senderUserId,
      text: input.text,
      webOrigin: input.webOrigin,
    },
    {
      template: 'offer_message',
      to: target.contactEmail ?? target.ownerContactEmail ?? target.ownerEmail,
      locale: ownerLocale,
      replyTo: input.email,
      data: {
        offer_id: input.offerId,
        offer_url: `${input.webOrigin}/${ownerLocale}/property/${input.offerId}`,
        thread_url: sellerThreadUrl(input.webOrigin, ownerLocale, threadId),
        offer_type: target.offerType,
        property_type: target.propertyType,
        address: [target.street, target.city].filter(Boolean).join(', '),
        recipient_name: target.contactName,
        lead_id: lead.id,
        message_id: message.id,
        sender_name: input.name,
        sender_email: input.email,
        sender_phone: input.phone,
        text: input.text,
        tour_date: input.tourDate?.toISOString() ?? null,
      },
    },
    // Enqueued once per message, whatever retries happen around it.
    `email.offer_message:${message.id}`,
  );
  return { leadId: lead.id, threadId, messageId: message.id, messageCreatedAt: message.createdAt };
}
