// Check 17 (issue 41): the production topology under load. `startCluster` (scripts/cluster/lib/
// topology.ts) starts what `npm run cluster` starts, on ports from 27000: nginx in front (HTTPS,
// HTTP/2), 2 web and 2 API instances, the job worker, PostgreSQL with a streaming replica,
// Redis, object storage (s3rver) and Prometheus, with the product's limits as shipped. A crowd of
// visitors (lib/visitor-journeys.ts: each a browser on its own loopback address, at a person's
// pace) browses the one public origin, the web at / and the API at /api, trusting the cluster's
// certificate.
//
// Checks (the restore drill, check 6, is checks/17-cluster-backup.ts):
//   1. 200 visitors for 120 s: 0 answers of 5xx, none without an answer, none of 429; page TTFB
//      p50/p95; where the API's public reads went (replica or primary), from its metrics.
//   2. During that load, kill -9 of web1 (at a quarter of the time) and of api1 (at half):
//      0 failed GETs (the balancer tries the other instance); POSTs in flight at a kill instant
//      (the balancer does not repeat them) are counted apart, every other failure counts; every
//      write acknowledged to a visitor (accounts, favourites, messages to sellers) is in the
//      primary afterwards; the time from the kill to the instance restarted and ready.
//   3. A rolling restart of every instance under a second crowd (60 s) and a search loop that
//      lasts until the restart ends: 0 failed answers of any kind.
//   4. The replica stopped under a search loop: searches keep answering; the time until the API
//      instances read from the primary; the replica started again catches up (lag back to 0
//      bytes) and reads go back to it.
//   5. The request budget is one whichever API instance answers (Redis): one address, its
//      requests spread over both instances (nginx's access log), is refused (429) after the
//      configured budget, not twice it. Redis stopped for 10 s: a fresh visitor is answered, no
//      5xx, no 429; Redis back, a budget is counted again.
//   7. A new offer saved and published by a seller through the API is found by search on both
//      API instances (asked directly); the lag from the publish's answer.
//   8. Prometheus scrapes every target and answers a query; one request id is in nginx's access
//      log, a web instance's log and an API instance's log; HTTP/2 on the public listener.
//
//   RELIABILITY_CLUSTER_VISITORS          visitors (default 200)
//   RELIABILITY_CLUSTER_SECONDS           how long they browse in check 1 (default 120)
//   RELIABILITY_CLUSTER_RESTART_SECONDS   the crowd under the rolling restart (default 60)
//   RELIABILITY_VISITOR_THINK_MS          think time between steps, "min,max" (default 2000,7000)
//   RELIABILITY_SEED_OFFERS               demo offers to seed (default 3000)
//   RELIABILITY_CLUSTER_PORT_BASE         the cluster's port base (default 27000)
//   RELIABILITY_KEEP_CLUSTER_DIR          keep the cluster's folder (logs) after the run
// The check's own clients (search loops, the budget's spenders, the seller) use 127.0.77.x, apart
// from the visitors' 127.0.0.2 up: a request budget is per address, and a minute long.
// Total: the start (about a minute) + 120 s + the rolling restart + about a minute, < 7 min.
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { connect as http2Connect } from 'node:http2';
import { type Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeSearchPath, parseFilters } from '@estately/domain';
import pg from 'pg';
import sharp from 'sharp';
import { table } from '../../bench/lib.ts';
import { type Cluster, startCluster } from '../../cluster/lib/topology.ts';
import { CounterSampler, type Sample, scrape } from '../lib/metrics-sampler.ts';
import { check, expect, figure, finish, sleep } from '../lib/report.ts';
import {
  type AcknowledgedWrite,
  agentFor,
  type CrowdResult,
  crowdFigures,
  exchange,
  runCrowd,
  TALLY_HEADER,
  type Tally,
  tallyRows,
  underBase,
  VISITOR_PASSWORD,
} from '../lib/visitor-journeys.ts';

const portBase = Number(process.env.RELIABILITY_CLUSTER_PORT_BASE ?? 27000);
const visitors = Number(process.env.RELIABILITY_CLUSTER_VISITORS ?? 200);
const seconds = Number(process.env.RELIABILITY_CLUSTER_SECONDS ?? 120);
const restartSeconds = Number(process.env.RELIABILITY_CLUSTER_RESTART_SECONDS ?? 60);
const seedOffers = Number(process.env.RELIABILITY_SEED_OFFERS ?? 3000);
const think = (process.env.RELIABILITY_VISITOR_THINK_MS ?? '2000,7000').split(',').map(Number) as [
  number,
  number,
];
/** The request budget as shipped: RATE_LIMIT_MAX's default (apps/api/src/config.ts). */
const REQUEST_BUDGET = 600;
/** How far from the budget the first 429 may come (requests of the moment Redis answers again). */
const BUDGET_TOLERANCE = 10;

/** A complete flat for sale in Prague: every field publishing needs (the address from the gazetteer). */
const NEW_OFFER = {
  offer_type: 'sale',
  property_type: 'apartment',
  price: 7_900_000,
  currency_iso_code: 'CZK',
  price_variant: 'negotiable',
  disposition: '3',
  room: ['living_room', 'bedroom', 'bedroom', 'kitchen', 'bathroom'],
  bathroom: 1,
  useful_area: 82,
  useful_area_units: 'm2',
  floor: 2,
  total_floors: 5,
  type_of_building: 'brick',
  type_of_heating: 'gas',
  ownership: 'personal',
  furnishings: 'partially_equipped',
  parking: 'garage',
  penb: 'c',
  other_params: ['lift'],
  tags: ['vyhled'],
  free_from_date: '2027-01-01',
  description: 'Sunny flat near the park, three rooms, a lift and a garage.',
  street: 'Mánesova 12',
  city: 'praha',
  city_part: 'Vinohrady',
  country_code: 'CZ',
  contact: {
    contact_name: 'Jana Nováková',
    contact_email: 'jana@example.com',
    contact_phone: '+420 777 123 456',
  },
};

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : '-');
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
const log = (line: string) => console.log(line);

