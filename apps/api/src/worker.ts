// `npm run worker`: the background job worker as its own process (DESIGN 6), for deployments
// that run the API with JOBS_IN_PROCESS=false and scale workers separately. Any number of them
// can share one PostgreSQL queue. On the embedded PGlite database only one process may open the
// data folder, so there the API runs the worker itself (the default).
import { createDatabase, DataDirLockedError, migrate } from '@estately/db';
import { Registry } from 'prom-client';
import { ConfigError, LOG_LEVELS, type LogLevel } from './config.ts';
import type { JobLogger } from './features/jobs/job-worker.ts';
import { type MetricsListener, startMetricsListener } from './lib/metrics/metrics-listener.ts';
import { createPoolGauges } from './lib/metrics/pool-gauges.ts';
import { processMetricsRegistry } from './lib/metrics/process-registry.ts';
import { loadLocalConfig } from './local-secrets.ts';
import { pgliteDir } from './server.ts';
import { startJobWorker } from './start-job-worker.ts';

/** JSON lines on stdout, like the API's logger, filtered by LOG_LEVEL. */
function jsonLogger(level: LogLevel): JobLogger & { info(message: string): void } {
  const threshold = level === 'silent' ? -1 : LOG_LEVELS.indexOf(level);
  const write = (name: LogLevel, object: object | string, message?: string) => {
    if (LOG_LEVELS.indexOf(name) > threshold) return;
    const fields = typeof object === 'string' ? { msg: object } : { ...object, msg: message };
    console.log(JSON.stringify({ level: name, time: Date.now(), name: 'worker', ...fields }));
  };
  return {
    info: (object: object | string, message?: string) => write('info', object, message),
    warn: (object: object, message?: string) => write('warn', object, message),
    error: (object: object, message?: string) => write('error', object, message),
  };
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadLocalConfig>;
  try {
    // The data folder's secrets when the environment sets none: the unsubscribe links of alert
    // e-mails are signed with the API's keys.
    config = loadLocalConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = jsonLogger(config.logLevel);

  let database: Awaited<ReturnType<typeof createDatabase>>;
  try {
    database = await createDatabase({ url: config.databaseUrl, dataDir: pgliteDir(config) });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(
        'The embedded database is in use by the API, which runs the jobs itself (JOBS_IN_PROCESS). ' +
          'A separate worker needs PostgreSQL (DATABASE_URL).',
      );
      process.exit(1);
    }
    throw error;
  }
  await migrate(database);

  // The queue's depth, the e-mails sent and failed and the pool, beside the process's own
  // metrics, on METRICS_PORT (docs/decisions/060).
  const registry = config.metrics ? new Registry() : undefined;
  let metrics: MetricsListener | undefined;
  if (registry && config.metrics) {
    createPoolGauges(registry).add('primary', database.pool);
    metrics = await startMetricsListener({
      ...config.metrics,
      registries: [processMetricsRegistry(), registry],
      onError: (error) => log.error({ error: String(error) }, 'metrics: scrape failed'),
    });
  }

  const running = startJobWorker({
    db: database.db,
    config,
    logger: log,
    ...(registry ? { metrics: registry } : {}),
  });
  log.info(
    {
      workerId: running.worker.workerId,
      mail: config.smtpUrl ? 'smtp' : 'no SMTP_URL: kept in dev_mailbox and printed',
      ...(metrics ? { metrics: metrics.url } : {}),
    },
    'job worker started',
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, finishing the current job`);
    const force = setTimeout(() => {
      log.error({}, 'shutdown took too long, exiting');
      process.exit(1);
    }, 30_000);
    force.unref();
    running
      .stop()
      .then(() => metrics?.close())
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await main();
