import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { independentQueries } from './independent-queries.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.cleanup());

/** Queries that log when they start and end, so the test sees whether they overlapped. */
function probes(log: string[], db: { execute: TestDatabase['db']['execute'] }) {
  return [1, 2, 3].map((n) => async () => {
    log.push(`start ${n}`);
    await db.execute(sql`select ${n}::int as n`);
    log.push(`end ${n}`);
    return n;
  });
}

describe('independentQueries', () => {
  it('runs the queries side by side on the database (the pool)', async () => {
    const log: string[] = [];
    expect(await independentQueries(database.db, probes(log, database.db))).toEqual([1, 2, 3]);
    expect(log.slice(0, 3)).toEqual(['start 1', 'start 2', 'start 3']);
  });

  it('runs them one after another in a transaction, each started when the one before ended', async () => {
    const log: string[] = [];
    const results = await database.db.transaction((tx) => independentQueries(tx, probes(log, tx)));
    expect(results).toEqual([1, 2, 3]);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });
});