// --- the cluster ----------------------------------------------------------------------------

const dir = mkdtempSync(join(tmpdir(), 'estately-cluster-check-'));
// PostgreSQL runs as the postgres user, which must reach its data folders inside.
chmodSync(dir, 0o755);
let cluster: Cluster | undefined;
let ca: Buffer = Buffer.alloc(0);

await check(
  'cluster: the topology starts (nginx, 2 web, 2 API, worker, primary and replica, Redis, S3, Prometheus)',
  async () => {
    const started = performance.now();
    cluster = await startCluster({
      dir,
      portBase,
      seedOffers,
      // The web servers' access log: check 8 follows one request id into a web instance's log.
      env: { WEB_ACCESS_LOG: 'on' },
      log: (line) => console.log(`  ${line}`),
    });
    ca = readFileSync(cluster.certificatePath);
    figure('cluster start (with the seed of offers)', (performance.now() - started) / 1000, 's');
    console.log(`public ${cluster.publicUrl}, offers ${seedOffers}; load average ${load()}`);
  },
);

/** An instance of the cluster by name. */
function instance(name: 'web1' | 'web2' | 'api1' | 'api2' | 'worker') {
  const found = cluster?.instances.find((i) => i.name === name);
  if (!found) throw new Error(`no instance ${name}`);
  return found;
}

/** An API instance's own URL (no balancer in between). */
const directApi = (name: 'api1' | 'api2') => `http://127.0.0.1:${instance(name).port}`;

/** One request from `address` (a loopback address of its own), https through the balancer or http. */
async function call(
  url: URL | string,
  options: {
    address: string;
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
  },
): Promise<{
  status: number;
  json: unknown;
  headers: Record<string, string | string[] | undefined>;
  ms: number;
}> {
  const target = typeof url === 'string' ? new URL(url) : url;
  const agent = agentFor(target.href, { localAddress: options.address, ca });
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await exchange(agent, target, options.method ?? 'GET', headers, body);
  agent.destroy();
  let json: unknown = null;
  try {
    json = answer.body.length > 0 ? JSON.parse(answer.body.toString('utf8')) : null;
  } catch {}
  return { status: answer.status, json, headers: answer.headers, ms: answer.ttfbMs };
}

/** The search a loop asks: the newest sale flats in Czechia, as the home page links them. */
const SEARCH =
  '/public/offers?offer_type=sale&property_type=apartment&country_code=CZ&sort=activated_at_desc&per_page=20';

interface LoopAnswer {
  status: number;
  startedAt: number;
  endedAt: number;
}

/**
 * Searches through the balancer one after another from `address`, `pauseMs` apart, until
 * stopped: the steady load of checks 3 and 4.
 */
function searchLoop(address: string, pauseMs: number) {
  const answers: LoopAnswer[] = [];
  let running = true;
  const agent = agentFor(
    cluster?.publicUrl ?? 'https://localhost',
    { localAddress: address, ca },
    { keepAlive: true },
  );
  const done = (async () => {
    while (running) {
      const startedAt = Date.now();
      const url = underBase(`${cluster?.publicUrl}/api`, `${SEARCH}&timestamp=${startedAt}`);
      const answer = await exchange(agent, url, 'GET', { accept: 'application/json' }, undefined);
      answers.push({ status: answer.status, startedAt, endedAt: Date.now() });
      await sleep(pauseMs);
    }
    agent.destroy();
  })();
  return {
    answers,
    async stop() {
      running = false;
      await done;
    },
  };
}

