import { type DbOrTx, emailConfirmationTokens } from '@estately/db';
import { CONFIRM_EMAIL_TOKEN_HOURS, type Locale } from '@estately/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { enqueueEmail } from '../mail/enqueue-email.ts';
import { hashSecretToken, newSecretToken } from './secret-token.ts';

/**
 * Stores a confirmation token for the account's current login e-mail (24 hours, single use)
 * and queues `confirm_email` with its link, in the caller's transaction so the e-mail exists
 * exactly when the token does. Earlier links for the same address stop working: only the
 * newest e-mail confirms. Returns the outbox job id.
 */
export async function createEmailConfirmation(
  tx: DbOrTx,
  options: { userId: number; email: string; locale: Locale; publicWebUrl: string; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  const token = newSecretToken();
  await tx
    .update(emailConfirmationTokens)
    .set({ expiresAt: sql`least(${emailConfirmationTokens.expiresAt}, now())` })
    .where(
      and(
        eq(emailConfirmationTokens.userId, options.userId),
        eq(emailConfirmationTokens.email, options.email),
        isNull(emailConfirmationTokens.usedAt),
        gt(emailConfirmationTokens.expiresAt, sql`now()`),
      ),
    );
  await tx.insert(emailConfirmationTokens).values({
    userId: options.userId,
    email: options.email,
    tokenHash: hashSecretToken(token),
    expiresAt: new Date(now.getTime() + CONFIRM_EMAIL_TOKEN_HOURS * 3600 * 1000),
  });
  return enqueueEmail(tx, {
    template: 'confirm_email',
    to: options.email,
    locale: options.locale,
    data: {
      confirmUrl: `${options.publicWebUrl}/${options.locale}/auth/confirm-email/${token}`,
      expiresInHours: CONFIRM_EMAIL_TOKEN_HOURS,
    },
  });
}
