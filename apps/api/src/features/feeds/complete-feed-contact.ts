import { type DbOrTx, users } from '@estately/db';
import { PropertyContactSchema, type PropertyFields } from '@estately/domain';
import { eq } from 'drizzle-orm';

/**
 * A listing that names no contact gets the account's (docs/feed-formats.md "What a listing
 * needs"): its company or personal name, its contact e-mail and phone, as the offer's contact
 * call shows an account. The login e-mail is never published, so an account with neither a
 * contact e-mail nor a phone adds nothing and publishing reports the contact missing.
 */
export async function completeFeedContact(
  db: DbOrTx,
  ownerId: number,
  fields: PropertyFields,
): Promise<PropertyFields> {
  if (fields.contact) return fields;
  const [owner] = await db
    .select({
      companyName: users.companyName,
      firstName: users.firstName,
      lastName: users.lastName,
      contactEmail: users.contactEmail,
      phone: users.phoneNumber,
    })
    .from(users)
    .where(eq(users.id, ownerId));
  if (!owner || (!owner.contactEmail && !owner.phone)) return fields;
  const name =
    owner.companyName?.trim() ||
    [owner.firstName, owner.lastName]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' ');
  const contact = PropertyContactSchema.safeParse({
    ...(name ? { contact_name: name } : {}),
    ...(owner.contactEmail ? { contact_email: owner.contactEmail } : {}),
    ...(owner.phone ? { contact_phone: owner.phone } : {}),
  });
  return contact.success ? { ...fields, contact: contact.data } : fields;
}
