// Several web server processes on one port (node:cluster), so page rendering can use every core
// (decision 028). Run by server.ts when WEB_WORKERS is above 1: this primary process serves
// nothing itself; it forks the workers (each runs server.ts's startWeb on the shared port),
// starts a crashed one again and stops them all when told to.
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { webLog } from '../app/web-log.server.ts';
import {
  DEFAULT_RENDER_CONCURRENCY,
  DEFAULT_RENDER_QUEUE,
  renderLimitOptionsFromEnv,
} from './render-limit.ts';

/** A worker that exits this many times in a minute is not started again: the primary stops. */
const RESTARTS_PER_MINUTE = 5;
/**
 * How long the workers get to finish their answers once asked to stop: each lets answers under
 * way finish for WEB_DRAIN_MS (server.ts, 32 s: an upload the API is still decoding), then exits.
 */
const STOP_GRACE_MS = 36_000;

/**
 * WEB_WORKERS: the number of web server processes. Default 1 (this process serves alone): on a
 * machine that also runs the API and its database, more workers than one starve the API the
 * renders wait for (decision 028). `max` means one per core (`os.availableParallelism()`), for
 * a machine that serves pages only.
 */
export function webWorkersFromEnv(env: Record<string, string | undefined>): number {
  const raw = env.WEB_WORKERS;
  if (raw === undefined || raw === '') return 1;
  if (raw === 'max') return availableParallelism();
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 64)
    throw new Error(`WEB_WORKERS must be a whole number from 1 to 64 or max, got "${raw}"`);
  return value;
}

export interface WorkersListening {
  port: number;
  url: string;
  /** The workers' process ids, in the order they were started. */
  pids: number[];
}

export interface PrimaryOptions {
  workers: number;
  /** Environment variables every worker gets on top of this process's. */
  workerEnv?: Record<string, string>;
  /** Once every worker listens. */
  onListening(listening: WorkersListening): void;
  /** When the primary gives up (a worker cannot start, or crashes too often); it then stops. */
  onFailure(message: string): void;
}

/**
 * The render limit of each worker (decision 023 sets it for the web server as a whole): its
 * share of WEB_RENDER_CONCURRENCY and WEB_RENDER_QUEUE, so that N workers together render and
 * queue no more pages, and ask the API no more at once, than one server did.
 */
export function workerRenderLimitEnv(
  env: Record<string, string | undefined>,
  workers: number,
): Record<string, string> {
  const limits = renderLimitOptionsFromEnv(env);
  const share = (total: number, least: number) => String(Math.max(least, Math.ceil(total / workers)));
  return {
    WEB_RENDER_CONCURRENCY: share(limits.max ?? DEFAULT_RENDER_CONCURRENCY, 1),
    WEB_RENDER_QUEUE: share(limits.maxQueue ?? DEFAULT_RENDER_QUEUE, 0),
  };
}

/** The message a worker's startWeb sends once it listens (server.ts). */
interface ListeningMessage {
  type: 'web-listening';
  port: number;
  url: string;
}

function isListening(message: unknown): message is ListeningMessage {
  const m = message as Partial<ListeningMessage> | null;
  return m?.type === 'web-listening' && typeof m.port === 'number' && typeof m.url === 'string';
}

/**
 * Forks `options.workers` workers running this same script, reports once all of them listen,
 * and keeps that many running. Resolves with `stop()`, which asks every worker to finish and
 * resolves once all exited.
 */
export function runPrimary(options: PrimaryOptions): { stop(): Promise<void> } {
  let stopping = false;
  let listening: WorkersListening | null = null;
  const ready = new Map<number, ListeningMessage>();
  const restarts: number[] = [];

  const start = (): Worker => {
    const worker = cluster.fork(options.workerEnv);
    worker.on('message', (message: unknown) => {
      if (!isListening(message) || listening || stopping) return;
      ready.set(worker.id, message);
      if (ready.size < options.workers) return;
      const first = [...ready.values()][0] as ListeningMessage;
      listening = {
        port: first.port,
        url: first.url,
        pids: Object.values(cluster.workers ?? {}).map((w) => w?.process.pid ?? 0),
      };
      options.onListening(listening);
    });
    worker.once('exit', (code, signal) => {
      ready.delete(worker.id);
      if (stopping) return;
      if (!listening) {
        stopping = true;
        options.onFailure(`A web worker did not start (exit ${code ?? signal}).`);
        return;
      }
      const now = Date.now();
      restarts.push(now);
      while ((restarts[0] ?? now) < now - 60_000) restarts.shift();
      if (restarts.length > RESTARTS_PER_MINUTE) {
        stopping = true;
        options.onFailure(`Web workers exited ${restarts.length} times in a minute.`);
        return;
      }
      webLog().error(
        { worker: worker.process.pid, exit: code ?? signal },
        'web worker exited; starting another',
      );
      start();
    });
    return worker;
  };

  for (let i = 0; i < options.workers; i++) start();

  return {
    stop: () => {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
      return new Promise<void>((resolve) => {
        let left = workers.length;
        if (left === 0) return resolve();
        const force = setTimeout(() => {
          for (const worker of workers) worker.process.kill('SIGKILL');
        }, STOP_GRACE_MS);
        force.unref();
        for (const worker of workers) {
          worker.once('exit', () => {
            left -= 1;
            if (left === 0) {
              clearTimeout(force);
              resolve();
            }
          });
          // As a web server alone (server.ts): it closes its server and exits.
          worker.process.kill('SIGTERM');
        }
      });
    },
  };
}
