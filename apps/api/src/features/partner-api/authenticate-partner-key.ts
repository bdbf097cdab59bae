import { apiKeys, type Db, users } from '@estately/db';
import type { ApiKeyScope } from '@estately/domain';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { hashPartnerKey, partnerKeyOf } from '../../lib/partner-key.ts';

/** Who a partner call is for: the key and the company account that owns it. */
export interface PartnerCaller {
  keyId: number;
  ownerId: number;
  /** The account's language: where the public offer addresses of its answers point. */
  locale: string;
}

/** `last_used_at` is written at most this often per key, so a busy key is not a write per call. */
export const LAST_USED_PRECISION_MS = 60_000;

/** 401 of a partner call: no key, an access token, an unknown or a revoked key alike. */
export function invalidKey(): AppError {
  return new AppError('unauthorized', { errors: { authorization: ['partner.error.invalid_key'] } });
}

/**
 * The caller of a partner API call from `Authorization: Bearer est_...` (issue 42). Only an
 * API key is accepted here: an access token, a cookie or a malformed key answers 401
 * `partner.error.invalid_key`, as an unknown or revoked key does. A key without `scope`
 * answers 403 `partner.error.scope`; a key whose account is no longer a company's answers 403
 * `company.error.company_only`. The key's `last_used_at` moves at most once a minute.
 */
export async function authenticatePartnerKey(
  db: Db,
  authorization: string | undefined,
  scope: ApiKeyScope,
): Promise<PartnerCaller> {
  const secret = partnerKeyOf(authorization);
  if (secret === null) throw invalidKey();
  const [row] = await db
    .select({
      id: apiKeys.id,
      ownerId: apiKeys.ownerId,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      accountType: users.accountType,
      locale: users.preferredLanguage,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.ownerId))
    .where(eq(apiKeys.keyHash, hashPartnerKey(secret)));
  if (!row || row.revokedAt !== null) throw invalidKey();
  if (row.accountType !== 'company') {
    throw new AppError('forbidden', { errors: { account: ['company.error.company_only'] } });
  }
  if (!row.scopes.includes(scope))
    throw new AppError('forbidden', { errors: { authorization: ['partner.error.scope'] } });
  if (row.lastUsedAt === null || Date.now() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    // Conditional, so calls of one key at once write it once.
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiKeys.id, row.id),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
        ),
      );
  }
  return { keyId: row.id, ownerId: row.ownerId, locale: row.locale };
}
