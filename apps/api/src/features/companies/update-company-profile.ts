import { companyProfiles, type Db, offers, users } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import type { CompanyProfile, UpdateCompanyProfileBody } from '@estately/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { readCompanyProfile, requireCompanyAccount } from './company-view.ts';

/**
 * PUT /users/me/company-profile: replaces the profile's fields (the logo has its own calls) in
 * one transaction, creating the row on the first save. `companyKind`, when given, becomes the
 * seller type of the company's offers in the same transaction. The body was checked by its schema
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
    if (input.companyKind !== undefined) {
      await tx.update(users).set({ companyKind: input.companyKind }).where(eq(users.id, userId));
      // Its offers carry it as their seller type (those under a seller profile carry the profile's).
      await tx
        .update(offers)
        .set({ sellerType: input.companyKind })
        .where(and(eq(offers.ownerId, userId), isNull(offers.sellerId)));
    }
    return readCompanyProfile(tx, storage, userId);
  });
}
