import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createPostgres, type DatabaseHandle, migrate } from '@estately/db';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import { WriteMarks } from '../../../src/plugins/app/write-marks.ts';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { insertOffer } from '../../support/helpers.ts';
import { ReplicaPair } from './replica-pair.ts';

// Read-your-writes and the replica's health (docs/decisions/059) on a real streaming replica:
// a private primary and `pg_basebackup -R` replica (replica-pair.ts), a private Redis shared by
// two API apps. `pg_wal_replay_pause()` on the replica makes it lag on demand.

const REDIS_PORT = 28112;
// Wide enough that the writer test (about a second of paused replay) stays within it on a busy machine.
const MAX_LAG = 3;

type App = Awaited<ReturnType<typeof buildApp>>;

const pair = new ReplicaPair();
let redis: ChildProcess | undefined;
let setup: DatabaseHandle;
let replicaAdmin: DatabaseHandle;
const handles: DatabaseHandle[] = [];
const folders: string[] = [];
let appA: App;
let appB: App;
const logA: { msg?: string; level?: number }[] = [];
let alice: number;
let offerId: number;
let otherOfferId: number;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

function startRedis(): ChildProcess {
  const child = spawn(
    'redis-server',
    ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  return child;
}

async function stopRedis(): Promise<void> {
  const child = redis;
  redis = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function buildApi(log?: Writable): Promise<App> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'estately-read-routing-'));
  folders.push(dataDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: pair.primaryUrl,
    DATABASE_READ_URL: pair.replicaUrl,
    REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
    REPLICA_MAX_LAG_SECONDS: String(MAX_LAG),
  });
  const handle = createPostgres(pair.primaryUrl, pair.replicaUrl, 5);
  handles.push(handle);
  const app = await buildApp({
    config,
    db: handle,
    ...(log ? { logger: { level: 'info', stream: log } } : {}),
  });
  await app.ready();
  return app;
}

async function lsnOf(db: DatabaseHandle, text: string): Promise<string> {
  const [row] = await db.query<{ lsn: string }>(text);
  return row!.lsn;
}

/** Waits until the replica has replayed everything the primary has written. */
async function replicaCaughtUp(): Promise<void> {
  const target = await lsnOf(setup, 'select pg_current_wal_lsn()::text as lsn');
  await until(async () => {
    const [row] = await replicaAdmin.query<{ done: boolean }>(
      `select pg_last_wal_replay_lsn() >= '${target}'::pg_lsn as done`,
    );
    return row?.done === true;
  }, 'the replica to catch up');
  await Promise.all([appA.readRouting.refresh(), appB.readRouting.refresh()]);
}

async function pauseReplay(): Promise<void> {
  await replicaAdmin.query('select pg_wal_replay_pause()');
  await until(async () => {
    const [row] = await replicaAdmin.query<{ state: string }>(
      'select pg_get_wal_replay_pause_state() as state',
    );
    return row?.state === 'paused';
  }, 'replay to pause');
}

async function resumeReplay(): Promise<void> {
  await replicaAdmin.query('select pg_wal_replay_resume()');
  await replicaCaughtUp();
}

interface Visitor {
  ip: string;
  userId?: number;
}

function call(app: App, who: Visitor, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  const headers: Record<string, string> = who.userId ? bearer(app.config, who.userId) : {};
  if (method === 'PATCH') headers['content-type'] = 'application/merge-patch+json';
  return app.inject({
    method,
    url,
    remoteAddress: who.ip,
    headers,
    ...(payload === undefined
      ? {}
      : { payload: method === 'PATCH' ? JSON.stringify(payload) : (payload as object) }),
  });
}

/** The owner changes the offer's price (with the text and contact a listing needs). */
function setPrice(app: App, owner: Visitor, price: number) {
  return call(app, owner, 'PATCH', `/properties/${offerId}`, {
    price,
    description: 'Světlý byt u parku.',
    contact: { contact_name: 'Alice', contact_email: 'alice@example.com' },
  });
}

/** The price an offer's public page shows. */
async function shownPrice(app: App, who: Visitor, id: number): Promise<number | null> {
  const response = await call(app, who, 'GET', `/public/offers/${id}`);
  expect(response.statusCode).toBe(200);
  const body = response.json() as { price?: number | null; data?: { price: number | null } };
  return body.data ? body.data.price : (body.price ?? null);
}

const CHEAP =
  '/public/offers?offer_type=sale&property_type=apartment&country_code=CZ&price_to=2000000&currency=CZK';

/** The ids and total of the cheap-flats search, checked to agree with each other. */
async function cheapSearch(app: App, who: Visitor): Promise<{ ids: number[]; total: number }> {
  const response = await call(app, who, 'GET', CHEAP);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { data: { id: number; price: number | null }[]; meta: { total: number } };
  // A consistent page: every card matches the filter, and the total counts the cards.
  for (const card of body.data) expect(card.price ?? 0).toBeLessThanOrEqual(2_000_000);
  expect(body.meta.total).toBe(body.data.length);
  return { ids: body.data.map((card) => card.id), total: body.meta.total };
}

