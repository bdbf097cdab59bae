import { type Db, emailConfirmationTokens, users } from '@estately/db';
import { CHANGE_EMAIL_TOKEN_HOURS, type ChangeLoginEmailResponse, type Locale } from '@estately/domain';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { recordSecurityEvent, type SecurityContext } from '../auth/record-security-event.ts';
import { hashSecretToken, newSecretToken } from '../auth/secret-token.ts';
import { enqueueEmail } from '../mail/enqueue-email.ts';

export interface ChangeLoginEmailOptions {
  db: Db;
  userId: number;
  /** The new address, lower-cased by the contract. */
  email: string;
  password: string;
  /** Origin of the web app; the link opens its confirm-email screen (spec 2). */
  publicWebUrl: string;
  /** Client address and user agent for the security log. */
  context: SecurityContext;
  now?: Date;
}

function invalid(field: string, key: string): AppError {
  return new AppError('validation_errors', { errors: { [field]: [key] } });
}

/**
 * PATCH /users/me/change-login-email (spec 7): asks to replace the login e-mail. Needs the
 * password; the new address must not belong to any account. Nothing about the login changes
 * yet: one transaction stores a confirmation token for the new address (32 random bytes, only
 * their SHA-256 kept, valid 24 hours) and queues `change_email` to the NEW address, so only
 * its owner can complete the switch. Opening the link (the confirm-email call of the auth
 * feature) switches the login, because the token's address differs from the account's.
 *
 * An earlier pending change stops working: only the address asked for last can be confirmed.
 */
export async function changeLoginEmail(options: ChangeLoginEmailOptions): Promise<ChangeLoginEmailResponse> {
  const { db, userId, email, context } = options;
  const [account] = await db
    .select({ email: users.email, passwordHash: users.passwordHash, locale: users.preferredLanguage })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) throw new AppError('unauthorized');

  // Checked before the address, so the answer says nothing about other accounts to a caller
  // who does not know this account's password.
  if (!(await verifyPassword(account.passwordHash, options.password))) {
    await recordSecurityEvent(db, {
      kind: 'email_change_refused',
      userId,
      context,
      details: { reason: 'password_wrong' },
    });
    throw invalid('password', 'validation.current_password_wrong');
  }
  if (email === account.email) throw invalid('email', 'validation.email_unchanged');

  // The token format and hash of every e-mail link, so the confirm-email call recognises it.
  const token = newSecretToken();
  const tokenHash = hashSecretToken(token);
  const now = options.now ?? new Date();
  const expiresAt = new Date(now.getTime() + CHANGE_EMAIL_TOKEN_HOURS * 3600 * 1000);

  await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (taken) throw invalid('email', 'validation.email_taken');

    await tx
      .update(emailConfirmationTokens)
      .set({ expiresAt: sql`least(${emailConfirmationTokens.expiresAt}, now())` })
      .where(
        and(
          eq(emailConfirmationTokens.userId, userId),
          isNull(emailConfirmationTokens.usedAt),
          ne(emailConfirmationTokens.email, account.email),
          gt(emailConfirmationTokens.expiresAt, sql`now()`),
        ),
      );
    await tx.insert(emailConfirmationTokens).values({ userId, email, tokenHash, expiresAt });
    await recordSecurityEvent(tx, { kind: 'email_change_requested', userId, email, context });
    const locale = account.locale as Locale;
    await enqueueEmail(tx, {
      template: 'change_email',
      to: email,
      locale,
      data: {
        confirmUrl: `${options.publicWebUrl}/${locale}/auth/confirm-email/${token}`,
        newEmail: email,
        expiresInHours: CHANGE_EMAIL_TOKEN_HOURS,
      },
    });
  });
  return { pendingEmail: email, expiresAt: expiresAt.toISOString() };
}
