import { randomBytes } from 'node:crypto';
import { companyProfiles, type Db, users } from '@estately/db';
import { type MediaStorage, putAll } from '@estately/db/storage';
import type { CompanyProfile } from '@estately/domain';
import { eq, sql } from 'drizzle-orm';
import { deleteLogoFiles, logoKeys, renderCompanyLogo } from './company-logo.ts';
import { readCompanyProfile, requireCompanyAccount } from './company-view.ts';

/**
 * POST /users/me/company-profile/logo: checks and renders the logo (company-logo.ts), stores
 * its variants under a new key, points the profile at it (creating the profile from the
 * account's company name when there is none yet) and deletes the previous logo's files. Files
 * are written before the row and old ones deleted after it, so a failure at any step leaves the
 * profile with a complete logo, old or new.
 */
export async function saveCompanyLogo(options: {
  db: Db;
  storage: MediaStorage;
  userId: number;
  image: Buffer;
  onCleanupError?: (error: unknown, key: string) => void;
}): Promise<CompanyProfile> {
  const { db, storage, userId, onCleanupError } = options;
  await requireCompanyAccount(db, userId);
  const variants = await renderCompanyLogo(options.image, `user:${userId}`);
  const dir = `companies/${userId}/${randomBytes(10).toString('hex')}`;
  const files = variants.map((variant) => ({
    key: `${dir}/${variant.edge}.webp`,
    data: variant.data,
    contentType: 'image/webp',
  }));
  const keys = files.map((file) => file.key);
  const largeKey = keys[0] as string;
  try {
    await putAll(storage, files);
  } catch (error) {
    await deleteLogoFiles(storage, keys, onCleanupError);
    throw error;
  }
  let previous: string | null = null;
  let profile: CompanyProfile;
  try {
    profile = await db.transaction(async (tx) => {
      await requireCompanyAccount(tx, userId, true);
      const [old] = await tx
        .select({ logoKey: companyProfiles.logoKey })
        .from(companyProfiles)
        .where(eq(companyProfiles.userId, userId));
      previous = old?.logoKey ?? null;
      if (old) {
        await tx
          .update(companyProfiles)
          .set({ logoKey: largeKey, updatedAt: sql`now()` })
          .where(eq(companyProfiles.userId, userId));
      } else {
        const [account] = await tx
          .select({ companyName: users.companyName })
          .from(users)
          .where(eq(users.id, userId));
        await tx.insert(companyProfiles).values({
          userId,
          name: account?.companyName?.trim() || '-',
          logoKey: largeKey,
        });
      }
      return readCompanyProfile(tx, storage, userId);
    });
  } catch (error) {
    await deleteLogoFiles(storage, keys, onCleanupError);
    throw error;
  }
  if (previous && previous !== largeKey)
    await deleteLogoFiles(storage, logoKeys(previous, userId), onCleanupError);
  return profile;
}