/** The value of `name{label=value}` at `url` now, or null. */
async function gauge(url: string, name: string, labels: Record<string, string> = {}): Promise<number | null> {
  const samples = await scrape(url);
  const found = samples?.find(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return found ? found.value : null;
}

/** Both API instances read from `source` now (estately_reads_source). */
async function bothReadFrom(source: 'replica' | 'primary'): Promise<boolean> {
  const values = await Promise.all(
    (['api1', 'api2'] as const).map((name) =>
      gauge(instance(name).metricsUrl, 'estately_reads_source', { source }),
    ),
  );
  return values.every((v) => v === 1);
}

/**
 * Counters of reads served by the replica and by the primary, if the API counts them: a
 * counter whose name speaks of reads with a `source` (or `target`, `pool`) label naming
 * replica or primary.
 */
function readCounter(sample: Sample, source: 'replica' | 'primary'): boolean {
  if (!/^estately_.*read.*_total$/.test(sample.name)) return false;
  const label = sample.labels.source ?? sample.labels.target ?? sample.labels.pool;
  return label === source;
}

/** Every acknowledged write that is not in the primary (accounts, favourites, messages). */
async function missingWrites(
  writes: readonly AcknowledgedWrite[],
  since: number,
): Promise<AcknowledgedWrite[]> {
  if (!cluster) throw new Error('no cluster');
  const client = new pg.Client({ connectionString: cluster.primaryUrl });
  await client.connect();
  try {
    const emails = [...new Set(writes.filter((w) => w.kind !== 'message').map((w) => w.email))];
    const accounts = await client.query<{ email: string }>('select email from users where email = any($1)', [
      emails,
    ]);
    const haveAccount = new Set(accounts.rows.map((r) => r.email));
    const favourites = await client.query<{ email: string; offer_id: string }>(
      'select u.email, f.offer_id::text from favourites f join users u on u.id = f.user_id where u.email = any($1)',
      [emails],
    );
    const haveFavourite = new Set(favourites.rows.map((r) => `${r.email} ${r.offer_id}`));
    const senders = [...new Set(writes.filter((w) => w.kind === 'message').map((w) => w.email))];
    const messages = await client.query<{ email: string; property_id: string }>(
      'select email, property_id::text from leads where email = any($1) and created_at >= $2',
      [senders, new Date(since - 60_000)],
    );
    const haveMessage = new Set(messages.rows.map((r) => `${r.email} ${r.property_id}`));
    return writes.filter((w) =>
      w.kind === 'account'
        ? !haveAccount.has(w.email)
        : w.kind === 'favourite'
          ? !haveFavourite.has(`${w.email} ${w.offerId}`)
          : !haveMessage.has(`${w.email} ${w.offerId}`),
    );
  } finally {
    await client.end();
  }
}

/** POSTs the balancer cannot repeat on the other instance (forms posted, favourites, messages). */
const nonIdempotent = (kind: string) => /form|favourite|message/.test(kind);

function printCrowd(title: string, result: CrowdResult): void {
  console.log(`\n${title}:`);
  console.log(table(TALLY_HEADER, tallyRows(result.visitorTally)));
  if (result.visitorTally.examples.length > 0)
    console.log(`First answers that went wrong:\n  ${result.visitorTally.examples.join('\n  ')}`);
}

/** Kills `name` with SIGKILL; the time until the runner has it running and ready again. */
async function killAndTime(
  name: 'web1' | 'api1',
): Promise<{ name: string; killAt: number; readyMs: number }> {
  const target = instance(name);
  const restarts = target.restarts;
  const pid = target.pid();
  const killAt = Date.now();
  target.kill9();
  log(`${new Date(killAt).toISOString()} kill -9 ${name} (pid ${pid})`);
  const deadline = killAt + 90_000;
  while ((target.restarts === restarts || target.pid() === pid) && Date.now() < deadline) await sleep(50);
  while (!(await target.ready().catch(() => false)) && Date.now() < deadline) await sleep(100);
  if (Date.now() >= deadline) throw new Error(`${name} was not ready again within 90 s of its kill`);
  const readyMs = Date.now() - killAt;
  log(`${name} restarted (pid ${target.pid()}) and ready ${readyMs} ms after its kill`);
  return { name, killAt, readyMs };
}

// --- 1 and 2: the crowd, and kill -9 of web1 and api1 under it --------------------------------

let crowd: CrowdResult | undefined;
let kills: Array<{ name: string; killAt: number; readyMs: number }> = [];
/** Counters of the API instances over the first crowd (their increases, restarts included). */
let reads: CounterSampler | undefined;
/** Where each API instance's public reads went, read every 2 s of the crowd (estately_reads_source). */
const sourceReadings: Array<{ replica: number; primary: number }> = [];

if (cluster) {
  const running = cluster;
  try {
    await check(
      `cluster: ${visitors} visitors browse through the balancer for ${seconds} s; kill -9 web1 and api1 under them`,
      async () => {
        const sampler = new CounterSampler({
          api1: instance('api1').metricsUrl,
          api2: instance('api2').metricsUrl,
        });
        await sampler.start(2_000);
        let crowdDone = false;
        let started: () => void = () => {};
        const start = new Promise<void>((resolve) => {
          started = resolve;
        });
        const crowdRun = runCrowd({
          webUrl: running.publicUrl,
          apiUrl: `${running.publicUrl}/api`,
          ca,
          visitors,
          seconds,
          thinkMs: think,
          abuser: false,
          onStart: started,
          log,
        });
        const killing = (async () => {
          await start;
          const t0 = Date.now();
          await sleep(seconds * 250);
          const web = await killAndTime('web1');
          await sleep(Math.max(0, t0 + seconds * 500 - Date.now()));
          const api = await killAndTime('api1');
          return [web, api];
        })();
        // Awaited after the crowd; a failed kill must not end the process before then.
        killing.catch(() => {});
        const watching = (async () => {
          await start;
          // Where reads go, every 2 s of the crowd (both API instances).
          while (!crowdDone) {
            for (const name of ['api1', 'api2'] as const) {
              const samples = await scrape(instance(name).metricsUrl);
              const source = (s: string) =>
                samples?.find((x) => x.name === 'estately_reads_source' && x.labels.source === s)?.value ?? 0;
              if (samples) sourceReadings.push({ replica: source('replica'), primary: source('primary') });
            }
            await sleep(2_000);
          }
        })();
        try {
          crowd = await crowdRun;
        } finally {
          crowdDone = true;
        }
        kills = await killing;
        await watching;
        await sampler.stop();
        reads = sampler;

        const f = crowdFigures(crowd);
        printCrowd('Visitors through the balancer', crowd);
        figure('visitors (each from its own loopback address)', f.visitors);
        figure('visitor requests in all', f.requests);
        figure('requests per visitor', f.requestsPerVisitor);
        figure('page TTFB p50 through the balancer', ms(f.pageTtfbP50));
        figure('page TTFB p95 through the balancer', ms(f.pageTtfbP95));
        figure('5xx answers to visitors', f.serverErrors);
        figure('visitor requests without an answer', f.failures);
        figure('429 answers to visitors', f.tooMany);
        figure('writes acknowledged to visitors (accounts, favourites, messages)', crowd.writes.length);
        for (const k of kills) figure(`${k.name} killed (-9): restarted and ready after`, k.readyMs, 'ms');
        const replicaReads = sampler.total((s) => readCounter(s, 'replica'));
        const primaryReads = sampler.total((s) => readCounter(s, 'primary'));
        if (replicaReads + primaryReads > 0) {
          figure('public reads served by the replica (API metrics)', replicaReads);
          figure('public reads served by the primary (API metrics)', primaryReads);
        }
        const onReplica = sourceReadings.filter((r) => r.replica === 1).length;
        figure(
          'API readings with reads going to the replica (estately_reads_source, every 2 s)',
          `${onReplica} of ${sourceReadings.length}`,
        );
        const searches = sampler.total(
          (s) => s.name === 'estately_http_requests_total' && /offers/.test(s.labels.route ?? ''),
        );
        figure('search and offer requests answered by the API instances (metrics)', searches);
        console.log(`load average ${load()}`);
      },
    );

    if (crowd) {
      const result = crowd;
      const f = crowdFigures(result);
      const broken = result.visitorTally.broken;
      const inFlight = (b: Tally['broken'][number]) =>
        nonIdempotent(b.kind) &&
        kills.some((k) => b.startedAt <= k.killAt + 250 && b.endedAt >= k.killAt - 50);
      const excused = broken.filter(inFlight);
      const failed = broken.filter((b) => !inFlight(b));
      if (broken.length > 0) {
        // When they happened, next to the kills: what the balancer did not hide.
        const groups = new Map<string, number>();
        for (const b of broken) {
          const since = kills
            .map(
              (k) =>
                `${k.name}${b.endedAt >= k.killAt ? '+' : ''}${((b.endedAt - k.killAt) / 1000).toFixed(1)}s`,
            )
            .join(' ');
          const key = `${b.kind} -> ${b.status || `no answer (${b.error})`}, ${since.replace(/\.\ds/g, 's')}`;
          groups.set(key, (groups.get(key) ?? 0) + 1);
        }
        console.log(
          `Failed answers (by kind, answer and seconds from each kill):\n  ${[...groups].map(([k, n]) => `${n} x ${k}`).join('\n  ')}`,
        );
      }
      figure('POSTs in flight at a kill that failed (not repeated by the balancer)', excused.length);
      await check(
        'cluster: 0 failed answers to visitors but POSTs in flight at a kill (no GET failed)',
        () => {
          expect(
            failed.length === 0,
            `${failed.length} failed: ${failed
              .slice(0, 8)
              .map(
                (b) =>
                  `${b.kind} ${b.path} -> ${b.status || `no answer (${b.error})`} at +${b.endedAt - result.startedAt} ms`,
              )
              .join('; ')}`,
          );
        },
      );
      await check('cluster: 0 answers of 429 to the visitors (the limits as shipped, per visitor)', () => {
        expect(f.tooMany === 0, `${f.tooMany} answers of 429 in ${f.requests} requests`);
      });
      await check(
        'cluster: every write acknowledged to a visitor is in the primary after the kills',
        async () => {
          const missing = await missingWrites(result.writes, result.startedAt);
          const beforeKill = result.writes.filter((w) => kills.some((k) => w.at < k.killAt)).length;
          figure(
            'acknowledged writes checked in the primary',
            `${result.writes.length} (${beforeKill} before a kill)`,
          );
          expect(result.writes.length > 0, 'no write was acknowledged to the visitors');
          expect(
            missing.length === 0,
            `${missing.length} missing: ${missing
              .slice(0, 5)
              .map((w) => `${w.kind} ${w.email} ${w.offerId ?? ''}`)
              .join('; ')}`,
          );
        },
      );
      await check('cluster: the killed instances were restarted and ready again', () => {
        expect(kills.length === 2, `${kills.length} of 2 kills done`);
        expect(
          instance('web1').restarts >= 1 && instance('api1').restarts >= 1,
          'the runner counted no restart',
        );
      });
      await check('cluster: searches are served by the replica under the load', () => {
        if (!reads) throw new Error('no metrics were read');
        const replicaReads = reads.total((s) => readCounter(s, 'replica'));
        const primaryReads = reads.total((s) => readCounter(s, 'primary'));
        if (replicaReads + primaryReads === 0) {
          // No counter of reads by source: the gauge of where reads go now, read every 2 s of the crowd.
          console.log(
            `no counter of reads by source in the API's metrics (counters: ${reads
              .names()
              .filter((n) => n.startsWith('estately_'))
              .join(', ')}); using estately_reads_source`,
          );
          const onReplica = sourceReadings.filter((r) => r.replica === 1).length;
          expect(
            sourceReadings.length > 0 && onReplica >= sourceReadings.length * 0.9,
            `reads went to the replica in ${onReplica} of ${sourceReadings.length} readings`,
          );
          return;
        }
        expect(
          replicaReads > primaryReads,
          `${replicaReads} reads from the replica, ${primaryReads} from the primary`,
        );
      });
    }

    // --- 3: a rolling restart under load ------------------------------------------------------

    await check(
      `cluster: rolling restart of every instance under ${visitors} visitors: 0 failed answers`,
      async () => {
        let started: () => void = () => {};
        const start = new Promise<void>((resolve) => {
          started = resolve;
        });
        const crowdRun = runCrowd({
          webUrl: running.publicUrl,
          apiUrl: `${running.publicUrl}/api`,
          ca,
          visitors,
          seconds: restartSeconds,
          thinkMs: think,
          arrivalSeconds: 5,
          abuser: false,
          onStart: started,
          log,
        });
        // The crowd fails before it starts when the returning visitors' accounts cannot be made.
        await Promise.race([start, crowdRun]);
        await sleep(5_000);
        // The search loop keeps some load on until the restart has ended, however long it takes.
        const loop = searchLoop('127.0.77.70', 250);
        const restartStarted = Date.now();
        const restarted = await running.rollingRestart();
        const restartMs = Date.now() - restartStarted;
        await loop.stop();
        const result = await crowdRun;
        printCrowd('Visitors during the rolling restart', result);
        for (const b of result.visitorTally.broken.slice(0, 10))
          console.log(
            `  ${new Date(b.endedAt).toISOString()} ${b.kind} ${b.path} -> ${b.status || `no answer (${b.error})`}`,
          );
        for (const r of restarted) figure(`rolling restart: ${r.name} ready again after`, r.readyMs, 'ms');
        figure('rolling restart of every instance', restartMs / 1000, 's');
        const underCrowd = Math.min(restartMs, result.endedAt - restartStarted);
        figure('of it under the crowd', underCrowd / 1000, 's');
        figure('searches of the loop during the restart', loop.answers.length);
        const f = crowdFigures(result);
        figure('visitor requests during the rolling restart', f.requests);
        const loopFailed = loop.answers.filter((a) => a.status !== 200);
        const missing = await missingWrites(result.writes, result.startedAt);
        expect(
          f.serverErrors + f.failures + f.tooMany === 0,
          `${f.serverErrors} answers of 5xx, ${f.failures} without an answer, ${f.tooMany} of 429 to visitors`,
        );
        expect(loopFailed.length === 0, `${loopFailed.length} searches of the loop not answered 200`);
        expect(missing.length === 0, `${missing.length} acknowledged writes missing from the primary`);
        expect(restarted.length === 5, `${restarted.length} instances restarted, 5 expected`);
      },
    );

    // --- 4: the replica stopped under a search loop ---------------------------------------------

    await check(
      'cluster: the replica stopped: searches keep answering from the primary; started again, it catches up',
      async () => {
        // The account that writes while the replica is away, made before (straight to api2).
        const writer = await signUpAndLogin(
          '127.0.77.72',
          `writer.${randomUUID().slice(0, 8)}@example.com`,
          directApi('api2'),
        );
        const ids = await searchIdsAt(directApi('api2'), '127.0.77.72');
        const loop = searchLoop('127.0.77.71', 150);
        await sleep(3_000);
        const stopAt = Date.now();
        await running.postgres.stopReplica();
        const stoppedMs = Date.now() - stopAt;
        let fallbackMs = Number.NaN;
        while (Date.now() - stopAt < 30_000) {
          if (await bothReadFrom('primary')) {
            fallbackMs = Date.now() - stopAt;
            break;
          }
          await sleep(100);
        }
        // Writes while the replica is away, for it to catch up on: favourites of one account.
        let writes = 0;
        for (const id of ids.slice(0, 10)) {
          const answer = await call(`${directApi('api2')}/user/offers/${id}/favorite_offer`, {
            address: '127.0.77.72',
            method: 'POST',
            headers: { authorization: `Bearer ${writer}` },
          });
          if (answer.status >= 200 && answer.status < 300) writes += 1;
        }
        await sleep(Math.max(0, stopAt + 10_000 - Date.now()));
        const startAt = Date.now();
        await running.postgres.startReplica();
        const lagAtStart = (await running.postgres.lag()).bytes;
        let caughtUpMs = Number.NaN;
        while (Date.now() - startAt < 60_000) {
          const lag = await running.postgres.lag().catch(() => null);
          if (lag?.streaming && lag.bytes !== null && lag.bytes <= 0) {
            caughtUpMs = Date.now() - startAt;
            break;
          }
          await sleep(100);
        }
        let backMs = Number.NaN;
        while (Date.now() - startAt < 60_000) {
          if (await bothReadFrom('replica')) {
            backMs = Date.now() - startAt;
            break;
          }
          await sleep(200);
        }
        await loop.stop();
        const during = loop.answers.filter((a) => a.endedAt >= stopAt);
        const wrong = during.filter((a) => a.status !== 200);
        if (wrong.length > 0)
          console.log(
            `Searches not answered 200 (ms from the stop: answer): ${wrong.map((a) => `+${a.endedAt - stopAt}: ${a.status || 'no answer'}`).join(', ')}`,
          );
        const firstAfter = during.find((a) => a.startedAt >= stopAt && a.status === 200);
        figure('replica stop (pg_ctl stop -m fast)', stoppedMs, 'ms');
        figure('searches answered from the stop of the replica to its return', during.length);
        figure('of them not answered 200', wrong.length);
        figure('first search answered after the stop', firstAfter ? firstAfter.endedAt - stopAt : '-', 'ms');
        figure('both API instances read from the primary after', ms(fallbackMs));
        // From the stop until every search after it answered 200: the last one that did not.
        const lastWrong = wrong.at(-1);
        figure(
          'searches answered without errors from the stop on after',
          lastWrong ? lastWrong.endedAt - stopAt : 0,
          'ms',
        );
        figure('favourites written while the replica was stopped', writes);
        figure('replica lag when started again', lagAtStart ?? '-', 'bytes');
        figure(
          'replica caught up (0 bytes behind) after',
          Number.isFinite(caughtUpMs) ? caughtUpMs / 1000 : '-',
          's',
        );
        figure(
          'both API instances read from the replica again after',
          Number.isFinite(backMs) ? backMs / 1000 : '-',
          's',
        );
        expect(wrong.length === 0, `${wrong.length} of ${during.length} searches not answered 200`);
        expect(Number.isFinite(fallbackMs), 'the API instances did not turn to the primary within 30 s');
        expect(Number.isFinite(caughtUpMs), 'the replica did not catch up within 60 s');
        expect(Number.isFinite(backMs), 'reads did not go back to the replica within 60 s');
      },
    );

    // --- 5: one request budget across the API instances; Redis stopped -------------------------

    await check(
      'cluster: the request budget is shared by both API instances (Redis), and Redis stopped locks nobody out',
      async () => {
        const first = await spendBudget('127.0.77.80');
        const { spread, attempts } = upstreamsOf('127.0.77.80');
        figure('requests answered before the first 429 (one address, both API instances)', first.allowed);
        figure('configured budget (requests a minute per visitor)', REQUEST_BUDGET);
        figure(
          'its requests by API instance (nginx access log)',
          Object.entries(spread)
            .map(([k, v]) => `${k}: ${v}`)
            .join(', ') || '-',
        );
        expect(first.serverErrors === 0, `${first.serverErrors} answers of 5xx while spending the budget`);
        // A request nginx tried on both instances (the first answered 502-504) took a hit of
        // each: the budget is spent by attempts, which the access log counts.
        figure('attempts on the API instances before the first 429 (nginx access log)', attempts);
        expect(
          first.allowed <= REQUEST_BUDGET + BUDGET_TOLERANCE && attempts >= REQUEST_BUDGET - BUDGET_TOLERANCE,
          `429 came after ${first.allowed} requests (${attempts} attempts), the budget is ${REQUEST_BUDGET}`,
        );
        const counts = Object.values(spread);
        expect(
          counts.length >= 2 && Math.min(...counts) >= first.allowed / 4,
          `the requests did not go to both API instances: ${JSON.stringify(spread)}`,
        );

        // Redis away for 10 s: a fresh visitor keeps being answered (the limiter lets requests
        // through while its store does not answer; decision 041).
        const outageStart = Date.now();
        await running.redis.stop();
        const fresh: Array<{ status: number; ms: number }> = [];
        while (Date.now() - outageStart < 10_000) {
          const answer = await call(
            underBase(`${running.publicUrl}/api`, `${SEARCH}&timestamp=${Date.now()}`),
            {
              address: '127.0.77.81',
            },
          );
          fresh.push({ status: answer.status, ms: answer.ms });
          await sleep(100);
        }
        await running.redis.start();
        const outageMs = Date.now() - outageStart;
        const times = fresh.map((a) => a.ms).sort((a, b) => a - b);
        figure('Redis stopped for', outageMs / 1000, 's');
        figure("a fresh visitor's requests during the outage", fresh.length);
        figure('of them answered 200', fresh.filter((a) => a.status === 200).length);
        figure(
          'their time p50 / max',
          `${ms(times[Math.floor(times.length / 2)] ?? Number.NaN)} / ${ms(times.at(-1) ?? Number.NaN)}`,
        );
        expect(
          fresh.every((a) => a.status === 200),
          `answers during the outage: ${[...new Set(fresh.map((a) => a.status))].join(', ')}`,
        );

        // Redis back: budgets count again (the API's client reconnects by itself).
        await sleep(3_000);
        const after = await spendBudget('127.0.77.82');
        const afterAttempts = upstreamsOf('127.0.77.82').attempts;
        figure(
          'requests before the first 429 once Redis was back (another address)',
          `${after.allowed} (${afterAttempts} attempts)`,
        );
        expect(
          after.allowed <= REQUEST_BUDGET + BUDGET_TOLERANCE &&
            afterAttempts >= REQUEST_BUDGET - BUDGET_TOLERANCE,
          `after Redis came back, 429 came after ${after.allowed} requests, ${afterAttempts} attempts (budget ${REQUEST_BUDGET})`,
        );
      },
    );

    // --- 7: a new offer reaches search on both API instances -----------------------------------

    await check(
      'cluster: a new offer published by a seller is found by search on both API instances',
      async () => {
        const address = '127.0.77.90';
        const token = await signUpAndLogin(address, `seller.${randomUUID().slice(0, 8)}@example.com`);
        const auth = { authorization: `Bearer ${token}` };
        const api = `${running.publicUrl}/api`;
        const saved = await call(underBase(api, '/v1/property/save'), {
          address,
          method: 'POST',
          headers: auth,
          body: NEW_OFFER,
        });
        const id = (saved.json as { data?: { id?: number } } | null)?.data?.id;
        expect(
          saved.status === 200 && typeof id === 'number',
          `saving the offer answered ${saved.status} ${JSON.stringify(saved.json)}`,
        );
        await uploadPhoto(api, address, token, id as number);
        // The photo counts once the worker has made its variants: publishing answers 422 before.
        let published = 0;
        let publishedAt = 0;
        const deadline = Date.now() + 60_000;
        while (Date.now() < deadline) {
          const answer = await call(underBase(api, `/v1/properties/set-state/${id}`), {
            address,
            method: 'POST',
            headers: auth,
            body: { state: 'active' },
          });
          published = answer.status;
          if (answer.status >= 200 && answer.status < 300) {
            publishedAt = Date.now();
            break;
          }
          await sleep(200);
        }
        expect(publishedAt > 0, `publishing answered ${published} for a minute`);
        const lags = await Promise.all(
          (['api1', 'api2'] as const).map(async (name, i) => {
            while (Date.now() - publishedAt < 30_000) {
              const ids = await searchIdsAt(directApi(name), `127.0.77.${91 + i}`);
              if (ids.includes(id as number)) return { name, ms: Date.now() - publishedAt };
              await sleep(50);
            }
            return { name, ms: Number.NaN };
          }),
        );
        for (const lag of lags) figure(`new offer found by search on ${lag.name} after`, ms(lag.ms));
        expect(
          lags.every((l) => Number.isFinite(l.ms)),
          `not found within 30 s on ${lags
            .filter((l) => !Number.isFinite(l.ms))
            .map((l) => l.name)
            .join(', ')}`,
        );
      },
    );

    // --- 8: Prometheus, one request id through three logs, HTTP/2 --------------------------------

    await check('cluster: Prometheus scrapes every target and answers a query', async () => {
      let targets: Array<{ labels?: { instance?: string }; health?: string; lastError?: string }> = [];
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        const answer = await fetch(`${running.prometheusUrl}/api/v1/targets`);
        targets = ((await answer.json()) as { data: { activeTargets: typeof targets } }).data.activeTargets;
        if (targets.length > 0 && targets.every((t) => t.health === 'up')) break;
        await sleep(1_000);
      }
      figure(
        'Prometheus targets up',
        `${targets.filter((t) => t.health === 'up').length} of ${targets.length}`,
      );
      expect(
        targets.length >= 5 && targets.every((t) => t.health === 'up'),
        `targets: ${targets.map((t) => `${t.labels?.instance} ${t.health} ${t.lastError ?? ''}`).join('; ')}`,
      );
      const query = 'sum by (kind) (increase(estately_http_requests_total[15m]))';
      const answer = await fetch(`${running.prometheusUrl}/api/v1/query?query=${encodeURIComponent(query)}`);
      const body = (await answer.json()) as {
        status: string;
        data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> };
      };
      const rows = body.data.result.map((r) => `${r.metric.kind ?? 'all'} ${Number(r.value[1]).toFixed(0)}`);
      figure(
        'requests in the last 15 min by kind of instance (Prometheus, increase())',
        rows.join(', ') || '-',
      );
      expect(
        body.status === 'success' && body.data.result.length > 0,
        `query answered ${JSON.stringify(body).slice(0, 200)}`,
      );
    });

    await check(
      "cluster: one request id in nginx's access log, a web instance's log and an API instance's log",
      async () => {
        const filters = parseFilters({ offer_type: 'sale', property_type: 'apartment', country_code: 'CZ' });
        expect(filters.success, 'the filters of the page do not parse');
        const path = composeSearchPath('en', filters.data);
        const agent = agentFor(running.publicUrl, { localAddress: '127.0.77.95', ca });
        const answer = await exchange(
          agent,
          new URL(path, running.publicUrl),
          'GET',
          { accept: 'text/html' },
          undefined,
        );
        agent.destroy();
        // The balancer adds its id to the answer; the web server may name it too (joined by a comma).
        const id =
          String(answer.headers['x-request-id'] ?? '')
            .split(',')[0]
            ?.trim() ?? '';
        expect(
          answer.status === 200 && id.length > 0,
          `the page answered ${answer.status}, request id "${id}"`,
        );
        const places: Record<string, boolean> = { nginx: false, web: false, api: false };
        const deadline = Date.now() + 10_000;
        while (Date.now() < deadline && !Object.values(places).every(Boolean)) {
          places.nginx = findFiles(dir, 'access.log').some((f) =>
            readFileSync(f, 'utf8').includes(`"request_id":"${id}"`),
          );
          places.web = ['web1', 'web2'].some((n) => logHas(instance(n as 'web1').logPath, id));
          places.api = ['api1', 'api2'].some((n) => logHas(instance(n as 'api1').logPath, id));
          if (!Object.values(places).every(Boolean)) await sleep(500);
        }
        figure(
          'request id followed',
          `${id} (${Object.entries(places)
            .map(([k, v]) => `${k} ${v ? 'yes' : 'no'}`)
            .join(', ')})`,
        );
        expect(
          Object.values(places).every(Boolean),
          `not found in: ${Object.keys(places)
            .filter((k) => !places[k])
            .join(', ')}`,
        );
      },
    );

    await check('cluster: HTTP/2 is negotiated on the public listener', async () => {
      const session = http2Connect(running.publicUrl, { ca });
      try {
        const status = await new Promise<number>((resolve, reject) => {
          session.on('error', reject);
          const request = session.request({ ':path': '/', ':method': 'GET' });
          request.on('response', (headers) => resolve(Number(headers[':status'])));
          request.on('error', reject);
          request.resume();
          request.end();
        });
        figure(
          'public listener protocol (ALPN)',
          `${session.alpnProtocol ?? '-'} (GET / answered ${status})`,
        );
        expect(session.alpnProtocol === 'h2', `ALPN ${session.alpnProtocol}`);
        expect(status > 0 && status < 500, `GET / over HTTP/2 answered ${status}`);
      } finally {
        session.close();
      }
    });
  } finally {
    const stopping = performance.now();
    await running.stop().catch((error) => console.log(`stopping the cluster: ${(error as Error).message}`));
    console.log(`cluster stopped in ${((performance.now() - stopping) / 1000).toFixed(1)} s`);
  }
}
if (process.env.RELIABILITY_KEEP_CLUSTER_DIR) console.log(`cluster folder kept: ${dir}`);
else rmSync(dir, { recursive: true, force: true });

