import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { pgliteExtensions } from './extensions.ts';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';
import { PgliteThread } from './pglite-thread.ts';
import { isConnectionFailure, readFallbackListeners } from './read-fallback.ts';
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
  /** Time limits of the node-postgres pool (none by default; the API sets them, see PoolTimeouts). */
  timeouts?: PoolTimeouts;
  /**
   * Where PGlite runs: 'worker' on a worker thread of its own (decision 024, what the servers
   * use), 'main' on the calling thread (default: migrations, the seed, tests, dumps and clones
   * need the PGlite object itself).
   */
  pgliteThread?: 'main' | 'worker';
};

/**
 * Time limits for serving requests (issue 11, check 13): a database that hangs must give a
 * quick 503, not requests that wait forever. `connectMs` bounds opening a connection,
 * `queryMs` bounds one statement: the server cancels it half a second earlier
 * (statement_timeout), and when the server itself does not answer the client gives up
 * (query_timeout).
 * Migrations and bulk loads run without them.
 */
export type PoolTimeouts = { connectMs: number; queryMs: number };

export const DEFAULT_PGLITE_DIR = './data/pglite';
export const MEMORY = 'memory://';

/**
 * The database client factory (DESIGN 2 "database"): node-postgres when a URL is configured,
 * otherwise embedded PGlite with the same extensions, so one set of migrations serves both.
 */
export async function createDatabase(options: CreateDatabaseOptions = {}): Promise<DatabaseHandle> {
  const url = options.url ?? process.env.DATABASE_URL;
  if (url)
    return createPostgres(
      url,
      options.readUrl ?? process.env.DATABASE_READ_URL,
      options.poolSize,
      options.timeouts,
    );
  const dataDir = options.dataDir ?? DEFAULT_PGLITE_DIR;
  return options.pgliteThread === 'worker' ? createPgliteThread(dataDir) : createPglite(dataDir);
}

/**
 * PGlite on a worker thread (pglite-thread.ts, decision 024): the same handle, with statements
 * run off the calling thread. The folder's lock is taken here, in the calling thread, before
 * the worker opens it. `pglite` stays unset: migrate and seed before, on a 'main' handle.
 */
