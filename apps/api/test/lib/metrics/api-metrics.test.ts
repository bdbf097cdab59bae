import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@estately/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { type RunningApi, startApi } from '../../../src/server.ts';
import { parseScrape, sampleValue } from './scrape.ts';

// The API's /metrics on a listener of its own (METRICS_PORT, docs/decisions/060), scraped over
// HTTP after real requests to the API's own port.

let database: TestDatabase;
let api: RunningApi;
const dataDir = mkdtempSync(path.join(tmpdir(), 'estately-api-metrics-'));

beforeAll(async () => {
  database = await createTestDatabase();
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, RATE_LIMIT_MAX: '4' }),
    port: 0,
    metrics: { port: 0, host: '127.0.0.1' },
  };
  api = await startApi({ config, db: database });
});
afterAll(async () => {
  await api?.close();
  await database?.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

async function scrape() {
  const response = await fetch(api.metricsUrl!);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  return { text, samples: parseScrape(text) };
}

describe('GET /metrics on METRICS_PORT', () => {
  it('listens apart from the API, on the address asked for', async () => {
    expect(api.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(api.metricsUrl!).port).not.toBe(new URL(api.url).port);
    // The API's own port has no /metrics.
    expect(api.app.hasRoute({ method: 'GET', url: '/metrics' })).toBe(false);
    expect((await fetch(api.metricsUrl!.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('counts requests by route pattern, method and status, with durations and 429 refusals', async () => {
    const before = (await scrape()).samples;
    const count = (samples: typeof before, labels: Record<string, string>) =>
      sampleValue(samples, 'estately_http_requests_total', labels) ?? 0;
    const statuses: number[] = [];
    for (const url of [
      '/properties',
      '/properties',
      '/public/offers/987654321',
      '/no/such/path',
      '/properties',
    ]) {
      const response = await fetch(`${api.url}${url}`);
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    // RATE_LIMIT_MAX=4: the fifth request of the minute is refused (health probes do not count).
    expect(statuses).toEqual([200, 200, 404, 404, 429]);

    const { text, samples } = await scrape();
    const properties = { route: '/properties', method: 'GET' };
    expect(
      count(samples, { ...properties, status_code: '200' }) -
        count(before, { ...properties, status_code: '200' }),
    ).toBe(2);
    expect(count(samples, { ...properties, status_code: '429' })).toBe(1);
    expect(count(samples, { route: '/public/offers/:id', method: 'GET', status_code: '404' })).toBe(1);
    expect(count(samples, { route: 'unmatched', method: 'GET', status_code: '404' })).toBe(1);
    // Route patterns only: no id, no raw path a visitor sent.
    expect(text).not.toContain('987654321');
    expect(text).not.toContain('/no/such/path');
    expect(sampleValue(samples, 'estately_http_request_duration_seconds_count', properties)).toBe(3);
    expect(
      sampleValue(samples, 'estately_http_request_duration_seconds_bucket', { ...properties, le: '+Inf' }),
    ).toBe(3);
    expect(sampleValue(samples, 'estately_rate_limit_refusals_total', { budget: 'request' })).toBe(1);
  });

  it("shows the process's own metrics, where reads go and the facet index", async () => {
    const { samples } = await scrape();
    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'estately_reads_source', { source: 'primary' })).toBe(1);
    expect(sampleValue(samples, 'estately_reads_source', { source: 'replica' })).toBe(0);
    expect(sampleValue(samples, 'estately_replica_state', { state: 'none' })).toBe(1);
    expect(sampleValue(samples, 'estately_replica_lag_seconds')).toBeNaN();
    expect(sampleValue(samples, 'estately_facet_index_offers')).toBe(0);
    expect(sampleValue(samples, 'estately_facet_index_partitions', { state: 'behind' })).toBe(0);
    // startApi loads the index in the background; it is done by now or soon.
    await expect
      .poll(async () => sampleValue((await scrape()).samples, 'estately_facet_index_ready'), {
        timeout: 10_000,
      })
      .toBe(1);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('shows the database pools on PostgreSQL', async () => {
    const { samples } = await scrape();
    expect(sampleValue(samples, 'estately_db_pool_clients', { pool: 'primary' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(samples, 'estately_db_pool_idle_clients', { pool: 'primary' })).toBeGreaterThanOrEqual(
      0,
    );
    expect(sampleValue(samples, 'estately_db_pool_waiting_queries', { pool: 'primary' })).toBe(0);
  });

  it('counts requests by the database they read, once each: the primary without a replica', async () => {
    const before = (await scrape()).samples;
    const reads = (samples: typeof before, source: string) =>
      sampleValue(samples, 'estately_db_reads_total', { source }) ?? 0;
    // Another address than the requests above, whose minute's budget is spent.
    for (const url of ['/public/offers?offer_type=sale', '/public/offers?offer_type=rent']) {
      const response = await api.app.inject({ method: 'GET', url, remoteAddress: '10.3.0.1' });
      expect(response.statusCode, response.body).toBe(200);
    }
    const { samples } = await scrape();
    expect(reads(samples, 'primary') - reads(before, 'primary')).toBe(2);
    expect(reads(samples, 'replica')).toBe(0);
    expect(sampleValue(samples, 'estately_replica_read_fallbacks_total')).toBe(0);
  });

  it('closes with the API', async () => {
    const url = api.metricsUrl!;
    await api.close();
    await expect(fetch(url)).rejects.toThrow();
  });
});
