// `npm run bench -- --only search`: Q1..Q7 of issue 4 against the seeded PostgreSQL database
// (default estately_bench): database time (the API's operation functions on a pg pool), HTTP
// time at one client (sequential fetch to the API, started as a process of its own), then throughput
// at 16 clients (autocannon in a child process) for the search and the detail endpoint, and
// the API process's RSS and CPU time. Every measurement is bounded in iterations and seconds.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createPostgres } from '@estately/db';
import pg from 'pg';
import { OfferCountCache } from '../../apps/api/src/features/search/count-cache.ts';
import { FacetIndex } from '../../apps/api/src/features/search/facet-index/facet-index.ts';
import { benchApiEnv, freePort, startApiProcess } from './api-process.ts';
import {
  DEFAULT_LIMITS,
  databaseUrl,
  type Figures,
  flag,
  loadLine,
  ms,
  type Timing,
  table,
  timeSequential,
  writeFigures,
} from './lib.ts';
import {
  buildVariants,
  coldQueries,
  databaseOperations,
  freshQueries,
  httpOperations,
  type NamedQuery,
  namedQueries,
  type Operations,
  q9Queries,
  queryString,
  VARIANTS,
} from './queries.ts';
import { startWrites } from './writes.ts';

const WRITES_PER_SECOND = 5;

const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = databaseUrl(server, flag('database') || 'estately_bench');
const loadSeconds = Number(flag('seconds') || 10);
const connections = Number(flag('connections') || 16);
const limits = { ...DEFAULT_LIMITS, maxMs: Number(flag('max-ms') || DEFAULT_LIMITS.maxMs) };

