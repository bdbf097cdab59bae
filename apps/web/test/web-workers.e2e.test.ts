// The web server as `npm start` runs it (scripts/web-process.ts forks apps/web/server/server.ts) with
// WEB_WORKERS=2 (decision 028): two worker processes answer on one port, a crashed worker is
// replaced, and stopping the primary stops them all. Without WEB_WORKERS, `npm start` runs two
// on a machine of two cores or more (the decision's addendum).

import type { ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childProcesses } from '../../../scripts/lib/processes.ts';
import { defaultWebWorkers, forkWeb, stopWeb } from '../../../scripts/web-process.ts';
import { webWorkersFromEnv, workerRenderLimitEnv } from '../server/web-workers.ts';
import { ensureWebBuild } from './browser-setup.ts';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(what: string, check: () => T | undefined | false, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let primary: ChildProcess;
let url: string;

beforeAll(async () => {
  ensureWebBuild();
  // No API behind it: the pages render their error documents, which is enough to answer.
  const web = await forkWeb({
    PATH: process.env.PATH,
    API_URL: 'http://127.0.0.1:9',
    WEB_PORT: '0',
    WEB_WORKERS: '2',
  });
  primary = web.child;
  url = `http://127.0.0.1:${web.port}`;
}, 180_000);

afterAll(async () => {
  if (primary) await stopWeb(primary);
});

describe('web workers', () => {
  it('reads WEB_WORKERS, one process by default, and refuses nonsense', () => {
    expect(webWorkersFromEnv({ WEB_WORKERS: '3' })).toBe(3);
    expect(webWorkersFromEnv({})).toBe(1);
    expect(webWorkersFromEnv({ WEB_WORKERS: 'max' })).toBe(availableParallelism());
    for (const bad of ['0', '-1', '1.5', 'two', '65']) {
      expect(() => webWorkersFromEnv({ WEB_WORKERS: bad })).toThrow(/WEB_WORKERS/);
    }
  });

  it('runs two web processes under npm start by default, one on a single core', () => {
    expect(defaultWebWorkers(1)).toBe('1');
    expect(defaultWebWorkers(2)).toBe('2');
    expect(defaultWebWorkers(16)).toBe('2');
    expect(webWorkersFromEnv({ WEB_WORKERS: defaultWebWorkers(2) })).toBe(2);
  });

  it('forks the default number of web processes when WEB_WORKERS is not set', async () => {
    const web = await forkWeb({ PATH: process.env.PATH, API_URL: 'http://127.0.0.1:9', WEB_PORT: '0' });
    try {
      const expected = Number(defaultWebWorkers());
      // One process serves alone (no children); above one, the primary's children are the workers.
      const found = await until('the default workers', () => {
        const children = childProcesses(web.child.pid ?? 0);
        return (expected === 1 ? children.length === 0 : children.length === expected) && children;
      });
      expect(found).toHaveLength(expected === 1 ? 0 : expected);
      const health = await fetch(`http://127.0.0.1:${web.port}/health`);
      expect(health.status).toBe(200);
      await health.arrayBuffer();
    } finally {
      await stopWeb(web.child);
    }
  }, 60_000);

  it('shares the render limit among the workers', () => {
    expect(workerRenderLimitEnv({}, 2)).toEqual({ WEB_RENDER_CONCURRENCY: '8', WEB_RENDER_QUEUE: '128' });
    expect(workerRenderLimitEnv({ WEB_RENDER_CONCURRENCY: '5', WEB_RENDER_QUEUE: '0' }, 2)).toEqual({
      WEB_RENDER_CONCURRENCY: '3',
      WEB_RENDER_QUEUE: '0',
    });
    expect(() => workerRenderLimitEnv({ WEB_RENDER_CONCURRENCY: 'many' }, 2)).toThrow(
      /WEB_RENDER_CONCURRENCY/,
    );
  });

  it('serves on one port from two worker processes, replaces a crashed one, and stops them all', async () => {
    const workers = await until('two workers', () => {
      const found = childProcesses(primary.pid ?? 0);
      return found.length === 2 && found;
    });

    for (const path of ['/health', '/en/no-such-page']) {
      const response = await fetch(`${url}${path}`);
      expect(response.status).toBe(path === '/health' ? 200 : 404);
      await response.arrayBuffer();
    }

    // A worker that dies is replaced, and the port keeps answering.
    const [crashed, survivor] = workers as [number, number];
    process.kill(crashed, 'SIGKILL');
    const replaced = await until('a new worker', () => {
      const found = childProcesses(primary.pid ?? 0);
      return found.length === 2 && !found.includes(crashed) && found;
    });
    expect(replaced).toContain(survivor);
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    // Stopping the primary stops every worker.
    await stopWeb(primary);
    expect(primary.exitCode).toBe(0);
    await until('the workers to exit', () => replaced.every((pid) => !alive(pid)) || undefined, 15_000);
    await expect(fetch(`${url}/health`)).rejects.toThrow();
  }, 60_000);
});
