// `npm run bench` (seed part): generates 1,000,000 offers into a dedicated, freshly created
// PostgreSQL database (default estately_bench) on the server of DATABASE_URL, by COPY, and
// prints the elapsed time and rows per second (DESIGN 7: performance is measured by a
// benchmark command with figures). Memory stays bounded: offers stream in batches.
import pg from 'pg';
import { createPostgres } from '../client.ts';
import { migrate } from '../migrate.ts';
import { seed } from '../seed/index.ts';
import { LocalMediaStorage } from '../storage/local-storage.ts';
import { cliArgs, positiveInt } from './args.ts';

const args = cliArgs();
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error(
    'DATABASE_URL must point at a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres).',
  );
  process.exit(2);
}
const offers = positiveInt(args.offers, 'offers', 1_000_000);
const database = args.database ?? 'estately_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(database)) {
  console.error('--database must be a lower-case identifier');
  process.exit(2);
}

const url = new URL(adminUrl);
url.pathname = `/${database}`;

/**
 * Orders the offers table by location (CLUSTER on the GiST index) and refreshes its visibility
 * map and statistics: a viewport's offers then sit on a few neighbouring pages, and the count
 * index answers without visiting the table (docs/decisions/012). Done once after the load, and
 * for a database seeded before this step existed (`--prepare`). Later writes are not kept in
 * order; production would repeat it in a maintenance window (or use pg_repack).
 */
async function prepare(handle: ReturnType<typeof createPostgres>): Promise<void> {
  const [state] = await handle.query<{ clustered: boolean }>(
    `select coalesce(bool_or(x.indisclustered), false) as clustered
       from pg_index x join pg_class c on c.oid = x.indexrelid where c.relname = 'offers_location_gist'`,
  );
  const started = performance.now();
  if (!state?.clustered) {
    // One statement string, so the setting and the CLUSTER share a pooled connection.
    await handle.exec("SET maintenance_work_mem = '512MB'; CLUSTER offers USING offers_location_gist");
    console.log(`CLUSTER offers by location: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  await handle.exec('VACUUM ANALYZE offers, offer_map_cells, offer_facet_counts, offer_count_versions');
  console.log(`Prepared ${database}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (args.prepare) {
  const handle = createPostgres(url.toString(), undefined, 1);
  try {
    await migrate(handle);
    await prepare(handle);
  } finally {
    await handle.close();
  }
  process.exit(0);
}

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
try {
  await admin.query(`drop database if exists "${database}" with (force)`);
  await admin.query(`create database "${database}"`);
} finally {
  await admin.end();
}
const handle = createPostgres(url.toString(), undefined, 4);
try {
  await migrate(handle);
  const started = performance.now();
  let lastPrint = 0;
  const result = await seed({
    handle,
    storage: new LocalMediaStorage({ root: args['media-dir'] ?? process.env.MEDIA_DIR }),
    offers,
    seed: args.seed ?? 'estately',
    ...(args.photos === undefined ? {} : { photos: positiveInt(args.photos, 'photos', 240) }),
    method: 'copy',
    skipTriggers: args['skip-triggers'],
    deferIndexes: true,
    onProgress: ({ phase, done, total }) => {
      const now = performance.now();
      if (done === total || now - lastPrint > 10_000) {
        lastPrint = now;
        const rss = Math.round(process.memoryUsage().rss / 2 ** 20);
        console.log(
          `${((now - started) / 1000).toFixed(0).padStart(5)} s  ${phase} ${done}/${total}  (rss ${rss} MiB)`,
        );
      }
    },
  });
  const rows = Object.values(result.counts).reduce((s, n) => s + n, 0);
  const offersMs = result.timings.offers ?? result.elapsedMs;
  console.log(
    `Database ${database}: ${offers} properties, ${result.activeOffers} active offers, ${rows} rows in all.`,
  );
  console.log(
    'Rows:',
    Object.entries(result.counts)
      .map(([t, n]) => `${t} ${n}`)
      .join(', '),
  );
  console.log(
    'Timings (ms):',
    Object.entries(result.timings)
      .map(([t, n]) => `${t} ${n}`)
      .join(', '),
  );
  console.log(
    `Offers phase: ${(offersMs / 1000).toFixed(1)} s, ${Math.round(offers / (offersMs / 1000))} properties/s, ` +
      `${Math.round(((result.counts.properties ?? 0) + (result.counts.offers ?? 0) + (result.counts.property_media ?? 0) + (result.counts.price_history ?? 0)) / (offersMs / 1000))} rows/s.`,
  );
  console.log(
    `Total: ${(result.elapsedMs / 1000).toFixed(1)} s, ${Math.round(rows / (result.elapsedMs / 1000))} rows/s.`,
  );
  await prepare(handle);
} finally {
  // The database stays for the search benchmark; the next run recreates it.
  await handle.close();
}
