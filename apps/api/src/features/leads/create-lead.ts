import { type Db, leads, properties, users } from '@estately/db';
import type { CreateLeadBody, Lead } from '@estately/domain';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { leadColumns, toLead } from './lead-columns.ts';
import { findLeadTarget, recordLead } from './record-lead.ts';

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
    const offer = await findLeadTarget(tx, input.offer_id);
    if (!offer) throw new AppError('not_found');
    if (offer.ownerId === userId)
      throw new AppError('validation_errors', { errors: { offer_id: ['leads.own_offer'] } });

    // Spec 3: the display name is first and last name when both exist, else the e-mail.
    const personal = sender.firstName && sender.lastName ? `${sender.firstName} ${sender.lastName}` : null;
    const name = personal ?? sender.companyName ?? sender.contactEmail ?? sender.email;
    const email = sender.contactEmail ?? sender.email;
    const phone = input.phone ?? sender.phone ?? null;
    const recorded = await recordLead(tx, {
      offerId: input.offer_id,
      target: offer,
      senderUserId: userId,
      source: 'form',
      name,
      email,
      phone,
      text: input.message,
      locale: sender.locale,
      tourDate: null,
      webOrigin: options.webOrigin,
    });

    const [row] = await tx
      .select(leadColumns)
      .from(leads)
      .innerJoin(properties, eq(properties.id, leads.propertyId))
      .where(eq(leads.id, recorded.leadId));
    return toLead(row!);
  });
}
