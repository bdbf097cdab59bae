import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsListener {
  /** Where Prometheus scrapes, e.g. http://127.0.0.1:26042/metrics. */
  url: string;
  close(): Promise<void>;
}

export interface MetricsListenerOptions {
  port: number;
  host: string;
  /** Served one after the other: the process's metrics, then the app's or the worker's. */
  registries: readonly Registry[];
  /** Told when a scrape fails (a collect() that threw). */
  onError?: (error: unknown) => void;
}

/**
 * `GET /metrics` in the Prometheus text format on a listener of its own (METRICS_PORT,
 * docs/decisions/060): kept off the public port, so nothing in front of the API has to hide it,
 * and a scrape never queues behind visitors' requests or counts in their budgets.
 */
export async function startMetricsListener(options: MetricsListenerOptions): Promise<MetricsListener> {
  const { registries } = options;
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    Promise.all(registries.map((registry) => registry.metrics())).then(
      (texts) => {
        const body = texts.map((text) => (text.endsWith('\n') || text === '' ? text : `${text}\n`)).join('');
        response.writeHead(200, {
          'content-type': registries[0]?.contentType ?? 'text/plain; version=0.0.4; charset=utf-8',
          'cache-control': 'no-store',
        });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        options.onError?.(error);
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics unavailable\n');
      },
    );
  });
  // A scrape is one short request; a stuck one must not hold the process at close.
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}/metrics`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
