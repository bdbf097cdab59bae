import { randomUUID } from 'node:crypto';
import { type DbOrTx, refreshTokens } from '@estately/db';
import type { TokenPair } from '@estately/domain';
import type { Config } from '../../config.ts';
import { signAccessToken } from '../../lib/jwt.ts';
import type { SecurityContext } from './record-security-event.ts';
import { hashSecretToken, newSecretToken } from './secret-token.ts';

export interface IssueTokenPairOptions {
  userId: number;
  /** The family a rotated token continues; a login starts a new one. */
  familyId?: string;
  /** The refresh token this one replaces. */
  parentId?: number;
  context: SecurityContext;
  now?: Date;
}

/**
 * A new access token and refresh token (DESIGN 4). The refresh token is stored as its hash with
 * its family: rotation keeps the family, so presenting a spent token can revoke every token
 * descended from the same login, and the access token carries the family (`fam`) so the
 * authentication plugin refuses it once its family is revoked. Lifetimes come from the
 * configuration (spec 9: 7 days and 30 days).
 */
export async function issueTokenPair(
  db: DbOrTx,
  config: Pick<Config, 'jwt' | 'tokens'>,
  options: IssueTokenPairOptions,
): Promise<TokenPair> {
  const now = options.now ?? new Date();
  const familyId = options.familyId ?? randomUUID();
  const refreshToken = newSecretToken();
  const { accessTtlSeconds, refreshTtlSeconds } = config.tokens;
  await db.insert(refreshTokens).values({
    userId: options.userId,
    familyId,
    tokenHash: hashSecretToken(refreshToken),
    parentId: options.parentId ?? null,
    expiresAt: new Date(now.getTime() + refreshTtlSeconds * 1000),
    ip: options.context.ip,
    userAgent: options.context.userAgent?.slice(0, 500) ?? null,
  });
  const iat = Math.floor(now.getTime() / 1000);
  const token = signAccessToken(config.jwt.keys, {
    sub: options.userId,
    iat,
    exp: iat + accessTtlSeconds,
    jti: randomUUID(),
    fam: familyId,
  });
  return {
    token,
    refresh_token: refreshToken,
    token_type: 'Bearer',
    expires_in: accessTtlSeconds,
    refresh_expires_in: refreshTtlSeconds,
  };
}
