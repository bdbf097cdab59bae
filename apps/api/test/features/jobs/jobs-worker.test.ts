import { type Db, jobs } from '@estately/db';
import { createTestDatabase, type TestDatabase } from '@estately/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { claimDueJobs } from '../../../src/features/jobs/claim-due-jobs.ts';
import { JobRegistry } from '../../../src/features/jobs/job-registry.ts';
import { createJobWorker } from '../../../src/features/jobs/job-worker.ts';
import { markJobDone } from '../../../src/features/jobs/record-job-outcome.ts';
import { RETRY_BASE_MS, RETRY_MAX_MS, retryDelayMs } from '../../../src/features/jobs/retry-delay.ts';

// The outbox worker on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): claiming,
// retries with backoff, permanent failures, lock expiry, graceful stop.

let database: TestDatabase;
let db: Db;
const clock = { now: new Date() };

async function insertJob(kind: string, payload: Record<string, unknown> = {}, maxAttempts = 10) {
  const [row] = await db
    .insert(jobs)
    .values({ kind, payload, maxAttempts, runAt: new Date(clock.now.getTime() - 1000) })
    .returning({ id: jobs.id });
  return row!.id;
}

async function jobRow(id: number) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.cleanup();
});
beforeEach(async () => {
  await db.delete(jobs);
  clock.now = new Date('2030-01-01T12:00:00Z');
});

describe('retryDelayMs', () => {
  it('starts at 30 s, doubles per attempt, stops at an hour, adds up to 20 % jitter', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, () => 0))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(retryDelayMs(8, () => 0)).toBe(RETRY_MAX_MS);
    expect(retryDelayMs(50, () => 0)).toBe(RETRY_MAX_MS);
    expect(retryDelayMs(1, () => 0.999)).toBeGreaterThan(RETRY_BASE_MS * 1.19);
    expect(retryDelayMs(1, () => 0.999)).toBeLessThanOrEqual(RETRY_BASE_MS * 1.2);
  });
});

