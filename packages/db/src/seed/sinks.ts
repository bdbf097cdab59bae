import type { PGlite } from '@electric-sql/pglite';
import { getTableColumns, getTableName, is, SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../types.ts';

// Where generated rows go. Rows are buffered per table and flushed together in the order the
// tables were first written, so foreign keys always point at rows already stored (COPY on
// PostgreSQL writes a batch's first table, then the others in parallel: callers flush before
// adding a row that points into a non-first table of the same batch). Small seeds
// use drizzle multi-row INSERTs (PGlite and PostgreSQL); large ones COPY ... FROM STDIN
// (PostgreSQL), the fastest bulk path, with one flush in flight while the next batch is
// generated, keeping memory bounded.

export interface RowSink {
  add<T extends PgTable>(table: T, row: T['$inferInsert']): Promise<void>;
  /** Writes everything buffered and waits for it. */
  flush(): Promise<void>;
  readonly written: Map<string, number>;
}

type Buffer = { table: PgTable; rows: Record<string, unknown>[] };

abstract class BufferedSink implements RowSink {
  private readonly buffers = new Map<PgTable, Buffer>();
  private buffered = 0;
  readonly written = new Map<string, number>();
  private readonly batchRows: number;
  constructor(batchRows: number) {
    this.batchRows = batchRows;
  }

  async add<T extends PgTable>(table: T, row: T['$inferInsert']): Promise<void> {
    let buffer = this.buffers.get(table);
    if (!buffer) {
      buffer = { table, rows: [] };
      this.buffers.set(table, buffer);
    }
    buffer.rows.push(row as Record<string, unknown>);
    if (++this.buffered >= this.batchRows) await this.flushBuffers(false);
  }

  async flush(): Promise<void> {
    await this.flushBuffers(true);
  }

  private async flushBuffers(wait: boolean): Promise<void> {
    const batch = [...this.buffers.values()]
      .filter((b) => b.rows.length > 0)
      .map((b) => ({ table: b.table, rows: b.rows }));
    for (const b of this.buffers.values()) b.rows = [];
    this.buffered = 0;
    for (const b of batch) {
      const name = getTableName(b.table);
      this.written.set(name, (this.written.get(name) ?? 0) + b.rows.length);
    }
    await this.write(batch, wait);
  }

  protected abstract write(batch: Buffer[], wait: boolean): Promise<void>;
}

/** Drizzle INSERTs in chunks under PostgreSQL's 65535 bind-parameter limit. */
export class InsertSink extends BufferedSink {
  private readonly db: Db;
  constructor(db: Db, batchRows = 5000) {
    super(batchRows);
    this.db = db;
  }

  protected async write(batch: Buffer[]): Promise<void> {
    for (const { table, rows } of batch) {
      const columns = Object.keys(getTableColumns(table)).length;
      const chunk = Math.max(1, Math.floor(30_000 / columns));
      for (let i = 0; i < rows.length; i += chunk) {
        await this.db.insert(table).values(rows.slice(i, i + chunk) as never);
      }
    }
  }
}

function copyEscape(text: string): string {
  return text.replace(/[\\\n\r\t]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t',
  );
}

function arrayLiteral(values: readonly unknown[]): string {
  return `{${values
    .map((v) => (v === null ? 'NULL' : `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`))
    .join(',')}}`;
}

// Photo variant objects are shared by every offer that uses the same pool photo: serialise once.
const serialized = new WeakMap<object, string>();

/** One value in COPY text format. */
export function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return copyEscape(arrayLiteral(value));
  if (typeof value === 'object') {
    let text = serialized.get(value);
    if (text === undefined) {
      text = copyEscape(JSON.stringify(value));
      serialized.set(value, text);
    }
    return text;
  }
  return copyEscape(String(value));
}

