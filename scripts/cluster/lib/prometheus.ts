// Prometheus (Debian package) scraping every instance's metrics listener (METRICS_PORT) every
// 2 s, each target labelled with its instance and kind, its data kept in the cluster folder.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isRunning, logTail, sleep, spawnLogged, stopChild } from './child.ts';

export const PROMETHEUS_BIN = '/usr/bin/prometheus';

export interface ScrapeTarget {
  instance: string;
  kind: string;
  port: number;
}

export function prometheusConfig(targets: ScrapeTarget[]): string {
  const groups = targets
    .map(
      (target) =>
        `      - targets: ['127.0.0.1:${target.port}']\n        labels: { instance: '${target.instance}', kind: '${target.kind}' }`,
    )
    .join('\n');
  return `# Written by the cluster runner (scripts/cluster/lib/prometheus.ts) at each start.
global:
  scrape_interval: 2s
  scrape_timeout: 2s
  evaluation_interval: 2s
scrape_configs:
  - job_name: estately
    metrics_path: /metrics
    static_configs:
${groups}
`;
}

export class Prometheus {
  readonly url: string;
  readonly logPath: string;
  private child: ChildProcess | undefined;

  readonly port: number;
  private readonly clusterDir: string;
  private readonly targets: ScrapeTarget[];

  constructor(clusterDir: string, port: number, targets: ScrapeTarget[]) {
    this.clusterDir = clusterDir;
    this.port = port;
    this.targets = targets;
    this.url = `http://127.0.0.1:${port}`;
    this.logPath = path.join(clusterDir, 'logs', 'prometheus.log');
  }

  get pid(): number | undefined {
    return this.child && isRunning(this.child) ? this.child.pid : undefined;
  }

  async start(): Promise<void> {
    const dir = path.join(this.clusterDir, 'prometheus');
    const storage = path.join(dir, 'data');
    mkdirSync(storage, { recursive: true });
    const configPath = path.join(dir, 'prometheus.yml');
    writeFileSync(configPath, prometheusConfig(this.targets));
    this.child = spawnLogged({
      command: PROMETHEUS_BIN,
      args: [
        `--config.file=${configPath}`,
        `--storage.tsdb.path=${storage}`,
        `--web.listen-address=127.0.0.1:${this.port}`,
        '--storage.tsdb.retention.time=7d',
      ],
      env: process.env,
      logPath: this.logPath,
      clusterDir: this.clusterDir,
    });
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (!this.pid) throw new Error(`Prometheus did not start:\n${logTail(this.logPath)}`);
      try {
        const response = await fetch(`${this.url}/-/ready`, { signal: AbortSignal.timeout(1_000) });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('Prometheus was not ready within 30 s');
      await sleep(200);
    }
  }

  async stop(): Promise<void> {
    if (this.child) await stopChild(this.child, 10_000);
  }
}
