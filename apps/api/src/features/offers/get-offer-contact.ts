import { type Db, offers, properties, sellerContacts, users } from '@estately/db';
import type { OfferContact } from '@estately/domain';
import { and, eq } from 'drizzle-orm';
import { isPublicProperty } from '../offers-shared/is-public-property.ts';
import { offerNotFound } from './public-offer.ts';

/**
 * GET /public/offers/{id}/contact (spec 3 Contact): the offer's contact person; when the
 * property names none, the publishing account's public contact details (its contact e-mail and
 * phone), with `id` null. The login e-mail is never published: an account without a contact
 * e-mail answers null, and visitors reach it through the offer's message form (a lead).
 */
export async function getOfferContact(options: { db: Db; id: number }): Promise<OfferContact> {
  const { db, id } = options;
  const [row] = await db
    .select({
      contact: {
        id: sellerContacts.id,
        name: sellerContacts.contactName,
        email: sellerContacts.contactEmail,
        emailSecond: sellerContacts.contactEmailSecond,
        phone: sellerContacts.contactPhone,
        phoneSecond: sellerContacts.contactPhoneSecond,
      },
      owner: {
        contactEmail: users.contactEmail,
        firstName: users.firstName,
        lastName: users.lastName,
        companyName: users.companyName,
        phone: users.phoneNumber,
      },
    })
    .from(offers)
    .innerJoin(properties, eq(properties.id, offers.id))
    .innerJoin(users, eq(users.id, properties.ownerId))
    .leftJoin(sellerContacts, eq(sellerContacts.id, properties.contactId))
    .where(and(eq(offers.id, id), isPublicProperty()))
    .limit(1);
  if (!row) throw offerNotFound();

  if (row.contact) {
    return {
      id: row.contact.id,
      contact_name: row.contact.name,
      contact_email: row.contact.email,
      contact_email_second: row.contact.emailSecond,
      contact_phone: row.contact.phone,
      contact_phone_second: row.contact.phoneSecond,
    };
  }
  const { owner } = row;
  const personal = [owner.firstName, owner.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return {
    id: null,
    contact_name: owner.companyName?.trim() || personal || null,
    contact_email: owner.contactEmail,
    contact_email_second: null,
    contact_phone: owner.phone,
    contact_phone_second: null,
  };
}