finish();

// --- helpers of the checks above ----------------------------------------------------------------

/** Signs an account up and in from `address` (through the balancer unless `api` says else); its access token. */
async function signUpAndLogin(
  address: string,
  email: string,
  api = `${cluster?.publicUrl}/api`,
): Promise<string> {
  const up = await call(underBase(api, '/auth/signup'), {
    address,
    method: 'POST',
    body: { email, password: VISITOR_PASSWORD },
  });
  expect(up.status === 200 || up.status === 201, `sign-up answered ${up.status}`);
  const login = await call(underBase(api, '/auth/login'), {
    address,
    method: 'POST',
    body: { email, password: VISITOR_PASSWORD },
  });
  const token = (login.json as { token?: string } | null)?.token;
  expect(login.status === 200 && typeof token === 'string', `login answered ${login.status}`);
  return token as string;
}

/** The ids of the newest sale flats in Czechia, asked of one API instance. */
async function searchIdsAt(apiUrl: string, address: string): Promise<number[]> {
  const answer = await call(underBase(apiUrl, `${SEARCH}&timestamp=${Date.now()}`), { address });
  if (answer.status !== 200) return [];
  return ((answer.json as { data?: Array<{ id: number }> } | null)?.data ?? []).map((o) => o.id);
}

/**
 * GETs through the balancer from `address`, one after another, until the first 429 (or twice
 * the budget and more): how many were allowed.
 */
