import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, createPglite, createPgliteThread, MEMORY } from './client.ts';
import { DataDirLockedError } from './lock.ts';
import { migrate } from './migrate.ts';
import { redirects } from './schema/index.ts';
import type { DatabaseHandle } from './types.ts';

const dir = mkdtempSync(join(tmpdir(), 'estately-pglite-thread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Every type the app reads, with fixed values so both runs must give the same answer.
const TYPED = `select 9007199254740991::int8 as big, 42::int4 as small, 1.25::numeric(10,2) as price,
  2.5::float8 as ratio, true as yes, 'žluťoučký'::text as word,
  '2026-11-25 10:15:00+00'::timestamptz as at, '2026-11-25'::date as day,
  '{"a":[1,{"b":null}],"c":"d"}'::jsonb as doc, array[1,2,3]::int8[] as ids,
  array['x','y']::text[] as tags, '\\x00ff'::bytea as bytes, null::int as nothing,
  '1 day'::interval as span, '2026-11-25 10:15:00'::timestamp as local`;

async function withBoth(fn: (handle: DatabaseHandle) => Promise<unknown>): Promise<[unknown, unknown]> {
  const main = await createPglite(MEMORY);
  const thread = await createPgliteThread(MEMORY);
  try {
    return [await fn(main), await fn(thread)];
  } finally {
    await Promise.all([main.close(), thread.close()]);
  }
}

describe('PGlite on a worker thread', () => {
  it('answers raw queries with the same values and types as PGlite on the calling thread', async () => {
    const [main, thread] = await withBoth((h) => h.query(TYPED));
    expect(thread).toEqual(main);
    const row = (thread as Array<Record<string, unknown>>)[0] as Record<string, unknown>;
    expect(row.big).toBe(9007199254740991);
    expect(row.at).toBeInstanceOf(Date);
    expect((row.at as Date).toISOString()).toBe('2026-11-25T10:15:00.000Z');
    expect(row.doc).toEqual({ a: [1, { b: null }], c: 'd' });
    expect(row.bytes).toEqual(new Uint8Array([0, 255]));
  });

  it("answers drizzle's queries (its text parsers for dates, arrays as rows) as on the calling thread", async () => {
    const [main, thread] = await withBoth((h) =>
      h.db.execute(sql.raw(TYPED)).then((r) => (r as unknown as { rows: unknown[] }).rows),
    );
    expect(thread).toEqual(main);
    const row = (thread as Array<Record<string, unknown>>)[0] as Record<string, unknown>;
    // drizzle asks for timestamps and dates as text and parses them itself.
    expect(row.at).toBe('2026-11-25 10:15:00+00');
    expect(row.day).toBe('2026-11-25');
  });

  it('runs drizzle selects and inserts on a migrated folder, typed by the schema', async () => {
    const dataDir = join(dir, 'migrated');
    const setup = await createDatabase({ dataDir, url: '' });
    await migrate(setup);
    await setup.close();
    const handle = await createDatabase({ dataDir, url: '', pgliteThread: 'worker' });
    try {
      expect(handle.pglite).toBeUndefined();
      const [inserted] = await handle.db
        .insert(redirects)
        .values({ fromPath: '/a', toUrl: '/b' })
        .returning({ id: redirects.id, fromPath: redirects.fromPath, createdAt: redirects.createdAt });
      expect(inserted?.fromPath).toBe('/a');
      expect(typeof inserted?.id).toBe('number');
      expect(inserted?.createdAt).toBeInstanceOf(Date);
      const rows = await handle.db.select({ toUrl: redirects.toUrl }).from(redirects);
      expect(rows).toEqual([{ toUrl: '/b' }]);
      // The folder stays locked by this process while the worker has it open.
      await expect(createDatabase({ dataDir, url: '' })).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await handle.close();
    }
    const again = await createDatabase({ dataDir, url: '' });
    try {
      expect(await again.query('select to_url from redirects')).toEqual([{ to_url: '/b' }]);
    } finally {
      await again.close();
    }
  });

  it('keeps transactions exclusive and in order, commits on success and rolls back on a throw', async () => {
    const handle = await createPgliteThread(MEMORY);
    try {
      await handle.exec('create table t (id serial primary key, v text not null unique)');
      const events: string[] = [];
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const first = handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t (v) values ('one')`);
        events.push('tx wrote');
        await held;
        await tx.execute(sql`insert into t (v) values ('two')`);
        events.push('tx ends');
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      // Sent while the transaction is open: runs after it, and sees both of its rows.
      const outside = handle
        .query<{ n: number }>('select count(*)::int as n from t')
        .then((rows) => events.push(`outside saw ${rows[0]?.n}`));
      await new Promise((resolve) => setTimeout(resolve, 20));
      events.push('released');
      release();
      await Promise.all([first, outside]);
      expect(events).toEqual(['tx wrote', 'released', 'tx ends', 'outside saw 2']);

      await expect(
        handle.db.transaction(async (tx) => {
          await tx.execute(sql`insert into t (v) values ('three')`);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      // A nested transaction (savepoint) rolled back alone; drizzle's rollback() ends the whole.
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t (v) values ('four')`);
        await tx
          .transaction(async (inner) => {
            await inner.execute(sql`insert into t (v) values ('five')`);
            throw new Error('inner only');
          })
          .catch(() => {});
      });
      await expect(
        handle.db.transaction(async (tx) => {
          await tx.execute(sql`insert into t (v) values ('six')`);
          tx.rollback();
        }),
      ).rejects.toThrow();
      expect(await handle.query('select v from t order by id')).toEqual([
        { v: 'one' },
        { v: 'two' },
        { v: 'four' },
      ]);
    } finally {
      await handle.close();
    }
  });

  it('keeps the SQLSTATE and fields of database errors, and a failed statement aborts its transaction', async () => {
    const handle = await createPgliteThread(MEMORY);
    try {
      await handle.exec('create table u (v text constraint u_v_key unique)');
      await handle.exec("insert into u values ('a')");
      const error = await handle.query("insert into u values ('a')").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).toMatchObject({ code: '23505', constraint: 'u_v_key', table: 'u' });
      expect((error as Error).message).toMatch(/duplicate key value/);

      const viaDrizzle = await handle.db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into u values ('b')`);
          await tx.execute(sql`insert into u values ('a')`);
        })
        .catch((e: unknown) => e);
      expect((viaDrizzle as { cause?: { code?: string } }).cause?.code).toBe('23505');
      expect(await handle.query('select v from u order by v')).toEqual([{ v: 'a' }]);
    } finally {
      await handle.close();
    }
  });

  it('leaves the calling thread free while a statement runs', async () => {
    const handle = await createPgliteThread(MEMORY);
    try {
      const events: string[] = [];
      const statement = handle
        .query('select count(*)::int as n from generate_series(1, 3000000)')
        .then(() => events.push('statement done'));
      const timer = new Promise<void>((resolve) =>
        setTimeout(() => {
          events.push('timer fired');
          resolve();
        }, 5),
      );
      await Promise.all([statement, timer]);
      expect(events).toEqual(['timer fired', 'statement done']);
    } finally {
      await handle.close();
    }
  });

  it('refuses statements after close with a connection-failure SQLSTATE (answered 503 by the API)', async () => {
    const handle = await createPgliteThread(MEMORY);
    await handle.close();
    await expect(handle.query('select 1')).rejects.toMatchObject({ code: '08006' });
  });
});