/** How many offers the filter panel counts for the cheap-flats search. */
async function cheapCount(app: App, who: Visitor): Promise<number> {
  const response = await call(app, who, 'GET', CHEAP.replace('/public/offers?', '/public/offers/facets?'));
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { total: number }).total;
}

beforeAll(async () => {
  pair.startPrimary();
  setup = createPostgres(pair.primaryUrl);
  await migrate(setup);
  alice = (await createUser(setup.db)).id;
  offerId = await insertOffer(setup.db, { ownerId: alice, publishedAt: new Date('2026-03-01T00:00:00Z') });
  otherOfferId = await insertOffer(setup.db, {
    ownerId: alice,
    publishedAt: new Date('2026-03-02T00:00:00Z'),
  });
  pair.startReplica();
  replicaAdmin = createPostgres(pair.replicaUrl);
  redis = startRedis();
  await sleep(200);
  appA = await buildApi(
    new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) logA.push(JSON.parse(line));
        done();
      },
    }),
  );
  appB = await buildApi();
  await replicaCaughtUp();
}, 120_000);

afterAll(async () => {
  await appA?.close();
  await appB?.close();
  for (const handle of [...handles, setup, replicaAdmin]) await handle?.close();
  await stopRedis();
  pair.destroy();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const guest: Visitor = { ip: '10.1.0.2' };

// A failed test must not leave the next one a paused replica.
afterEach(async () => {
  await replicaAdmin.query('select pg_wal_replay_resume()').catch(() => undefined);
});

describe('read routing with a streaming replica', () => {
  it('reads the replica, 0 s behind, while the primary has nothing to write', async () => {
    // Past the bound with no write: the age of the last replayed transaction would say
    // "behind"; the positions say the replica has everything.
    await sleep(MAX_LAG * 1000 + 300);
    await appA.readRouting.refresh();
    expect(appA.readRouting.status()).toEqual({ replica: 'ok', lagSeconds: 0, readsFrom: 'replica' });
  });

  it('shows a writer their change at once while the replica lags; others see it once replayed', async () => {
    const writer: Visitor = { ip: '10.1.0.1', userId: alice };
    expect(await cheapSearch(appA, guest)).toEqual({ ids: [], total: 0 });
    await pauseReplay();

    const patched = await setPrice(appA, writer, 1_500_000);
    expect(patched.statusCode, patched.body).toBe(200);
    const favourite = await call(appA, writer, 'POST', `/user/offers/${otherOfferId}/favorite_offer`);
    expect(favourite.statusCode, favourite.body).toBeLessThan(300);
    const saved = await call(appA, writer, 'POST', '/saved_searches', {
      name: 'Levné byty',
      filters: {
        offer_type: 'sale',
        property_type: 'apartment',
        country_code: 'cz',
        price_to: 2_000_000,
        currency: 'CZK',
      },
      search_path: '/cs/hledani/prodej/byty/cesko?price_to=2000000',
    });
    expect(saved.statusCode, saved.body).toBe(201);

    // The writer, on this instance and on the other one (the mark is in the shared Redis).
    for (const app of [appA, appB]) {
      expect(await shownPrice(app, writer, offerId)).toBe(1_500_000);
      expect(await cheapSearch(app, writer)).toEqual({ ids: [offerId], total: 1 });
      const ids = await call(app, writer, 'GET', '/user/favorite_offers/ids');
      expect(JSON.stringify(ids.json())).toContain(String(otherOfferId));
      const searches = await call(app, writer, 'GET', '/saved_searches');
      expect(searches.body).toContain('Levné byty');
    }
    // The same person's page rendered without the token (same address) reads the primary too.
    expect(await shownPrice(appB, { ip: writer.ip }, offerId)).toBe(1_500_000);

    // Anyone else reads the replica, which has not replayed the change. The search index was
    // just caught up from the primary for the writer: a guest's page must still be the
    // replica's, whole (cards, total and filter agree), not the primary's ids with the
    // replica's cards. Asked in turns, so the index goes back and forth.
    for (let turn = 0; turn < 2; turn++) {
      for (const app of [appA, appB]) {
        expect(await shownPrice(app, guest, offerId)).toBe(5_000_000);
        expect(await cheapSearch(app, guest)).toEqual({ ids: [], total: 0 });
        expect(await cheapCount(app, guest)).toBe(0);
        expect(await cheapSearch(app, writer)).toEqual({ ids: [offerId], total: 1 });
        expect(await cheapCount(app, writer)).toBe(1);
      }
    }
    expect(appA.readRouting.status().readsFrom).toBe('replica');

    await resumeReplay();
    for (const app of [appA, appB]) {
      expect(await shownPrice(app, guest, offerId)).toBe(1_500_000);
      expect(await cheapSearch(app, guest)).toEqual({ ids: [offerId], total: 1 });
      expect(await cheapCount(app, guest)).toBe(1);
    }
  });

  it('sends every read to the primary while the replica is further behind than the bound', async () => {
    const writer: Visitor = { ip: '10.1.0.1', userId: alice };
    await pauseReplay();
    const patched = await setPrice(appA, writer, 1_200_000);
    expect(patched.statusCode, patched.body).toBe(200);
    await appA.readRouting.refresh();
    expect(appA.readRouting.status()).toMatchObject({ replica: 'ok', readsFrom: 'replica' });
    expect(await shownPrice(appA, guest, offerId)).toBe(1_500_000);

    await sleep(MAX_LAG * 1000 + 300);
    await appA.readRouting.refresh();
    const behind = appA.readRouting.status();
    expect(behind).toMatchObject({ replica: 'behind', readsFrom: 'primary' });
    expect(behind.lagSeconds).toBeGreaterThan(MAX_LAG);
    expect(await shownPrice(appA, guest, offerId)).toBe(1_200_000);

    await resumeReplay();
    expect(appA.readRouting.status()).toEqual({ replica: 'ok', lagSeconds: 0, readsFrom: 'replica' });
    const switches = logA.filter((line) => line.msg?.startsWith('reads go to'));
    expect(switches.map((line) => line.msg)).toEqual([
      'reads go to the replica again', // the first poll at start
      'reads go to the primary',
      'reads go to the replica again',
    ]);
  });

  it('serves reads from the primary while the replica is down, and the replica again once back', async () => {
    pair.stop('replica');
    try {
      await appA.readRouting.refresh();
      await sleep(1_100);
      await appA.readRouting.refresh();
      expect(appA.readRouting.status()).toEqual({ replica: 'down', lagSeconds: null, readsFrom: 'primary' });
      expect(await shownPrice(appA, guest, offerId)).toBe(1_200_000);
      expect((await call(appA, guest, 'GET', CHEAP)).statusCode).toBe(200);
    } finally {
      pair.start('replica');
    }
    await until(
      async () => {
        await appA.readRouting.refresh();
        return appA.readRouting.status().replica === 'ok';
      },
      'the replica to answer again',
      20_000,
    );
    expect(await shownPrice(appA, guest, offerId)).toBe(1_200_000);
  });

  it('marks writers in the shared Redis, keeps the higher of two positions, and not after a read-only POST', async () => {
    const client = new Redis(`redis://127.0.0.1:${REDIS_PORT}`);
    try {
      const reader: Visitor = { ip: '10.1.0.9' };
      const decompose = await call(appA, reader, 'POST', '/public/offer_search_path/decompose', {
        path: '/cs/hledani/prodej/byty/cesko',
      });
      expect(decompose.statusCode).toBeLessThan(500);
      expect(await client.exists('estately:ryw:a:10.1.0.9')).toBe(0);
      expect(await client.exists(`estately:ryw:u:${alice}`, 'estately:ryw:a:10.1.0.1')).toBe(2);

      const one = new WriteMarks({
        redisUrl: `redis://127.0.0.1:${REDIS_PORT}`,
        prefix: 'test:ryw:',
        ttlMs: 5_000,
      });
      const two = new WriteMarks({
        redisUrl: `redis://127.0.0.1:${REDIS_PORT}`,
        prefix: 'test:ryw:',
        ttlMs: 5_000,
      });
      try {
        await sleep(100);
        await one.mark(['u:7'], 0x2_0000_0000n);
        await two.mark(['u:7'], 0x1_0000_0000n);
        expect(await one.highest(['u:7', 'a:1.2.3.4'])).toBe(0x2_0000_0000n);
        expect(await two.highest(['u:7'])).toBe(0x2_0000_0000n);
        expect(await two.highest(['u:8'])).toBeNull();
      } finally {
        await one.close();
        await two.close();
      }
    } finally {
      client.disconnect();
    }
  });

  it('keeps answering when Redis is gone: each instance then knows its own writers', async () => {
    const writer: Visitor = { ip: '10.1.0.1', userId: alice };
    await stopRedis();
    await pauseReplay();
    const patched = await setPrice(appA, writer, 1_100_000);
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await shownPrice(appA, writer, offerId)).toBe(1_100_000);
    expect(await shownPrice(appA, guest, offerId)).toBe(1_200_000);
    expect(await shownPrice(appA, writer, offerId)).toBe(1_100_000);
    const outages = logA.filter((line) => line.msg?.startsWith('read-your-writes marks cannot reach Redis'));
    expect(outages).toHaveLength(1);
    await resumeReplay();
  });
});
