import type { Db } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import type { CompanyProfile } from '@estately/domain';
import { readCompanyProfile, requireCompanyAccount } from './company-view.ts';

/** GET /users/me/company-profile: the signed-in company's profile (403 for a person's account). */
export async function getCompanyProfile(options: {
  db: Db;
  storage: MediaStorage;
  userId: number;
}): Promise<CompanyProfile> {
  await requireCompanyAccount(options.db, options.userId);
  return readCompanyProfile(options.db, options.storage, options.userId);
}
