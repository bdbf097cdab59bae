// `npm run bench -- --growth N`: the search benchmark at two sizes side by side in one run, so
// the growth curve of docs/deploy.md rests on measurement. The base database (`--database`,
// default estately_bench, `--offers` when it has to be seeded, default 1,000,000) is reused when
// it holds offers, as the seed step does; the grown one (`--growth-database`, default the base's
// name with the size, e.g. estately_bench_5m) is reused when it holds exactly N properties,
// else seeded with N. `--reseed` seeds both. Each size is then measured in a process of its own
// (scripts/bench/growth-probe.ts): seeding time, database size, the facet index's memory as an
// API instance holds it, Q1-Q3 database and HTTP time, the API's RSS.
//
// The seeding time is kept with the database (COMMENT ON DATABASE), so a run that reuses a
// database still prints what seeding it took.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import {
  grownDatabaseName,
  readSeedingNote,
  reuses,
  type Seeding,
  seedingNote,
  sizeLabel,
} from './growth-plan.ts';
import { databaseUrl, type Figures, flag, loadLine, ms, table, writeFigures } from './lib.ts';
import { GROWTH_QUERIES } from './queries.ts';

const root = join(import.meta.dirname, '../..');
const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const reseed = process.argv.includes('--reseed');

function wholeNumber(name: string, fallback?: number): number {
  const text = flag(name);
  if ((text === undefined || text === '') && fallback !== undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} takes a whole number of offers (e.g. --${name} 5000000), got "${text ?? ''}"`);
    process.exit(2);
  }
  return value;
}

const grownOffers = wholeNumber('growth');
const baseOffers = wholeNumber('offers', 1_000_000);
const baseDatabase = flag('database') || 'estately_bench';
let grownDatabase: string;
try {
  grownDatabase = grownDatabaseName(baseDatabase, grownOffers, flag('growth-database'));
} catch (error) {
  console.error(`--growth-database: ${(error as Error).message}`);
  process.exit(2);
}

interface Size {
  database: string;
  seeding: Seeding | undefined;
  /** Whether this run seeded it. */
  seeded: boolean;
  figures: Figures;
}

/** Properties in `database` (0 when it is missing or empty) and the seeding kept with it. */
async function inspect(database: string): Promise<{ properties: number; seeding: Seeding | undefined }> {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  let seeding: Seeding | undefined;
  try {
    const result = await admin.query<{ note: string | null }>(
      `select shobj_description(oid, 'pg_database') as note from pg_database where datname = $1`,
      [database],
    );
    if (result.rows.length === 0) return { properties: 0, seeding: undefined };
    seeding = readSeedingNote(result.rows[0]?.note);
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ connectionString: databaseUrl(server, database) });
  try {
    await client.connect();
    const result = await client.query<{ n: string }>('select count(*) as n from properties');
    return { properties: Number(result.rows[0]?.n ?? 0), seeding };
  } catch {
    return { properties: 0, seeding };
  } finally {
    await client.end().catch(() => {});
  }
}

function seedCli(args: string[]): boolean {
  const result = spawnSync(process.execPath, [join(root, 'packages/db/src/cli/bench-seed.ts'), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: server },
    stdio: 'inherit',
  });
  return result.status === 0;
}

/**
 * Reuses `database` when it may (any offers for the base, exactly `offers` properties for the
 * grown one), bringing it to the current migrations as the seed step does; else seeds it and
 * notes the time on the database.
 */
async function ensureSeeded(database: string, offers: number, anySize: boolean): Promise<Size> {
  const found = await inspect(database);
  if (reuses({ properties: found.properties, wanted: offers, anySize, reseed })) {
    console.log(
      `\n--- growth: ${database} holds ${found.properties} properties; reused (--reseed to regenerate)`,
    );
    if (!seedCli(['--prepare', '--database', database])) throw new Error(`preparing ${database} failed`);
    return { database, seeding: found.seeding, seeded: false, figures: {} };
  }
  console.log(`\n--- growth: seeding ${database} with ${offers} offers`);
  const started = performance.now();
  // The seed step's other options (generator seed, photo files, media folder) apply to both sizes.
  const passed = ['seed', 'photos', 'media-dir'].flatMap((name) => {
    const value = flag(name);
    return value ? [`--${name}`, value] : [];
  });
  if (!seedCli(['--offers', String(offers), '--database', database, ...passed]))
    throw new Error(`seeding ${database} failed`);
  const seeding = { seconds: (performance.now() - started) / 1000, at: new Date().toISOString() };
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    // COMMENT takes a literal, not a parameter; the JSON holds a number and an ISO time only.
    await admin.query(`comment on database "${database}" is '${seedingNote(seeding)}'`);
  } finally {
    await admin.end();
  }
  return { database, seeding, seeded: true, figures: {} };
}

/** growth-probe.ts for `database` in a process of its own; its figures are its last line. */
function probe(database: string): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--expose-gc',
        join(import.meta.dirname, 'growth-probe.ts'),
        '--database',
        database,
        ...(flag('max-ms') ? ['--max-ms', flag('max-ms') as string] : []),
      ],
      { cwd: root, env: { ...process.env, DATABASE_URL: server }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let last = '';
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('{')) last = line;
        else console.log(line);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (pending.startsWith('{')) last = pending;
      if (code !== 0) return reject(new Error(`growth-probe.ts for ${database} exited with ${code}`));
      try {
        resolve(JSON.parse(last) as Figures);
      } catch (error) {
        reject(error);
      }
    });
  });
}

const MIB = 2 ** 20;
const whole = (value: number | undefined) =>
  value === undefined || !Number.isFinite(value) ? '-' : Math.round(value).toLocaleString('en');
const size = (bytes: number | undefined) =>
  bytes === undefined || !Number.isFinite(bytes)
    ? '-'
    : bytes >= 2 ** 30
      ? `${(bytes / 2 ** 30).toFixed(2)} GiB`
      : `${(bytes / MIB).toFixed(0)} MiB`;
const pair = (f: Figures, key: string) =>
  `${ms(f[`${key}.p50`] ?? Number.NaN)} / ${ms(f[`${key}.p95`] ?? Number.NaN)}`;
const ratio = (a: number | undefined, b: number | undefined) =>
  a && b && Number.isFinite(a) && Number.isFinite(b) ? `${(b / a).toFixed(2)}x` : '';

console.log(`Growth: ${baseDatabase} beside ${grownDatabase} (${grownOffers} offers; ${loadLine()})`);
const base = await ensureSeeded(baseDatabase, baseOffers, true);
const grown = await ensureSeeded(grownDatabase, grownOffers, false);
// Both measured after both are seeded, one right after the other, on the machine as it is now.
for (const one of [base, grown]) {
  console.log(`\n--- growth: measuring ${one.database} (${loadLine()})`);
  one.figures = await probe(one.database);
}

const b = base.figures;
const g = grown.figures;
const seeded = (one: Size) =>
  one.seeding
    ? `${one.seeding.seconds.toFixed(0)} s${one.seeded ? '' : ` (${one.seeding.at.slice(0, 10)})`}`
    : 'not noted';
const rows: string[][] = [
  ['properties', whole(b.properties), whole(g.properties), ratio(b.properties, g.properties)],
  ['public offers', whole(b.offers), whole(g.offers), ratio(b.offers, g.offers)],
  [
    'seeding (COPY, indexes, CLUSTER, VACUUM)',
    seeded(base),
    seeded(grown),
    ratio(base.seeding?.seconds, grown.seeding?.seconds),
  ],
  [
    'database size (pg_database_size)',
    size(b['db.bytes']),
    size(g['db.bytes']),
    ratio(b['db.bytes'], g['db.bytes']),
  ],
  [
    'offers table with its indexes',
    size(b['db.offers.bytes']),
    size(g['db.offers.bytes']),
    ratio(b['db.offers.bytes'], g['db.offers.bytes']),
  ],
  [
    'database bytes a public offer',
    whole((b['db.bytes'] ?? Number.NaN) / (b.offers ?? Number.NaN)),
    whole((g['db.bytes'] ?? Number.NaN) / (g.offers ?? Number.NaN)),
    '',
  ],
  [
    'facet index: offers held',
    whole(b['index.offers']),
    whole(g['index.offers']),
    ratio(b['index.offers'], g['index.offers']),
  ],
  [
    'facet index: load, s',
    (b['index.load.s'] ?? Number.NaN).toFixed(1),
    (g['index.load.s'] ?? Number.NaN).toFixed(1),
    ratio(b['index.load.s'], g['index.load.s']),
  ],
  [
    'facet index: heap + array buffers, MiB',
    (b['index.mb'] ?? Number.NaN).toFixed(1),
    (g['index.mb'] ?? Number.NaN).toFixed(1),
    ratio(b['index.mb'], g['index.mb']),
  ],
  [
    'facet index: bytes an offer',
    (b['index.bytes.per.offer'] ?? Number.NaN).toFixed(1),
    (g['index.bytes.per.offer'] ?? Number.NaN).toFixed(1),
    '',
  ],
  [
    'facet index: RSS growth, MiB',
    whole(b['index.rss.mb']),
    whole(g['index.rss.mb']),
    ratio(b['index.rss.mb'], g['index.rss.mb']),
  ],
  [
    'API instance: ready after (index loaded), s',
    (b['api.ready.s'] ?? Number.NaN).toFixed(1),
    (g['api.ready.s'] ?? Number.NaN).toFixed(1),
    ratio(b['api.ready.s'], g['api.ready.s']),
  ],
  [
    'API instance: RSS when ready, MiB',
    whole(b['api.ready.rss.mb']),
    whole(g['api.ready.rss.mb']),
    ratio(b['api.ready.rss.mb'], g['api.ready.rss.mb']),
  ],
  [
    'API instance: RSS after Q1-Q3 over HTTP, MiB',
    whole(b['api.rss.mb']),
    whole(g['api.rss.mb']),
    ratio(b['api.rss.mb'], g['api.rss.mb']),
  ],
];
for (const query of GROWTH_QUERIES) {
  for (const [kind, what] of [
    ['kept', 'db, answers kept'],
    ['fresh', 'db, index, nothing kept'],
    ['cold', 'db, plain SQL'],
    ['http', 'HTTP, 1 client'],
  ] as const) {
    const key = `${query}.${kind}`;
    rows.push([
      `${query} ${what}, p50 / p95 ms`,
      pair(b, key),
      pair(g, key),
      ratio(b[`${key}.p50`], g[`${key}.p50`]),
    ]);
  }
}
console.log(`\n=== growth: ${baseDatabase} beside ${grownDatabase} (${loadLine()})`);
const heading = (one: Size, offers: number) =>
  `${sizeLabel(one.figures.properties || offers)} (${one.database})`;
console.log(table(['figure', heading(base, baseOffers), heading(grown, grownOffers), 'ratio'], rows));

const figures: Figures = {};
for (const [prefix, one] of [
  ['base', base],
  ['grown', grown],
] as const) {
  for (const [key, value] of Object.entries(one.figures)) figures[`${prefix}.${key}`] = value;
  if (one.seeding) figures[`${prefix}.seed.s`] = one.seeding.seconds;
}
writeFigures('growth', figures);
