// One size of `npm run bench -- --growth N` (scripts/bench/growth.ts), in a process of its own
// started with --expose-gc, so the memory the facet index takes is this process's growth alone:
// the database's size, the index loaded as an API instance loads it at start (its heap and array
// buffers after a full collection, and the RSS growth), Q1-Q3 database time (answers kept, the
// index with nothing kept, plain SQL), then the API in a process of its own: when it is ready,
// its RSS, and Q1-Q3 over HTTP at one client. The figures are printed as one JSON line last.
//
//   node --expose-gc scripts/bench/growth-probe.ts --database NAME [--max-ms MS] [--ready-seconds S]
import { createPostgres } from '@estately/db';
import { OfferCountCache } from '../../apps/api/src/features/search/count-cache.ts';
import { FacetIndex } from '../../apps/api/src/features/search/facet-index/facet-index.ts';
import { benchApiEnv, freePort, startApiProcess } from './api-process.ts';
import { DEFAULT_LIMITS, databaseUrl, type Figures, flag, ms, timeSequential } from './lib.ts';
import {
  buildVariants,
  coldQueries,
  databaseOperations,
  freshQueries,
  GROWTH_QUERIES,
  httpOperations,
  type NamedQuery,
  namedQueries,
  type Operations,
  VARIANTS,
} from './queries.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error('growth-probe.ts needs node --expose-gc (the index is measured after a full collection)');
  process.exit(2);
}
const collect = gc;
const database = flag('database');
if (!database) {
  console.error('growth-probe.ts: --database NAME');
  process.exit(2);
}
const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = databaseUrl(server, database);
const limits = { ...DEFAULT_LIMITS, maxMs: Number(flag('max-ms') || DEFAULT_LIMITS.maxMs) };
const readySeconds = Number(flag('ready-seconds') || 900);
const MIB = 2 ** 20;
const figures: Figures = {};

/** The memory an object graph of typed arrays takes: V8's heap plus the buffers outside it. */
function held(): { heap: number; buffers: number; rss: number } {
  collect();
  collect();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed, buffers: usage.external + usage.arrayBuffers, rss: usage.rss };
}

const handle = createPostgres(url, undefined, 4);
try {
  const [counts] = await handle.query<{
    properties: string;
    offers: string;
    database: string;
    offers_bytes: string;
  }>(
    `select (select count(*) from properties) as properties, (select count(*) from offers) as offers,
            pg_database_size(current_database()) as database,
            pg_total_relation_size('offers') as offers_bytes`,
  );
  figures.properties = Number(counts?.properties);
  figures.offers = Number(counts?.offers);
  figures['db.bytes'] = Number(counts?.database);
  figures['db.offers.bytes'] = Number(counts?.offers_bytes);
  console.log(
    `  ${database}: ${figures.properties} properties, ${figures.offers} public offers; database ` +
      `${(figures['db.bytes'] / MIB).toFixed(0)} MiB, offers with its indexes ${(figures['db.offers.bytes'] / MIB).toFixed(0)} MiB`,
  );

  // The index as an API instance holds it: every partition loaded at start (decision 025).
  const before = held();
  const index = new FacetIndex();
  const warmStarted = performance.now();
  await index.warm(handle.readDb);
  figures['index.load.s'] = (performance.now() - warmStarted) / 1000;
  const after = held();
  figures['index.offers'] = index.offers;
  figures['index.heap.mb'] = (after.heap - before.heap) / MIB;
  figures['index.buffers.mb'] = (after.buffers - before.buffers) / MIB;
  figures['index.mb'] = figures['index.heap.mb'] + figures['index.buffers.mb'];
  figures['index.rss.mb'] = (after.rss - before.rss) / MIB;
  figures['index.bytes.per.offer'] =
    index.offers > 0 ? (figures['index.mb'] * MIB) / index.offers : Number.NaN;
  console.log(
    `  facet index: ${index.offers} offers in ${figures['index.load.s'].toFixed(1)} s; heap ` +
      `${figures['index.heap.mb'].toFixed(1)} + array buffers ${figures['index.buffers.mb'].toFixed(1)} MiB ` +
      `(${figures['index.bytes.per.offer'].toFixed(1)} bytes an offer), RSS +${figures['index.rss.mb'].toFixed(0)} MiB`,
  );

  const variants = await buildVariants(handle.db);
  const pick = (queries: NamedQuery[], suffix: string) =>
    queries.filter((q) => (GROWTH_QUERIES as readonly string[]).includes(q.name.replace(suffix, '')));
  const kept = databaseOperations(handle.readDb, new OfferCountCache(), index);
  const cold = databaseOperations(handle.readDb);
  // Through the index with a new answer cache for every question: nothing asked before (Q1-Q3
  // ask only for a page and facets).
  const freshOps: Operations = {
    ...cold,
    list: (params) => databaseOperations(handle.readDb, new OfferCountCache(), index).list(params),
    facets: (params, groups) =>
      databaseOperations(handle.readDb, new OfferCountCache(), index).facets(params, groups),
  };
  const runs: Array<[NamedQuery, Operations, string]> = [
    ...pick(namedQueries(variants), '').map((q): [NamedQuery, Operations, string] => [q, kept, 'kept']),
    ...pick(freshQueries(variants), ' fresh').map((q): [NamedQuery, Operations, string] => [
      q,
      freshOps,
      'fresh',
    ]),
    ...pick(coldQueries(variants), ' cold').map((q): [NamedQuery, Operations, string] => [q, cold, 'cold']),
  ];
  for (const [query, ops, kind] of runs) {
    // Answers kept are measured as the API serves a question asked before: every variant once.
    if (kind === 'kept') await warmPass(query, ops);
    const timing = await timeSequential((i) => query.run(ops, i), limits);
    const name = query.name.replace(/ (fresh|cold)$/, '');
    figures[`${name}.${kind}.p50`] = timing.p50;
    figures[`${name}.${kind}.p95`] = timing.p95;
    console.log(
      `  db   ${`${name} ${kind}`.padEnd(18)} p50 ${ms(timing.p50)} ms  p95 ${ms(timing.p95)} ms  (n ${timing.n})`,
    );
  }

  // The API as an instance runs it: its own process, its own index, production settings.
  const api = await startApiProcess(benchApiEnv(url, await freePort()), readySeconds);
  try {
    figures['api.ready.s'] = api.readySeconds;
    figures['api.ready.rss.mb'] = api.rssMiB();
    const http = httpOperations(api.url);
    for (const query of pick(namedQueries(variants), '')) {
      await warmPass(query, http);
      const timing = await timeSequential((i) => query.run(http, i), limits);
      figures[`${query.name}.http.p50`] = timing.p50;
      figures[`${query.name}.http.p95`] = timing.p95;
      console.log(
        `  http ${query.name.padEnd(18)} p50 ${ms(timing.p50)} ms  p95 ${ms(timing.p95)} ms  (n ${timing.n})`,
      );
    }
    figures['api.rss.mb'] = api.rssMiB();
    console.log(
      `  api  RSS ${figures['api.ready.rss.mb'].toFixed(0)} MiB when ready, ${figures['api.rss.mb'].toFixed(0)} MiB after the HTTP runs`,
    );
  } finally {
    await api.close();
  }
} finally {
  await handle.close();
}
console.log(JSON.stringify(figures));

/** Asks every variant once, untimed, bounded by the time limit of one measurement. */
async function warmPass(query: NamedQuery, ops: Operations): Promise<void> {
  const started = performance.now();
  for (let i = 0; i < VARIANTS && performance.now() - started < limits.maxMs; i++) await query.run(ops, i);
}