/** COPY ... FROM STDIN through node-postgres; one batch may be in flight while the next is built. */
export class CopySink extends BufferedSink {
  private inFlight: Promise<void> | undefined;
  private readonly pool: pg.Pool;
  /** Skip foreign-key triggers while loading (session_replication_role = replica). */
  private readonly skipTriggers: boolean;
  constructor(pool: pg.Pool, batchRows = 50_000, skipTriggers = false) {
    super(batchRows);
    this.pool = pool;
    this.skipTriggers = skipTriggers;
  }

  protected async write(batch: Buffer[], wait: boolean): Promise<void> {
    await this.inFlight;
    this.inFlight = this.copyBatch(batch);
    if (wait) {
      const pending = this.inFlight;
      this.inFlight = undefined;
      await pending;
    }
  }

  private async copyBatch(batch: Buffer[]): Promise<void> {
    // The batch's first table is the parent of the rest (properties before their offers,
    // photos and prices): copy it, then the children in parallel on their own connections.
    const [first, ...rest] = batch;
    if (first) await this.copyOn([first]);
    await Promise.all(rest.map((b) => this.copyOn([b])));
  }

  private async copyOn(buffers: Buffer[]): Promise<void> {
    const client = await this.pool.connect();
    try {
      // Each COPY commits on its own; a crash mid-seed is redone from scratch anyway.
      await client.query('set synchronous_commit = off');
      if (this.skipTriggers) await client.query('set session_replication_role = replica');
      for (const { table, rows } of buffers) await copyRows(client, table, rows);
    } finally {
      await client.query('reset synchronous_commit; reset session_replication_role').catch(() => {});
      client.release();
    }
  }
}

/** The COPY statement and its rows for one batch: only columns some row sets (others take defaults). */
function copyPlan(table: PgTable, rows: Record<string, unknown>[]) {
  const present = new Set<string>();
  for (const row of rows) for (const key in row) if (row[key] !== undefined) present.add(key);
  const columns = Object.entries(getTableColumns(table))
    .filter(([key, column]) => !column.generated && present.has(key))
    .map(([key, column]) => {
      // A row that leaves out a column other rows set gets the column's plain JS default
      // (COPY has no DEFAULT keyword); SQL-expression defaults cannot be replayed here.
      const fallback = column.default !== undefined && !is(column.default, SQL) ? column.default : null;
      return { key, name: column.name, fallback };
    });
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const line = (row: Record<string, unknown>) => {
    let out = '';
    for (let i = 0; i < columns.length; i++) {
      const c = columns[i] as (typeof columns)[number];
      const value = row[c.key];
      out += (i === 0 ? '' : '\t') + copyValue(value === undefined ? c.fallback : value);
    }
    return `${out}\n`;
  };
  return {
    statement: `COPY "${getTableName(table)}" (${names}) FROM STDIN`,
    target: `"${getTableName(table)}" (${names})`,
    line,
  };
}

async function copyRows(
  client: pg.PoolClient,
  table: PgTable,
  rows: Record<string, unknown>[],
): Promise<void> {
  const plan = copyPlan(table, rows);
  const stream = client.query(copyFrom(plan.statement));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  let chunk = '';
  for (const row of rows) {
    chunk += plan.line(row);
    if (chunk.length > 1 << 20) {
      if (!stream.write(chunk)) await new Promise((resolve) => stream.once('drain', resolve));
      chunk = '';
    }
  }
  stream.end(chunk);
  await done;
}

/**
 * PGlite's bulk path: COPY FROM its virtual '/dev/blob' file, several times faster than
 * INSERT statements in the WASM build.
 */
export class PgliteCopySink extends BufferedSink {
  private readonly client: PGlite;
  constructor(client: PGlite, batchRows = 20_000) {
    super(batchRows);
    this.client = client;
  }

  protected async write(batch: Buffer[]): Promise<void> {
    for (const { table, rows } of batch) {
      const plan = copyPlan(table, rows);
      const parts: string[] = [];
      for (const row of rows) parts.push(plan.line(row));
      await this.client.query(`COPY ${plan.target} FROM '/dev/blob'`, [], { blob: new Blob(parts) });
    }
  }
}
