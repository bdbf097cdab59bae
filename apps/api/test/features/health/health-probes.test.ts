import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@estately/db/testing';
import { ReadinessResponseSchema } from '@estately/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import type { ReadRoutingStatus } from '../../../src/lib/read-routing-status.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';

// Liveness and readiness (docs/decisions/060): live answers while the process does; ready only
// when the primary answers, every migration is applied, the facet index is not loading and reads
// go to a source within its lag bound.

async function ready(api: TestApi) {
  const response = await api.app.inject({ method: 'GET', url: '/health/ready' });
  return { statusCode: response.statusCode, body: ReadinessResponseSchema.parse(response.json()) };
}

describe('GET /health/live', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await buildTestApi({ RATE_LIMIT_MAX: '1' });
  });
  afterAll(() => api.close());

  it('answers 200 and is never rate-limited, nor is readiness', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await api.app.inject({ method: 'GET', url: '/health/live' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
    for (let i = 0; i < 3; i++) expect((await ready(api)).statusCode).not.toBe(429);
    // The budget of one request a minute is there for other routes.
    expect((await api.app.inject({ method: 'GET', url: '/properties' })).statusCode).toBe(200);
    expect((await api.app.inject({ method: 'GET', url: '/properties' })).statusCode).toBe(429);
  });

  it('leaves GET /health as it was', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(['database', 'searchIndex', 'status', 'version']);
  });
});

describe('with the database gone', () => {
  it('live still answers 200; ready answers 503 naming the database and the migrations', async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'estately-health-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const app = await buildApp({ config, db: database });
    await app.ready();
    try {
      await database.cleanup();
      const live = await app.inject({ method: 'GET', url: '/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      const response = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(ReadinessResponseSchema.parse(response.json())).toMatchObject({
        status: 'not_ready',
        database: { ready: false, state: 'down' },
        migrations: { ready: false, pending: null },
        reads: { ready: false, readsFrom: 'primary' },
      });
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('GET /health/ready', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await buildTestApi();
  });
  afterAll(() => api.close());

  it('is not ready while a migration of this build is missing from the database', async () => {
    await api.app.facetIndex.warm(api.app.readDb);
    const rows = (
      (await api.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as { rows: Array<{ id: number; hash: string; created_at: number | string }> }
    ).rows;
    const newest = rows[0]!;
    await api.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      const missing = await ready(api);
      expect(missing.statusCode).toBe(503);
      expect(missing.body.status).toBe('not_ready');
      expect(missing.body.migrations.ready).toBe(false);
      expect(missing.body.migrations.pending).toHaveLength(1);
      expect(missing.body.migrations.pending?.[0]).toMatch(/^\d{4}_/);
      // The other parts are fine: the answer names the one that holds the instance back.
      expect(missing.body.database).toEqual({ ready: true, state: 'ok' });
      expect(missing.body.searchIndex).toEqual({ ready: true, state: 'ready' });
    } finally {
      await api.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${Number(newest.created_at)})`,
      );
    }
    const applied = await ready(api);
    expect(applied.statusCode).toBe(200);
    expect(applied.body).toEqual({
      status: 'ready',
      database: { ready: true, state: 'ok' },
      migrations: { ready: true, pending: [] },
      searchIndex: { ready: true, state: 'ready' },
      reads: { ready: true, replica: 'none', readsFrom: 'primary', lagSeconds: null },
    });
  });

  it('is not ready while the facet index loads at start, and is once it holds the partitions', async () => {
    // What warm() sets while it reads every partition (search/facet-index.ts).
    api.app.facetIndex.warmState = 'warming';
    const warming = await ready(api);
    expect(warming.statusCode).toBe(503);
    expect(warming.body.searchIndex).toEqual({ ready: false, state: 'warming' });
    await api.app.facetIndex.warm(api.app.readDb);
    expect((await ready(api)).statusCode).toBe(200);
  });
});

describe('GET /health/ready and the read routing', () => {
  let status: ReadRoutingStatus = { replica: 'ok', lagSeconds: 0.2, readsFrom: 'replica' };
  let api: TestApi;
  beforeAll(async () => {
    // The read routing's contract (plugins/app/read-routing.ts): readiness reads its status()
    // alone; the states a real replica goes through are the read routing's own tests.
    api = await buildTestApi({}, (app) => {
      const routed = app as unknown as { readRouting?: { status(): ReadRoutingStatus } };
      if (routed.readRouting) routed.readRouting.status = () => status;
      else
        (app as unknown as { decorate(name: string, value: unknown): void }).decorate('readRouting', {
          status: () => status,
        });
    });
    await api.app.facetIndex.warm(api.app.readDb);
  });
  afterAll(() => api.close());

  it('is ready with reads on a replica within its bound, or on the primary; not while reads still go to a lagging one', async () => {
    expect(await ready(api)).toMatchObject({
      statusCode: 200,
      body: { reads: { ready: true, replica: 'ok', readsFrom: 'replica', lagSeconds: 0.2 } },
    });
    status = { replica: 'behind', lagSeconds: 12, readsFrom: 'replica' };
    expect(await ready(api)).toMatchObject({
      statusCode: 503,
      body: { status: 'not_ready', reads: { ready: false, replica: 'behind', lagSeconds: 12 } },
    });
    // Reads moved to the primary: the instance serves correct answers again.
    status = { replica: 'behind', lagSeconds: 12, readsFrom: 'primary' };
    expect(await ready(api)).toMatchObject({ statusCode: 200, body: { reads: { ready: true } } });
    status = { replica: 'down', lagSeconds: null, readsFrom: 'primary' };
    expect(await ready(api)).toMatchObject({
      statusCode: 200,
      body: { reads: { ready: true, replica: 'down', lagSeconds: null } },
    });
  });
});

describe('request logs of the probes', () => {
  it('logs no request line for /health, /health/live or /health/ready, but does for other routes', async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'estately-health-log-'));
    const lines: { url?: string; req?: { url?: string }; msg?: string }[] = [];
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
      db: database,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    await app.ready();
    try {
      for (const url of ['/health', '/health/live', '/health/ready'])
        await app.inject({ method: 'GET', url });
      expect(lines.filter((line) => JSON.stringify(line).includes('/health'))).toEqual([]);
      await app.inject({ method: 'GET', url: '/properties' });
      expect(lines.some((line) => line.req?.url === '/properties')).toBe(true);
    } finally {
      await app.close();
      await database.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
