import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createPglite,
  type DatabaseHandle,
  type Db,
  jobs,
  migrate,
  propertyMedia,
  users,
} from '@estately/db';
import {
  LocalMediaStorage,
  type MediaStorage,
  MemoryMediaStorage,
  S3MediaStorage,
  type S3StorageOptions,
} from '@estately/db/storage';
import { createTestDatabase, type TestDatabase } from '@estately/db/testing';
import { AwsClient } from 'aws4fetch';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { createJobWorker } from '../../../src/features/jobs/job-worker.ts';
import { PRUNE_JOB } from '../../../src/features/jobs/prune-stale-rows.ts';
import {
  MEDIA_SWEEP,
  MEDIA_SWEEP_JOB,
  nextMediaSweepPass,
  sweepOrphanMedia,
} from '../../../src/features/jobs/sweep-orphan-media.ts';
import { createJobHandlers } from '../../../src/job-handlers.ts';
import { insertOffer, insertOwner } from '../../support/helpers.ts';

// Issue 37 point 8: an upload writes its files, then its row; a process killed in between
// leaves files no row points at. A real child process stores photos through the API's own
// operations and is killed with SIGKILL between the two steps; the sweep, run with the clock a
// day later, deletes the orphans and keeps the files of committed rows, on the local folder and
// on S3 (s3rver).

const childFile = fileURLToPath(new URL('../../support/upload-crash-child.ts', import.meta.url));
const pinnedNode = fileURLToPath(new URL('../../../../../node_modules/.bin/node', import.meta.url));
const node24 = existsSync(pinnedNode) ? pinnedNode : process.execPath;
const DAY = 24 * 3_600_000;
const folders: string[] = [];
const tempFolder = (name: string) => {
  const folder = mkdtempSync(path.join(tmpdir(), `estately-sweep-${name}-`));
  folders.push(folder);
  return folder;
};

const s3Folder = tempFolder('s3');
const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Folder });
let s3Options: S3StorageOptions;

beforeAll(async () => {
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new AwsClient({ ...credentials, service: 's3', region: 'us-east-1' });
  expect((await client.fetch(`${endpoint}/estately-sweep`, { method: 'PUT' })).status).toBe(200);
  s3Options = {
    endpoint,
    region: 'us-east-1',
    bucket: 'estately-sweep',
    forcePathStyle: true,
    ...credentials,
  };
});

