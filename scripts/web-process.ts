// The web server as a process of its own, the way `npm start` runs it (decision 023), for
// scripts/start.ts and for the benchmarks that measure what it serves (scripts/bench/web.ts).
import { type ChildProcess, fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
export const WEB_SCRIPT = join(root, 'apps/web/server/server.ts');

/**
 * Node flags of the web process, besides those it inherits: V8's usual 16 MB young generation on a
 * 64-bit machine, instead of the 4 MB `npm start` gives the API process for its memory goal
 * (decision 026). A render allocates megabytes of short-lived objects (React elements, strings,
 * the loaders' JSON).
 */
export const WEB_NODE_FLAGS = ['--max-semi-space-size=16'];

/**
 * WEB_WORKERS when the environment sets none: two web processes on a machine of two cores or more,
 * one on a single core (decision 028, 2026-11-27 addendum). A render is now cheap enough that one
 * process, busy on one core, is what limits the pages a second while the API and PostgreSQL
 * leave part of the second core idle; more than two processes would take memory (150-400 MB
 * each) that a machine running the API and its database beside them has better uses for.
 * `WEB_WORKERS=max` gives one per core to a machine that serves pages only.
 */
export function defaultWebWorkers(cores = availableParallelism()): string {
  return String(Math.min(2, Math.max(1, cores)));
}

export interface WebProcess {
  child: ChildProcess;
  port: number;
}

/**
 * Forks apps/web/server/server.ts (or `script`, another checkout's) with `env` and resolves with its
 * port once it listens. Its output goes to this process's; the IPC channel carries its port and
 * ties its life to ours. Without WEB_WORKERS in `env` it runs defaultWebWorkers() processes.
 */
export function forkWeb(env: NodeJS.ProcessEnv, script = WEB_SCRIPT): Promise<WebProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(script, [], {
      cwd: root,
      env: { ...env, WEB_WORKERS: env.WEB_WORKERS || defaultWebWorkers() },
      stdio: 'inherit',
      execArgv: [
        ...process.execArgv.filter((arg) => !arg.startsWith('--max-semi-space-size')),
        ...WEB_NODE_FLAGS,
      ],
    });
    const onMessage = (message: unknown) => {
      const m = message as { type?: string; port?: number };
      if (m?.type !== 'web-listening' || typeof m.port !== 'number') return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve({ child, port: m.port });
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      reject(new Error(`The web server did not start (exit ${code ?? signal}).`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.once('error', reject);
  });
}

/** Stops a forked web server and resolves once it exited. */
export function stopWeb(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
