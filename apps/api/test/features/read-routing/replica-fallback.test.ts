import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgres, type DatabaseHandle, migrate } from '@estately/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import { parseScrape, sampleValue } from '../../lib/metrics/scrape.ts';
import { createUser } from '../../support/auth-helpers.ts';
import { insertOffer } from '../../support/helpers.ts';
import { ReplicaPair } from './replica-pair.ts';

// A replica that stops under load (pg_ctl stop -m fast) costs visitors nothing: the reads it
// loses, in flight (57P01) or refused (ECONNREFUSED) in the second before the read routing
// notices, are run again on the primary by the read pool (packages/db read-fallback.ts). On a
// private primary and streaming replica (replica-pair.ts) on ports of their own, beside
// read-routing.test.ts: 28210, 28211, and Redis on 28212.

const REDIS_PORT = 28212;

type App = Awaited<ReturnType<typeof buildApp>>;

const pair = new ReplicaPair(28210, 28211);
let redis: ChildProcess | undefined;
let setup: DatabaseHandle;
let handle: DatabaseHandle;
let app: App;
const folders: string[] = [];
const offerIds: number[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function metric(name: string, labels: Record<string, string> = {}): Promise<number> {
  const samples = parseScrape(await app.metrics.registry.metrics());
  return sampleValue(samples, name, labels) ?? 0;
}

const SEARCH = '/public/offers?offer_type=sale&property_type=apartment&country_code=CZ&currency=CZK';

/** Where a statement on the read database ran: true on the replica (a standby), false on the primary. */
async function readsStandby(): Promise<boolean> {
  const result = (await handle.readDb.execute(sql`select pg_is_in_recovery() as standby`)) as unknown as {
    rows: { standby: boolean }[];
  };
  return result.rows[0]!.standby;
}

beforeAll(async () => {
  pair.startPrimary();
  setup = createPostgres(pair.primaryUrl);
  await migrate(setup);
  const owner = (await createUser(setup.db)).id;
  for (let i = 0; i < 3; i++)
    offerIds.push(
      await insertOffer(setup.db, { ownerId: owner, publishedAt: new Date(`2026-03-0${i + 1}T00:00:00Z`) }),
    );
  pair.startReplica();
  redis = spawn(
    'redis-server',
    ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await sleep(200);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'estately-replica-fallback-'));
  folders.push(dataDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: pair.primaryUrl,
    DATABASE_READ_URL: pair.replicaUrl,
    REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
    REPLICA_MAX_LAG_SECONDS: '5',
    // The loops below ask as fast as the machine answers, from one address: the request budget
    // (600 a minute, kept in Redis across a retry of the test) is not what is tested here.
    RATE_LIMIT_MAX: '0',
  });
  handle = createPostgres(pair.primaryUrl, pair.replicaUrl, 5);
  app = await buildApp({ config, db: handle });
  await app.ready();
  const target = (await setup.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'))[0]!.lsn;
  const replicaAdmin = createPostgres(pair.replicaUrl);
  try {
    await until(async () => {
      const [row] = await replicaAdmin
        .query<{ done: boolean }>(`select pg_last_wal_replay_lsn() >= '${target}'::pg_lsn as done`)
        .catch(() => [{ done: false }]);
      return row?.done === true;
    }, 'the replica to catch up');
  } finally {
    await replicaAdmin.close();
  }
  await until(async () => {
    await app.readRouting.refresh();
    return app.readRouting.status().readsFrom === 'replica';
  }, 'reads to go to the replica');
}, 120_000);

afterAll(async () => {
  await app?.close();
  await handle?.close();
  await setup?.close();
  if (redis && redis.exitCode === null) {
    const exited = new Promise((resolve) => redis!.once('exit', resolve));
    redis.kill('SIGKILL');
    await exited;
  }
  pair.destroy();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('reads when the replica goes away', () => {
  it('counts requests by the database they read, once per request', async () => {
    const before = await metric('estately_db_reads_total', { source: 'replica' });
    const beforePrimary = await metric('estately_db_reads_total', { source: 'primary' });
    for (const url of [SEARCH, `/public/offers/${offerIds[0]}`]) {
      const response = await app.inject({ method: 'GET', url, remoteAddress: '10.2.0.1' });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await metric('estately_db_reads_total', { source: 'replica' })).toBe(before + 2);
    expect(await metric('estately_db_reads_total', { source: 'primary' })).toBe(beforePrimary);
    // A request that reads nothing through the routing counts for neither.
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBeLessThan(500);
    expect(await metric('estately_db_reads_total', { source: 'replica' })).toBe(before + 2);
  });

  it('does not run a statement that failed on the replica again on the primary', async () => {
    expect(await readsStandby()).toBe(true);
    const fallbacks = await metric('estately_replica_read_fallbacks_total');
    // Division by zero, and a write a standby refuses (25006): errors of the statement.
    await expect(
      handle.readDb.execute(sql`select 1 / (select count(*) - count(*) from offers)`),
    ).rejects.toMatchObject({ cause: { code: '22012' } });
    await expect(handle.readDb.execute(sql`create table fallback_probe (id int)`)).rejects.toMatchObject({
      cause: { code: '25006' },
    });
    expect(await metric('estately_replica_read_fallbacks_total')).toBe(fallbacks);
    expect(await readsStandby()).toBe(true);
  });

  it('answers every search and offer page while the replica is stopped under them', async () => {
    const failures: string[] = [];
    let answered = 0;
    let running = true;
    const visitor = async (worker: number) => {
      for (let turn = 0; running; turn++) {
        const url = turn % 2 === 0 ? SEARCH : `/public/offers/${offerIds[(worker + turn) % offerIds.length]}`;
        const response = await app.inject({ method: 'GET', url, remoteAddress: `10.2.1.${worker + 1}` });
        answered++;
        if (response.statusCode !== 200)
          failures.push(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    };
    const visitors = Array.from({ length: 6 }, (_, worker) => visitor(worker));
    await sleep(300);
    expect(failures).toEqual([]);
    const fallbacksBefore = await metric('estately_replica_read_fallbacks_total');
    const answeredBefore = answered;
    try {
      await pair.stopInBackground('replica');
      // Past the read routing's second and a few polls more.
      await sleep(1_500);
    } finally {
      running = false;
      await Promise.all(visitors);
    }
    expect(failures.length, failures.slice(0, 5).join('\n')).toBe(0);
    expect(answered - answeredBefore).toBeGreaterThan(20);
    // The replica's losses were taken over: the test did exercise the fallback.
    expect(await metric('estately_replica_read_fallbacks_total')).toBeGreaterThan(fallbacksBefore);
    expect(app.readRouting.status()).toMatchObject({ replica: 'down', readsFrom: 'primary' });
    // The read database itself now answers from the primary.
    expect(await readsStandby()).toBe(false);
  }, 30_000);
});
