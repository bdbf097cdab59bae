import { type DbOrTx, refreshTokens, securityEvents } from '@estately/db';
import { and, eq, isNull, sql } from 'drizzle-orm';

/**
 * Revokes every live refresh token of a user: password reset or change, login e-mail change,
 * "log out everywhere". Access tokens of those families are then refused by the
 * authentication plugin (it checks the family), and callers that also want already issued
 * access tokens of other families gone set `users.not_before`. Pass the transaction of the
 * change that causes it, so the revocation exists exactly when the change does. The reason
 * goes to the security log.
 */
export async function revokeAllRefreshTokens(db: DbOrTx, userId: number, reason: string): Promise<void> {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  await db.insert(securityEvents).values({
    userId,
    kind: 'refresh_tokens_revoked',
    details: { reason, count: revoked.length },
  });
}
