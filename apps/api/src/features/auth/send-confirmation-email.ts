import { type Db, users } from '@estately/db';
import type { Locale } from '@estately/domain';
import { eq } from 'drizzle-orm';
import { createEmailConfirmation } from './create-email-confirmation.ts';

/**
 * POST /users/send-confirmation-email (spec 7): a new confirmation link for an account that has
 * not confirmed its login e-mail yet. Nothing is sent for unknown or already verified
 * addresses, and the caller answers the same in every case, so the call reveals nothing.
 */
export async function sendConfirmationEmail(options: {
  db: Db;
  /** Lower-cased by the contract. */
  email: string;
  publicWebUrl: string;
}): Promise<void> {
  const { db, email } = options;
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, verified: users.verified, locale: users.preferredLanguage })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (!user || user.verified) return;
    await createEmailConfirmation(tx, {
      userId: user.id,
      email,
      locale: user.locale as Locale,
      publicWebUrl: options.publicWebUrl,
    });
  });
}
