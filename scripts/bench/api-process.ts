// The API as a process of its own, started the way `npm start` starts it, for the steps of
// `npm run bench` that measure it over HTTP (search, growth): its RSS and CPU are then the
// API's alone, read from /proc.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A free TCP port on 127.0.0.1 (the configuration takes 1..65535, not 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The environment of a benchmark's API on `databaseUrl`: production settings with fresh secrets,
 * no rate limit (the load generator is one client) and no jobs.
 */
export function benchApiEnv(databaseUrl: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    API_PORT: String(port),
    API_HOST: '127.0.0.1',
    RATE_LIMIT_MAX: '0',
    LOG_LEVEL: 'warn',
    MEDIA_DIR: '/tmp/estately-bench-media',
    NODE_ENV: 'production',
    JWT_SECRETS: `bench:${randomBytes(24).toString('hex')}`,
    INTERNAL_API_TOKEN: randomBytes(24).toString('hex'),
    // Required in production; never dialled, as this API runs no jobs.
    SMTP_URL: 'smtp://127.0.0.1:2525',
    JOBS_IN_PROCESS: 'false',
  };
}

export interface ApiProcess {
  url: string;
  pid: number;
  /** Seconds from the spawn until /health reported the search index loaded. */
  readySeconds: number;
  /** Resident memory now, from /proc. */
  rssMiB(): number;
  /** User + system CPU so far, from /proc. */
  cpuSeconds(): number;
  close(): Promise<void>;
}

/**
 * The process settings `npm start` (or `npm run worker`) runs the API with: the environment
 * assignments and Node flags of package.json's script (decision 026: the young generation, the
 * heap's growth and glibc's allocator), so the RSS printed is the RSS a started product has.
 */
function startScriptSettings(script: 'start' | 'worker' = 'start'): {
  env: Record<string, string>;
  flags: string[];
} {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = (pkg.scripts[script] ?? '').split(/\s+/).filter(Boolean);
  const node = words.indexOf('node');
  const env = Object.fromEntries(
    words.slice(0, Math.max(node, 0)).map((word) => word.split('=', 2) as [string, string]),
  );
  const flags = words.slice(node + 1).filter((word) => word.startsWith('--'));
  return { env, flags };
}

/**
 * `node apps/api/src/server.ts` with `env` and the settings `npm start` gives it (package.json),
 * once /health reports its search index loaded (`readyWithinSeconds`, 120 by default: the index
 * of 1M offers loads in seconds, a larger database takes longer). BENCH_API_FLAGS adds Node flags
 * of its own (`--cpu-prof --cpu-prof-dir=DIR` to see where the API's time goes).
 */
export async function startApiProcess(env: NodeJS.ProcessEnv, readyWithinSeconds = 120): Promise<ApiProcess> {
  const settings = startScriptSettings();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...settings.flags,
      ...(process.env.BENCH_API_FLAGS ?? '').split(' ').filter(Boolean),
      join(import.meta.dirname, '../../apps/api/src/server.ts'),
    ],
    {
      env: { ...env, ...settings.env },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const pid = child.pid ?? 0;
  const url = `http://127.0.0.1:${env.API_PORT}`;
  // Timed from the moment its search index is loaded (as a load balancer routes to it, decision
  // 025): HTTP figures taken during the background load measure the load, not the answers.
  const started = Date.now();
  const deadline = started + readyWithinSeconds * 1000;
  let readySeconds: number;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    const health = await fetch(`${url}/health`).then(
      async (response) => (response.ok ? ((await response.json()) as { searchIndex?: string }) : undefined),
      () => undefined,
    );
    if (health?.searchIndex === 'ready' || health?.searchIndex === 'failed') {
      readySeconds = (Date.now() - started) / 1000;
      console.log(`  api  search index ${health.searchIndex} ${readySeconds.toFixed(1)} s after start`);
      break;
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `the API did not report its search index loaded on /health within ${readyWithinSeconds} s`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    pid,
    readySeconds,
    rssMiB: () => {
      const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
      return Number(line?.[1] ?? Number.NaN) / 1024;
    },
    cpuSeconds: () => cpuSecondsOf(pid),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Peak resident memory of a process since it started or since resetPeakRss (VmHWM), from /proc. */
export function peakRssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB/m);
  return Number(line?.[1] ?? Number.NaN) / 1024;
}

/** Starts VmHWM again from the current RSS (Linux clear_refs 5); false where that is refused. */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** User + system CPU seconds of a process so far, from /proc. */
export function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ on Linux
}

export interface WorkerProcess {
  pid: number;
  /** Whether it still runs. */
  running(): boolean;
  close(): Promise<void>;
}

/**
 * `node apps/api/src/worker.ts` with `env` and the settings `npm run worker` gives it: the job
 * worker as a process of its own, beside an API started with JOBS_IN_PROCESS false.
 */
export function startWorkerProcess(env: NodeJS.ProcessEnv): WorkerProcess {
  const settings = startScriptSettings('worker');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...settings.flags,
      // Extra flags for a profile of the worker, e.g. BENCH_WORKER_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof".
      ...(process.env.BENCH_WORKER_FLAGS ?? '').split(' ').filter(Boolean),
      join(import.meta.dirname, '../../apps/api/src/worker.ts'),
    ],
    { env: { ...env, ...settings.env }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  return {
    pid: child.pid ?? 0,
    running: () => child.exitCode === null && child.signalCode === null,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