async function spendBudget(address: string): Promise<{ allowed: number; serverErrors: number }> {
  const agent = agentFor(
    cluster?.publicUrl ?? '',
    { localAddress: address, ca },
    { keepAlive: true, maxSockets: 4 },
  );
  let allowed = 0;
  let serverErrors = 0;
  try {
    for (let n = 0; n < REQUEST_BUDGET * 2 + 50; n++) {
      const url = underBase(
        `${cluster?.publicUrl}/api`,
        `/public/offers?country_code=CZ&per_page=1&page=${1 + (n % 20)}`,
      );
      const answer = await exchange(agent, url, 'GET', { accept: 'application/json' }, undefined);
      if (answer.status === 429) break;
      if (answer.status >= 500 || answer.status === 0) serverErrors += 1;
      else allowed += 1;
    }
  } finally {
    agent.destroy();
  }
  return { allowed, serverErrors };
}

/**
 * The API instances that answered `address` (nginx's access log), with counts, and the attempts
 * on them before its first 429 (a request tried on both instances is two).
 */
function upstreamsOf(address: string): { spread: Record<string, number>; attempts: number } {
  const counts: Record<string, number> = {};
  let attempts = 0;
  let refused = false;
  for (const file of findFiles(dir, 'access.log')) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.includes(`"remote_addr":"${address}"`)) continue;
      try {
        const entry = JSON.parse(line) as { upstream_addr?: string; uri?: string; status?: number };
        if (!entry.uri?.startsWith('/api/') || !entry.upstream_addr) continue;
        if (entry.status === 429) refused = true;
        // "127.0.0.1:27030, 127.0.0.1:27031", or the upstream's name when none was live.
        if (!refused) attempts += entry.upstream_addr.split(',').filter((a) => a.includes(':')).length;
        const last = entry.upstream_addr.split(',').at(-1)?.trim() ?? '';
        const port = Number(last.split(':').at(-1));
        const name = cluster?.instances.find((i) => i.port === port)?.name ?? last;
        counts[name] = (counts[name] ?? 0) + 1;
      } catch {}
    }
  }
  return { spread: counts, attempts };
}

