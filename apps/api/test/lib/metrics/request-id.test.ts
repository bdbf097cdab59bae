import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@estately/db/testing';
import { INTERNAL_TOKEN_HEADER } from '@estately/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';

// Request ids (docs/decisions/060): X-Request-Id is taken from the proxy TRUST_PROXY names (nginx
// at 127.0.1.1 in the cluster) or beside the internal token (the web tier), echoed on every
// answer, and carried by every log line of the request as `reqId`. From anyone else it is
// replaced by a random one.

const PROXY = '127.0.1.1';
const TOKEN = `internal-${randomUUID()}-${randomUUID()}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let database: TestDatabase;
let app: App;
const lines: Array<Record<string, unknown>> = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'estately-request-id-'));

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    TRUST_PROXY: PROXY,
    INTERNAL_API_TOKEN: TOKEN,
    RATE_LIMIT_MAX: '3',
  });
  app = await buildApp({
    config,
    db: database,
    // The JSON lines the API writes, kept to read back.
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

async function get(remoteAddress: string, headers: Record<string, string> = {}, url = '/health/live') {
  const response = await app.inject({ method: 'GET', url, remoteAddress, headers });
  return { status: response.statusCode, id: String(response.headers['x-request-id']) };
}

describe('X-Request-Id', () => {
  it("keeps the trusted proxy's id, echoes it, and puts it on every log line of the request", async () => {
    const id = 'a3f1c09d7e2b44c8b1f0e6d5c4b3a291';
    // A route with request lines (the health probes log none).
    const answer = await get(PROXY, { 'x-request-id': id }, '/properties');
    expect(answer).toEqual({ status: 200, id });
    const own = lines.filter((line) => line.reqId === id);
    expect(own.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it("replaces the id a client sends directly, so no one can write into another request's log lines", async () => {
    for (const peer of ['203.0.113.7', '127.0.0.1']) {
      const answer = await get(peer, { 'x-request-id': 'a3f1c09d7e2b44c8b1f0e6d5c4b3a291' }, '/properties');
      expect(answer.status).toBe(200);
      expect(answer.id).toMatch(UUID);
      expect(lines.some((line) => line.reqId === answer.id)).toBe(true);
    }
  });

  it("keeps the web tier's id beside the internal token, from any address; not beside a wrong token", async () => {
    const id = randomUUID();
    expect(await get('10.1.2.3', { 'x-request-id': id, [INTERNAL_TOKEN_HEADER]: TOKEN })).toEqual({
      status: 200,
      id,
    });
    const forged = await get('10.1.2.3', { 'x-request-id': id, [INTERNAL_TOKEN_HEADER]: `${TOKEN}x` });
    expect(forged.id).not.toBe(id);
    expect(forged.id).toMatch(UUID);
  });

  it('replaces an id outside the accepted form, even from the proxy', async () => {
    for (const id of ['has space', 'quote"d', 'x'.repeat(129), 'tab\tin', 'é']) {
      const answer = await get(PROXY, { 'x-request-id': id });
      expect(answer.id).toMatch(UUID);
    }
    expect((await get(PROXY, { 'x-request-id': 'x'.repeat(128) })).id).toBe('x'.repeat(128));
  });

  it('makes a different random id for each request without one, and echoes it on refusals too', async () => {
    const ids = new Set<string>();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await get('198.51.100.4', {}, '/properties');
      statuses.push(answer.status);
      expect(answer.id).toMatch(UUID);
      ids.add(answer.id);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(ids.size).toBe(4);
  });
});
