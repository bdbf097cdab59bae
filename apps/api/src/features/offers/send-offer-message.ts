import {
  type Db,
  leads,
  offerMessages,
  offers,
  properties,
  propertyTourDates,
  sellerContacts,
  users,
} from '@estately/db';
import type { Locale, OfferMessageInput, OfferMessageResponse } from '@estately/domain';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { enqueueEmail } from '../mail/enqueue-email.ts';
import { isPublicProperty, offerNotFound } from './public-offer.ts';

export interface SendOfferMessageOptions {
  db: Db;
  id: number;
  input: OfferMessageInput;
  /** The signed-in sender, linked to the lead; null for a guest (accounts arrive with issue 5). */
  senderUserId: number | null;
  /** The sender's language (Accept-Language), stored on the lead; defaults to the offer's. */
  senderLocale: Locale | null;
  /** Base URL of the web app, for the link to the offer in the e-mail. */
  webOrigin: string;
}

/**
 * POST /public/offers/{id}/offer_message (spec 7): stores the message as a lead for the owner
 * (`leads` + its first `offer_messages` row) and queues the e-mail to the seller in the same
 * transaction (DESIGN 7): either all three rows exist or none.
 *
 * The e-mail goes to the offer's contact person when it has one with an address, else to the
 * owner's contact (or login) address, in the owner's preferred language. Replies go to the
 * sender.
 */
export async function sendOfferMessage(options: SendOfferMessageOptions): Promise<OfferMessageResponse> {
  const { db, id, input, senderUserId } = options;
  return db.transaction(async (tx) => {
    const [offer] = await tx
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
      .where(and(eq(offers.id, id), isPublicProperty()))
      .limit(1);
    if (!offer) throw offerNotFound();

    let tourDate: Date | null = null;
    if (input.tour_date_id !== undefined) {
      const [slot] = await tx
        .select({ startsAt: propertyTourDates.startsAt })
        .from(propertyTourDates)
        .where(and(eq(propertyTourDates.id, input.tour_date_id), eq(propertyTourDates.propertyId, id)))
        .limit(1);
      // Only the offer's own viewing appointments can be asked for.
      if (!slot)
        throw new AppError('validation_errors', {
          errors: { 'offer_message.tour_date_id': ['validation.invalid_value'] },
        });
      tourDate = slot.startsAt;
    }

    const [lead] = await tx
      .insert(leads)
      .values({
        propertyId: id,
        ownerId: offer.ownerId,
        senderUserId,
        source: tourDate ? 'tour_request' : 'offer_message',
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        message: input.text,
        locale: options.senderLocale ?? offer.offerLocale,
      })
      .returning({ id: leads.id });
    if (!lead) throw new Error('lead not stored');

    const [message] = await tx
      .insert(offerMessages)
      .values({ leadId: lead.id, senderUserId, body: input.text })
      .returning({ id: offerMessages.id, createdAt: offerMessages.createdAt });
    if (!message) throw new Error('message not stored');

    const ownerLocale = offer.ownerLocale as Locale;
    await enqueueEmail(
      tx,
      {
        template: 'offer_message',
        to: offer.contactEmail ?? offer.ownerContactEmail ?? offer.ownerEmail,
        locale: ownerLocale,
        replyTo: input.email,
        data: {
          offer_id: id,
          offer_url: `${options.webOrigin}/${ownerLocale}/property/${id}`,
          offer_type: offer.offerType,
          property_type: offer.propertyType,
          address: [offer.street, offer.city].filter(Boolean).join(', '),
          recipient_name: offer.contactName,
          lead_id: lead.id,
          message_id: message.id,
          sender_name: input.name,
          sender_email: input.email,
          sender_phone: input.phone ?? null,
          text: input.text,
          tour_date: tourDate?.toISOString() ?? null,
        },
      },
      // Enqueued once per message, whatever retries happen around it.
      { dedupeKey: `email.offer_message:${message.id}` },
    );

    return {
      id: message.id,
      lead_id: lead.id,
      tour_date_id: input.tour_date_id ?? null,
      created_at: message.createdAt.toISOString(),
    };
  });
}
