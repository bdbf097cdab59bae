import { type DbOrTx, leadThreads, properties, sellerContacts, users } from '@estately/db';
import { and, eq, type SQL } from 'drizzle-orm';

/**
 * One thread with what its e-mails need: the offer, the buyer's address and language, and where
 * the seller's e-mail goes (the offer's contact person when it has an address, else the owner's
 * contact or login address, in the owner's language). Locked for the write that follows.
 */
export async function lockThreadTarget(tx: DbOrTx, where: SQL) {
  const [row] = await tx
    .select({
      id: leadThreads.id,
      ownerId: leadThreads.ownerId,
      status: leadThreads.status,
      buyerName: leadThreads.buyerName,
      buyerEmail: leadThreads.buyerEmail,
      buyerLocale: leadThreads.buyerLocale,
      buyerUserId: leadThreads.buyerUserId,
      propertyId: properties.id,
      offerType: properties.offerType,
      propertyType: properties.propertyType,
      street: properties.street,
      city: properties.city,
      state: properties.state,
      ownerEmail: users.email,
      ownerContactEmail: users.contactEmail,
      ownerLocale: users.preferredLanguage,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      ownerCompany: users.companyName,
      contactEmail: sellerContacts.contactEmail,
      contactName: sellerContacts.contactName,
    })
    .from(leadThreads)
    .innerJoin(properties, eq(properties.id, leadThreads.propertyId))
    .innerJoin(users, eq(users.id, leadThreads.ownerId))
    .leftJoin(sellerContacts, eq(sellerContacts.id, properties.contactId))
    .where(and(where))
    .for('update', { of: leadThreads });
  return row;
}

export type ThreadTarget = NonNullable<Awaited<ReturnType<typeof lockThreadTarget>>>;

/** The seller as the buyer knows them: the offer's contact person, else the owner's name. */
export function sellerName(target: ThreadTarget): string | null {
  const personal =
    target.ownerFirstName && target.ownerLastName ? `${target.ownerFirstName} ${target.ownerLastName}` : null;
  return target.contactName ?? personal ?? target.ownerCompany ?? null;
}

export function sellerAddress(target: ThreadTarget): string {
  return target.contactEmail ?? target.ownerContactEmail ?? target.ownerEmail;
}

export function offerAddress(target: ThreadTarget): string {
  return [target.street, target.city].filter(Boolean).join(', ');
}
