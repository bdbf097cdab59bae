// `npm run bench -- --only feeds`: the feed import of issue 42 on the benchmark database of 1M
// offers (docs/benchmarks.md, "Feed import"). Generates an OpenImmo ZIP of --feed-listings
// listings (10,000) with --feed-photos photos each (5) drawn from --feed-pool images of the seed's
// photo pool (40), and a TEIL ZIP of --feed-changes price changes (500), streamed to
// /tmp/estately-bench-feed/ (scripts/bench/feed-file.ts). Creates a company account in the
// database, starts the API and a job worker as processes of their own (the API with
// JOBS_IN_PROCESS false, the worker with the same environment), creates an upload feed and:
//   1. Q1-Q3 over HTTP at one client before any import (as the growth step measures them),
//   2. uploads the ZIP and times the run from queued to finished, asking Q1-Q3 over and over
//      while it runs; the worker's peak RSS (VmHWM) and CPU seconds,
//   3. uploads the same ZIP again (every listing unchanged),
//   4. uploads the TEIL ZIP.
// Prints one table, writes the figures (writeFigures('feeds')), and at the end, also after a
// failure, deletes the account with its properties and feeds, their media files and the folder.
//
//   node scripts/bench/feed-import.ts [--database estately_bench] [--feed-listings N]
//     [--feed-photos N] [--feed-pool N] [--feed-changes N] [--max-ms MS]
import { openAsBlob } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createPostgres } from '@estately/db';
import { FEED_RUN_JOB } from '../../apps/api/src/features/feeds/queue-feed-run.ts';
import { hashPassword } from '../../apps/api/src/lib/passwords.ts';
import {
  benchApiEnv,
  cpuSecondsOf,
  freePort,
  peakRssMiB,
  resetPeakRss,
  startApiProcess,
  startWorkerProcess,
  type WorkerProcess,
} from './api-process.ts';
import { writeBenchFeed } from './feed-file.ts';
import {
  DEFAULT_LIMITS,
  databaseUrl,
  type Figures,
  flag,
  loadLine,
  ms,
  summarize,
  type Timing,
  table,
  timeSequential,
  writeFigures,
} from './lib.ts';
import {
  buildVariants,
  GROWTH_QUERIES,
  httpOperations,
  type NamedQuery,
  namedQueries,
  VARIANTS,
} from './queries.ts';

const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = flag('database') || 'estately_bench';
const url = databaseUrl(server, database);
const count = (name: string, fallback: number, min: number) =>
  Math.max(min, Number(flag(name) || fallback) || fallback);
const feed = {
  listings: count('feed-listings', 10_000, 1),
  photos: count('feed-photos', 5, 1),
  pool: count('feed-pool', 40, 1),
};
const changes = Math.min(feed.listings, count('feed-changes', 500, 1));
const limits = { ...DEFAULT_LIMITS, maxMs: Number(flag('max-ms') || DEFAULT_LIMITS.maxMs) };
const WORK_DIR = '/tmp/estately-bench-feed';
const PASSWORD = 'Bench-Feeds-2026';
/** The search goals of docs/benchmarks.md (issue 4) over HTTP at one client. */
const GOALS = { p50: 6, p95: 15 };

const handle = createPostgres(url, undefined, 4);
const startedAt = new Date();

async function offersInDatabase(): Promise<number> {
  try {
    const [row] = await handle.query<{ n: string }>('select count(*) as n from offers');
    return Number(row?.n ?? 0);
  } catch {
    return 0;
  }
}

type RunRow = {
  state: string;
  total: number | null;
  processed: number;
  created: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  rejected: number;
  error_code: string | null;
  seconds: number | null;
};

async function runRow(runId: number): Promise<RunRow | undefined> {
  const [row] = await handle.query<RunRow>(
    `select state, total, processed, created, updated, unchanged, withdrawn, rejected, error_code,
            extract(epoch from finished_at - created_at)::float8 as seconds
       from feed_runs where id = $1`,
    [runId],
  );
  return row;
}

