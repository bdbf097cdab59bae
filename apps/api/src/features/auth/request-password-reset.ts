import { type Db, passwordResetTokens, users } from '@estately/db';
import { type Locale, RESET_PASSWORD_TOKEN_HOURS } from '@estately/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { enqueueEmail } from '../mail/enqueue-email.ts';
import { recordSecurityEvent, type SecurityContext } from './record-security-event.ts';
import { hashSecretToken, newSecretToken } from './secret-token.ts';

export interface RequestPasswordResetOptions {
  db: Db;
  /** Lower-cased by the contract. */
  email: string;
  publicWebUrl: string;
  context: SecurityContext;
  now?: Date;
}

/**
 * POST /auth/forgot_password and POST /users/reset-password-send (spec 7): when the e-mail has
 * an account, stores a reset token (32 random bytes, only the SHA-256 kept, single use, valid
 * 1 hour) and queues `reset_password` with the link in the recipient's language, in one
 * transaction. Earlier reset links of the account stop working. The caller answers the same
 * whether or not an account exists, so the call reveals nothing.
 */
export async function requestPasswordReset(options: RequestPasswordResetOptions): Promise<void> {
  const { db, email, context } = options;
  const [user] = await db
    .select({ id: users.id, locale: users.preferredLanguage })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!user) {
    // Logged as well: requests for addresses without an account show probing, and the write
    // keeps the work of both cases closer in time.
    await recordSecurityEvent(db, {
      kind: 'password_reset_requested',
      email,
      context,
      details: { account: false },
    });
    return;
  }
  const now = options.now ?? new Date();
  const token = newSecretToken();
  const locale = user.locale as Locale;
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetTokens)
      .set({ expiresAt: sql`least(${passwordResetTokens.expiresAt}, now())` })
      .where(
        and(
          eq(passwordResetTokens.userId, user.id),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      );
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashSecretToken(token),
      expiresAt: new Date(now.getTime() + RESET_PASSWORD_TOKEN_HOURS * 3600 * 1000),
      requestedIp: context.ip,
    });
    await enqueueEmail(tx, {
      template: 'reset_password',
      to: email,
      locale,
      data: {
        resetUrl: `${options.publicWebUrl}/${locale}/auth/reset-password/${token}`,
        expiresInHours: RESET_PASSWORD_TOKEN_HOURS,
      },
    });
    await recordSecurityEvent(tx, { kind: 'password_reset_requested', userId: user.id, email, context });
  });
}