export async function createPgliteThread(dataDir: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const inMemory = dataDir === MEMORY || dataDir.startsWith('memory://');
  const lock = inMemory ? undefined : acquireDataDirLock(dataDir);
  let thread: PgliteThread;
  try {
    thread = await PgliteThread.open({
      ...(inMemory ? {} : { dataDir }),
      ...(loadDataDir ? { loadDataDir } : {}),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  // drizzle's PGlite driver calls query, and transaction with query on its transaction object:
  // the thread's client offers both with PGlite's signatures.
  return pgliteHandle(thread as unknown as PGlite, () => lock?.release());
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
  return { ...pgliteHandle(client, onClose), pglite: client };
}

/** The handle over a PGlite client, in this thread or on its worker (without `pglite`). */
function pgliteHandle(client: PGlite, onClose?: () => void): DatabaseHandle {
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

/**
 * A pool whose checked-out clients are released when their first statement fails. Drizzle
 * (0.45) sends `begin` before the try/finally that releases the client, so a transaction
 * started while the server is down or restarting leaked its client for good: after a few
 * crashes the pool was empty and the API never answered again (issue 11, check 11).
 */
class ReleasingPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: pg's connect has a callback and a promise form
  override connect(callback?: any): any {
    if (callback) return super.connect(callback);
    return super.connect().then((client) => {
      const originalQuery = client.query;
      const originalRelease = client.release;
      let released = false;
      const releaseOnce = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.query = originalQuery;
        client.release = originalRelease;
        originalRelease.call(client, error);
      };
      client.release = releaseOnce;
      // biome-ignore lint/suspicious/noExplicitAny: forwards every overload of query
      client.query = function firstQuery(this: pg.PoolClient, ...args: any[]): any {
        client.query = originalQuery;
        // biome-ignore lint/suspicious/noExplicitAny: forwards every overload of query
        const result = (originalQuery as any).apply(client, args);
        if (result && typeof result.then === 'function') {
          result.then(undefined, (error: Error) => {
            // Callers that own the client release it themselves after a later failure; only
            // a failed first statement is released here, as broken (the client is dropped).
            setImmediate(() => releaseOnce(error));
          });
        }
        return result;
      } as typeof client.query;
      return client;
    });
  }
}

/**
 * The replica's pool: a read whose connection to the replica fails (the replica stopped,
 * restarting, unreachable; read-fallback.ts) is run once more on the primary's pool, so the
 * visitors of the second before the read routing notices get their page, not a 503. Drizzle
 * (0.45, node-postgres/session.js) runs each statement with the promise form of `query`; a
 * transaction takes a client with `connect()`, which falls back the same way when no connection
 * to the replica can be made (a statement failing inside it is not run again: the transaction
 * is the caller's). Only reads go here: the read database is never written through.
 */
class FallbackReadPool extends ReleasingPool {
  primary: pg.Pool | undefined;
  onFallback: (error: Error) => void = () => {};

  // biome-ignore lint/suspicious/noExplicitAny: forwards every overload of query
  override query(...args: any[]): any {
    // biome-ignore lint/suspicious/noExplicitAny: forwards every overload of query
    const replicaQuery = (super.query as any).bind(this);
    // The callback forms and submittable queries (cursors, streams) are left alone: drizzle uses
    // neither, and a stream that has sent rows cannot be started again.
    if (args.some((arg) => typeof arg === 'function') || typeof args[0]?.submit === 'function')
      return replicaQuery(...args);
    return (replicaQuery(...args) as Promise<pg.QueryResult>).catch((error: unknown) => {
      const primary = this.primary;
      if (!primary || !isConnectionFailure(error)) throw error;
      this.onFallback(error as Error);
      // biome-ignore lint/suspicious/noExplicitAny: the same arguments, on the primary
      return (primary.query as any)(...args);
    });
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's connect has a callback and a promise form
  override connect(callback?: any): any {
    // The callback form is how pg's own query() takes a client: that falls back above.
    if (callback) return super.connect(callback);
    return (super.connect() as Promise<pg.PoolClient>).catch((error: unknown) => {
      const primary = this.primary;
      if (!primary || !isConnectionFailure(error)) throw error;
      this.onFallback(error as Error);
      return primary.connect();
    });
  }
}

function poolConfig(
  connectionString: string,
  max: number,
  timeouts: PoolTimeouts | undefined,
): pg.PoolConfig {
  return {
    connectionString,
    max,
    types,
    ...(timeouts
      ? {
          connectionTimeoutMillis: timeouts.connectMs,
          statement_timeout: Math.max(100, timeouts.queryMs - 500),
          query_timeout: timeouts.queryMs,
          idle_in_transaction_session_timeout: timeouts.queryMs * 2,
        }
      : {}),
  };
}

function newPool(
  connectionString: string,
  max: number,
  timeouts: PoolTimeouts | undefined,
  PoolClass: typeof ReleasingPool = ReleasingPool,
): pg.Pool {
  const pool = new PoolClass(poolConfig(connectionString, max, timeouts));
  // An idle client that loses its connection emits 'error' on the pool; without a listener
  // Node exits. A client checked out when the server dies (inside a transaction, between two
  // statements) emits 'error' on itself, where the pool listens no more: the same crash. The
  // statement in flight fails on its own and the pool drops the broken client on release.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}

export type PostgresOptions = {
  /**
   * Whether a read on the replica that fails for its connection is run again on the primary
   * (default true). The read routing's monitor turns it off: it asks the replica itself.
   */
  readFallback?: boolean;
};

export function createPostgres(
  url: string,
  readUrl?: string,
  poolSize = 10,
  timeouts?: PoolTimeouts,
  options: PostgresOptions = {},
): DatabaseHandle {
  const pool = newPool(url, poolSize, timeouts);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  let readPool: pg.Pool | undefined;
  let readDb = db;
  if (readUrl && readUrl !== url) {
    const fallbackPool = newPool(readUrl, poolSize, timeouts, FallbackReadPool) as FallbackReadPool;
    if (options.readFallback !== false) fallbackPool.primary = pool;
    const replicaDb = drizzlePg({ client: fallbackPool, schema }) as unknown as Db;
    const listeners = readFallbackListeners(replicaDb);
    fallbackPool.onFallback = (error) => {
      for (const listener of listeners) {
        try {
          listener(error);
        } catch {
          // A listener's failure must not fail the read.
        }
      }
    };
    readPool = fallbackPool;
    readDb = replicaDb;
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
    ...(readPool ? { readPool } : {}),
  };
}
