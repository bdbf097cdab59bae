import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { feedListings, feedRuns, jobs, offers, properties, propertyMedia } from '@estately/db';
import { and, count, countDistinct, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import {
  companyAccount,
  createFeed,
  jpeg,
  type ListingSample,
  openImmoXml,
  uploadFeed,
  zipOf,
} from './feed-sync-support.ts';

// A crash in the middle of a run (issue 42, docs/decisions/062): the worker process
// (`npm run worker`) is killed with SIGKILL while it applies a feed; once its job's lock has
// run out, a new worker resumes the run and every listing ends up there exactly once, with its
// photo once and the run's counts exact. A separate worker process needs PostgreSQL.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const LISTINGS = 40;

let api: TestApi;
let company: TestUser;
const children: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/api/src/worker.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: api.database.url,
      DATA_DIR: api.config.dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGKILL' && signal !== 'SIGTERM')
      console.error(`worker exited ${code}: ${output}`);
  });
  children.push(child);
  return child;
}

async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a feed run whose worker is killed', () => {
  beforeAll(async () => {
    api = await buildTestApi();
    company = await companyAccount(api);
  });
  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(children.map(exited));
    await api?.close();
  });

  it('resumes in a new worker: every listing once, no duplicate property or photo, counts exact', async () => {
    const feedId = await createFeed(api, company.id, { name: 'CRM', format: 'openimmo', source: 'upload' });
    const listings: ListingSample[] = Array.from({ length: LISTINGS }, (_, n) => ({
      id: `K-${n}`,
      photos: [`images/${n}.jpg`],
    }));
    const entries: Array<{ name: string; data: Buffer | string }> = [
      { name: 'feed.xml', data: openImmoXml(listings) },
    ];
    for (let n = 0; n < LISTINGS; n++) entries.push({ name: `images/${n}.jpg`, data: await jpeg(n + 10) });
    const zip = await zipOf(entries);
    const uploaded = await uploadFeed(api, company.id, feedId, zip);
    expect(uploaded.statusCode, uploaded.body).toBe(202);
    const runId = (uploaded.json() as { id: number }).id;

    const first = startWorker();
    const killedAt = await until(
      'the first worker to be part-way',
      async () => {
        const [run] = await api.db.select().from(feedRuns).where(eq(feedRuns.id, runId));
        return run && run.processed >= 5 ? run.processed : null;
      },
      90_000,
    );
    first.kill('SIGKILL');
    await exited(first);
    const [stopped] = await api.db.select().from(feedRuns).where(eq(feedRuns.id, runId));
    expect(stopped?.state).toBe('running');
    expect(stopped!.processed).toBeGreaterThanOrEqual(killedAt);
    expect(stopped!.processed).toBeLessThan(LISTINGS);

    // The dead worker's claim runs out (10 minutes in production): moved to now.
    await api.db
      .update(jobs)
      .set({ lockedUntil: sql`now()` })
      .where(and(eq(jobs.kind, 'feeds.run'), sql`${jobs.payload} ->> 'runId' = ${String(runId)}`));
    const second = startWorker();
    const finished = await until(
      'the run to finish in the second worker',
      async () => {
        const [run] = await api.db.select().from(feedRuns).where(eq(feedRuns.id, runId));
        return run?.state === 'succeeded' || run?.state === 'failed' ? run : null;
      },
      120_000,
    );
    second.kill('SIGTERM');
    await exited(second);

    expect(finished).toMatchObject({
      state: 'succeeded',
      total: LISTINGS,
      processed: LISTINGS,
      created: LISTINGS,
      updated: 0,
      unchanged: 0,
      rejected: 0,
      withdrawn: 0,
    });
    const [job] = await api.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'feeds.run'), sql`${jobs.payload} ->> 'runId' = ${String(runId)}`));
    expect(job?.attempts).toBe(2);
    const [keyed] = await api.db
      .select({ n: count(), properties: countDistinct(feedListings.propertyId) })
      .from(feedListings)
      .where(eq(feedListings.feedId, feedId));
    expect(keyed).toEqual({ n: LISTINGS, properties: LISTINGS });
    const owned = await api.db
      .select({ id: properties.id, state: properties.state })
      .from(properties)
      .where(eq(properties.ownerId, company.id));
    expect(owned).toHaveLength(LISTINGS);
    expect(owned.every((row) => row.state === 'active')).toBe(true);
    const [media] = await api.db
      .select({ n: count(), distinct: countDistinct(propertyMedia.propertyId) })
      .from(propertyMedia)
      .innerJoin(properties, eq(properties.id, propertyMedia.propertyId))
      .where(and(eq(properties.ownerId, company.id), eq(propertyMedia.status, 'ready')));
    expect(media).toEqual({ n: LISTINGS, distinct: LISTINGS });
    const [published] = await api.db
      .select({ n: count() })
      .from(offers)
      .where(and(eq(offers.ownerId, company.id), eq(offers.isPublic, true)));
    expect(published?.n).toBe(LISTINGS);
  });
});
