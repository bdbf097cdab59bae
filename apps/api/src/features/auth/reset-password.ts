import { type Db, passwordResetTokens, users } from '@estately/db';
import { checkPassword, type Locale } from '@estately/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { enqueueEmail } from '../mail/enqueue-email.ts';
import { recordSecurityEvent, type SecurityContext } from './record-security-event.ts';
import { revokeAllRefreshTokens } from './revoke-refresh-tokens.ts';
import { hashSecretToken } from './secret-token.ts';

export interface ResetPasswordOptions {
  db: Db;
  token: string;
  password: string;
  /** Names of the request's fields, which differ between the two flows of spec 7. */
  fields: { token: string; password: string };
  context: SecurityContext;
}

function invalid(field: string, keys: string[]): AppError {
  return new AppError('validation_errors', { errors: { [field]: keys } });
}

/**
 * POST /auth/reset_password and POST /users/reset-password-validate (spec 7). With a valid
 * token (unused, unexpired) sets the new password, in one transaction: the token is spent,
 * `not_before` moves to now so every access token issued before is refused, every refresh
 * token is revoked (all devices sign in again), `password_changed` is queued to the account
 * and the event is logged. The link came to the account's e-mail, so the address counts as
 * confirmed too. An unknown, used or expired token answers 422 `validation.token_invalid` on
 * the token field and changes nothing.
 */
export async function resetPassword(options: ResetPasswordOptions): Promise<void> {
  const { db, token, password, fields, context } = options;
  const tokenHash = hashSecretToken(token);
  const [found] = await db
    .select({ userId: passwordResetTokens.userId, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!found) throw invalid(fields.token, ['validation.token_invalid']);
  // The contract checked length and commonness; only now is the account's e-mail known.
  const problems = checkPassword(password, { email: found.email });
  if (problems.length > 0) throw invalid(fields.password, problems);
  const passwordHash = await hashPassword(password);

  await db.transaction(async (tx) => {
    // Spent conditionally: of two requests with one token, only one changes the password.
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) throw invalid(fields.token, ['validation.token_invalid']);
    // Other outstanding links of the account stop working with this one.
    await tx
      .update(passwordResetTokens)
      .set({ expiresAt: sql`least(${passwordResetTokens.expiresAt}, now())` })
      .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        notBefore: sql`now()`,
        verified: true,
        verifiedAt: sql`coalesce(${users.verifiedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, spent.userId))
      .returning({ email: users.email, locale: users.preferredLanguage });
    if (!user) throw invalid(fields.token, ['validation.token_invalid']);
    await revokeAllRefreshTokens(tx, spent.userId, 'password_reset');
    await enqueueEmail(tx, {
      template: 'password_changed',
      to: user.email,
      locale: user.locale as Locale,
      data: { changedAt: new Date().toISOString() },
    });
    await recordSecurityEvent(tx, {
      kind: 'password_reset',
      userId: spent.userId,
      email: user.email,
      context,
    });
  });
}