/** Polls the run (in the database: no requests beside the measured ones) until it finished. */
async function waitForRun(runId: number, worker: WorkerProcess): Promise<RunRow> {
  let shown = -1;
  for (;;) {
    const row = await runRow(runId);
    if (!row) throw new Error(`run ${runId} is gone`);
    if (row.state === 'succeeded' || row.state === 'failed') return row;
    if (!worker.running()) throw new Error('the worker exited during the run');
    if (row.total !== null && row.processed - shown >= Math.max(1, Math.round(row.total / 10))) {
      shown = row.processed;
      console.log(`  run ${runId}: ${row.processed} of ${row.total}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

async function request(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  return fetch(`${apiUrl}${path}`, { ...init, headers });
}

async function answer(response: Response, status: number): Promise<Record<string, unknown>> {
  const body = await response.text();
  if (response.status !== status)
    throw new Error(`${response.url}: ${response.status} ${body.slice(0, 300)}`);
  return JSON.parse(body) as Record<string, unknown>;
}

/** A fresh access token (the import outlasts one). */
async function login(email: string): Promise<string> {
  const body = await answer(
    await request('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    }),
    200,
  );
  return String(body.token);
}

async function upload(email: string, feedId: number, path: string): Promise<number> {
  const form = new FormData();
  form.append('file', await openAsBlob(path, { type: 'application/zip' }), 'feed.zip');
  const body = await answer(
    await request(`/users/me/feeds/${feedId}/upload`, {
      method: 'POST',
      body: form,
      token: await login(email),
    }),
    202,
  );
  return Number(body.id);
}

const queries: NamedQuery[] = [];
let apiUrl = '';

/** Asks every variant once, untimed, within the time bound of one measurement. */
async function warmPass(query: NamedQuery, ops: ReturnType<typeof httpOperations>): Promise<void> {
  const started = performance.now();
  for (let i = 0; i < VARIANTS && performance.now() - started < limits.maxMs; i++) await query.run(ops, i);
}

/** Q1-Q3 in turn, one request at a time, until `done` settles: latency while the import runs. */
async function measureWhile(done: Promise<unknown>): Promise<Map<string, Timing>> {
  const ops = httpOperations(apiUrl);
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  const samples = new Map(queries.map((query) => [query.name, [] as number[]]));
  for (let i = 0; !finished; i++) {
    for (const query of queries) {
      if (finished) break;
      const t0 = performance.now();
      await query.run(ops, i);
      samples.get(query.name)?.push(performance.now() - t0);
    }
  }
  return new Map([...samples].map(([name, list]) => [name, summarize(list)]));
}

interface Phase {
  run: RunRow;
  peakRss: number;
  cpu: number;
}

async function importFile(email: string, feedId: number, path: string, worker: WorkerProcess) {
  const peakReset = resetPeakRss(worker.pid);
  const cpuBefore = cpuSecondsOf(worker.pid);
  const runId = await upload(email, feedId, path);
  const finished = waitForRun(runId, worker);
  return {
    finished,
    phase: async (): Promise<Phase> => {
      const run = await finished;
      if (run.state !== 'succeeded') throw new Error(`run ${runId} ${run.state}: ${run.error_code}`);
      const peakRss = peakRssMiB(worker.pid);
      if (!peakReset) console.log('  (VmHWM could not be reset: the peak is since the worker started)');
      return { run, peakRss, cpu: cpuSecondsOf(worker.pid) - cpuBefore };
    },
  };
}

const countsOf = (run: RunRow) =>
  `created ${run.created}, updated ${run.updated}, unchanged ${run.unchanged}, withdrawn ${run.withdrawn}, rejected ${run.rejected}`;

let userId: number | null = null;
let feedId: number | null = null;
let mediaDir = '';
const processes: Array<{ close(): Promise<void> }> = [];

/** Everything the step added: the processes, the account (its properties, feeds and runs go with it), files. */
async function cleanUp(): Promise<void> {
  for (const child of processes.splice(0).reverse()) await child.close().catch(() => {});
  if (userId !== null) {
    const owned = await handle.query<{ id: string }>('select id from properties where owner_id = $1', [
      userId,
    ]);
    await handle.query('delete from jobs where kind = $1 and created_at >= $2', [FEED_RUN_JOB, startedAt]);
    await handle.query('delete from users where id = $1', [userId]);
    console.log(`  cleaned up: the account, its feed and ${owned.length} properties`);
    if (mediaDir) {
      for (const { id } of owned)
        await rm(join(mediaDir, 'properties', String(id)), { recursive: true, force: true });
      if (feedId !== null)
        await rm(join(mediaDir, 'feeds', String(feedId)), { recursive: true, force: true });
    }
    userId = null;
  }
  await rm(WORK_DIR, { recursive: true, force: true });
}

async function main(): Promise<number> {
  const offers = await offersInDatabase();
  if (offers === 0) {
    console.error(`${database} holds no offers: \`npm run bench -- --only seed\` makes it.`);
    return 2;
  }
  console.log(
    `  ${database}: ${offers} offers; feed of ${feed.listings} listings, ${feed.photos} photos each from ` +
      `${feed.pool} pool images; TEIL of ${changes} price changes (${loadLine()})`,
  );
  await rm(WORK_DIR, { recursive: true, force: true });
  await mkdir(WORK_DIR, { recursive: true });
  const fullPath = join(WORK_DIR, 'feed-full.zip');
  const teilPath = join(WORK_DIR, 'feed-teil.zip');
  let t0 = performance.now();
  const fullBytes = await writeBenchFeed(fullPath, feed, { umfang: 'VOLL' });
  const teilBytes = await writeBenchFeed(teilPath, feed, { umfang: 'TEIL', changes });
  console.log(
    `  files: ${(fullBytes / 2 ** 20).toFixed(1)} MiB and ${(teilBytes / 2 ** 20).toFixed(1)} MiB written in ` +
      `${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const email = `bench-feeds-${Date.now()}@estately.test`;
  const [account] = await handle.query<{ id: string }>(
    `insert into users (email, password_hash, account_type, company_name, company_kind, verified, verified_at)
     values ($1, $2, 'company', 'Bench Reality s.r.o.', 'agency', true, now()) returning id`,
    [email, await hashPassword(PASSWORD)],
  );
  userId = Number(account?.id);

  // An agency of this size is given the room it needs, as an operator would.
  const env: NodeJS.ProcessEnv = {
    ...benchApiEnv(url, await freePort()),
    COMPANY_MAX_PROPERTIES: String(Math.max(5_000, feed.listings + 1_000)),
    COMPANY_MAX_PHOTOS: String(Math.max(100_000, feed.listings * feed.photos + 1_000)),
  };
  mediaDir = env.MEDIA_DIR ?? '';
  // The first start may migrate the database (indexes over its millions of photo rows).
  const api = await startApiProcess(env, 900);
  processes.push(api);
  apiUrl = api.url;
  const worker = startWorkerProcess(env);
  processes.push(worker);

  const variants = await buildVariants(handle.db);
  queries.push(
    ...namedQueries(variants).filter((q) => (GROWTH_QUERIES as readonly string[]).includes(q.name)),
  );
  const figures: Figures = {
    'feed.listings': feed.listings,
    'feed.photos': feed.photos,
    'feed.pool': feed.pool,
    'feed.changes': changes,
  };
  const before = new Map<string, Timing>();
  const http = httpOperations(apiUrl);
  for (const query of queries) {
    await warmPass(query, http);
    before.set(query.name, await timeSequential((i) => query.run(http, i), limits));
  }

  const token = await login(email);
  const created = await answer(
    await request('/users/me/feeds', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench CRM', format: 'openimmo', source: 'upload' }),
    }),
    201,
  );
  feedId = Number(created.id);

  console.log('  first import ...');
  t0 = performance.now();
  const first = await importFile(email, feedId, fullPath, worker);
  const during = await measureWhile(first.finished);
  const firstPhase = await first.phase();
  console.log(
    `  first import: ${countsOf(firstPhase.run)} in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  console.log('  re-import of the same file ...');
  const again = await (await importFile(email, feedId, fullPath, worker)).phase();
  console.log(`  TEIL of ${changes} changes ...`);
  const teil = await (await importFile(email, feedId, teilPath, worker)).phase();

  const rows: string[][] = [];
  for (const [key, name, phase] of [
    ['first', 'first import', firstPhase],
    ['reimport', 'unchanged re-import', again],
    ['teil', `TEIL of ${changes} price changes`, teil],
  ] as const) {
    const seconds = phase.run.seconds ?? Number.NaN;
    const total = phase.run.total ?? 0;
    figures[`${key}.s`] = seconds;
    figures[`${key}.listings_per_s`] = total / seconds;
    figures[`${key}.worker.peak_rss_mb`] = phase.peakRss;
    figures[`${key}.worker.cpu_s`] = phase.cpu;
    for (const outcome of ['created', 'updated', 'unchanged', 'withdrawn', 'rejected'] as const) {
      figures[`${key}.${outcome}`] = phase.run[outcome];
    }
    rows.push([
      `${name}: queued -> finished`,
      `${seconds.toFixed(1)} s (${(total / seconds).toFixed(1)} listings/s)`,
      '',
    ]);
    rows.push([
      `${name}: worker peak RSS, CPU`,
      `${phase.peakRss.toFixed(0)} MiB, ${phase.cpu.toFixed(0)} s`,
      '',
    ]);
    const expected =
      key === 'reimport'
        ? phase.run.unchanged === total
          ? 'all unchanged'
          : 'NOT all unchanged'
        : key === 'teil'
          ? phase.run.updated === changes
            ? `${changes} updated`
            : `NOT ${changes} updated`
          : phase.run.created === feed.listings
            ? 'all created'
            : 'NOT all created';
    rows.push([`${name}: counts`, countsOf(phase.run), expected]);
  }
  for (const query of queries) {
    for (const [when, timing] of [
      ['before', before.get(query.name)],
      ['during', during.get(query.name)],
    ] as const) {
      if (!timing) continue;
      figures[`${when}.${query.name}.http.p50`] = timing.p50;
      figures[`${when}.${query.name}.http.p95`] = timing.p95;
      figures[`${when}.${query.name}.http.n`] = timing.n;
      const verdict = (value: number, goal: number) => (value <= goal ? 'met' : 'NOT met');
      rows.push([
        `${query.name} http ${when} the import (n ${timing.n})`,
        `p50 ${ms(timing.p50)} ms, p95 ${ms(timing.p95)} ms`,
        `p50 <= ${GOALS.p50} ms ${verdict(timing.p50, GOALS.p50)}, p95 <= ${GOALS.p95} ms ${verdict(timing.p95, GOALS.p95)}`,
      ]);
    }
  }
  console.log(`\n=== feeds: ${feed.listings} listings x ${feed.photos} photos (${loadLine()})`);
  console.log(table(['measure', 'figure', 'goal'], rows));
  writeFigures('feeds', figures);
  return 0;
}

let code = 1;
const interrupted = () => {
  console.error('  interrupted: cleaning up');
  void cleanUp().finally(() => process.exit(130));
};
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);
try {
  code = await main();
} catch (error) {
  console.error(error);
} finally {
  await cleanUp().catch((error: unknown) => console.error('  clean-up failed:', error));
  await handle.close();
}
process.exit(code);
