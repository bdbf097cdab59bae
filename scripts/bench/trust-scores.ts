// `npm run bench -- --only trust`: the trust score of every offer computed again (issue 43
// point 3, decision 066) on the benchmark database, as a changed signal table or a first
// deployment needs it: the cities' medians per m² in one statement, then every offer's signals
// in batches by id (a few statements a batch, each batch its own transaction on the pool).
// Prints both times, the rate and how the scores spread.
//
//   node scripts/bench/trust-scores.ts [--database estately_bench] [--trust-batch N (5000)]
//
// Also the way to score a database by hand: DATABASE_URL names its server, --database the
// database (run after `npm run db:migrate`).
import { createDatabase, migrate, recomputeAllTrust, refreshLocalityPriceMedians } from '@estately/db';
import { sql } from 'drizzle-orm';
import { databaseUrl, flag, startLine, table, writeFigures } from './lib.ts';

const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = flag('database') || 'estately_bench';
const batchSize = Number(flag('trust-batch') || 5000);

console.log(startLine(`bench trust (${database}, batches of ${batchSize})`));
const handle = await createDatabase({ url: databaseUrl(server, database), poolSize: 2 });
try {
  await migrate(handle);
  const medianStart = performance.now();
  const localities = await refreshLocalityPriceMedians(handle.db);
  const medianMs = performance.now() - medianStart;
  console.log(
    `medians: ${localities} city, offer and property type groups in ${(medianMs / 1000).toFixed(1)} s`,
  );

  const start = performance.now();
  let lastPrint = start;
  const offers = await recomputeAllTrust(handle.db, {
    batchSize,
    onBatch: (done) => {
      if (performance.now() - lastPrint < 10_000) return;
      lastPrint = performance.now();
      console.log(`  ${done} offers scored, ${((lastPrint - start) / 1000).toFixed(0)} s`);
    },
  });
  const scoreMs = performance.now() - start;
  const spread = (await handle.db.execute(
    sql`select (score / 10) * 10 as band, count(*)::int as n from property_trust group by 1 order by 1`,
  )) as unknown as { rows: { band: number; n: number }[] };
  console.log(
    table(
      ['step', 'offers', 'seconds', 'offers/s'],
      [
        ['medians per m²', String(localities), (medianMs / 1000).toFixed(1), '-'],
        [
          'trust signals',
          String(offers),
          (scoreMs / 1000).toFixed(1),
          (offers / (scoreMs / 1000)).toFixed(0),
        ],
      ],
    ),
  );
  console.log(
    table(
      ['score', 'offers'],
      spread.rows.map((row) => [`${row.band}-${Number(row.band) + 9}`, String(row.n)]),
    ),
  );
  writeFigures('trust', {
    'trust.medians_s': medianMs / 1000,
    'trust.score_s': scoreMs / 1000,
    'trust.offers': offers,
  });
} finally {
  await handle.close();
}
