// `npm run bench -- --only pglite`: Q8 of issue 4, opening an existing embedded (PGlite)
// database, and Q1..Q3 database time on it. The data folder is seeded once by the seed CLI
// (`--pglite-offers N`; 100,000 take about three minutes to generate, 1,000,000 some 25) under /tmp
// and reused by later runs. Every open runs in a fresh process, as a restarted server would.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPglite, migrate } from '@estately/db';
import { sql } from 'drizzle-orm';
import { OfferCountCache } from '../../apps/api/src/features/search/count-cache.ts';
import { FacetIndex } from '../../apps/api/src/features/search/facet-index/facet-index.ts';
import {
  DEFAULT_LIMITS,
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
import { buildVariants, databaseOperations, namedQueries, VARIANTS } from './queries.ts';

const root = join(import.meta.dirname, '..', '..');
// 100,000 (the size) when a run has seeded it before (`--pglite-offers 100000` once),
// else 20,000, which fits the time budget of a first run.
const offers = Number(
  flag('pglite-offers') || (existsSync('/tmp/estately-bench-pglite-100000.seeded') ? 100_000 : 20_000),
);
const dir = `/tmp/estately-bench-pglite-${offers}`;
const done = `${dir}.seeded`;

interface ChildResult {
  openMs: number;
  migrateMs: number;
  firstQueryMs: number;
  rssMb: number;
  queries?: Record<string, Timing>;
}

if (flag('child') !== undefined) {
  const started = performance.now();
  const handle = await createPglite(dir);
  const opened = performance.now();
  await migrate(handle);
  const migrated = performance.now();
  await handle.db.execute(sql`select id from offers order by activated_at desc nulls last limit 25`);
  const result: ChildResult = {
    openMs: opened - started,
    migrateMs: migrated - opened,
    firstQueryMs: performance.now() - migrated,
    rssMb: 0,
  };
  if (flag('queries') !== undefined) {
    const variants = await buildVariants(handle.db);
    // With the count cache and the facet index, as the API on PGlite answers (the index loaded
    // first, as the API does at start).
    const index = new FacetIndex();
    await index.warm(handle.db);
    const ops = databaseOperations(handle.db, new OfferCountCache(), index);
    result.queries = {};
    for (const query of namedQueries(variants).filter((q) => /^Q[1-3]/.test(q.name))) {
      // Every variant asked once first, as in the search step: the timed runs are served as
      // the count cache serves a question asked before.
      const warmStarted = performance.now();
      for (let i = 0; i < VARIANTS && performance.now() - warmStarted < DEFAULT_LIMITS.maxMs; i++)
        await query.run(ops, i);
      result.queries[query.name] = await timeSequential((i) => query.run(ops, i), DEFAULT_LIMITS);
    }
  }
  result.rssMb = process.memoryUsage().rss / 2 ** 20;
  await handle.close();
  console.log(JSON.stringify(result));
  process.exit(0);
}

if (!existsSync(done) || flag('reseed') !== undefined) {
  console.log(`Seeding PGlite with ${offers} offers into ${dir} (once; reused by later runs)...`);
  rmSync(dir, { recursive: true, force: true });
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const seeded = spawnSync(
    process.execPath,
    [
      join(root, 'packages/db/src/cli/seed.ts'),
      '--offers',
      String(offers),
      '--method',
      'copy',
      '--data-dir',
      dir,
      '--media-dir',
      '/tmp/estately-bench-media',
    ],
    { cwd: root, env, stdio: 'inherit' },
  );
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
  writeFileSync(done, new Date().toISOString());
}

function child(extra: string[]): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      [import.meta.filename, '--child', '--pglite-offers', String(offers), ...extra],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    proc.on('error', reject);
    proc.on('close', (code) => {
      if (code !== 0) return reject(new Error(`PGlite child exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as ChildResult);
    });
  });
}

console.log(`PGlite with ${offers} offers at ${dir} (${loadLine()})`);
const opens: ChildResult[] = [];
for (let i = 0; i < 3; i++) opens.push(await child([]));
const withQueries = await child(['--queries']);
opens.push(withQueries);

const openTotal = summarize(opens.map((o) => o.openMs + o.migrateMs + o.firstQueryMs));
console.log(
  table(
    ['open #', 'open ms', 'migrate ms', 'first query ms', 'total ms'],
    opens.map((o, i) => [
      String(i + 1),
      ms(o.openMs),
      ms(o.migrateMs),
      ms(o.firstQueryMs),
      ms(o.openMs + o.migrateMs + o.firstQueryMs),
    ]),
  ),
);
const figures: Figures = {
  'pglite.offers': offers,
  'pglite.open.p50': openTotal.p50,
  'pglite.open.max': Math.max(...opens.map((o) => o.openMs + o.migrateMs + o.firstQueryMs)),
  'pglite.rss.mb': withQueries.rssMb,
};
console.log(
  `\nQ1..Q3 database time on PGlite (${offers} offers), ms; process RSS ${withQueries.rssMb.toFixed(0)} MiB`,
);
const rows: string[][] = [];
for (const [name, t] of Object.entries(withQueries.queries ?? {})) {
  rows.push([name, ms(t.p50), ms(t.p95), ms(t.p99), String(t.n)]);
  figures[`pglite.${name}.p50`] = t.p50;
  figures[`pglite.${name}.p95`] = t.p95;
}
console.log(table(['query', 'p50', 'p95', 'p99', 'n'], rows));
// 1M offers answer the memory goal; smaller sizes the query goals. Each keeps its own figures.
writeFigures(offers >= 1_000_000 ? 'pglite-1m' : 'pglite', figures);
