import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type * as schema from './schema/index.ts';

export type Schema = typeof schema;

/**
 * The database as operations see it, whichever driver runs underneath (PGlite or
 * node-postgres). Operations take a `Db` or a `Tx` (CONVENTIONS habit 4).
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Database = Db;

/** A transaction handle: what `db.transaction(async (tx) => ...)` passes in. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** Either a database or a transaction: operations that may join a caller's transaction take this. */
export type DbOrTx = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Db;
  /** Where read-only searches go: a replica when DATABASE_READ_URL is set, else `db` (DESIGN 6). */
  readDb: Db;
  kind: DatabaseKind;
  /** Raw parameterised SQL ($1, $2 ...), rows as plain objects. */
  query<T extends Record<string, unknown> = Record<string, unknown>>(
    text: string,
    params?: unknown[],
  ): Promise<T[]>;
  /** Runs a script of one or more statements without parameters. */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
  /** The embedded client, when kind is 'pglite' (dump/clone in tests). */
  pglite?: PGlite;
  /** The node-postgres pool, when kind is 'postgres' (COPY, advisory locks). */
  pool?: pg.Pool;
  /**
   * The read replica's pool, when kind is 'postgres' and DATABASE_READ_URL names another
   * server: read its counts only (the API's metrics); queries go through `readDb`.
   */
  readonly readPool?: pg.Pool;
};
