// `npm run bench -- --only sphinx`: the search-engine peer of issue 4, Sphinx (Debian package
// `sphinxsearch`, installed here with apt-get when missing). The indexer reads the public
// offers of the benchmark database straight from PostgreSQL; searchd answers SphinxQL over the
// MySQL protocol on 127.0.0.1, asked through the npm client mysql2. Q1 (type, country, price
// range, newest first, 25 a page, total, three facet groups) and Q3 at 25 km are timed with
// the same variants as the read model; the goals table compares Q1 with the read model's Q1
// without its count cache. searchd is stopped at the end.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createPostgres } from '@estately/db';
import mysql from 'mysql2/promise';
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
import { buildVariants } from './queries.ts';

const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = flag('database') || 'estately_bench';
const url = new URL(databaseUrl(server, database));
const limits = { ...DEFAULT_LIMITS, maxMs: Number(flag('max-ms') || DEFAULT_LIMITS.maxMs) };
const dir = '/tmp/estately-sphinx';
const port = 9306;

function sh(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

if (!existsSync('/usr/bin/indexer') || !existsSync('/usr/bin/searchd')) {
  console.log('Installing sphinxsearch (apt-get)...');
  sh('apt-get', ['install', '-y', '-q', 'sphinxsearch']);
}

// Codes instead of strings for the equality filters (integer attributes filter fastest);
// the facet columns stay strings, which FACET groups on.
const countryCode = (code: string) => code.charCodeAt(0) * 256 + code.charCodeAt(1);
const offerTypeCode = (value: string) => (value === 'sale' ? 1 : 2);
const propertyTypeCode = (value: string) => (value === 'apartment' ? 1 : 2);

mkdirSync(dir, { recursive: true });
const config = `
source offers
{
  type = pgsql
  sql_host = ${url.hostname}
  sql_port = ${url.port || 5432}
  sql_user = ${decodeURIComponent(url.username) || 'postgres'}
  sql_pass = ${decodeURIComponent(url.password)}
  sql_db = ${database}
  sql_query = \\
    select id, 'offer' as body, \\
      case offer_type when 'sale' then 1 else 2 end as offer_type, \\
      case property_type when 'apartment' then 1 else 2 end as property_type, \\
      ascii(substr(country_code, 1, 1)) * 256 + ascii(substr(country_code, 2, 1)) as country, \\
      coalesce(price_normalized, 0) as price_normalized, \\
      extract(epoch from activated_at)::bigint as activated_at, \\
      coalesce(disposition, '') as disposition, coalesce(ownership, '') as ownership, \\
      coalesce(type_of_building, '') as type_of_building, \\
      radians(latitude) as lat, radians(longitude) as lng \\
    from offers where is_public
  sql_attr_uint = offer_type
  sql_attr_uint = property_type
  sql_attr_uint = country
  sql_attr_float = price_normalized
  sql_attr_bigint = activated_at
  sql_attr_string = disposition
  sql_attr_string = ownership
  sql_attr_string = type_of_building
  sql_attr_float = lat
  sql_attr_float = lng
}

index offers
{
  source = offers
  path = ${dir}/offers
}

indexer
{
  mem_limit = 512M
}

searchd
{
  listen = 127.0.0.1:${port}:mysql41
  log = ${dir}/searchd.log
  query_log = ${dir}/query.log
  pid_file = ${dir}/searchd.pid
  binlog_path =
  workers = threads
}
`;
const configPath = `${dir}/sphinx.conf`;
writeFileSync(configPath, config);

const handle = createPostgres(url.toString(), undefined, 2);
const variants = await buildVariants(handle.db);
await handle.close();

console.log(`Sphinx peer: indexing the public offers of ${database} (${loadLine()})`);
// A searchd left over from an interrupted run would hold the port and the index files.
spawnSync('searchd', ['--config', configPath, '--stopwait'], { stdio: 'ignore' });
const indexStarted = performance.now();
sh('indexer', ['--config', configPath, '--all', '--quiet']);
const indexSeconds = (performance.now() - indexStarted) / 1000;
sh('searchd', ['--config', configPath]);

const figures: Figures = { 'sphinx.index.s': indexSeconds };
const rows: string[][] = [];
try {
  const connection = await mysql.createConnection({ host: '127.0.0.1', port, multipleStatements: true });
  try {
    const [[count]] = (await connection.query('SELECT COUNT(*) AS n FROM offers')) as unknown as [
      Array<{ n: number }>,
    ];
    figures['sphinx.offers'] = Number(count?.n ?? 0);
    type Params = Record<string, string>;
    const at = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;
    const where = (p: Params) =>
      `offer_type = ${offerTypeCode(p.offer_type ?? '')} AND property_type = ${propertyTypeCode(p.property_type ?? '')}` +
      ` AND country = ${countryCode(p.country_code ?? 'CZ')}` +
      ` AND price_normalized >= ${Number(p.price_from).toFixed(1)} AND price_normalized <= ${Number(p.price_to).toFixed(1)}`;
    // The page, its facets and the total (SHOW META) in one round trip.
    const facets = 'FACET disposition FACET ownership FACET type_of_building; SHOW META';
    const q1 = (i: number) =>
      connection.query(
        `SELECT id FROM offers WHERE ${where(at(variants.q1, i))} ORDER BY activated_at DESC LIMIT 25 ${facets}`,
      );
    const q3 = (i: number) => {
      const p = at(variants.q3r25, i);
      const lat = (Number(p.lat) * Math.PI) / 180;
      const lng = (Number(p.lng) * Math.PI) / 180;
      return connection.query(
        `SELECT id, GEODIST(lat, lng, ${lat}, ${lng}) AS distance FROM offers WHERE ${where(p)} AND distance <= 25000.0 ORDER BY activated_at DESC LIMIT 25 ${facets}`,
      );
    };
    for (const [name, run] of [
      ['Q1', q1],
      ['Q3 25 km', q3],
    ] as const) {
      const timing = await timeSequential(async (i) => run(i), limits);
      figures[`sphinx.${name}.p50`] = timing.p50;
      figures[`sphinx.${name}.p95`] = timing.p95;
      rows.push([name, ms(timing.p50), ms(timing.p95), ms(timing.p99), String(timing.n)]);
    }
  } finally {
    await connection.end();
  }
} finally {
  spawnSync('searchd', ['--config', configPath, '--stopwait'], { stdio: 'ignore' });
}
console.log(
  `\nSphinx, ${figures['sphinx.offers']} offers indexed in ${indexSeconds.toFixed(0)} s, ms (${loadLine()})`,
);
console.log(table(['query', 'p50', 'p95', 'p99', 'n'], rows));
writeFigures('sphinx', figures);
