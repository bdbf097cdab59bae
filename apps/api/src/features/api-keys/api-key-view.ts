import type { apiKeys } from '@estately/db';
import type { ApiKey, ApiKeyScope } from '@estately/domain';

type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A stored key as its owner sees it: never the key itself, which only its creation answers. */
export function apiKeyView(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
