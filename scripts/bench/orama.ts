// `npm run bench -- --only orama`: the in-process peer of issue 4, Orama (npm @orama/orama).
// The public offers of the benchmark database are loaded into an Orama index in this
// process (the fields Q1 and Q3 need), then Q1 (type, country, price range, newest first,
// 25 a page, three facet groups) and Q3 (Q1 within 25 km) are timed with the same variants as
// the read model. The goals table compares Q1 with the read model's Q1 without its count
// cache. Loading stops at --orama-offers (default every public offer) or when the heap passes
// --orama-heap-mb (default 6,000), so the machine is never pushed into swap; the size reached
// is printed and recorded.
import { spawnSync } from 'node:child_process';
import { createPostgres } from '@estately/db';
import { create, insertMultiple, search } from '@orama/orama';
import pg from 'pg';
import {
  DEFAULT_LIMITS,
  databaseUrl,
  type Figures,
  flag,
  loadLine,
  ms,
  table,
  timeSequential,
  writeFigures,
} from './lib.ts';
import { buildVariants, VARIANTS } from './queries.ts';

const HEAP_FLAG = '--max-old-space-size=8192';
if (!process.execArgv.some((arg) => arg.startsWith('--max-old-space-size'))) {
  // A million documents need more heap than Node's default: run again with room.
  const child = spawnSync(
    process.execPath,
    [HEAP_FLAG, ...process.execArgv, import.meta.filename, ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  process.exit(child.status ?? 1);
}

const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = databaseUrl(server, flag('database') || 'estately_bench');
const wanted = Number(flag('orama-offers') || 1_000_000);
const heapLimitMb = Number(flag('orama-heap-mb') || 6_000);
// Every one of the 64 variants is timed once at least: they span markets from a few hundred
// offers to a third of the data, and the read model's figures are over all of them too. With
// the 5 s bound alone a peer of ~0.5-0.9 s a query was timed on its first 6-11 variants, and
// its p50 moved with which markets those were.
const limits = {
  ...DEFAULT_LIMITS,
  maxMs: Number(flag('max-ms') || DEFAULT_LIMITS.maxMs),
  minIterations: VARIANTS,
};

const handle = createPostgres(url, undefined, 2);
const variants = await buildVariants(handle.db);
await handle.close();

const db = create({
  schema: {
    offer_type: 'enum',
    property_type: 'enum',
    country_code: 'enum',
    price_normalized: 'number',
    activated_at: 'number',
    disposition: 'enum',
    ownership: 'enum',
    type_of_building: 'enum',
    location: 'geopoint',
  } as const,
});

console.log(`Orama peer: loading up to ${wanted} public offers (${loadLine()})`);
const client = new pg.Client({ connectionString: url });
await client.connect();
const started = performance.now();
let loaded = 0;
let lastId = 0;
let stoppedBy = 'all public offers';
try {
  while (loaded < wanted) {
    const batch = await client.query<{
      id: string;
      offer_type: string;
      property_type: string;
      country_code: string;
      price_normalized: number | null;
      activated_at: Date;
      disposition: string | null;
      ownership: string | null;
      type_of_building: string | null;
      latitude: number;
      longitude: number;
    }>(
      `select id, offer_type, property_type, country_code, price_normalized, activated_at, disposition,
              ownership, type_of_building, latitude, longitude
         from offers where is_public and id > $1 order by id limit $2`,
      [lastId, Math.min(20_000, wanted - loaded)],
    );
    if (batch.rows.length === 0) break;
    const documents = batch.rows.map((row) => ({
      id: String(row.id),
      offer_type: row.offer_type,
      property_type: row.property_type,
      country_code: row.country_code,
      // Orama has no null: a missing value is a missing field.
      ...(row.price_normalized === null ? {} : { price_normalized: Number(row.price_normalized) }),
      activated_at: row.activated_at.getTime(),
      ...(row.disposition === null ? {} : { disposition: row.disposition }),
      ...(row.ownership === null ? {} : { ownership: row.ownership }),
      ...(row.type_of_building === null ? {} : { type_of_building: row.type_of_building }),
      location: { lat: Number(row.latitude), lon: Number(row.longitude) },
    }));
    await insertMultiple(db, documents, 5_000);
    loaded += documents.length;
    lastId = Number(batch.rows[batch.rows.length - 1]?.id);
    const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
    if (loaded % 100_000 < 20_000)
      console.log(
        `  ${loaded} loaded, heap ${heapMb.toFixed(0)} MiB, ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    if (heapMb > heapLimitMb) {
      stoppedBy = `the heap limit of ${heapLimitMb} MiB`;
      break;
    }
  }
  if (loaded >= wanted) stoppedBy = `--orama-offers ${wanted}`;
} finally {
  await client.end();
}
const loadSeconds = (performance.now() - started) / 1000;
const rssMb = process.memoryUsage().rss / 2 ** 20;
console.log(
  `  ${loaded} offers in ${loadSeconds.toFixed(0)} s (stopped by ${stoppedBy}), RSS ${rssMb.toFixed(0)} MiB`,
);

type Params = Record<string, string>;
const at = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;
const where = (p: Params) => ({
  offer_type: { eq: p.offer_type as string },
  property_type: { eq: p.property_type as string },
  country_code: { eq: p.country_code as string },
  price_normalized: { between: [Number(p.price_from), Number(p.price_to)] as [number, number] },
});
const facets = { disposition: {}, ownership: {}, type_of_building: {} };
const q1 = (i: number) =>
  search(db, {
    term: '',
    where: where(at(variants.q1, i)),
    facets,
    sortBy: { property: 'activated_at', order: 'DESC' },
    limit: 25,
  });
const q3 = (i: number) => {
  const p = at(variants.q3r25, i);
  return search(db, {
    term: '',
    where: {
      ...where(p),
      location: {
        radius: { coordinates: { lat: Number(p.lat), lon: Number(p.lng) }, value: 25, unit: 'km' },
      },
    },
    facets,
    sortBy: { property: 'activated_at', order: 'DESC' },
    limit: 25,
  });
};

const figures: Figures = { 'orama.offers': loaded, 'orama.load.s': loadSeconds, 'orama.rss.mb': rssMb };
const rows: string[][] = [];
for (const [name, run] of [
  ['Q1', q1],
  ['Q3 25 km', q3],
] as const) {
  const timing = await timeSequential(async (i) => run(i), limits);
  figures[`orama.${name}.p50`] = timing.p50;
  figures[`orama.${name}.p95`] = timing.p95;
  rows.push([name, ms(timing.p50), ms(timing.p95), ms(timing.p99), String(timing.n)]);
}
console.log(`\nOrama, ${loaded} offers in process, ms (${loadLine()})`);
console.log(table(['query', 'p50', 'p95', 'p99', 'n'], rows));
writeFigures('orama', figures);