describe('job worker', () => {
  it('runs a due job once and marks it done; kinds without a handler stay queued untouched', async () => {
    const seen: Array<{ id: number; payload: unknown; attempt: number }> = [];
    const registry = new JobRegistry().register('test.echo', async (job) => {
      seen.push({ id: job.id, payload: job.payload, attempt: job.attempt });
    });
    const known = await insertJob('test.echo', { hello: 'world' });
    const unknown = await insertJob('test.unknown');
    const future = await db
      .insert(jobs)
      .values({ kind: 'test.echo', runAt: new Date(clock.now.getTime() + 60_000) })
      .returning({ id: jobs.id });
    const worker = createJobWorker({ db, registry, now: () => clock.now });

    expect(await worker.runDueJobs()).toMatchObject({ claimed: 1, done: 1 });
    expect(seen).toEqual([{ id: known, payload: { hello: 'world' }, attempt: 1 }]);
    expect((await jobRow(known)).doneAt).toEqual(clock.now);
    expect(await jobRow(unknown)).toMatchObject({
      attempts: 0,
      lockedBy: null,
      doneAt: null,
      failedAt: null,
    });
    expect(await jobRow(future[0]!.id)).toMatchObject({ attempts: 0, doneAt: null });
    expect(await worker.runDueJobs()).toMatchObject({ claimed: 0 });
  });

  it('retries a failing job with backoff and records the error, then succeeds', async () => {
    let failures = 2;
    const registry = new JobRegistry().register('test.flaky', async () => {
      if (failures > 0) {
        failures -= 1;
        throw new Error('upstream unavailable');
      }
    });
    const id = await insertJob('test.flaky');
    const worker = createJobWorker({ db, registry, now: () => clock.now, random: () => 0.5 });

    expect(await worker.runDueJobs()).toMatchObject({ retried: 1 });
    let row = await jobRow(id);
    expect(row.lastError).toBe('Error: upstream unavailable');
    expect(row.runAt.getTime() - clock.now.getTime()).toBe(33_000); // 30 s + 10 % jitter

    clock.now = new Date(row.runAt.getTime());
    expect(await worker.runDueJobs()).toMatchObject({ retried: 1 });
    row = await jobRow(id);
    expect(row.runAt.getTime() - clock.now.getTime()).toBe(66_000);

    clock.now = new Date(row.runAt.getTime());
    expect(await worker.runDueJobs()).toMatchObject({ done: 1 });
    row = await jobRow(id);
    expect(row).toMatchObject({ attempts: 3, lastError: null, failedAt: null });
    expect(row.doneAt).not.toBeNull();
  });

  it('fails a job at once on a permanent error and after max_attempts otherwise', async () => {
    const registry = new JobRegistry()
      .register('test.bad', async () => {
        throw Object.assign(new Error('malformed payload'), { permanent: true });
      })
      .register('test.down', async () => {
        throw new Error('still down');
      });
    const bad = await insertJob('test.bad');
    const down = await insertJob('test.down', {}, 2);
    const worker = createJobWorker({ db, registry, now: () => clock.now });

    expect(await worker.runDueJobs()).toMatchObject({ claimed: 2, failed: 1, retried: 1 });
    expect(await jobRow(bad)).toMatchObject({ attempts: 1, lastError: 'Error: malformed payload' });
    expect((await jobRow(bad)).failedAt).toEqual(clock.now);

    clock.now = new Date(clock.now.getTime() + RETRY_MAX_MS * 2);
    expect(await worker.runDueJobs()).toMatchObject({ claimed: 1, failed: 1 });
    expect(await jobRow(down)).toMatchObject({ attempts: 2, lastError: 'Error: still down' });
    expect((await jobRow(down)).failedAt).toEqual(clock.now);
  });

  it("takes over a crashed worker's job once its lock expires; the late answer is ignored", async () => {
    const runs: string[] = [];
    const registry = new JobRegistry().register('test.once', async () => {
      runs.push('b');
    });
    const id = await insertJob('test.once', {}, 2);
    // Worker A claims and dies without reporting.
    const claimed = await claimDueJobs({
      db,
      workerId: 'worker-a',
      kinds: ['test.once'],
      limit: 5,
      now: clock.now,
      lockMs: 60_000,
    });
    expect(claimed.map((job) => job.id)).toEqual([id]);
    expect(await jobRow(id)).toMatchObject({ lockedBy: 'worker-a', attempts: 1 });

    const b = createJobWorker({ db, registry, workerId: 'worker-b', now: () => clock.now });
    clock.now = new Date(clock.now.getTime() + 59_000);
    expect(await b.runDueJobs()).toMatchObject({ claimed: 0 });
    clock.now = new Date(clock.now.getTime() + 1000);
    expect(await b.runDueJobs()).toMatchObject({ claimed: 1, done: 1 });
    expect(runs).toEqual(['b']);
    expect(await jobRow(id)).toMatchObject({ attempts: 2, lockedBy: null });
    expect(await markJobDone(db, id, 'worker-a', clock.now)).toBe(false);
  });

  it('fails a job whose every attempt died with its worker, without running it again', async () => {
    let ran = false;
    const registry = new JobRegistry().register('test.crashy', async () => {
      ran = true;
    });
    const id = await insertJob('test.crashy', {}, 1);
    await claimDueJobs({
      db,
      workerId: 'dead',
      kinds: ['test.crashy'],
      limit: 1,
      now: clock.now,
      lockMs: 1000,
    });
    clock.now = new Date(clock.now.getTime() + 1000);
    const worker = createJobWorker({ db, registry, now: () => clock.now });
    expect(await worker.runDueJobs()).toMatchObject({ claimed: 1, failed: 1 });
    expect(ran).toBe(false);
    expect((await jobRow(id)).lastError).toContain('never finished');
  });

  it('claims disjoint sets when two workers claim at the same moment', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 20; index++) ids.push(await insertJob('test.bulk'));
    const claim = (workerId: string) =>
      claimDueJobs({ db, workerId, kinds: ['test.bulk'], limit: 12, now: clock.now, lockMs: 60_000 });
    const [a, b] = await Promise.all([claim('a'), claim('b')]);
    const aIds = a.map((job) => job.id);
    const bIds = b.map((job) => job.id);
    expect(aIds.filter((id) => bIds.includes(id))).toEqual([]);
    expect([...aIds, ...bIds].sort((x, y) => x - y)).toEqual(ids.slice(0, aIds.length + bIds.length));
    expect(aIds.length + bIds.length).toBe(20);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'skips the rows another worker is claiming at this very moment (PostgreSQL)',
    async () => {
      const ids: number[] = [];
      for (let index = 0; index < 6; index++) ids.push(await insertJob('test.locked'));
      const claim = (handle: Parameters<typeof claimDueJobs>[0]['db'], workerId: string, limit: number) =>
        claimDueJobs({ db: handle, workerId, kinds: ['test.locked'], limit, now: clock.now, lockMs: 60_000 });
      // Worker A's claim is still uncommitted (its rows locked) while worker B claims on another
      // connection: B must neither wait for A nor take A's rows.
      await db.transaction(async (tx) => {
        const a = await claim(tx, 'a', 2);
        expect(a.map((job) => job.id)).toEqual(ids.slice(0, 2));
        // Without SKIP LOCKED, B would wait on A's locks for ever; fail fast instead (the throw
        // rolls A back, which frees B).
        const b = await Promise.race([
          claim(db, 'b', 10),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('the claim waited on locked rows')), 3000),
          ),
        ]);
        expect(b.map((job) => job.id)).toEqual(ids.slice(2));
      });
    },
    10_000,
  );

  it('stops gracefully: the job in hand finishes, the rest of its batch is handed back', async () => {
    let release: () => void = () => {};
    let started: () => void = () => {};
    const firstStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const calls: number[] = [];
    const registry = new JobRegistry().register('test.slow', async (job) => {
      calls.push(job.id);
      started();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    const ids = [await insertJob('test.slow'), await insertJob('test.slow'), await insertJob('test.slow')];
    const worker = createJobWorker({ db, registry, batchSize: 3, pollIntervalMs: 50, now: () => clock.now });
    worker.start();
    await firstStarted;
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false); // waits for the job in hand
    release();
    await stopping;
    expect(calls).toEqual([ids[0]]);
    expect((await jobRow(ids[0]!)).doneAt).not.toBeNull();
    for (const id of ids.slice(1)) {
      expect(await jobRow(id)).toMatchObject({
        attempts: 0,
        lockedBy: null,
        lockedUntil: null,
        doneAt: null,
      });
    }
  });

  it('polls in the background and picks up a job queued after it started', async () => {
    const done: number[] = [];
    const registry = new JobRegistry().register('test.later', async (job) => {
      done.push(job.id);
    });
    const worker = createJobWorker({ db, registry, pollIntervalMs: 50 });
    worker.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 120));
      const [row] = await db.insert(jobs).values({ kind: 'test.later' }).returning({ id: jobs.id });
      const deadline = Date.now() + 5000;
      while (done.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 25));
      expect(done).toEqual([row!.id]);
    } finally {
      await worker.stop();
    }
  });
});
