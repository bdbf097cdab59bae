import { type Db, savedSearches } from '@estately/db';
import type { UnsubscribeResponse } from '@estately/domain';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { JwtKey } from '../../lib/jwt.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';

/**
 * GET/POST /saved_searches/unsubscribe?token=: turns the alerts of the saved search the signed
 * token names off, without sign-in (the link of every alert e-mail, and the List-Unsubscribe
 * one-click POST of RFC 8058). Idempotent. A bad token and a deleted search are both 404.
 */
export async function unsubscribeSavedSearch(options: {
  db: Db;
  keys: readonly JwtKey[];
  token: string | undefined;
  now?: Date;
}): Promise<UnsubscribeResponse> {
  const id = options.token ? verifyUnsubscribeToken(options.keys, options.token) : null;
  if (id === null) throw new AppError('not_found');
  const [row] = await options.db
    .update(savedSearches)
    .set({ frequency: 'off', updatedAt: options.now ?? new Date() })
    .where(eq(savedSearches.id, id))
    .returning({ id: savedSearches.id, name: savedSearches.name });
  if (!row) throw new AppError('not_found');
  return { id: row.id, name: row.name, frequency: 'off' };
}
