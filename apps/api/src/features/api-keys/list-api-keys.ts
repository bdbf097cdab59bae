import { apiKeys, type Db } from '@estately/db';
import type { ApiKey } from '@estately/domain';
import { desc, eq } from 'drizzle-orm';
import { requireCompanyAccount } from '../companies/company-view.ts';
import { apiKeyView } from './api-key-view.ts';

/** GET /users/me/api-keys: the company's keys, newest first, revoked ones too (for the record). */
export async function listApiKeys(options: { db: Db; userId: number }): Promise<{ keys: ApiKey[] }> {
  const { db, userId } = options;
  await requireCompanyAccount(db, userId);
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.ownerId, userId)).orderBy(desc(apiKeys.id));
  return { keys: rows.map(apiKeyView) };
}
