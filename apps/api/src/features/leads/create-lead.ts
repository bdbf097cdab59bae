import { type Db, leads, offerMessages, offers, properties, sellerContacts, users } from '@estately/db';
import type { CreateLeadBody, Lead, Locale } from '@estately/domain';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '../../lib/app-error.ts';
import { enqueueEmail } from '../mail/enqueue-email.ts';
import { isPublicProperty } from '../offers/public-offer.ts';
import { leadColumns, toLead } from './lead-columns.ts';

/**
 * POST /leads: a signed-in user's contact request about a public offer. The sender's name,
 * contact e-mail and phone come from the account (the phone may be given per request), so
 * the seller can answer; the lead, its first message and the e-mail to the seller (the same
 * `offer_message` e-mail a visitor's message sends) are written in one transaction. Asking
 * about one's own offer is refused (422 `leads.own_offer`); an offer that is not public is 404.
 */
export async function createLead(options: {
  db: Db;
  userId: number;
  input: CreateLeadBody;
  /** Base URL of the web app, for the offer link in the e-mail. */
  webOrigin: string;
}): Promise<Lead> {
  const { db, userId, input } = options;
  const owner = alias(users, 'owner');
  return db.transaction(async (tx) => {
    const [sender] = await tx
      .select({
        email: users.email,
        contactEmail: users.contactEmail,
        firstName: users.firstName,
        lastName: users.lastName,
        companyName: users.companyName,
        phone: users.phoneNumber,
        locale: users.preferredLanguage,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!sender) throw new AppError('unauthorized');
    const [offer] = await tx
      .select({
        ownerId: properties.ownerId,
        offerType: properties.offerType,
        propertyType: properties.propertyType,
        street: properties.street,
        city: properties.city,
        ownerEmail: owner.email,
        ownerContactEmail: owner.contactEmail,
        ownerLocale: owner.preferredLanguage,
        contactEmail: sellerContacts.contactEmail,
        contactName: sellerContacts.contactName,
      })
      .from(offers)
      .innerJoin(properties, eq(properties.id, offers.id))
      .innerJoin(owner, eq(owner.id, properties.ownerId))
      .leftJoin(sellerContacts, eq(sellerContacts.id, properties.contactId))
      .where(and(eq(offers.id, input.offer_id), isPublicProperty()))
      .limit(1);
    if (!offer) throw new AppError('not_found');
    if (offer.ownerId === userId)
      throw new AppError('validation_errors', { errors: { offer_id: ['leads.own_offer'] } });

    // Spec 3: the display name is first and last name when both exist, else the e-mail.
    const personal = sender.firstName && sender.lastName ? `${sender.firstName} ${sender.lastName}` : null;
    const name = personal ?? sender.companyName ?? sender.contactEmail ?? sender.email;
    const email = sender.contactEmail ?? sender.email;
    const phone = input.phone ?? sender.phone ?? null;
    const [lead] = await tx
      .insert(leads)
      .values({
        propertyId: input.offer_id,
        ownerId: offer.ownerId,
        senderUserId: userId,
        source: 'form',
        name,
        email,
        phone,
        message: input.message,
        locale: sender.locale,
      })
      .returning({ id: leads.id });
    if (!lead) throw new Error('lead not stored');
    const [message] = await tx
      .insert(offerMessages)
      .values({ leadId: lead.id, senderUserId: userId, body: input.message })
      .returning({ id: offerMessages.id });
    if (!message) throw new Error('message not stored');

    const ownerLocale = offer.ownerLocale as Locale;
    await enqueueEmail(
      tx,
      {
        template: 'offer_message',
        to: offer.contactEmail ?? offer.ownerContactEmail ?? offer.ownerEmail,
        locale: ownerLocale,
        replyTo: email,
        data: {
          offer_id: input.offer_id,
          offer_url: `${options.webOrigin}/${ownerLocale}/property/${input.offer_id}`,
          offer_type: offer.offerType,
          property_type: offer.propertyType,
          address: [offer.street, offer.city].filter(Boolean).join(', '),
          recipient_name: offer.contactName,
          lead_id: lead.id,
          message_id: message.id,
          sender_name: name,
          sender_email: email,
          sender_phone: phone,
          text: input.message,
          tour_date: null,
        },
      },
      { dedupeKey: `email.offer_message:${message.id}` },
    );

    const [row] = await tx
      .select(leadColumns)
      .from(leads)
      .innerJoin(properties, eq(properties.id, leads.propertyId))
      .where(eq(leads.id, lead.id));
    return toLead(row!);
  });
}
