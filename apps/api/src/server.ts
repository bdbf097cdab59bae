import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createDatabase,
  type DatabaseHandle,
  DataDirLockedError,
  migrate,
  type PoolTimeouts,
} from '@estately/db';
import { buildApp } from './app.ts';
import { type Config, ConfigError } from './config.ts';
import { type MetricsListener, startMetricsListener } from './lib/metrics/metrics-listener.ts';
import { processMetricsRegistry } from './lib/metrics/process-registry.ts';
import { loadLocalConfig } from './local-secrets.ts';
import type { ApiDatabase } from './plugins/app/database.ts';
import { SHUTDOWN_FORCE_EXIT_MS } from './plugins/app/upload-drain.ts';
import { type RunningJobWorker, startJobWorker } from './start-job-worker.ts';

export interface StartApiOptions {
  /** Defaults to `loadLocalConfig(process.env)`: the environment, and the data folder's secrets. */
  config?: Config;
  /**
   * A database to serve from. When omitted, one is opened from the configuration
   * (PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR/pglite), migrated, and closed
   * again by `close()`. A database passed in stays open: its owner closes it.
   */
  db?: ApiDatabase;
}

export interface RunningApi {
  app: Awaited<ReturnType<typeof buildApp>>;
  /** The address it listens on, e.g. http://127.0.0.1:3001. */
  url: string;
  /** The background job worker running in this process (JOBS_IN_PROCESS), if any. */
  jobs: RunningJobWorker | undefined;
  /** Where Prometheus scrapes this process (METRICS_PORT), e.g. http://127.0.0.1:26042/metrics. */
  metricsUrl: string | undefined;
  /** Stops the job worker after its current job, stops accepting connections, finishes in-flight requests, closes an owned database. */
  close(): Promise<void>;
}

/** Time limits of the serving pool: connect within 3 s, one statement within 3.5 s (decision 017). */
export const REQUEST_DATABASE_TIMEOUTS: PoolTimeouts = { connectMs: 3_000, queryMs: 3_500 };

/**
 * Time limits of the in-process job worker's own pool on PostgreSQL: an alert run over many
 * saved searches may run statements far longer than a request may, but a hung database must
 * still not hold the worker for ever.
 */
export const JOB_DATABASE_TIMEOUTS: PoolTimeouts = { connectMs: 3_000, queryMs: 120_000 };

/** The PGlite data folder inside DATA_DIR. */
export function pgliteDir(config: Config): string {
  return path.join(config.dataDir, 'pglite');
}

/**
 * Starts the API in this process. `npm start` calls it next to the web server; `node
 * apps/api/src/server.ts` calls it as its own process.
 */
