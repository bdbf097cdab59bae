// The listener of METRICS_PORT: GET /metrics in the Prometheus text format, on its own port and
// host (127.0.0.1 by default) so the figures never share the public port of the pages. A web
// server alone serves its own registry; the primary of several workers (web-workers.ts) serves
// the sum of theirs (prom-client's AggregatorRegistry asks each worker over the cluster channel).

import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AggregatorRegistry, type Registry } from 'prom-client';

export interface MetricsSource {
  contentType: string;
  text(): Promise<string>;
}

/** One process's own registry. */
export function registrySource(registry: Registry): MetricsSource {
  return { contentType: registry.contentType, text: () => registry.metrics() };
}

/**
 * Set up in a cluster worker: its registry answers the primary's requests for figures. In the
 * primary: the figures of every worker, summed (a gauge such as renders in flight too: the
 * server's total). Must be called in each process before the primary first asks.
 */
export function clusterSource(registry?: Registry): MetricsSource {
  const aggregator = new AggregatorRegistry();
  if (cluster.isWorker && registry) AggregatorRegistry.setRegistries([registry]);
  return { contentType: aggregator.contentType, text: () => aggregator.clusterMetrics() };
}

export interface MetricsListener {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** Listens on `port` (0: a free one) and `host`; resolves once it does. */
export async function startMetricsListener(
  source: MetricsSource,
  port: number,
  host: string,
  onError: (error: unknown) => void = () => undefined,
): Promise<MetricsListener> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not Found');
      return;
    }
    source.text().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': source.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        onError(error);
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Metrics unavailable');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    url: `http://${shownHost}:${address.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
