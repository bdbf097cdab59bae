import { type DatabaseHandle, onReadFallback } from '@estately/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge, Registry } from 'prom-client';
import { readVersions } from '../../features/search/read-versions.ts';
import { createHttpMetrics, type HttpMetrics, UNMATCHED_ROUTE } from '../../lib/metrics/http-metrics.ts';
import { createPoolGauges, type PoolGauges } from '../../lib/metrics/pool-gauges.ts';
import { createReadMetrics, type ReadMetrics } from '../../lib/metrics/read-metrics.ts';
import { readRoutingStatus } from '../../lib/read-routing-status.ts';
import type { ApiDatabase } from './database.ts';

/** The metrics of one API app: its registry (served by server.ts on METRICS_PORT) and its request counters. */
export interface ApiMetrics {
  registry: Registry;
  http: HttpMetrics;
  /** The database pools reported (the serving pools here; server.ts adds the job worker's). */
  pools: PoolGauges;
  /** Requests by the database they read (counted by plugins/app/read-routing.ts) and the replica's fallbacks. */
  reads: ReadMetrics;
}

const REPLICA_STATES = ['none', 'ok', 'behind', 'down'] as const;
const READ_SOURCES = ['replica', 'primary'] as const;

/**
 * The API's metrics (docs/decisions/060): requests by route pattern, method and status, their
 * durations, rate-limit refusals (counted by plugins/app/rate-limiter.ts), the database pools,
 * where reads go and the replica's lag, requests by the database they read (counted by
 * plugins/app/read-routing.ts) and reads the primary took over from a failed replica, and how far the facet index trails the change counters.
 * Gauges are read when Prometheus scrapes; nothing runs between scrapes. Registered first, so
 * its timing covers every other hook.
 */
async function metricsPlugin(app: FastifyInstance, options: { db: ApiDatabase }) {
  const registry = new Registry();
  const http = createHttpMetrics(registry);
  const pools = createPoolGauges(registry);
  const reads = createReadMetrics(registry);
  app.decorate('metrics', { registry, http, pools, reads } satisfies ApiMetrics);

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (`/offers/:id`), never the URL: one series per route, whatever ids,
    // slugs or query strings visitors send.
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    http.observe(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
  });

  const handle =
    typeof (options.db as DatabaseHandle).kind === 'string' ? (options.db as DatabaseHandle) : undefined;
  pools.add('primary', handle?.pool);
  pools.add('read', handle?.readPool);
  if (handle?.readPool) {
    const stop = onReadFallback(handle.readDb, () => reads.fallback());
    app.addHook('onClose', async () => stop());
  }

  new Gauge({
    name: 'estately_replica_lag_seconds',
    help: 'How far the read replica trails the primary, in seconds (NaN without a replica or while its lag is unknown).',
    registers: [registry],
    collect() {
      const lag = readRoutingStatus(app)?.lagSeconds;
      this.set(typeof lag === 'number' ? lag : Number.NaN);
    },
  });
  new Gauge({
    name: 'estately_replica_state',
    help: 'The read replica as the read routing sees it: 1 for the current state (none, ok, behind, down), 0 for the others.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const status = readRoutingStatus(app);
      // Without the read routing a configured replica is simply used; its state is unknown.
      const state = status?.replica ?? (app.readDb === app.db ? 'none' : undefined);
      this.reset();
      if (state === undefined) return;
      for (const each of REPLICA_STATES) this.set({ state: each }, each === state ? 1 : 0);
    },
  });
  new Gauge({
    name: 'estately_reads_source',
    help: 'Where public reads go now: 1 for the current source (replica or primary), 0 for the other.',
    labelNames: ['source'] as const,
    registers: [registry],
    collect() {
      const from = readRoutingStatus(app)?.readsFrom ?? (app.readDb === app.db ? 'primary' : 'replica');
      for (const each of READ_SOURCES) this.set({ source: each }, each === from ? 1 : 0);
    },
  });

  const facetIndex = () => (app.hasDecorator('facetIndex') ? app.facetIndex : undefined);
  new Gauge({
    name: 'estately_facet_index_ready',
    help: "1 once the facet index's start-up load has finished, 0 before it, while it runs, or when it failed.",
    registers: [registry],
    collect() {
      this.set(facetIndex()?.warmState === 'ready' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'estately_facet_index_offers',
    help: 'Public offers held in the facet index of this process.',
    registers: [registry],
    collect() {
      this.set(facetIndex()?.offers ?? 0);
    },
  });
  new Gauge({
    name: 'estately_facet_index_partitions',
    help: 'Facet index partitions held, by state: current with the newest change counters this process has read, or behind them (caught up by the next search that reads them).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const index = facetIndex();
      if (!index || !app.hasDecorator('db')) return;
      // The newest counters any request of this process read, from the primary or the replica:
      // counters only grow, so the larger total is the later state.
      const seen = [readVersions(app.db).latest(), readVersions(app.readDb).latest()];
      const newest = seen.reduce((a, b) => (b && (!a || BigInt(b.total) > BigInt(a.total)) ? b : a), null);
      const { partitions, behind } = index.lag(newest);
      this.set({ state: 'current' }, partitions - behind);
      this.set({ state: 'behind' }, behind);
    },
  });
}

export default fp(metricsPlugin, { name: 'metrics', fastify: '5.x' });

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics (plugins/app/metrics.ts). */
    metrics: ApiMetrics;
  }
}
