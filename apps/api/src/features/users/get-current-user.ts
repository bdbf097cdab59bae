import type { DbOrTx } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import type { CurrentUser } from '@estately/domain';
import { AppError } from '../../lib/app-error.ts';
import { loadCurrentUserRow, toCurrentUser } from './user-view.ts';

/**
 * GET /user/me (spec 7): the signed-in user with every spec 3 User field and the account
 * settings. An account deleted since the token was checked answers 401, like a bad token.
 */
export async function getCurrentUser(options: {
  db: DbOrTx;
  storage: MediaStorage;
  userId: number;
}): Promise<CurrentUser> {
  const row = await loadCurrentUserRow(options.db, options.userId);
  if (!row) throw new AppError('unauthorized');
  return toCurrentUser(row, options.storage);
}
