import { apiKeys, type Db } from '@estately/db';
import {
  API_KEY_SCOPES,
  type CreateApiKeyBody,
  type CreatedApiKeyResponse,
  FEED_LIMITS,
} from '@estately/domain';
import { and, count, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { generatePartnerKey } from '../../lib/partner-key.ts';
import { requireCompanyAccount } from '../companies/company-view.ts';
import { apiKeyView } from './api-key-view.ts';

/**
 * POST /users/me/api-keys: a new partner API key of the company. The answer holds the key
 * this once; only its hash is stored. At most FEED_LIMITS.apiKeysMax live keys (revoked ones
 * do not count): beyond, 422 `validation.too_many_keys` on `keys` and nothing stored.
 */
export async function createApiKey(options: {
  db: Db;
  userId: number;
  input: CreateApiKeyBody;
}): Promise<CreatedApiKeyResponse> {
  const { db, userId, input } = options;
  return db.transaction(async (tx) => {
    // The account's row is locked, so two creates at once cannot both take the last place.
    await requireCompanyAccount(tx, userId, true);
    const [live] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.ownerId, userId), isNull(apiKeys.revokedAt)));
    if ((live?.n ?? 0) >= FEED_LIMITS.apiKeysMax) {
      throw new AppError('validation_errors', { errors: { keys: ['validation.too_many_keys'] } });
    }
    const key = generatePartnerKey();
    // Scopes in their catalogue order, each once, whatever order the body named them in.
    const scopes = API_KEY_SCOPES.filter((scope) => input.scopes.includes(scope));
    const [row] = await tx
      .insert(apiKeys)
      .values({ ownerId: userId, name: input.name, prefix: key.prefix, keyHash: key.hash, scopes })
      .returning();
    if (!row) throw new AppError('internal_error');
    return { key: apiKeyView(row), secret: key.secret };
  });
}
