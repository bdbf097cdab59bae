import type { Db } from '@estately/db';
import type { Registry } from 'prom-client';
import type { Config } from './config.ts';
import { createJobWorker, type JobLogger, type JobWorker } from './features/jobs/job-worker.ts';
import { schedulePrune } from './features/jobs/prune-stale-rows.ts';
import { createMailTransport } from './features/mail/create-mail-transport.ts';
import { createJobHandlers } from './job-handlers.ts';
import { createMailMetrics, registerJobQueueGauges } from './lib/metrics/job-metrics.ts';

export interface RunningJobWorker {
  worker: JobWorker;
  /** Finishes the job in hand, then closes the mail connection. */
  stop(): Promise<void>;
}

/**
 * The product's worker with its real dependencies (mail transport from the configuration),
 * polling in the background: started by the API process (JOBS_IN_PROCESS) and by worker.ts.
 */
export function startJobWorker(options: {
  db: Db;
  config: Config;
  logger?: JobLogger;
  /** Where the queue's depth and the e-mails sent and failed are reported (METRICS_PORT). */
  metrics?: Registry;
}): RunningJobWorker {
  // Without SMTP_URL (never in production) each mail is also printed for the operator, the one
  // way `npm start` shows mail that exposes nothing to others (decision 013); tests stay quiet.
  const transport = createMailTransport(options.config, options.db, {
    ...(options.config.nodeEnv === 'test' ? {} : { print: (text: string) => console.log(text) }),
  });
  const worker = createJobWorker({
    db: options.db,
    registry: createJobHandlers({
      db: options.db,
      config: options.config,
      transport,
      ...(options.metrics ? { mailMetrics: createMailMetrics(options.metrics) } : {}),
    }),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  if (options.metrics) registerJobQueueGauges(options.metrics, options.db);
  worker.start();
  // Starts (or keeps) the hourly clean-up chain; a start without a database answer only logs.
  schedulePrune(options.db, new Date()).catch((error: unknown) =>
    options.logger?.error({ err: error }, 'could not schedule the hourly clean-up'),
  );
  let stopping: Promise<void> | undefined;
  return {
    worker,
    stop() {
      stopping ??= worker.stop().finally(() => transport.close());
      return stopping;
    },
  };
}