console.log(`Search benchmark on ${url.replace(/\/\/[^@]*@/, '//')} (${loadLine()})`);
const handle = createPostgres(url, undefined, 8);
const figures: Figures = {};
try {
  const variants = await buildVariants(handle.db);
  const queries = namedQueries(variants);
  const results = new Map<string, { db?: Timing; http?: Timing }>();

  // Database time: the operation functions, no HTTP, one caller, with a count cache of their
  // own as the API has; then Q1..Q3 without it (cold).
  // The facet index of the operations, as the API process has one (decision 025), loaded now.
  const index = new FacetIndex();
  await index.warm(handle.readDb);
  const dbOps = databaseOperations(handle.readDb, new OfferCountCache(), index);
  const coldOps = databaseOperations(handle.readDb);
  const cold = coldQueries(variants);
  // Through the index with a new answer cache for every question: nothing asked before.
  const freshOps: Operations = {
    list: (params) => databaseOperations(handle.readDb, new OfferCountCache(), index).list(params),
    facets: (params, groups) =>
      databaseOperations(handle.readDb, new OfferCountCache(), index).facets(params, groups),
    total: (params) => databaseOperations(handle.readDb, new OfferCountCache(), index).total(params),
    map: (params) => databaseOperations(handle.readDb, new OfferCountCache(), index).map(params),
    detail: (id) => coldOps.detail(id),
    similar: (id) => coldOps.similar(id),
  };
  const fresh = freshQueries(variants);
  for (const [query, ops] of [
    ...queries.map((q) => [q, dbOps] as const),
    ...cold.map((q) => [q, coldOps] as const),
    ...fresh.map((q) => [q, freshOps] as const),
  ]) {
    if (ops === dbOps) await warmPass(query, ops);
    const timing = await timeSequential((i) => query.run(ops, i), limits);
    results.set(query.name, { db: timing });
    console.log(
      `  db   ${query.name.padEnd(18)} p50 ${ms(timing.p50)} ms  p95 ${ms(timing.p95)} ms  (n ${timing.n})`,
    );
  }

  // HTTP at one client, then throughput, against the API in a process of its own (as it runs
  // in production), so its RSS and CPU are the API's alone.
  const api = await startApiProcess(benchApiEnv(url, await freePort()));
  const cpuBefore = api.cpuSeconds();
  const wallBefore = performance.now();
  try {
    const httpOps = httpOperations(api.url);
    for (const query of queries) {
      await warmPass(query, httpOps);
      const timing = await timeSequential((i) => query.run(httpOps, i), limits);
      const entry = results.get(query.name) ?? {};
      entry.http = timing;
      results.set(query.name, entry);
      console.log(
        `  http ${query.name.padEnd(18)} p50 ${ms(timing.p50)} ms  p95 ${ms(timing.p95)} ms  (n ${timing.n})`,
      );
    }

    // Q9: Q1 and Q2 again, database and HTTP, while prices change at 5 writes a second.
    const q9 = q9Queries(variants);
    const writerPool = new pg.Pool({ connectionString: url, max: 1 });
    const writes = startWrites(writerPool, variants.offerIds, WRITES_PER_SECOND);
    for (const query of q9) {
      const entry: { db?: Timing; http?: Timing } = {};
      entry.db = await timeSequential((i) => query.run(dbOps, i), limits);
      entry.http = await timeSequential((i) => query.run(httpOps, i), limits);
      results.set(query.name, entry);
      console.log(
        `  q9   ${query.name.padEnd(18)} db p50 ${ms(entry.db.p50)} ms  http p50 ${ms(entry.http.p50)} ms`,
      );
    }
    const written = await writes.stop();
    await writerPool.end();
    figures['Q9.writes'] = written.writes;
    figures['Q9.write.p50'] = written.timing.p50;
    console.log(
      `  q9   ${written.writes} price changes (${written.errors} failed), write p50 ${ms(written.timing.p50)} ms, p95 ${ms(written.timing.p95)} ms`,
    );

    console.log(`\nQ1..Q7 at 1 client, ms (${loadLine()})`);
    const rows = [...queries, ...cold, ...fresh, ...q9].map((q) => {
      const r = results.get(q.name) ?? {};
      const cells = [r.db, r.http].flatMap((t) => (t ? [ms(t.p50), ms(t.p95), ms(t.p99)] : ['-', '-', '-']));
      return [q.name, ...cells, String(r.db?.n ?? 0)];
    });
    console.log(
      table(['query', 'db p50', 'db p95', 'db p99', 'http p50', 'http p95', 'http p99', 'n'], rows),
    );
    for (const [name, r] of results) {
      for (const [kind, t] of [
        ['db', r.db],
        ['http', r.http],
      ] as const) {
        if (!t) continue;
        figures[`${name}.${kind}.p50`] = t.p50;
        figures[`${name}.${kind}.p95`] = t.p95;
        figures[`${name}.${kind}.p99`] = t.p99;
      }
    }

    // Throughput at 16 clients: search pages (Q1 variants) and offer details.
    const searchPaths = variants.q1.map((p) => `/public/offers?${queryString(p)}`);
    const detailPaths = variants.offerIds.map((id) => `/public/offers/${id}`);
    const loads: Array<[string, string[]]> = [
      ['search', searchPaths],
      ['detail', detailPaths],
    ];
    const loadRows: string[][] = [];
    for (const [name, paths] of loads) {
      const result = await runLoad({ url: api.url, paths, connections, seconds: loadSeconds });
      // Requests the load generator gave up on at its deadline may still be queued for the
      // database; one more request waits behind them, so the next measurement starts clean.
      await fetch(`${api.url}${paths[0]}`).then((r) => r.text());
      figures[`load.${name}.rps`] = result.rps;
      figures[`load.${name}.p95`] = result.p95;
      loadRows.push([
        name,
        result.rps.toFixed(0),
        ms(result.p50),
        ms(result.p95),
        ms(result.p99),
        String(result.requests),
        String(result.errors + result.non2xx),
      ]);
    }
    console.log(`\nThroughput, ${connections} clients x ${loadSeconds} s (${loadLine()})`);
    console.log(table(['endpoint', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'requests', 'errors'], loadRows));
  } finally {
    const cpu = api.cpuSeconds() - cpuBefore;
    const wall = performance.now() - wallBefore;
    const rss = api.rssMiB();
    figures['api.rss.mb'] = rss;
    figures['api.cpu.s'] = cpu;
    console.log(
      `\nAPI process (its own, pid ${api.pid}): RSS ${rss.toFixed(0)} MiB after the throughput runs, ` +
        `CPU ${cpu.toFixed(1)} s over ${(wall / 1000).toFixed(0)} s of HTTP tests`,
    );
    await api.close();
  }
} finally {
  await handle.close();
}
figures.load1 = Number(loadLine().split(' ')[2]?.replace(',', ''));
writeFigures('search', figures);

/**
 * Asks every variant of a query once, untimed, so the timed runs measure the answers as the
 * count cache serves questions asked before (the cold rows measure the misses). Bounded by
 * the time limit of one measurement, so a slow query may stay partly cold.
 */
async function warmPass(query: NamedQuery, ops: Operations): Promise<void> {
  const started = performance.now();
  for (let i = 0; i < VARIANTS && performance.now() - started < limits.maxMs; i++) await query.run(ops, i);
}

interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function runLoad(options: {
  url: string;
  paths: string[];
  connections: number;
  seconds: number;
}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(import.meta.dirname, 'load.ts'), JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as LoadResult);
      } catch (error) {
        reject(error);
      }
    });
  });
}
