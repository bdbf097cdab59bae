import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPostgres } from './client.ts';
import { isConnectionFailure, onReadFallback } from './read-fallback.ts';
import type { DatabaseHandle } from './types.ts';

// The replica's pool runs a read again on the primary only when the replica's connection failed
// (read-fallback.ts). No server here: the pools' own query and connect are replaced, each answer
// chosen per pool, so every kind of failure can be given exactly. The same behaviour against a
// real streaming replica that is stopped: apps/api/test/features/read-routing/replica-fallback.test.ts.

function pgError(code: string, message = `error ${code}`): Error {
  return Object.assign(new Error(message), { code });
}

const ROWS = { rows: [{ n: 1 }], fields: [], rowCount: 1, command: 'SELECT', oid: 0 };

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await handle?.close();
  handle = undefined;
});

/** A handle on two addresses nothing listens on, its pools answering with `replica` and ROWS. */
function stubbed(replica: () => Promise<unknown>, options?: { readFallback?: boolean }) {
  handle = createPostgres(
    'postgres://127.0.0.1:9/primary',
    'postgres://127.0.0.1:9/replica',
    2,
    undefined,
    options,
  );
  const calls: string[] = [];
  const primaryPool = handle.pool;
  vi.spyOn(pg.Pool.prototype, 'query').mockImplementation(function (this: pg.Pool) {
    const which = this === primaryPool ? 'primary' : 'replica';
    calls.push(which);
    return (which === 'primary' ? Promise.resolve(ROWS) : replica()) as never;
  });
  const fallbacks: Error[] = [];
  onReadFallback(handle.readDb, (error) => fallbacks.push(error));
  return { db: handle.readDb, calls, fallbacks };
}

describe('isConnectionFailure', () => {
  it('knows a replica that stops, restarts or cannot be reached', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '08003', '08P01'])
      expect(isConnectionFailure(pgError(code)), code).toBe(true);
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'EPIPE'])
      expect(isConnectionFailure(pgError(code)), code).toBe(true);
    expect(isConnectionFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionFailure(new Error('Connection terminated'))).toBe(true);
    expect(
      isConnectionFailure(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true);
  });

  it('leaves statement errors and time limits alone', () => {
    // syntax, statement_timeout, unique violation, division by zero, read-only transaction,
    // a standby cancelling a read for replay (40001), undefined table.
    for (const code of ['42601', '57014', '23505', '22012', '25006', '40001', '42P01'])
      expect(isConnectionFailure(pgError(code)), code).toBe(false);
    expect(isConnectionFailure(new Error('Query read timeout'))).toBe(false);
    expect(isConnectionFailure(new Error('timeout exceeded when trying to connect'))).toBe(false);
    expect(isConnectionFailure(new Error('Connection terminated due to connection timeout'))).toBe(false);
    expect(isConnectionFailure('57P01')).toBe(false);
    expect(isConnectionFailure(undefined)).toBe(false);
  });
});

describe('the read pool', () => {
  it('runs a read whose replica is shutting down again on the primary, once, and says so', async () => {
    const { db, calls, fallbacks } = stubbed(() =>
      Promise.reject(pgError('57P01', 'terminating connection')),
    );
    const result = (await db.execute(sql`select 1 as n`)) as unknown as { rows: unknown[] };
    expect(result.rows).toEqual([{ n: 1 }]);
    expect(calls).toEqual(['replica', 'primary']);
    expect(fallbacks.map((error) => (error as { code?: string }).code)).toEqual(['57P01']);
  });

  it('runs a read the replica refused to connect for on the primary (drizzle select)', async () => {
    const { db, calls, fallbacks } = stubbed(() =>
      Promise.reject(pgError('ECONNREFUSED', 'connect ECONNREFUSED')),
    );
    await db.execute(sql`select 1 as n`);
    expect(calls).toEqual(['replica', 'primary']);
    expect(fallbacks).toHaveLength(1);
  });

  it('does not run a statement error, a statement timeout or a constraint error again', async () => {
    for (const code of ['42601', '57014', '23505', '40001']) {
      const { db, calls, fallbacks } = stubbed(() => Promise.reject(pgError(code)));
      await expect(db.execute(sql`select 1 as n`)).rejects.toMatchObject({ cause: { code } });
      expect(calls, code).toEqual(['replica']);
      expect(fallbacks, code).toEqual([]);
      vi.restoreAllMocks();
      await handle?.close();
    }
  });

  it('does not run a read that timed out on the client again', async () => {
    const { db, calls } = stubbed(() => Promise.reject(new Error('Query read timeout')));
    await expect(db.execute(sql`select 1 as n`)).rejects.toThrow();
    expect(calls).toEqual(['replica']);
  });

  it('does not fall back when told not to (the read routing monitor)', async () => {
    const { db, calls, fallbacks } = stubbed(() => Promise.reject(pgError('57P01')), { readFallback: false });
    await expect(db.execute(sql`select 1 as n`)).rejects.toMatchObject({ cause: { code: '57P01' } });
    expect(calls).toEqual(['replica']);
    expect(fallbacks).toEqual([]);
  });

  it('takes a transaction client from the primary when the replica refuses the connection', async () => {
    handle = createPostgres('postgres://127.0.0.1:9/primary', 'postgres://127.0.0.1:9/replica', 2);
    const primaryPool = handle.pool;
    const statements: string[] = [];
    const client = {
      query: async (query: string | { text: string }) => {
        statements.push(typeof query === 'string' ? query : query.text);
        return ROWS;
      },
      release: () => {},
    };
    const connects: string[] = [];
    vi.spyOn(pg.Pool.prototype, 'connect').mockImplementation(function (this: pg.Pool) {
      const which = this === primaryPool ? 'primary' : 'replica';
      connects.push(which);
      return (
        which === 'primary' ? Promise.resolve(client) : Promise.reject(pgError('ECONNREFUSED'))
      ) as never;
    });
    const fallbacks: Error[] = [];
    onReadFallback(handle.readDb, (error) => fallbacks.push(error));
    await handle.readDb.transaction(async (tx) => {
      await tx.execute(sql`select 1 as n`);
    });
    expect(connects).toEqual(['replica', 'primary']);
    expect(statements).toEqual(['begin', 'select 1 as n', 'commit']);
    expect(fallbacks).toHaveLength(1);
  });
});
