import { type Db, users } from '@estately/db';
import type { FavoriteAlertsUnsubscribeResponse } from '@estately/domain';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { JwtKey } from '../../lib/jwt.ts';
import { verifyFavoriteAlertsToken } from './unsubscribe-token.ts';

/**
 * GET/POST /user/favorite_alerts/unsubscribe?token=: turns the e-mails about favourite offers
 * off for the account the signed token names (`notifyOfferUpdates`, the switch of the account's
 * notification settings), without sign-in: the link of every favourite alert and its RFC 8058
 * one-click POST. Idempotent. A bad token and a deleted account are both 404.
 */
export async function unsubscribeFavoriteAlerts(options: {
  db: Db;
  keys: readonly JwtKey[];
  token: string | undefined;
}): Promise<FavoriteAlertsUnsubscribeResponse> {
  const id = options.token ? verifyFavoriteAlertsToken(options.keys, options.token) : null;
  if (id === null) throw new AppError('not_found');
  const [row] = await options.db
    .update(users)
    .set({ notifyOfferUpdates: false })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  if (!row) throw new AppError('not_found');
  return { notifyOfferUpdates: false };
}
