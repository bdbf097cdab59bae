import { type Db, offers, properties, sellerContacts, sellers, users } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import type { AccountType, PublicUser, SellerType } from '@estately/domain';
import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { profilePictureUrls } from './user-view.ts';

/**
 * GET /public/users/{id} (spec 7): the public profile of an account that sells.
 *
 * Who has one: company accounts, accounts linked to a seller profile, and persons who have
 * published a property at least once. A person who only searches and keeps favourites has no
 * public page (404, like an unknown id), so sequential ids cannot be walked to list members.
 *
 * What it shows: a name (company name, else first and last name; never the e-mail, which spec 3
 * uses as the fallback only for the account's own view), account type, picture, member since,
 * how many offers are public now, and the seller profile with its verification, rating, trust
 * score and the contact persons it publishes on its offers. What it never shows: the account's
 * login and contact e-mail, phone, postal address and company ids. A seller publishes contact
 * details through its seller profile and contact persons, not through the account; buyers of a
 * private seller reach them through the offer's contact call or message form.
 */
export async function getPublicUser(options: {
  db: Db;
  storage: MediaStorage;
  id: number;
}): Promise<PublicUser> {
  const { db, storage, id } = options;
  const publishedSomething = sql<boolean>`exists (select 1 from ${properties} where ${and(
    eq(properties.ownerId, users.id),
    isNotNull(properties.publishedAt),
  )})`;
  const [row] = await db
    .select({
      id: users.id,
      accountType: users.accountType,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      verified: users.verified,
      profilePicturePath: users.profilePicturePath,
      createdAt: users.createdAt,
      sellerId: users.sellerId,
      publishedSomething,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!row) throw new AppError('not_found');
  const isCompany = row.accountType === 'company';
  if (!isCompany && row.sellerId === null && !row.publishedSomething) throw new AppError('not_found');

  const [active, seller, contacts] = await Promise.all([
    // Public now: the read-model row of an active property that no admin struck (as the offer calls).
    db
      .select({ n: count() })
      .from(offers)
      .innerJoin(properties, eq(properties.id, offers.id))
      .where(and(eq(offers.ownerId, id), eq(properties.state, 'active'), isNull(properties.struckAt))),
    row.sellerId === null
      ? Promise.resolve([])
      : db.select().from(sellers).where(eq(sellers.id, row.sellerId)).limit(1),
    row.sellerId === null
      ? Promise.resolve([])
      : db
          .select({
            id: sellerContacts.id,
            contactName: sellerContacts.contactName,
            contactEmail: sellerContacts.contactEmail,
            contactEmailSecond: sellerContacts.contactEmailSecond,
            contactPhone: sellerContacts.contactPhone,
            contactPhoneSecond: sellerContacts.contactPhoneSecond,
          })
          .from(sellerContacts)
          .where(eq(sellerContacts.sellerId, row.sellerId))
          .orderBy(asc(sellerContacts.id)),
  ]);

  const personal = [row.firstName, row.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  const companyName = isCompany ? row.companyName?.trim() || null : null;
  const s = seller[0];
  return {
    id: row.id,
    displayName: companyName ?? (personal || null),
    accountType: row.accountType as AccountType,
    companyName,
    verified: row.verified,
    profilePictureUrls: profilePictureUrls(storage, row.profilePicturePath),
    memberSince: row.createdAt.toISOString(),
    activeOffersCount: active[0]?.n ?? 0,
    seller: s
      ? {
          id: s.id,
          sellerType: s.sellerType as SellerType,
          name: s.name,
          registrationNumber: s.registrationNumber,
          website: s.website,
          logoUrl: s.logoKey ? storage.url(s.logoKey) : null,
          countryCode: s.countryCode,
          rating: s.rating === null ? null : Number(s.rating),
          ratingCount: s.ratingCount,
          trustScore: s.trustScore,
          isVerified: s.isVerified,
          contacts,
        }
      : null,
  };
}
