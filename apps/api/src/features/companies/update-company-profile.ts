import { companyProfiles, type Db } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import type { CompanyProfile, UpdateCompanyProfileBody } from '@estately/domain';
import { sql } from 'drizzle-orm';
import { readCompanyProfile, requireCompanyAccount } from './company-view.ts';

/**
 * PUT /users/me/company-profile: replaces the profile's fields (the logo has its own calls) in
 * one transaction, creating the row on the first save. The body was checked by its schema
 * (registration number per country, https website, one text per language), so what reaches
 * here is stored as it is.
 */
export async function updateCompanyProfile(options: {
  db: Db;
  storage: MediaStorage;
  userId: number;
  input: UpdateCompanyProfileBody;
}): Promise<CompanyProfile> {
  const { db, storage, userId, input } = options;
  return db.transaction(async (tx) => {
    await requireCompanyAccount(tx, userId, true);
    const values = {
      name: input.name,
      street: input.street,
      city: input.city,
      postcode: input.postcode,
      countryCode: input.countryCode,
      registrationNumber: input.registrationNumber,
      website: input.website,
      phone: input.phone,
      descriptions: input.descriptions,
    };
    await tx
      .insert(companyProfiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: companyProfiles.userId, set: { ...values, updatedAt: sql`now()` } });
    return readCompanyProfile(tx, storage, userId);
  });
}
