// `npm run bench -- --only replica`: how far a streaming replica falls behind its primary under a
// sustained write load (docs/deploy.md "Sizes measured here"). A private PostgreSQL 15 pair is
// made as `npm run cluster` makes it (scripts/cluster/lib/postgres.ts: pg_basebackup -R, a
// replication slot, WAL archived by pgBackRest), seeded with `--replica-offers` offers (default
// 200,000), and then owners' price changes (scripts/bench/writes.ts: the property and its
// read-model row in one transaction, the triggers of `offers` included) run at each rate of
// `--replica-rates` (default 100,500,2000 a second) for `--replica-seconds` (default 20) while
// the lag is sampled every 100 ms: bytes of WAL written and not yet replayed, and the
// replica's own replay_lag (pg_stat_replication). Then how long the replica takes to catch up.
// The pair lives under /tmp/estately-bench-replica on ports 28600/28601 and is removed at the end.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { PostgresPair } from '../cluster/lib/postgres.ts';
import { type Figures, flag, loadLine, ms, summarize, table, writeFigures } from './lib.ts';
import { startWrites } from './writes.ts';

const root = join(import.meta.dirname, '../..');
const offers = Number(flag('replica-offers') ?? 200_000);
const seconds = Number(flag('replica-seconds') ?? 20);
const rates = (flag('replica-rates') ?? '100,500,2000').split(',').map(Number);
if (!Number.isInteger(offers) || offers < 1000 || !(seconds > 0) || rates.some((r) => !(r > 0))) {
  console.error(
    '--replica-offers takes a whole number >= 1000, --replica-seconds and --replica-rates positive numbers',
  );
  process.exit(2);
}
const DATABASE = 'estately_replica_bench';
// One write loop runs one write at a time; a price change takes 1-3 ms, so a loop is held to
// 250 a second and a higher rate is split across loops (each on its own connection).
const PER_LOOP = 250;

const pair = new PostgresPair({ dir: '/tmp/estately-bench-replica', primaryPort: 28600, replicaPort: 28601 });
const figures: Figures = {};
const rows: string[][] = [];

function dbUrl(base: string): string {
  const url = new URL(base);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

async function replayLagMs(primary: pg.Pool): Promise<number | null> {
  const result = await primary.query<{ ms: string | null }>(
    `SELECT (extract(epoch FROM replay_lag) * 1000)::text AS ms FROM pg_stat_replication LIMIT 1`,
  );
  const value = result.rows[0]?.ms;
  return value == null ? null : Number(value);
}

try {
  await pair.destroy();
  console.log(`--- replica: a PostgreSQL pair on 28600/28601 (${loadLine()})`);
  await pair.init({ firstBackup: false });
  const seedStarted = performance.now();
  const seeded = spawnSync(
    process.execPath,
    [join(root, 'packages/db/src/cli/bench-seed.ts'), '--offers', String(offers), '--database', DATABASE],
    { cwd: root, env: { ...process.env, DATABASE_URL: pair.primaryUrl }, stdio: 'inherit' },
  );
  if (seeded.status !== 0) throw new Error('seeding the pair failed');
  const caughtUp = await pair.waitCaughtUp(300_000);
  console.log(
    `--- replica: seeded ${offers} offers in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s; replica caught up ${ms(caughtUp)} ms after`,
  );

  const primary = new pg.Pool({ connectionString: dbUrl(pair.primaryUrl), max: 16 });
  const ids = (
    await primary.query<{ id: string }>(
      `SELECT id FROM properties WHERE price IS NOT NULL ORDER BY id LIMIT 50000`,
    )
  ).rows.map((row) => Number(row.id));

  for (const rate of rates) {
    const loops = Math.ceil(rate / PER_LOOP);
    const pools = Array.from(
      { length: loops },
      () => new pg.Pool({ connectionString: dbUrl(pair.primaryUrl), max: 1 }),
    );
    const lagBytes: number[] = [];
    const lagMs: number[] = [];
    const started = performance.now();
    const loads = pools.map((pool, i) =>
      startWrites(
        pool,
        ids.filter((_, j) => j % loops === i),
        rate / loops,
      ),
    );
    while (performance.now() - started < seconds * 1000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const lag = await pair.lag();
      if (lag.bytes !== null) lagBytes.push(lag.bytes);
      const replay = await replayLagMs(primary);
      if (replay !== null) lagMs.push(replay);
    }
    const results = await Promise.all(loads.map((load) => load.stop()));
    const elapsed = (performance.now() - started) / 1000;
    const stopped = performance.now();
    await pair.waitCaughtUp(120_000);
    const catchUp = performance.now() - stopped;
    await Promise.all(pools.map((pool) => pool.end()));

    const writes = results.reduce((sum, r) => sum + r.writes, 0);
    const errors = results.reduce((sum, r) => sum + r.errors, 0);
    const firstError = results.find((r) => r.firstError)?.firstError;
    if (firstError)
      console.log(`--- replica: ${errors} failed writes at ${rate}/s, the first: ${firstError}`);
    // Each loop keeps its own timings: the median of their medians, the worst of their p95s.
    const loopP50 = summarize(results.map((r) => r.timing.p50)).p50;
    const loopP95 = Math.max(...results.map((r) => r.timing.p95));
    const bytes = summarize(lagBytes);
    const time = summarize(lagMs);
    const key = `replica.${rate}`;
    figures[`${key}.writesPerSecond`] = writes / elapsed;
    figures[`${key}.lagBytes.p50`] = bytes.p50;
    figures[`${key}.lagBytes.p95`] = bytes.p95;
    figures[`${key}.lagBytes.max`] = Math.max(0, ...lagBytes);
    figures[`${key}.replayLagMs.p50`] = time.p50;
    figures[`${key}.replayLagMs.p95`] = time.p95;
    figures[`${key}.replayLagMs.max`] = Math.max(0, ...lagMs);
    figures[`${key}.catchUpMs`] = catchUp;
    rows.push([
      String(rate),
      (writes / elapsed).toFixed(0),
      String(errors),
      `${ms(loopP50)} / ${ms(loopP95)}`,
      `${(bytes.p50 / 1024).toFixed(1)} / ${(bytes.p95 / 1024).toFixed(1)} / ${(Math.max(0, ...lagBytes) / 1024).toFixed(1)}`,
      `${ms(time.p50)} / ${ms(time.p95)} / ${ms(Math.max(0, ...lagMs))}`,
      ms(catchUp),
    ]);
    console.log(`--- replica: ${rate}/s done (${loadLine()})`);
  }
  await primary.end();

  console.log(
    `\n=== replica lag under price changes (${offers} offers, ${seconds} s a rate, sampled every 100 ms; ${loadLine()})`,
  );
  console.log(
    table(
      [
        'asked /s',
        'made /s',
        'errors',
        'write p50 / p95',
        'lag KiB p50 / p95 / max',
        'replay_lag p50 / p95 / max',
        'caught up after stop (ms)',
      ],
      rows,
    ),
  );
  writeFigures('replica', figures);
} finally {
  await pair.destroy();
}
