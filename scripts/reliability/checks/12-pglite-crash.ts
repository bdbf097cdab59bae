// Check 12 (issue 11): the embedded database (PGlite) when the app is killed with -9.
//
// The API runs as a child process (`node apps/api/src/server.ts`) on PGlite in a temporary
// DATA_DIR. Writers make favourites, messages and property edits over HTTP; at a random moment
// the process is killed with SIGKILL; the next round starts it again on the same folder, which
// must open (the lock file of the dead process is stale and taken over) and serve. After the
// last round the folder is opened here and must hold every acknowledged write. In the middle
// of a round a second API process is started on the same folder: it must refuse with the
// lock error and leave the first one serving.
//
// What this proves, and what not (docs/reliability.md): SIGKILL ends the process, not the
// machine. PGlite writes its files through Node's fs without fsync, so what the kernel has
// accepted survives a process crash; a power cut can still lose the last commits.
//
//   RELIABILITY_PGLITE_ROUNDS   rounds (default 10)
//   RELIABILITY_PGLITE_WRITERS  concurrent writers (default 30: one PGlite runs one statement at a time)
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPglite, migrate } from '@estately/db';
import { loadLocalConfig } from '../../../apps/api/src/local-secrets.ts';
import { newLedger, seedFixture, startWriters, tokenFor, verify } from '../lib/api-load.ts';
import { check, expect, figure, finish, freePort, sleep } from '../lib/report.ts';

const rounds = Number(process.env.RELIABILITY_PGLITE_ROUNDS ?? 10);
const writerCount = Number(process.env.RELIABILITY_PGLITE_WRITERS ?? 30);
const root = path.join(import.meta.dirname, '..', '..', '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'estately-reliability-pglite-'));
const pgliteDir = path.join(dataDir, 'pglite');
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function apiEnv(port: number): NodeJS.ProcessEnv {
  const { DATABASE_URL: _a, DATABASE_READ_URL: _b, ...env } = process.env;
  return {
    ...env,
    DATA_DIR: dataDir,
    API_PORT: String(port),
    RATE_LIMIT_MAX: '0',
    TRUST_PROXY: 'true',
    JOBS_IN_PROCESS: 'false',
    LOG_LEVEL: 'fatal',
  };
}

interface Spawned {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function spawnApi(port: number): Spawned {
  const child = spawn(process.execPath, [path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: apiEnv(port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => output, exited };
}

async function waitReady(url: string, spawned: Spawned, limitMs = 60_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (spawned.child.exitCode !== null)
      throw new Error(`the API exited (${spawned.child.exitCode}): ${spawned.output().slice(-1500)}`);
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) }).catch(
      () => undefined,
    );
    if (response?.ok) return performance.now() - started;
    await sleep(100);
  }
  throw new Error(`the API did not answer within ${limitMs} ms: ${spawned.output().slice(-1500)}`);
}

// The data folder's keys, which the API processes started on it sign with (issue 37).
const config = loadLocalConfig(apiEnv(1));
const ledger = newLedger();
const openTimes: number[] = [];
const firstWrites: number[] = [];
let lockMessage = '';

