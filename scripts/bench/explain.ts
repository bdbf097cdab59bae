// `node scripts/bench/explain.ts list|facets|total|map|similar|detail [variant] [zoom] [all]`: runs one
// benchmark query through the API's operation function, records the SQL it sends and prints
// EXPLAIN (ANALYZE, BUFFERS) of each statement, to find why a figure of `npm run bench` is
// slow. Uses the benchmark database (DATABASE_URL's server, database estately_bench or
// `--database NAME` after the positional arguments).
import { createPostgres } from '@estately/db';
import pg from 'pg';
import { databaseUrl, flag } from './lib.ts';
import { buildVariants, databaseOperations } from './queries.ts';

interface Captured {
  text: string;
  values: unknown[] | undefined;
}

const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = databaseUrl(server, flag('database') || 'estately_bench');
const kind = process.argv[2] ?? 'list';
const variant = Number(process.argv[3] ?? 0);

// Record every statement the pool's clients send while the operation runs.
const captured: Captured[] = [];
type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const query = pg.Client.prototype.query as unknown as Query;
(pg.Client.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args: unknown[]) {
  const [config, values] = args as [unknown, unknown];
  if (typeof config === 'string') captured.push({ text: config, values: values as unknown[] });
  else if (config && typeof config === 'object' && 'text' in config) {
    const c = config as { text: string; values?: unknown[] };
    captured.push({ text: c.text, values: c.values ?? (values as unknown[]) });
  }
  return query.apply(this, args);
};

const handle = createPostgres(url, undefined, 2);
const variants = await buildVariants(handle.db);
const ops = databaseOperations(handle.readDb);
// map: argv[4] is the zoom (default 8), argv[5] "all" for the unfiltered viewport.
// list, facets and total take the Q1 variants, or Q2's (bbox), Q2's drawn areas and Q3's (25 km)
// with :q2, :q2p, :q3.
const zoom = Number(process.argv[4] ?? 8);
const mapLists = variants.map[zoom];
const params =
  kind === 'map'
    ? ((process.argv[5] === 'all' ? mapLists?.unfiltered : mapLists?.filtered)?.[variant] ?? {})
    : ((kind.endsWith(':q2')
        ? variants.q2
        : kind.endsWith(':q2p')
          ? variants.q2polygon
          : kind.endsWith(':q3')
            ? variants.q3r25
            : variants.q1)[variant] ?? {});
const id = variants.offerIds[variant] ?? 1;
captured.length = 0;
if (kind.startsWith('facets')) await ops.facets(params);
else if (kind.startsWith('total')) await ops.total(params);
else if (kind === 'map') await ops.map(params);
else if (kind === 'similar') await ops.similar(id);
else if (kind === 'detail') await ops.detail(id);
else await ops.list(params);
// The statements that read offers (not the standalone rates or gazetteer lookups).
const statements = captured.filter(
  (c) => /"offers"|offer_count_versions/.test(c.text) && !/^select "currency"/.test(c.text),
);
(pg.Client.prototype as unknown as { query: Query }).query = query;

const client = new pg.Client({ connectionString: url });
await client.connect();
console.log(kind === 'detail' || kind === 'similar' ? `offer ${id}` : JSON.stringify(params));
for (const statement of statements) {
  console.log(`\n---- ${statement.text}\n${JSON.stringify(statement.values ?? [])}`);
  const plan = await client.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${statement.text}`,
    statement.values,
  );
  console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
}
await client.end();
await handle.close();
