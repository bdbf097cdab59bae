import { apiKeys, type Db } from '@estately/db';
import type { ApiKey } from '@estately/domain';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { rowIdOf } from '../../lib/row-id.ts';
import { requireCompanyAccount } from '../companies/company-view.ts';
import { apiKeyView } from './api-key-view.ts';

/**
 * DELETE /users/me/api-keys/{id}: the key answers 401 from now on. It is kept with its
 * `revokedAt` for the record; revoking it again changes nothing. Another account's key and an
 * unknown id answer 404 alike.
 */
export async function revokeApiKey(options: { db: Db; userId: number; keyId: string }): Promise<ApiKey> {
  const { db, userId } = options;
  // A person's account is refused first, whatever the id, as on every other account call.
  await requireCompanyAccount(db, userId);
  const mine = and(eq(apiKeys.id, rowIdOf(options.keyId)), eq(apiKeys.ownerId, userId));
  const [revoked] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(mine)
    .returning();
  if (!revoked) throw new AppError('not_found');
  return apiKeyView(revoked);
}
