import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@estately/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startApi } from '../src/server.ts';

const serverFile = fileURLToPath(new URL('../src/server.ts', import.meta.url));
// The server runs its TypeScript directly, which needs the repository's pinned Node 24; the
// test runner itself may have been started by an older system Node.
const pinnedNode = fileURLToPath(new URL('../../../node_modules/.bin/node', import.meta.url));
const node24 = existsSync(pinnedNode) ? pinnedNode : process.execPath;
const dataDirs: string[] = [];

function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'estately-api-server-'));
  dataDirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('startApi', () => {
  it('listens on a real port with a database handed in, and closes', async () => {
    const database = await createTestDatabase();
    const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: tempDataDir() }), port: 0 };
    const api = await startApi({ config, db: database });
    try {
      expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const response = await fetch(`${api.url}/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: 'ok', database: 'ok' });
      // The search index loads in the background after the start; health reports when it is held.
      let searchIndex = '';
      for (let i = 0; i < 100 && searchIndex !== 'ready'; i++) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, 50));
        searchIndex = ((await (await fetch(`${api.url}/health`)).json()) as { searchIndex: string })
          .searchIndex;
        expect(['warming', 'ready']).toContain(searchIndex);
      }
      expect(searchIndex).toBe('ready');
    } finally {
      await api.close();
    }
    await expect(fetch(`${api.url}/health`)).rejects.toThrow();
    // A database handed in belongs to the caller and is still open.
    await expect(database.query('select 1 as one')).resolves.toEqual([{ one: 1 }]);
    await database.cleanup();
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'opens and migrates the embedded database itself, and releases it on close so a restart works',
    async () => {
      const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: tempDataDir() }), port: 0 };
      for (let run = 0; run < 2; run++) {
        const api = await startApi({ config });
        try {
          const response = await fetch(`${api.url}/properties`);
          expect(response.status).toBe(200);
          expect(await response.json()).toEqual({ data: [] });
        } finally {
          await api.close();
        }
      }
    },
    // Two opens and migrations of a new embedded database: seconds each on a busy machine.
    30_000,
  );

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'on PostgreSQL gives the in-process job worker a pool of its own, closed with the API',
    async () => {
      const database = await createTestDatabase();
      try {
        const config = {
          ...loadConfig({ NODE_ENV: 'test', DATA_DIR: tempDataDir(), DATABASE_URL: database.url }),
          port: 0,
          jobsInProcess: true,
        };
        const countConnections = async () => {
          const rows = await database.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
          );
          return rows[0]?.n ?? 0;
        };
        const api = await startApi({ config });
        try {
          expect(api.jobs).toBeDefined();
          const response = await fetch(`${api.url}/health`);
          expect(response.status).toBe(200);
          // The request pool and the worker's pool each hold a connection of their own.
          await expect.poll(countConnections, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
        } finally {
          await api.close();
        }
        await expect.poll(countConnections, { timeout: 10_000 }).toBe(0);
      } finally {
        await database.cleanup();
      }
    },
  );
});

describe('node apps/api/src/server.ts', () => {
  it('refuses to start on a bad environment and lists every problem', () => {
    const result = spawnSync(node24, [serverFile], {
      env: { PATH: process.env.PATH, API_PORT: 'abc', LOG_LEVEL: 'loud' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration:');
    expect(result.stderr).toContain(' - API_PORT: expected a port number 1..65535, got "abc"');
    expect(result.stderr).toContain(' - LOG_LEVEL: expected one of');
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
});