export async function startApi(options: StartApiOptions = {}): Promise<RunningApi> {
  const config = options.config ?? loadLocalConfig(process.env);
  let owned: DatabaseHandle | undefined;
  let db = options.db;
  if (!db) {
    owned = await createDatabase({
      url: config.databaseUrl,
      readUrl: config.databaseReadUrl,
      dataDir: pgliteDir(config),
    });
    try {
      await migrate(owned);
    } catch (error) {
      await owned.close();
      throw error;
    }
    if (owned.kind === 'pglite' && process.env.PGLITE_THREAD !== 'main') {
      // Migrations need the PGlite object; serving runs it on a thread of its own, so a
      // statement does not hold up every other request's HTTP work (decision 024).
      await owned.close();
      owned = await createDatabase({ dataDir: pgliteDir(config), pgliteThread: 'worker' });
    } else if (owned.kind === 'postgres') {
      // Migrations may run long statements; requests get a pool with time limits (a hung
      // database answers 503 within seconds, issue 11).
      await owned.close();
      owned = await createDatabase({
        url: config.databaseUrl,
        readUrl: config.databaseReadUrl,
        timeouts: REQUEST_DATABASE_TIMEOUTS,
      });
    }
    db = owned;
  }
  // The facet index's loads of whole partitions (up to a hundred thousand offers a statement)
  // read the same databases through a pool of their own with the jobs' statement time: under
  // the request pool's few seconds a cold cache or a busy machine failed them, and an instance
  // whose index cannot load is never ready (issue 41, at 1M and 5M offers).
  let facetLoads: DatabaseHandle | undefined;
  if (owned?.kind === 'postgres') {
    facetLoads = await createDatabase({
      url: config.databaseUrl,
      readUrl: config.databaseReadUrl,
      poolSize: 2,
      timeouts: JOB_DATABASE_TIMEOUTS,
    });
  }

  const app = await buildApp({ config, db, ...(facetLoads ? { facetLoads } : {}) });
  let metrics: MetricsListener | undefined;
  try {
    await app.listen({ port: config.port, host: config.host });
    // The process's and the app's metrics on a listener of their own (docs/decisions/060).
    if (config.metrics) {
      metrics = await startMetricsListener({
        ...config.metrics,
        registries: [processMetricsRegistry(), app.metrics.registry],
        onError: (error) => app.log.error({ err: error }, 'metrics: scrape failed'),
      });
    }
  } catch (error) {
    await app.close();
    await facetLoads?.close();
    await owned?.close();
    throw error;
  }

  // Whole-market facet counts need every partition's facet values; they are read now, in the
  // background, rather than by the first visitor who asks (search/facet-index.ts).
  app.facetIndex.warm(app.readDb).catch((error: unknown) => {
    app.log.warn({ err: error }, 'facet index: warming up failed; partitions load on first use');
  });

  // The outbox worker (DESIGN 6) runs here unless a separate `npm run worker` does the job. It is
  // started here rather than in buildApp so tests that inject requests drive jobs explicitly.
  // On PostgreSQL the worker gets a pool of its own with the longer job limits; on PGlite there is
  // one in-process database and no statement limit.
  let jobsDb: DatabaseHandle | undefined;
  if (config.jobsInProcess && owned?.kind === 'postgres') {
    jobsDb = await createDatabase({ url: config.databaseUrl, timeouts: JOB_DATABASE_TIMEOUTS });
  }
  app.metrics.pools.add('jobs', jobsDb?.pool);
  app.metrics.pools.add('facet_loads', facetLoads?.pool);
  const jobs = config.jobsInProcess
    ? startJobWorker({
        db: jobsDb?.db ?? app.db,
        config,
        logger: app.log,
        ...(metrics ? { metrics: app.metrics.registry } : {}),
      })
    : undefined;

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  let closing: Promise<void> | undefined;
  return {
    app,
    url: `http://${host}:${port}`,
    jobs,
    metricsUrl: metrics?.url,
    close() {
      closing ??= (async () => {
        try {
          // New uploads are refused (503, Retry-After) and those under way answered first, while
          // the job in hand finishes (plugins/app/upload-drain.ts, decision 020).
          const [, drained] = await Promise.all([jobs?.stop(), app.uploads.drain()]);
          if (!drained) app.log.warn({ uploads: app.uploads.inFlight }, 'uploads still under way at close');
          // A kept-alive connection whose answer ends after the close began is closed as soon as
          // it is idle, not after the keep-alive timeout (72 s) that would hold the exit back.
          const idle = setInterval(() => app.server.closeIdleConnections(), 200);
          try {
            await app.close();
          } finally {
            clearInterval(idle);
          }
        } finally {
          await metrics?.close();
          await jobsDb?.close();
          await facetLoads?.close();
          await owned?.close();
        }
      })();
      return closing;
    },
  };
}

async function main() {
  let api: RunningApi;
  try {
    api = await startApi();
  } catch (error) {
    // A bad environment is the operator's to fix: print the list, no stack trace.
    // So is a PGlite folder another process holds (issue 11, check 12).
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  api.app.log.info(`API listening on ${api.url} (docs at ${api.url}/docs)`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    api.app.log.info(`${signal} received, shutting down`);
    // A request stuck longer than this must not keep the process (and the PGlite lock) forever;
    // the bound covers an upload that waits for an image slot, then renders (upload-drain.ts).
    const force = setTimeout(() => {
      api.app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_FORCE_EXIT_MS);
    force.unref();
    api.close().then(
      () => process.exit(0),
      (error: unknown) => {
        api.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
