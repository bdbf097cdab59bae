import { companyProfiles, type Db } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import type { CompanyProfile } from '@estately/domain';
import { eq, sql } from 'drizzle-orm';
import { deleteLogoFiles, logoKeys } from './company-logo.ts';
import { readCompanyProfile, requireCompanyAccount } from './company-view.ts';

/** DELETE /users/me/company-profile/logo: the profile loses its logo, then the files are deleted. */
export async function deleteCompanyLogo(options: {
  db: Db;
  storage: MediaStorage;
  userId: number;
  onCleanupError?: (error: unknown, key: string) => void;
}): Promise<CompanyProfile> {
  const { db, storage, userId, onCleanupError } = options;
  let previous: string | null = null;
  const profile = await db.transaction(async (tx) => {
    await requireCompanyAccount(tx, userId, true);
    const [old] = await tx
      .select({ logoKey: companyProfiles.logoKey })
      .from(companyProfiles)
      .where(eq(companyProfiles.userId, userId));
    previous = old?.logoKey ?? null;
    if (previous) {
      await tx
        .update(companyProfiles)
        .set({ logoKey: null, updatedAt: sql`now()` })
        .where(eq(companyProfiles.userId, userId));
    }
    return readCompanyProfile(tx, storage, userId);
  });
  if (previous) await deleteLogoFiles(storage, logoKeys(previous, userId), onCleanupError);
  return profile;
}
