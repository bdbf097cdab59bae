import { type Db, emailConfirmationTokens, users } from '@estately/db';
import type { ConfirmEmailResponse, Locale } from '@estately/domain';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { enqueueEmail } from '../mail/enqueue-email.ts';
import { recordSecurityEvent, type SecurityContext } from './record-security-event.ts';
import { hashSecretToken, isUniqueViolation } from './secret-token.ts';

function invalid(field: string, key: string): AppError {
  return new AppError('validation_errors', { errors: { [field]: [key] } });
}

/**
 * POST /auth/confirm_email (the confirm-email/{token} screen of spec 2). One token table serves
 * two links:
 * - the token's address is the account's login e-mail (sign-up, resend): the account becomes
 *   verified;
 * - it differs (PATCH /users/me/change-login-email): the login e-mail switches to the token's
 *   address, which is thereby confirmed, and `email_changed` goes to the OLD address so its
 *   owner notices a change they did not make. If another account took the address meanwhile,
 *   422 `validation.email_taken` and nothing changes.
 * The token is single use and expires; unknown, used or expired: 422 `validation.token_invalid`.
 * Everything happens in one transaction.
 */
export async function confirmEmail(options: {
  db: Db;
  token: string;
  context: SecurityContext;
}): Promise<ConfirmEmailResponse> {
  const { db, context } = options;
  const tokenHash = hashSecretToken(options.token);
  try {
    return await db.transaction(async (tx) => {
      const [spent] = await tx
        .update(emailConfirmationTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(emailConfirmationTokens.tokenHash, tokenHash),
            isNull(emailConfirmationTokens.usedAt),
            gt(emailConfirmationTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({
          id: emailConfirmationTokens.id,
          userId: emailConfirmationTokens.userId,
          email: emailConfirmationTokens.email,
        });
      if (!spent) throw invalid('token', 'validation.token_invalid');
      const [user] = await tx
        .select({ email: users.email, locale: users.preferredLanguage })
        .from(users)
        .where(eq(users.id, spent.userId))
        .for('update')
        .limit(1);
      if (!user) throw invalid('token', 'validation.token_invalid');

      if (spent.email === user.email) {
        await tx
          .update(users)
          .set({
            verified: true,
            verifiedAt: sql`coalesce(${users.verifiedAt}, now())`,
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, spent.userId));
        await recordSecurityEvent(tx, {
          kind: 'email_confirmed',
          userId: spent.userId,
          email: user.email,
          context,
        });
        return { email: user.email, verified: true as const, email_changed: false };
      }

      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, spent.email), ne(users.id, spent.userId)))
        .limit(1);
      if (taken) throw invalid('email', 'validation.email_taken');
      await tx
        .update(users)
        .set({ email: spent.email, verified: true, verifiedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(users.id, spent.userId));
      // Links still out for the old address (or another pending change) must not switch it back.
      await tx
        .update(emailConfirmationTokens)
        .set({ expiresAt: sql`least(${emailConfirmationTokens.expiresAt}, now())` })
        .where(
          and(
            eq(emailConfirmationTokens.userId, spent.userId),
            isNull(emailConfirmationTokens.usedAt),
            ne(emailConfirmationTokens.id, spent.id),
          ),
        );
      await enqueueEmail(tx, {
        template: 'email_changed',
        to: user.email,
        locale: user.locale as Locale,
        data: { newEmail: spent.email },
      });
      await recordSecurityEvent(tx, {
        kind: 'email_changed',
        userId: spent.userId,
        email: spent.email,
        context,
        details: { previousEmail: user.email },
      });
      return { email: spent.email, verified: true as const, email_changed: true };
    });
  } catch (error) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(error)) throw invalid('email', 'validation.email_taken');
    throw error;
  }
}
