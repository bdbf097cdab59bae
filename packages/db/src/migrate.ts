import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseHandle, Db } from './types.ts';

/** packages/db/migrations: drizzle-kit output plus the hand-written SQL files, one journal. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

// Any number of processes may start at once against one PostgreSQL (API, worker): the first
// takes this advisory lock and migrates, the others wait and then find nothing to do.
const MIGRATION_LOCK_KEY = 7_244_013_911;

/**
 * Applies pending migrations with drizzle's migrator for the driver in use. Applied files are
 * recorded in drizzle.__drizzle_migrations, the same way on PGlite and PostgreSQL.
 */
export async function migrate(target: DatabaseHandle | Db): Promise<void> {
  const client = isHandle(target)
    ? (target.pglite ?? target.pool)
    : (target as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) {
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const connection = client instanceof pg.Pool ? await client.connect() : client;
    try {
      await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await migratePg(drizzlePg({ client: connection }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } finally {
      if (client instanceof pg.Pool) (connection as pg.PoolClient).release();
    }
    return;
  }
  throw new Error('migrate: unsupported database client');
}

function isHandle(target: DatabaseHandle | Db): target is DatabaseHandle {
  return typeof (target as DatabaseHandle).kind === 'string' && 'db' in target;
}
