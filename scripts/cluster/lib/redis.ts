// The cluster's private Redis (Debian's redis-server) on its own port: the API instances share
// their rate budgets through it. Nothing is persisted (budgets are minutes long), so a restart
// starts from empty budgets, as a failover to a fresh Redis would.
import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { isRunning, logTail, sleep, spawnLogged, stopChild } from './child.ts';

export class RedisServer {
  readonly url: string;
  readonly logPath: string;
  private child: ChildProcess | undefined;

  readonly port: number;
  private readonly clusterDir: string;

  constructor(clusterDir: string, port: number) {
    this.clusterDir = clusterDir;
    this.port = port;
    if (port === 6379) throw new Error('Refusing to run the cluster Redis on the shared port 6379');
    this.url = `redis://127.0.0.1:${port}`;
    this.logPath = path.join(clusterDir, 'logs', 'redis.log');
  }

  get pid(): number | undefined {
    return this.child && isRunning(this.child) ? this.child.pid : undefined;
  }

  async start(): Promise<void> {
    if (this.pid) return;
    this.child = spawnLogged({
      command: 'redis-server',
      args: [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.clusterDir,
      ],
      env: process.env,
      logPath: this.logPath,
      clusterDir: this.clusterDir,
    });
    const deadline = Date.now() + 10_000;
    while (!(await this.ping())) {
      if (!this.pid) throw new Error(`redis-server did not start:\n${logTail(this.logPath)}`);
      if (Date.now() > deadline) throw new Error('redis-server did not answer within 10 s');
      await sleep(50);
    }
  }

  async stop(): Promise<void> {
    if (this.child) await stopChild(this.child, 5_000);
  }

  /** True when the server answers PING. */
  ping(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = connect(this.port, '127.0.0.1');
      const done = (ok: boolean) => {
        socket.destroy();
        resolve(ok);
      };
      socket.setTimeout(1_000, () => done(false));
      socket.once('error', () => done(false));
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    });
  }
}
