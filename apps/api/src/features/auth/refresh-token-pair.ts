import { type Db, refreshTokens } from '@estately/db';
import { NO_REFRESH_TOKEN_MESSAGE, type TokenPair } from '@estately/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { issueTokenPair } from './issue-token-pair.ts';
import { recordSecurityEvent, type SecurityContext } from './record-security-event.ts';
import { hashSecretToken } from './secret-token.ts';

/**
 * A token spent this recently is taken for a concurrent refresh by the same client (two tabs
 * refreshing at once), not for a stolen copy: the late request gets 401 without revoking the
 * family, so the winner's new tokens stay valid. The late request gains nothing either way.
 */
export const CONCURRENT_REFRESH_GRACE_SECONDS = 5;

export interface RefreshTokenPairOptions {
  db: Db;
  config: Pick<Config, 'jwt' | 'tokens'>;
  refreshToken: string | null | undefined;
  context: SecurityContext;
}

type Outcome =
  | { ok: true; tokens: TokenPair }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'concurrent' };

/**
 * POST /api/token/refresh (spec 7, DESIGN 4): rotates a refresh token. The token is spent by a
 * conditional UPDATE (unused, unrevoked, unexpired) in a transaction, so of two requests with
 * one token exactly one gets the new pair. A spent token presented again revokes its whole
 * family (every token of that login, and with them the family's access tokens) and is logged
 * as `refresh_token_reused`: one of the two holders is not the user. Missing: 401 'No refresh
 * token available' (spec 8); unknown, expired or revoked: 401.
 */
export async function refreshTokenPair(options: RefreshTokenPairOptions): Promise<TokenPair> {
  const { db, config, context } = options;
  if (!options.refreshToken) throw new AppError('unauthorized', { message: NO_REFRESH_TOKEN_MESSAGE });
  const tokenHash = hashSecretToken(options.refreshToken);

  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [spent] = await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: refreshTokens.id, userId: refreshTokens.userId, familyId: refreshTokens.familyId });
    if (spent) {
      const tokens = await issueTokenPair(tx, config, {
        userId: spent.userId,
        familyId: spent.familyId,
        parentId: spent.id,
        context,
      });
      return { ok: true, tokens };
    }

    const [row] = await tx
      .select({
        id: refreshTokens.id,
        userId: refreshTokens.userId,
        familyId: refreshTokens.familyId,
        usedAt: refreshTokens.usedAt,
        revokedAt: refreshTokens.revokedAt,
        expired: sql<boolean>`${refreshTokens.expiresAt} <= now()`,
        justSpent: sql<boolean>`${refreshTokens.usedAt} > now() - make_interval(secs => ${CONCURRENT_REFRESH_GRACE_SECONDS})`,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.usedAt === null) return { ok: false, reason: row.revokedAt ? 'revoked' : 'expired' };
    if (row.justSpent && row.revokedAt === null) return { ok: false, reason: 'concurrent' };

    const revoked = await tx
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    await recordSecurityEvent(tx, {
      kind: 'refresh_token_reused',
      userId: row.userId,
      context,
      details: { familyId: row.familyId, tokenId: row.id, revokedTokens: revoked.length },
    });
    return { ok: false, reason: 'reused' };
  });

  if (outcome.ok) return outcome.tokens;
  throw new AppError('unauthorized');
}
