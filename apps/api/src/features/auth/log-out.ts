import { type Db, refreshTokens } from '@estately/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordSecurityEvent, type SecurityContext } from './record-security-event.ts';
import { hashSecretToken } from './secret-token.ts';

/**
 * POST /auth/logout: revokes the family of the given refresh token, which ends this login on
 * this device: its refresh tokens stop rotating and its access tokens (they carry the family)
 * are refused. Other devices stay signed in. Unknown or missing tokens change nothing and get
 * the same answer, so logout cannot be used to test tokens.
 */
export async function logOut(options: {
  db: Db;
  refreshToken: string | null | undefined;
  context: SecurityContext;
}): Promise<void> {
  const { db, refreshToken, context } = options;
  if (!refreshToken) return;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashSecretToken(refreshToken)))
      .limit(1);
    if (!row) return;
    const revoked = await tx
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (revoked.length > 0) {
      await recordSecurityEvent(tx, {
        kind: 'logout',
        userId: row.userId,
        context,
        details: { familyId: row.familyId },
      });
    }
  });
}
