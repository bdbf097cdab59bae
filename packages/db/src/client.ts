import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { pgliteExtensions } from './extensions.ts';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';
import * as schema from './schema/index.ts';
import type { DatabaseHandle, Db } from './types.ts';

export type CreateDatabaseOptions = {
  /** PostgreSQL connection string; defaults to env DATABASE_URL. When absent, PGlite is used. */
  url?: string;
  /** PGlite data folder (default ./data/pglite) or 'memory://' for an in-memory database. */
  dataDir?: string;
  /** Read replica connection string for searches; defaults to env DATABASE_READ_URL. */
  readUrl?: string;
  /** Pool size for node-postgres (default 10). */
  poolSize?: number;
};

export const DEFAULT_PGLITE_DIR = './data/pglite';
export const MEMORY = 'memory://';

/**
 * The database client factory (DESIGN 2 "database"): node-postgres when a URL is configured,
 * otherwise embedded PGlite with the same extensions, so one set of migrations serves both.
 */
export async function createDatabase(options: CreateDatabaseOptions = {}): Promise<DatabaseHandle> {
  const url = options.url ?? process.env.DATABASE_URL;
  if (url) return createPostgres(url, options.readUrl ?? process.env.DATABASE_READ_URL, options.poolSize);
  return createPglite(options.dataDir ?? DEFAULT_PGLITE_DIR);
}

export async function createPglite(dataDir: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const inMemory = dataDir === MEMORY || dataDir.startsWith('memory://');
  let lock: DataDirLock | undefined;
  if (!inMemory) lock = acquireDataDirLock(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(inMemory ? {} : { dataDir }),
      ...(loadDataDir ? { loadDataDir } : {}),
      extensions: pgliteExtensions,
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  return wrapPglite(client, () => lock?.release());
}

export function wrapPglite(client: PGlite, onClose?: () => void): DatabaseHandle {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    readDb: db,
    kind: 'pglite',
    async query<T extends Record<string, unknown>>(text: string, params?: unknown[]) {
      const result = await client.query<T>(text, params);
      return result.rows;
    },
    async exec(text: string) {
      await client.exec(text);
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        onClose?.();
      }
    },
    pglite: client,
  };
}

// bigint (int8) as a JS number, as PGlite returns it, so raw queries give the same values on
// both drivers; ids and counts stay far below 2^53. Per pool, not pg's global type table.
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function createPostgres(url: string, readUrl?: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types });
  // An idle client that loses its connection emits 'error'; without a listener Node exits.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  let readPool: pg.Pool | undefined;
  let readDb = db;
  if (readUrl && readUrl !== url) {
    readPool = new pg.Pool({ connectionString: readUrl, max: poolSize, types });
    readPool.on('error', () => {});
    readDb = drizzlePg({ client: readPool, schema }) as unknown as Db;
  }
  let closed = false;
  return {
    db,
    readDb,
    kind: 'postgres',
    async query<T extends Record<string, unknown>>(text: string, params?: unknown[]) {
      const result = await pool.query(text, params);
      return result.rows as T[];
    },
    async exec(text: string) {
      await pool.query(text);
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([pool.end(), readPool?.end()]);
    },
    pool,
  };
}
