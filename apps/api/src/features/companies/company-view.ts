import { companyProfiles, type Db, users } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import { COMPANY_KINDS, type CompanyKind, type CompanyProfile, companySlug } from '@estately/domain';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { logoUrls } from './company-logo.ts';

type Reader = Pick<Db, 'select'>;

/** A company account's id, or 403 for a person's account (a person has no company profile). */
export async function requireCompanyAccount(db: Reader, userId: number, forUpdate = false): Promise<void> {
  const query = db.select({ accountType: users.accountType }).from(users).where(eq(users.id, userId));
  const [account] = forUpdate ? await query.for('update') : await query;
  if (!account) throw new AppError('unauthorized');
  if (account.accountType !== 'company') {
    throw new AppError('forbidden', { errors: { account: ['company.error.company_only'] } });
  }
}

/** A company account's kind; one that predates it is an agency (as migration 0030 set them). */
function companyKindOf(value: string | null): CompanyKind {
  return (COMPANY_KINDS as readonly string[]).includes(value ?? '') ? (value as CompanyKind) : 'agency';
}

/**
 * The profile as the owner edits it: the saved row, or before the first save the account's
 * sign-up data (company name and registration number, the address) as a starting point.
 */
export async function readCompanyProfile(
  db: Reader,
  storage: MediaStorage,
  userId: number,
): Promise<CompanyProfile> {
  const [row] = await db
    .select({ profile: companyProfiles, account: users })
    .from(users)
    .leftJoin(companyProfiles, eq(companyProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError('unauthorized');
  const { profile, account } = row;
  if (profile) {
    return {
      userId,
      saved: true,
      name: profile.name,
      logoUrls: logoUrls(storage, profile.logoKey),
      street: profile.street,
      city: profile.city,
      postcode: profile.postcode,
      countryCode: profile.countryCode,
      registrationNumber: profile.registrationNumber,
      website: profile.website,
      phone: profile.phone,
      descriptions: profile.descriptions as CompanyProfile['descriptions'],
      companyKind: companyKindOf(account.companyKind),
      pagePath: `company/${companySlug(userId, profile.name)}`,
      updatedAt: profile.updatedAt.toISOString(),
    };
  }
  const name = account.companyName?.trim() ?? '';
  const street = [account.addressStreet, account.addressStreetNumbers].filter(Boolean).join(' ');
  return {
    userId,
    saved: false,
    name,
    logoUrls: null,
    street: street || null,
    city: account.addressCity,
    postcode: account.addressZip,
    countryCode: account.addressCountryCode,
    registrationNumber: account.companyRegistrationNumber,
    website: null,
    phone: account.phoneNumber,
    descriptions: [],
    companyKind: companyKindOf(account.companyKind),
    pagePath: `company/${companySlug(userId, name)}`,
    updatedAt: null,
  };
}