await check(
  `PGlite app killed with -9 under ${writerCount} writers, ${rounds} rounds: reopens every time, 0 acknowledged rows lost`,
  async () => {
    const setup = await createPglite(pgliteDir);
    await migrate(setup);
    const fixture = await seedFixture(setup.db, {
      offers: 60,
      favUsers: Math.ceil(writerCount / 3),
      editors: Math.ceil(writerCount / 3),
    });
    await setup.close();

    for (let round = 1; round <= rounds; round++) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const lockLeft = existsSync(`${pgliteDir}.lock`);
      const api = spawnApi(port);
      const openMs = await waitReady(url, api);
      openTimes.push(openMs);
      // One write on its own first: how long the reopened database takes to commit.
      const probeStarted = performance.now();
      const probe = await fetch(
        `${url}/user/offers/${fixture.offerIds[round % fixture.offerIds.length]}/favorite_offer`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${tokenFor(config, fixture.favUsers[0]!)}` },
          signal: AbortSignal.timeout(30_000),
        },
      );
      const probeMs = performance.now() - probeStarted;
      expect(probe.ok, `the reopened API refused a write: ${probe.status} ${await probe.text()}`);
      ledger.favourites.add(`${fixture.favUsers[0]}:${fixture.offerIds[round % fixture.offerIds.length]}`);
      firstWrites.push(probeMs);
      const okBefore = ledger.ok;
      const writers = startWriters({
        baseUrl: url,
        config,
        fixture,
        ledger,
        count: writerCount,
        requestTimeoutMs: 10_000,
      });
      if (round === 1) {
        // A second process on the same folder while the first serves.
        await sleep(300);
        const second = spawnApi(await freePort());
        // It must give up at once; one still running after 60 s has opened the folder too.
        const code = await Promise.race([second.exited, sleep(60_000).then(() => 'running' as const)]);
        if (code === 'running') second.child.kill('SIGKILL');
        lockMessage = second.output().trim();
        expect(code !== 'running' && code !== 0, 'a second API process on the same data folder started');
        expect(
          lockMessage.includes('already in use by process') && lockMessage.includes(String(api.child.pid)),
          `the second process did not name the lock: ${lockMessage.slice(0, 500)}`,
        );
      }
      await sleep(2000 + Math.random() * 2000);
      api.child.kill('SIGKILL');
      await api.exited;
      await writers.stop();
      console.log(
        `round ${round}: opened in ${Math.round(openMs)} ms${lockLeft ? ' (stale lock of the killed process taken over)' : ''}, first write ${Math.round(probeMs)} ms, ${ledger.ok - okBefore} writes acknowledged, then SIGKILL`,
      );
    }

    const reader = await createPglite(pgliteDir);
    const result = await verify(reader.query.bind(reader), ledger);
    await reader.close();
    figure('writes acknowledged', ledger.ok);
    figure('answers by status', [...ledger.statuses].map(([k, v]) => `${k}=${v}`).join(' '));
    figure(
      'acknowledged facts checked after the last crash (favourites, messages, latest price per property)',
      result.checked,
    );
    figure('acknowledged writes lost', result.lostFavourites + result.lostMessages + result.lostEdits);
    figure('duplicates', result.duplicateFavourites + result.duplicateMessages);
    figure('property edits disagreeing with the search read model', result.tornEdits);
    figure('open after a crash, process start to first answer (median)', median(openTimes), 'ms');
    figure('open after a crash, process start to first answer (worst)', Math.max(...openTimes), 'ms');
    figure('first write after opening (median)', median(firstWrites), 'ms');
    expect(ledger.ok > 0, 'no write was acknowledged at all');
    expect(result.lostFavourites === 0, `${result.lostFavourites} acknowledged favourites lost`);
    expect(result.lostMessages === 0, `${result.lostMessages} acknowledged messages lost`);
    expect(result.lostEdits === 0, `${result.lostEdits} acknowledged property edits lost`);
    expect(result.duplicateFavourites + result.duplicateMessages === 0, 'duplicate rows found');
    expect(result.tornEdits === 0, `${result.tornEdits} properties disagree with their offer rows`);
  },
);

await check('PGlite: a second process on the same data folder refuses with the lock error', () => {
  console.log(`second process said: ${lockMessage.split('\n')[0]}`);
  expect(lockMessage.includes('already in use by process'), `no lock error: ${lockMessage.slice(0, 300)}`);
  expect(!lockMessage.includes('    at '), 'the lock error came with a stack trace');
  expect(
    !existsSync(`${pgliteDir}.lock`) || readFileSync(`${pgliteDir}.lock`, 'utf8') !== '',
    'lock file is empty',
  );
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

finish();