/** Files named `name` anywhere under `root`. */
function findFiles(root: string, name: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const full = join(root, entry.name);
    if (entry.isDirectory()) {
      // PostgreSQL's and the bucket's folders are large and hold no log of requests.
      if (!/^(pg|postgres|primary|replica|s3|bucket|prometheus-data|data)/.test(entry.name))
        found.push(...findFiles(full, name));
    } else if (entry.name === name) found.push(full);
  }
  return found;
}

function logHas(path: string, text: string): boolean {
  return existsSync(path) && statSync(path).isFile() && readFileSync(path, 'utf8').includes(text);
}

/** A JPEG of a room-like picture (a photo the product accepts: real pixels, a few kB). */
async function photo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#d9c7a3"/><stop offset="1" stop-color="#6b8fb3"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#g)"/><rect x="150" y="300" width="400" height="300" fill="#884"/>
    <circle cx="900" cy="200" r="90" fill="#fe8"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Uploads one photo of the property (multipart, as the editor does) through the balancer. */
async function uploadPhoto(api: string, address: string, token: string, propertyId: number): Promise<void> {
  const boundary = `----estately${randomUUID().replaceAll('-', '')}`;
  const image = await photo();
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="property_id"\r\n\r\n${propertyId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="living-room.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const agent = agentFor(api, { localAddress: address, ca });
  const answer = await exchangeBuffer(
    agent,
    underBase(api, '/v1/property-media/save'),
    {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      accept: 'application/json',
    },
    body,
  );
  agent.destroy();
  expect(
    answer.status >= 200 && answer.status < 300,
    `the photo upload answered ${answer.status} ${answer.text.slice(0, 200)}`,
  );
}

/** A POST with a binary body (exchange() takes text). */
function exchangeBuffer(
  agent: ReturnType<typeof agentFor>,
  url: URL,
  headers: Record<string, string>,
  body: Buffer,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const req = httpsRequest(
      {
        agent: agent as HttpsAgent,
        host: '127.0.0.1',
        servername: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { host: url.host, ...headers, 'content-length': String(body.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', (error) => resolve({ status: 0, text: error.message }));
    req.end(body);
  });
}
