// What a start does about processes an earlier runner of the same folder left (it was killed and
// could not stop them): found by the record of children, and by the mark in their environment,
// and ended with their own children. Real processes: redis-server, which writes its process title
// over its environment (the mark is gone there), and a Node process with a child of its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { childProcesses } from '../../lib/processes.ts';
import { alive, killStrays, sleep, spawnLogged, strayProcesses } from './child.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'estately-cluster-child-'));
const other = mkdtempSync(path.join(tmpdir(), 'estately-cluster-child-other-'));

afterAll(async () => {
  await killStrays(dir);
  await killStrays(other);
  rmSync(dir, { recursive: true, force: true });
  rmSync(other, { recursive: true, force: true });
});

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(50);
  }
}

describe('processes a killed runner left behind', () => {
  it('are found by the record of children and by their environment, and ended with their children', async () => {
    const redis = spawnLogged({
      command: 'redis-server',
      args: ['--port', '29360', '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      env: process.env,
      logPath: path.join(dir, 'logs', 'redis.log'),
      clusterDir: dir,
    });
    const parent = spawnLogged({
      command: process.execPath,
      args: [
        '-e',
        "require('node:child_process').spawn('sleep', ['60'], { stdio: 'ignore' }); setInterval(() => {}, 1000)",
      ],
      env: process.env,
      logPath: path.join(dir, 'logs', 'parent.log'),
      clusterDir: dir,
    });
    // A process of another cluster folder is not ours to end.
    const foreign = spawnLogged({
      command: 'sleep',
      args: ['60'],
      env: process.env,
      logPath: path.join(other, 'logs', 'sleep.log'),
      clusterDir: other,
    });
    const parentPid = parent.pid ?? 0;
    await until(() => childProcesses(parentPid).length === 1);
    const grandchild = childProcesses(parentPid)[0] ?? 0;
    await sleep(300); // redis-server has set its title

    const strays = strayProcesses(dir);
    expect(strays).toContain(redis.pid);
    expect(strays).toContain(parentPid);
    expect(strays).not.toContain(foreign.pid);

    expect(await killStrays(dir)).toBeGreaterThanOrEqual(2);
    expect(alive(redis.pid ?? 0)).toBe(false);
    expect(alive(parentPid)).toBe(false);
    // The child of a stray goes too (as nginx's worker, which holds the listening sockets).
    await until(() => !alive(grandchild));
    expect(alive(foreign.pid ?? 0)).toBe(true);
  });
});
