import { type Db, propertyTourDates } from '@estately/db';
import type { Locale, OfferMessageInput, OfferMessageResponse } from '@estately/domain';
import { and, eq, gt } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { findLeadTarget, recordLead } from '../leads/record-lead.ts';
import { offerNotFound } from './public-offer.ts';

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
    const offer = await findLeadTarget(tx, id);
    if (!offer) throw offerNotFound();

    let tourDate: Date | null = null;
    if (input.tour_date_id !== undefined) {
      const [slot] = await tx
        .select({ startsAt: propertyTourDates.startsAt })
        .from(propertyTourDates)
        .where(
          and(
            eq(propertyTourDates.id, input.tour_date_id),
            eq(propertyTourDates.propertyId, id),
            gt(propertyTourDates.startsAt, new Date()),
          ),
        )
        .limit(1);
      // Only the offer's own upcoming viewing appointments can be asked for.
      if (!slot)
        throw new AppError('validation_errors', {
          errors: { 'offer_message.tour_date_id': ['validation.invalid_value'] },
        });
      tourDate = slot.startsAt;
    }

    const recorded = await recordLead(tx, {
      offerId: id,
      target: offer,
      senderUserId,
      source: tourDate ? 'tour_request' : 'offer_message',
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      text: input.text,
      locale: options.senderLocale ?? offer.offerLocale,
      tourDate,
      webOrigin: options.webOrigin,
    });

    return {
      id: recorded.messageId,
      lead_id: recorded.leadId,
      tour_date_id: input.tour_date_id ?? null,
      created_at: recorded.messageCreatedAt.toISOString(),
    };
  });
}
