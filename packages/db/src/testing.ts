import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createPglite, createPgliteThread, createPostgres, MEMORY, wrapPglite } from './client.ts';
import { pgliteExtensions } from './extensions.ts';
import { MIGRATIONS_FOLDER, migrate } from './migrate.ts';
import { watchPgOverlaps } from './pg-overlap-guard.ts';
import type { DatabaseHandle } from './types.ts';

export { describePgOverlaps, type OverlappingQuery, takePgOverlaps } from './pg-overlap-guard.ts';

// A fresh, migrated database per test file, fast (CONVENTIONS habit 9):
// - PGlite: migrate once, dump the data folder, and boot each test database from that dump.
//   The dump is cached on disk keyed by the migrations' content, so parallel test workers
//   and later runs skip migrating altogether.
// - PostgreSQL (env TEST_DATABASE_URL): migrate a template database once, then
//   CREATE DATABASE ... TEMPLATE for each call; dropped again on close.

export type TestDatabase = DatabaseHandle & {
  /** Closes the connection and removes the database (PostgreSQL) or frees memory (PGlite). */
  cleanup(): Promise<void>;
  /** The connection string of the test database (PostgreSQL only). */
  url?: string;
};

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? createPostgresTestDatabase(adminUrl) : createPgliteTestDatabase();
}

/** A hash of every migration file and the PGlite version: a new migration invalidates caches. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 16);
}

let pgliteTemplate: Promise<Blob> | undefined;

function pgliteVersion(): string {
  try {
    // The package does not export its package.json; find it beside the resolved entry point.
    const url = new URL('../package.json', import.meta.resolve('@electric-sql/pglite'));
    return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

async function buildPgliteTemplate(): Promise<Blob> {
  const dir = join(tmpdir(), 'estately-db-cache');
  const file = join(dir, `pglite-${pgliteVersion()}-${migrationsHash()}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // not cached yet
  }
  const handle = await createPglite('memory://');
  try {
    await migrate(handle);
    const dump = await (handle.pglite as PGlite).dumpDataDir('none');
    const bytes = new Uint8Array(await dump.arrayBuffer());
    mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, bytes);
    renameSync(tmp, file);
    return new Blob([bytes]);
  } finally {
    await handle.close();
  }
}

async function createPgliteTestDatabase(): Promise<TestDatabase> {
  pgliteTemplate ??= buildPgliteTemplate();
  // PGLITE_THREAD=worker runs a suite against PGlite on a worker thread, as the servers use it
  // (decision 024); such a handle has no `pglite` object for dumps or the seed's COPY.
  if (process.env.PGLITE_THREAD === 'worker') {
    const handle = await createPgliteThread(MEMORY, await pgliteTemplate);
    return { ...handle, cleanup: () => handle.close() };
  }
  const client = await PGlite.create({ loadDataDir: await pgliteTemplate, extensions: pgliteExtensions });
  const handle = wrapPglite(client);
  return { ...handle, cleanup: () => handle.close() };
}

const TEMPLATE_LOCK_KEY = 7_244_013_912;
let postgresTemplate: Promise<string> | undefined;

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * Name of the migrated template. It carries the migrations' hash, and `TEST_RUN_ID` when the
 * test runner sets one (scripts/test.ts does), so each run gets a fresh template and runs of
 * different checkouts on one server never touch each other's; the runner drops its template
 * afterwards.
 */
export function postgresTemplateName(runId = process.env.TEST_RUN_ID): string {
  const suffix = runId && /^[a-z0-9]{1,16}$/.test(runId) ? `_${runId}` : '';
  return `estately_test_tpl_${migrationsHash()}${suffix}`;
}

async function buildPostgresTemplate(adminUrl: string): Promise<string> {
  const name = postgresTemplateName();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Several test workers start at once: one builds the template, the others wait for it.
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`drop database if exists "${building}" with (force)`);
      await admin.query(`create database "${building}"`);
      const handle = createPostgres(withDatabase(adminUrl, building), undefined, 2);
      try {
        await migrate(handle);
      } finally {
        await handle.close();
      }
      // Renamed only when complete, so a crash never leaves a half-migrated template behind.
      await admin.query(`alter database "${building}" rename to "${name}"`);
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => {});
    await admin.end();
  }
}

async function createPostgresTestDatabase(adminUrl: string): Promise<TestDatabase> {
  // Statements sent to a busy client (Promise.all in a transaction) are recorded for the tests
  // to fail on (pg-overlap-guard.ts).
  watchPgOverlaps();
  postgresTemplate ??= buildPostgresTemplate(adminUrl);
  const template = await postgresTemplate;
  const name = `estately_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${template}"`);
        break;
      } catch (error) {
        // Another worker's clone briefly connects to the template: retry.
        const busy = /being accessed by other users/.test(String((error as Error).message));
        if (!busy || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const handle = createPostgres(url, undefined, 5);
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await handle.close();
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    try {
      await dropper.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await dropper.end();
    }
  };
  return { ...handle, close: cleanup, cleanup, url };
}
