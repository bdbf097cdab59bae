import { type DbOrTx, users } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import {
  type AccountType,
  type Currency,
  type CurrentUser,
  type Locale,
  PROFILE_PICTURE_SIZES,
  type ProfilePictureUrls,
} from '@estately/domain';
import { eq } from 'drizzle-orm';

// How a users row becomes the camelCase user of the API (DESIGN 4). The column list is spelled
// out rather than taken whole, so a secret added to the table later (a hash, a token state) is
// never answered by accident.

export const currentUserColumns = {
  id: users.id,
  email: users.email,
  contactEmail: users.contactEmail,
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
  addressStreet: users.addressStreet,
  addressStreetNumbers: users.addressStreetNumbers,
  addressZip: users.addressZip,
  addressCity: users.addressCity,
  addressCountryCode: users.addressCountryCode,
  verified: users.verified,
  preferredLanguage: users.preferredLanguage,
  profilePicturePath: users.profilePicturePath,
  isAdmin: users.isAdmin,
  accountType: users.accountType,
  companyName: users.companyName,
  companyRegistrationNumber: users.companyRegistrationNumber,
  companyVatNumber: users.companyVatNumber,
  countryCode: users.countryCode,
  preferredCurrency: users.preferredCurrency,
  isSubscribedToUpdates: users.isSubscribedToUpdates,
  notifySavedSearches: users.notifySavedSearches,
  notifyMessages: users.notifyMessages,
  notifyOfferUpdates: users.notifyOfferUpdates,
  notifyNewsletter: users.notifyNewsletter,
  sellerId: users.sellerId,
  createdAt: users.createdAt,
};

export type CurrentUserRow = Pick<typeof users.$inferSelect, keyof typeof currentUserColumns>;

/** The current user's row, or null when the account no longer exists. */
export async function loadCurrentUserRow(db: DbOrTx, id: number): Promise<CurrentUserRow | null> {
  const [row] = await db.select(currentUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Spec 3: first and last name if both exist, else the e-mail. Only for the account's own view. */
export function ownDisplayName(row: { firstName: string | null; lastName: string | null; email: string }) {
  const first = row.firstName?.trim();
  const last = row.lastName?.trim();
  return first && last ? `${first} ${last}` : row.email;
}

// Profile pictures are stored as `avatars/{user id}/{upload id}/{edge}.webp`; the users row
// keeps the key of the largest, and the other sizes sit beside it.
const PICTURE_KEY = /^(avatars\/\d+\/[0-9a-f]+)\/512\.webp$/;

/**
 * Storage keys of every variant of a picture this account uploaded; none for a key stored
 * some other way (imported or shared data), which is never ours to delete.
 */
export function ownProfilePictureKeys(path: string, userId: number): string[] {
  const match = PICTURE_KEY.exec(path);
  if (!match?.[1]?.startsWith(`avatars/${userId}/`)) return [];
  return Object.values(PROFILE_PICTURE_SIZES).map((edge) => `${match[1]}/${edge}.webp`);
}

export function profilePictureUrls(storage: MediaStorage, path: string | null): ProfilePictureUrls | null {
  if (!path) return null;
  const match = PICTURE_KEY.exec(path);
  if (!match) {
    // A picture stored some other way (imported data) has one size only.
    const url = storage.url(path);
    return { small: url, medium: url, large: url };
  }
  const url = (edge: number) => storage.url(`${match[1]}/${edge}.webp`);
  return {
    small: url(PROFILE_PICTURE_SIZES.small),
    medium: url(PROFILE_PICTURE_SIZES.medium),
    large: url(PROFILE_PICTURE_SIZES.large),
  };
}

export function toCurrentUser(row: CurrentUserRow, storage: MediaStorage): CurrentUser {
  return {
    ...row,
    preferredLanguage: row.preferredLanguage as Locale,
    preferredCurrency: row.preferredCurrency as Currency,
    accountType: row.accountType as AccountType,
    profilePictureUrls: profilePictureUrls(storage, row.profilePicturePath),
    displayName: ownDisplayName(row),
    createdAt: row.createdAt.toISOString(),
  };
}
