// The cluster's Node processes (2 web, 2 API, 1 job worker), each supervised: one that exits
// without being asked (a crash, kill -9) is started again after a short backoff and counted.
import type { ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isRunning, sleep, spawnLogged, stopChild } from './child.ts';
import type { InstanceName } from './ports.ts';

export type InstanceKind = 'web' | 'api' | 'worker';

/**
 * What a readiness probe found: `not-listening` when no process runs or nothing takes the
 * connection (refused or reset: the process is starting, stopping or gone), `not-ready` when the
 * instance answered otherwise than 200 or did not answer in time.
 */
export type Readiness = 'ready' | 'not-ready' | 'not-listening';

export interface Instance {
  name: InstanceName;
  kind: InstanceKind;
  /** The port nginx balances to; null for the worker, which takes no requests. */
  port: number | null;
  metricsUrl: string;
  logPath: string;
  pid(): number | undefined;
  /** Times the supervisor started it again after an exit nobody asked for. */
  restarts: number;
  /** Asks the instance now: its readiness endpoint (the worker: its metrics listener). */
  ready(): Promise<boolean>;
  /** ready(), telling a process that does not take connections from one that answers not ready. */
  probe(): Promise<Readiness>;
  kill9(): void;
}

export interface InstanceSpec {
  name: InstanceName;
  kind: InstanceKind;
  port: number | null;
  metricsPort: number;
  script: string;
  nodeArgs: string[];
  env: Record<string, string | undefined>;
}

/**
 * How long a stopping instance may take before SIGKILL: the web server lets answers under way
 * finish for 32 s (WEB_DRAIN_MS), the API waits as long for uploads; a few seconds more.
 */
export const GRACEFUL_STOP_MS = 40_000;

const BACKOFF_FIRST_MS = 250;
const BACKOFF_MAX_MS = 5_000;
/** A process that ran this long before it exited starts again at the shortest backoff. */
const STABLE_AFTER_MS = 30_000;

export class ManagedInstance implements Instance {
  readonly name: InstanceName;
  readonly kind: InstanceKind;
  readonly port: number | null;
  readonly metricsUrl: string;
  readonly logPath: string;
  restarts = 0;
  /** Called when the process exits or is started again, so the balancer can follow. */
  onChange: (instance: ManagedInstance) => void = () => {};
  private child: ChildProcess | undefined;
  private wanted = false;
  private startedAt = 0;
  private failuresInRow = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  /** The pid that was killed or exited: it never counts as ready, even for an answer in flight. */
  private gonePid: number | undefined;
  /** Where the worker's log stood when it was started (its "started" line comes after). */
  private logOffset = 0;
  private readyPath: '/health/ready' | '/health' = '/health/ready';

  private readonly spec: InstanceSpec;
  private readonly clusterDir: string;
  private readonly cwd: string;
  private readonly log: (line: string) => void;

  constructor(spec: InstanceSpec, clusterDir: string, cwd: string, log: (line: string) => void) {
    this.spec = spec;
    this.clusterDir = clusterDir;
    this.cwd = cwd;
    this.log = log;
    this.name = spec.name;
    this.kind = spec.kind;
    this.port = spec.port;
    this.metricsUrl = `http://127.0.0.1:${spec.metricsPort}/metrics`;
    this.logPath = path.join(clusterDir, 'logs', `${spec.name}.log`);
  }

  pid(): number | undefined {
    return this.child && isRunning(this.child) ? this.child.pid : undefined;
  }

  /** Starts the process (once it runs, the supervisor keeps it running until stop()). */
  start(): void {
    this.wanted = true;
    if (this.pid()) return;
    clearTimeout(this.restartTimer);
    try {
      this.logOffset = statSync(this.logPath).size;
    } catch {
      this.logOffset = 0;
    }
    const child = spawnLogged({
      command: process.execPath,
      args: [...this.spec.nodeArgs, this.spec.script],
      env: this.spec.env,
      logPath: this.logPath,
      cwd: this.cwd,
      clusterDir: this.clusterDir,
    });
    this.child = child;
    this.startedAt = Date.now();
    child.once('exit', (code, signal) => {
      this.gonePid = child.pid;
      if (this.child !== child) return;
      this.onChange(this);
      if (!this.wanted) return;
      const ranMs = Date.now() - this.startedAt;
      this.failuresInRow = ranMs > STABLE_AFTER_MS ? 1 : this.failuresInRow + 1;
      const backoff = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** (this.failuresInRow - 1));
      this.restarts += 1;
      this.log(`${this.name} exited (${code ?? signal}); starting it again in ${backoff} ms`);
      this.restartTimer = setTimeout(() => {
        if (this.wanted) this.start();
      }, backoff);
    });
    this.onChange(this);
  }

  /** Graceful stop (SIGTERM), SIGKILL after GRACEFUL_STOP_MS; the supervisor lets it be. */
  async stop(): Promise<void> {
    this.wanted = false;
    clearTimeout(this.restartTimer);
    if (this.child) await stopChild(this.child, GRACEFUL_STOP_MS);
  }

  kill9(): void {
    const pid = this.pid();
    if (!pid) return;
    this.gonePid = pid;
    this.child?.kill('SIGKILL');
  }

  async ready(): Promise<boolean> {
    return (await this.probe()) === 'ready';
  }

  async probe(): Promise<Readiness> {
    const pid = this.pid();
    if (!pid || pid === this.gonePid) return 'not-listening';
    if (this.kind === 'worker') return (await this.workerReady()) ? 'ready' : 'not-ready';
    try {
      let response = await fetch(`http://127.0.0.1:${this.port}${this.readyPath}`, {
        signal: AbortSignal.timeout(2_000),
      });
      // Until an instance serves /health/ready, its plain /health is the best there is.
      if (response.status === 404 && this.readyPath === '/health/ready') {
        await response.body?.cancel();
        this.readyPath = '/health';
        response = await fetch(`http://127.0.0.1:${this.port}/health`, {
          signal: AbortSignal.timeout(2_000),
        });
      }
      await response.body?.cancel();
      if (this.pid() !== pid) return 'not-listening';
      return response.ok ? 'ready' : 'not-ready';
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || this.pid() !== pid) return 'not-listening';
      return 'not-ready';
    }
  }

  /** The worker takes no requests: it is ready once its metrics listener answers. */
  private async workerReady(): Promise<boolean> {
    try {
      const response = await fetch(this.metricsUrl, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.ok) return true;
    } catch {
      // no metrics listener (yet)
    }
    // A worker without a metrics listener: its "job worker started" line, written once it
    // migrated and took the queue.
    try {
      return readFileSync(this.logPath, 'utf8').slice(this.logOffset).includes('"msg":"job worker started"');
    } catch {
      return false;
    }
  }

  /** Resolves with the milliseconds it took, once ready() answers true. */
  async waitReady(timeoutMs = 60_000): Promise<number> {
    const started = Date.now();
    for (;;) {
      if (await this.ready()) return Date.now() - started;
      if (Date.now() - started > timeoutMs) {
        throw new Error(
          `${this.name} was not ready within ${Math.round(timeoutMs / 1000)} s (log: ${this.logPath})`,
        );
      }
      await sleep(100);
    }
  }
}
