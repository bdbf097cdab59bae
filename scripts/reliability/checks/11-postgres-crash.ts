// Check 11 (issue 11): PostgreSQL crash under 200 concurrent writers.
//
// A private cluster (initdb in a temp folder, port 25432, fsync on; never the shared 5432) serves
// the API (startApi, its own node-postgres pool, in this process). 200 writers make favourites,
// messages to sellers and property edits over HTTP. Each round the postmaster and its backends
// are killed with SIGKILL at a random moment, the server is restarted (crash recovery from the
// WAL), and the time until the API acknowledges a write again is measured. After the last round
// the database must hold every acknowledged write (0 lost) and no write twice (0 duplicates).
//
//   RELIABILITY_PG_ROUNDS   rounds (default 10)
//   RELIABILITY_PG_WRITERS  concurrent writers (default 200)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgres, migrate } from '@estately/db';
import { loadConfig } from '../../../apps/api/src/config.ts';
import { startApi } from '../../../apps/api/src/server.ts';
import { newLedger, seedFixture, startWriters, tokenFor, verify } from '../lib/api-load.ts';
import { PrivateCluster } from '../lib/pg-cluster.ts';
import { check, expect, figure, finish, freePort, sleep } from '../lib/report.ts';

const rounds = Number(process.env.RELIABILITY_PG_ROUNDS ?? 10);
const writerCount = Number(process.env.RELIABILITY_PG_WRITERS ?? 200);

const cluster = new PrivateCluster();
const dataDir = mkdtempSync(path.join(tmpdir(), 'estately-reliability-api-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

await check(
  `PostgreSQL kill -9 under ${writerCount} writers, ${rounds} rounds: 0 acknowledged writes lost, 0 duplicates, API back within 10 s`,
  async () => {
    cluster.init();
    const setup = createPostgres(cluster.url, undefined, 4);
    await migrate(setup);
    const fixture = await seedFixture(setup.db, {
      offers: 120,
      favUsers: Math.ceil(writerCount / 3),
      editors: Math.ceil(writerCount / 3),
    });
    await setup.close();

    const config = loadConfig({
      DATABASE_URL: cluster.url,
      DATA_DIR: dataDir,
      API_PORT: String(await freePort()),
      RATE_LIMIT_MAX: '0',
      TRUST_PROXY: 'true',
      JOBS_IN_PROCESS: 'false',
      LOG_LEVEL: 'fatal',
    });
    const api = await startApi({ config });
    const ledger = newLedger();
    const writers = startWriters({ baseUrl: api.url, config, fixture, ledger, count: writerCount });
    const probeToken = tokenFor(config, fixture.favUsers[0]!);
    const recoveries: number[] = [];
    try {
      for (let round = 1; round <= rounds; round++) {
        await sleep(500 + Math.random() * 2000);
        const okBefore = ledger.ok;
        await cluster.kill9();
        const killedAt = performance.now();
        await sleep(200);
        cluster.start();
        const upAt = performance.now();
        // The API is back when it acknowledges a write again (a favourite, idempotent).
        let backAt = 0;
        while (performance.now() - upAt < 15_000) {
          const response = await fetch(`${api.url}/user/offers/${fixture.offerIds[round]}/favorite_offer`, {
            method: 'POST',
            headers: { authorization: `Bearer ${probeToken}`, 'x-forwarded-for': '10.255.0.1' },
            signal: AbortSignal.timeout(5_000),
          }).catch(() => undefined);
          if (response?.ok) {
            backAt = performance.now();
            break;
          }
          await sleep(50);
        }
        const recovery = backAt ? backAt - upAt : Number.POSITIVE_INFINITY;
        recoveries.push(recovery);
        console.log(
          `round ${round}: server down ${((upAt - killedAt) / 1000).toFixed(1)} s (restart with crash recovery), API writing again ${backAt ? `${Math.round(recovery)} ms` : 'NEVER (15 s)'} after the database was back, ${ledger.ok - okBefore} writes acknowledged in the round`,
        );
        await sleep(1000);
      }
    } finally {
      await writers.stop();
      // A pool client checked out and never given back keeps close() waiting for ever.
      await Promise.race([
        api.close(),
        sleep(20_000).then(() => {
          throw new Error(
            'closing the API hung for 20 s: a database client was checked out and never released (pool leak)',
          );
        }),
      ]);
    }
    // Verify on a fresh connection after one more crash and restart, so nothing lives only in
    // the server's memory.
    await cluster.kill9();
    cluster.start();
    const reader = createPostgres(cluster.url, undefined, 2);
    const result = await verify(reader.query.bind(reader), ledger);
    await reader.close();

    const worst = Math.max(...recoveries);
    figure('writes acknowledged', ledger.ok);
    figure('writes refused or failed during outages', ledger.failed);
    figure('answers by status', [...ledger.statuses].map(([k, v]) => `${k}=${v}`).join(' '));
    figure(
      'acknowledged facts checked after recovery (favourites, messages, latest price per property)',
      result.checked,
    );
    figure('acknowledged writes lost', result.lostFavourites + result.lostMessages + result.lostEdits);
    figure('duplicates', result.duplicateFavourites + result.duplicateMessages);
    figure('property edits disagreeing with the search read model', result.tornEdits);
    figure('API writing again after the database (median)', median(recoveries), 'ms');
    figure('API writing again after the database (worst)', worst, 'ms');
    expect(ledger.ok > 0, 'no write was acknowledged at all');
    expect(result.lostFavourites === 0, `${result.lostFavourites} acknowledged favourites lost`);
    expect(result.lostMessages === 0, `${result.lostMessages} acknowledged messages lost`);
    expect(result.lostEdits === 0, `${result.lostEdits} acknowledged property edits lost`);
    expect(result.duplicateFavourites + result.duplicateMessages === 0, 'duplicate rows found');
    expect(result.tornEdits === 0, `${result.tornEdits} properties disagree with their offer rows`);
    expect(
      worst <= 10_000,
      `the API took ${Math.round(worst)} ms to write again after the database was back`,
    );
  },
);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

cluster.destroy();
finish();
