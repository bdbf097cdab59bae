// The supervisor of the cluster's instances with real processes (a small HTTP server as the
// instance): restarted after kill -9 and counted, not restarted after a stop it was asked for,
// never reported ready for a process that is gone, and a process that takes no connections told
// from one that answers not ready.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sleep } from './child.ts';
import { ManagedInstance } from './instances.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'estately-cluster-instances-'));
const started: ManagedInstance[] = [];
const lines: string[] = [];

function instance(port: number, env: Record<string, string> = {}): ManagedInstance {
  const managed = new ManagedInstance(
    {
      name: 'api1',
      kind: 'api',
      port,
      metricsPort: port + 1,
      script: path.join(import.meta.dirname, 'fixtures', 'instance.ts'),
      nodeArgs: [],
      env: { ...process.env, FIXTURE_PORT: String(port), ...env },
    },
    dir,
    dir,
    (line) => lines.push(line),
  );
  started.push(managed);
  return managed;
}

afterAll(async () => {
  for (const managed of started) await managed.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a supervised instance', () => {
  it('is started again after kill -9, counted, and ready again with a new process', async () => {
    const api = instance(29_350);
    api.start();
    await api.waitReady(20_000);
    const first = api.pid();
    expect(first).toBeDefined();
    api.kill9();
    // The killed process never counts as ready, even before the kernel closed its socket.
    expect(await api.ready()).toBe(false);
    const ms = await api.waitReady(20_000);
    expect(ms).toBeGreaterThan(0);
    expect(api.pid()).toBeDefined();
    expect(api.pid()).not.toBe(first);
    expect(api.restarts).toBe(1);
    expect(lines.some((line) => line.startsWith('api1 exited (SIGKILL)'))).toBe(true);
  });

  it('is not started again after a stop it was asked for', async () => {
    const api = instance(29_352);
    api.start();
    await api.waitReady(20_000);
    await api.stop();
    await sleep(1_000);
    expect(api.pid()).toBeUndefined();
    expect(api.restarts).toBe(0);
    expect(await api.ready()).toBe(false);
  });

  it('is not ready while its readiness endpoint says 503', async () => {
    const api = instance(29_354, { READY_AFTER_MS: '1500' });
    api.start();
    await sleep(700);
    expect(api.pid()).toBeDefined();
    expect(await api.ready()).toBe(false);
    expect(await api.waitReady(20_000)).toBeGreaterThan(0);
  });

  it('probes as not listening until the process takes connections, then not ready, then ready', async () => {
    const api = instance(29_358, { LISTEN_AFTER_MS: '1500', READY_AFTER_MS: '3000' });
    expect(await api.probe()).toBe('not-listening');
    api.start();
    await sleep(500);
    expect(api.pid()).toBeDefined();
    expect(await api.probe()).toBe('not-listening');
    await sleep(1_700);
    expect(await api.probe()).toBe('not-ready');
    await api.waitReady(20_000);
    expect(await api.probe()).toBe('ready');
    api.kill9();
    expect(await api.probe()).toBe('not-listening');
  });

  it('falls back to /health where the instance has no /health/ready', async () => {
    const api = instance(29_356, { OLD_HEALTH: '1' });
    api.start();
    expect(await api.waitReady(20_000)).toBeGreaterThanOrEqual(0);
  });
});