afterAll(async () => {
  await s3.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function allKeys(storage: MediaStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let startAfter: string | null = null;
  do {
    const page = await storage.list({ prefix, startAfter });
    keys.push(...page.objects.map((object) => object.key));
    startAfter = page.next;
  } while (startAfter !== null);
  return keys;
}

const folderOf = (key: string) => key.slice(0, key.lastIndexOf('/'));

/** A database the child and then this process open in turn: a PGlite folder, or a PostgreSQL test database. */
async function crashDatabase(): Promise<{
  spec: { dataDir: string } | { url: string };
  open(): Promise<{ db: Db; close(): Promise<void> }>;
  cleanup(): Promise<void>;
}> {
  if (process.env.TEST_DATABASE_URL) {
    const database: TestDatabase = await createTestDatabase();
    return {
      spec: { url: database.url! },
      open: async () => ({ db: database.db, close: async () => {} }),
      cleanup: () => database.cleanup(),
    };
  }
  const dataDir = path.join(tempFolder('pglite'), 'pglite');
  const first = await createPglite(dataDir);
  await migrate(first);
  await first.close();
  return {
    spec: { dataDir },
    open: async () => {
      const handle: DatabaseHandle = await createPglite(dataDir);
      return { db: handle.db, close: () => handle.close() };
    },
    cleanup: async () => {},
  };
}

/** Runs the child until both stalled uploads have written their files, then kills it with SIGKILL. */
async function crashMidUpload(data: object): Promise<{ keptMediaId: number; output: string }> {
  const child = spawn(node24, [childFile], {
    env: { ...process.env, CRASH_DATA: JSON.stringify(data) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  const paused = await new Promise<boolean>((resolve) => {
    let pauses = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      pauses += (chunk.toString().match(/paused/g) ?? []).length;
      if (pauses >= 2) resolve(true);
    });
    void exited.then(() => resolve(false));
  });
  expect(paused, output).toBe(true);
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  const kept = /committed (\d+)/.exec(output);
  return { keptMediaId: Number(kept?.[1]), output };
}

describe.each([
  ['the local folder', () => ({ root: tempFolder('media') })],
  ['S3', () => s3Options],
])('a process killed between writing an upload and committing its row, on %s', (_name, storageSpec) => {
  it('leaves orphan files that the sweep deletes a day later, keeping the files of committed rows', async () => {
    const spec = storageSpec();
    const storage = 'root' in spec ? new LocalMediaStorage(spec) : new S3MediaStorage(spec);
    const database = await crashDatabase();
    const setup = await database.open();
    const userId = await insertOwner(setup.db);
    const propertyId = await insertOffer(setup.db, { ownerId: userId, publishedAt: null, state: 'draft' });
    await setup.close();

    const { keptMediaId } = await crashMidUpload({ db: database.spec, storage: spec, userId, propertyId });

    const opened = await database.open();
    const db = opened.db;
    try {
      const [kept] = await db.select().from(propertyMedia).where(eq(propertyMedia.propertyId, propertyId));
      expect(kept?.id).toBe(keptMediaId);
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      const photoFolders = new Set((await allKeys(storage, 'properties/')).map(folderOf));
      const pictureFolders = new Set((await allKeys(storage, 'avatars/')).map(folderOf));
      // Two uploads of each kind wrote their files; one of each has a row.
      expect(photoFolders.size).toBe(2);
      expect(pictureFolders.size).toBe(2);
      const keptFolders = [folderOf(kept!.storageKey), folderOf(user!.profilePicturePath!)];
      const keptKeys = (await allKeys(storage, '')).filter((key) => keptFolders.includes(folderOf(key)));
      // A photo upload stores its original (the job worker makes the variants beside it, issue 38
      // defect 4); a profile picture its 3 sizes.
      expect(keptKeys).toHaveLength(1 + 3);

      // Today the orphans are too young to tell from an upload still under way.
      const today = await sweepOrphanMedia({ db, storage, now: new Date() });
      expect(today).toMatchObject({ listed: 8, deleted: 0, young: 4, missing: {}, next: null });

      const later = await sweepOrphanMedia({ db, storage, now: new Date(Date.now() + DAY + 60_000) });
      expect(later).toMatchObject({ listed: 8, deleted: 4, young: 0, missing: {}, next: null });
      expect([...(await allKeys(storage, 'avatars/')), ...(await allKeys(storage, 'properties/'))]).toEqual(
        keptKeys,
      );
      // The committed rows still find their files.
      for (const key of keptKeys) expect(await storage.exists(key), key).toBe(true);

      // A row whose file went missing is reported with its id, and kept.
      await storage.delete(kept!.storageKey);
      const report = await sweepOrphanMedia({ db, storage, now: new Date(Date.now() + DAY + 60_000) });
      expect(report).toMatchObject({ deleted: 0, missing: { 'properties/': { count: 1, ids: [kept!.id] } } });
      expect(await db.select().from(propertyMedia).where(eq(propertyMedia.id, kept!.id))).toHaveLength(1);
    } finally {
      await opened.close();
      await database.cleanup();
    }
  }, 120_000);
});

describe('sweepOrphanMedia', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.cleanup());

  it('looks at a bounded number of keys per run and resumes where the last run stopped', async () => {
    const storage = new MemoryMediaStorage();
    const old = new Date(Date.now() - 2 * DAY);
    for (let i = 0; i < 10; i++) {
      const key = `properties/9999${i}/x/ab/cd/full.webp`;
      await storage.put(key, Buffer.from('x'), 'image/webp');
      storage.modified.set(key, old);
    }
    // Not written by uploads (the seed's photo pool, keys that name no owner): never swept.
    for (const key of ['seed-photos/ab/cd/full.webp', 'properties/readme.txt']) {
      await storage.put(key, Buffer.from('x'), 'image/webp');
      storage.modified.set(key, old);
    }
    const runs = [];
    let cursor = null;
    do {
      const run = await sweepOrphanMedia({ db: database.db, storage, now: new Date(), cursor, maxKeys: 4 });
      expect(run.listed).toBeLessThanOrEqual(4);
      runs.push(run);
      cursor = run.next;
    } while (cursor);
    expect(runs.map((run) => run.deleted)).toEqual([4, 4, 2]);
    expect(runs.reduce((sum, run) => sum + run.unrecognised, 0)).toBe(1);
    expect([...storage.files.keys()].sort()).toEqual([
      'properties/readme.txt',
      'seed-photos/ab/cd/full.webp',
    ]);
  });

  it('runs as a job: the hourly clean-up queues the daily pass, which logs its counts and continues past its bound', async () => {
    const dataDir = tempFolder('job');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const storage = new LocalMediaStorage({ root: config.mediaDir });
    // More keys than one run looks at, two days old, with no row.
    const old = new Date(Date.now() - 2 * DAY);
    const count = MEDIA_SWEEP.keysPerRun + 5;
    for (let i = 0; i < count; i++) {
      const file = path.join(
        config.mediaDir,
        'properties',
        '88888',
        `u${String(i).padStart(5, '0')}`,
        'full.webp',
      );
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, 'x');
      utimesSync(file, old, old);
    }
    const lines: Array<{ object: Record<string, unknown>; message?: string | undefined }> = [];
    const logger = {
      info: (object: object, message?: string) =>
        lines.push({ object: object as Record<string, unknown>, message }),
      warn: (object: object, message?: string) =>
        lines.push({ object: object as Record<string, unknown>, message }),
      error: (object: object, message?: string) =>
        lines.push({ object: object as Record<string, unknown>, message }),
    };
    let clock = new Date();
    const worker = createJobWorker({
      db: database.db,
      registry: createJobHandlers({
        db: database.db,
        config,
        transport: { send: async () => ({ messageId: 'x' }), close: async () => {} } as never,
      }),
      now: () => clock,
      logger,
    });
    await database.db.insert(jobs).values({ kind: PRUNE_JOB, payload: {}, runAt: clock, maxAttempts: 1 });
    await worker.runDueJobs();
    const [pass] = await database.db.select().from(jobs).where(eq(jobs.kind, MEDIA_SWEEP_JOB));
    expect(pass?.runAt).toEqual(nextMediaSweepPass(clock));

    clock = new Date(pass!.runAt.getTime() + 1_000);
    await worker.runDueJobs();
    expect(lines.find((line) => line.message === 'media sweep: run finished')?.object).toMatchObject({
      listed: MEDIA_SWEEP.keysPerRun,
      deleted: MEDIA_SWEEP.keysPerRun,
      next: { prefix: 'properties/' },
    });
    expect(await allKeys(storage, 'properties/')).toHaveLength(5);
    clock = new Date(clock.getTime() + MEDIA_SWEEP.continueAfterMs + 1_000);
    await worker.runDueJobs();
    expect(await allKeys(storage, 'properties/')).toHaveLength(0);
    expect(lines.filter((line) => line.message === 'media sweep: run finished').at(-1)?.object).toMatchObject(
      {
        deleted: 5,
        next: null,
      },
    );
    await worker.stop();
  }, 120_000);
});
