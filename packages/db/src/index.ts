export {
  type CreateDatabaseOptions,
  createDatabase,
  createPglite,
  createPgliteThread,
  createPostgres,
  DEFAULT_PGLITE_DIR,
  MEMORY,
  type PoolTimeouts,
  type PostgresOptions,
} from './client.ts';
export { pgliteExtensions } from './extensions.ts';
export * from './geo.ts';
export { independentQueries } from './independent-queries.ts';
export { DataDirLockedError } from './lock.ts';
export { MIGRATIONS_FOLDER, migrate } from './migrate.ts';
export * from './offer-projection.ts';
export { ARGON2_OPTIONS } from './password-hashing.ts';
export { pendingMigrations } from './pending-migrations.ts';
// Issue 44 point 5 (the price map).
export * from './price-map-medians.ts';
export { isConnectionFailure, onReadFallback, type ReadFallbackListener } from './read-fallback.ts';
export * from './schema/index.ts';
export * as schema from './schema/index.ts';
export * from './storage/index.ts';
export * from './trust-signals.ts';
export type { Database, DatabaseHandle, DatabaseKind, Db, DbOrTx, Schema, Tx } from './types.ts';
