import { type Db, users } from '@estately/db';
import { checkPassword, type Locale } from '@estately/domain';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { recordSecurityEvent, type SecurityContext } from '../auth/record-security-event.ts';
import { revokeAllRefreshTokens } from '../auth/revoke-refresh-tokens.ts';
import { enqueueEmail } from '../mail/enqueue-email.ts';

export interface ChangePasswordOptions {
  db: Db;
  userId: number;
  currentPassword: string;
  newPassword: string;
  /** Client address and user agent for the security log. */
  context: SecurityContext;
}

function invalid(field: string, keys: string[]): AppError {
  return new AppError('validation_errors', { errors: { [field]: keys } });
}

/**
 * PATCH /users/me/new_password (spec 7): needs the current password; the new one must pass the
 * shared password policy (PASSWORD_POLICY_MESSAGE_KEYS, here with the account's e-mail).
 *
 * In one transaction: the new hash, `not_before` = now (every access token issued before is
 * refused, this session's too), every refresh token revoked, the `password_changed` e-mail
 * queued and the change logged. The client signs in again with the new password.
 *
 * argon2 runs outside the transaction (on the embedded PGlite a transaction holds the only
 * connection); the write then only succeeds if the hash it verified is still the stored one,
 * so of two concurrent changes with the same current password exactly one wins.
 */
export async function changePassword(options: ChangePasswordOptions): Promise<void> {
  const { db, userId, currentPassword, newPassword, context } = options;
  const [account] = await db
    .select({ email: users.email, passwordHash: users.passwordHash, locale: users.preferredLanguage })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) throw new AppError('unauthorized');

  if (!(await verifyPassword(account.passwordHash, currentPassword))) {
    await recordSecurityEvent(db, {
      kind: 'password_change_refused',
      userId,
      context,
      details: { reason: 'current_password_wrong' },
    });
    throw invalid('currentPassword', ['validation.current_password_wrong']);
  }
  const problems = checkPassword(newPassword, { email: account.email });
  if (problems.length > 0) throw invalid('newPassword', problems);

  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, notBefore: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), eq(users.passwordHash, account.passwordHash)))
      .returning({ changedAt: users.updatedAt });
    // Another request changed the password since it was verified: the one given is no longer current.
    if (!changed) throw invalid('currentPassword', ['validation.current_password_wrong']);
    await revokeAllRefreshTokens(tx, userId, 'password_changed');
    await recordSecurityEvent(tx, { kind: 'password_changed', userId, context });
    await enqueueEmail(tx, {
      template: 'password_changed',
      to: account.email,
      locale: account.locale as Locale,
      data: { changedAt: changed.changedAt.toISOString() },
    });
  });
}
