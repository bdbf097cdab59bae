import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '@estately/db';
import { type ClaimedJob, claimDueJobs } from './claim-due-jobs.ts';
import { isPermanentJobError, type JobRegistry, type JobReport } from './job-registry.ts';
import { markJobDone, markJobFailed, releaseJobs, scheduleJobRetry } from './record-job-outcome.ts';
import { retryDelayMs } from './retry-delay.ts';

/** The few logger methods the worker uses (Fastify's pino logger fits). */
export interface JobLogger {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

export interface JobWorkerOptions {
  db: Db;
  registry: JobRegistry;
  /** Written into `locked_by`; defaults to host, process id and a random suffix. */
  workerId?: string;
  /** Pause between polls when the queue is empty (DESIGN 6: short, 1 s). */
  pollIntervalMs?: number;
  /** Jobs claimed per round trip. */
  batchSize?: number;
  /** How long a claim holds before another worker may take the job over. */
  lockMs?: number;
  /** The clock; tests move it forward to make retries due. */
  now?: () => Date;
  /** Jitter source for the backoff, [0, 1). */
  random?: () => number;
  logger?: JobLogger;
}

export interface JobRunSummary {
  claimed: number;
  done: number;
  retried: number;
  failed: number;
  /** Claimed but handed back because the worker was stopping. */
  released: number;
}

export interface JobWorker {
  readonly workerId: string;
  /** Claims and runs the jobs due now, batch after batch, until none is left (or stopping). */
  runDueJobs(): Promise<JobRunSummary>;
  /** Starts polling in the background. */
  start(): void;
  /** Stops polling; resolves once the job in hand is finished (the rest of its batch is released). */
  stop(): Promise<void>;
}

const MAX_ERROR_LENGTH = 2000;

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 3)}...` : text;
}

const silent: JobLogger = { info() {}, warn() {}, error() {} };

/** The worker's logger for one job's handler: every line it writes names the job. */
function jobLogger(log: JobLogger, job: ClaimedJob): JobReport {
  const fields = { jobId: job.id, kind: job.kind };
  return {
    info: (object, message) => log.info({ ...fields, ...object }, message),
    warn: (object, message) => log.warn({ ...fields, ...object }, message),
  };
}

/**
 * The background worker of DESIGN 6: polls the `jobs` table, runs each due job's handler, and
 * records the outcome. Failures are retried with exponential backoff and jitter until the
 * job's `max_attempts`, then the job is marked failed with its last error. Runs inside the API
 * process (server.ts) or on its own (worker.ts); any number of workers can share a PostgreSQL
 * queue. Delivery is at least once: a worker that dies after a handler's side effect but before
 * recording it leaves the job to be run again once its lock expires, which is why e-mails carry
 * a Message-ID derived from the job.
 */
export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, registry } = options;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const batchSize = options.batchSize ?? 5;
  const lockMs = options.lockMs ?? 10 * 60_000;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const log = options.logger ?? silent;

  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  // Runs are chained: a test's explicit runDueJobs() and the poll loop never overlap in one worker.
  let chain: Promise<unknown> = Promise.resolve();

  async function runJob(job: ClaimedJob, summary: JobRunSummary): Promise<void> {
    const startedAt = now();
    const handler = registry.handlerFor(job.kind);
    let error: unknown;
    if (job.attempts > job.maxAttempts) {
      // Only reachable when earlier claims never reported back (the worker died mid-job).
      error = new Error(`gave up after ${job.maxAttempts} attempts that never finished`);
    } else if (!handler) {
      error = Object.assign(new Error(`no handler for job kind ${job.kind}`), { permanent: true });
    } else {
      try {
        await handler({
          id: job.id,
          kind: job.kind,
          payload: job.payload,
          attempt: job.attempts,
          maxAttempts: job.maxAttempts,
          now: startedAt,
          log: jobLogger(log, job),
        });
        if (await markJobDone(db, job.id, workerId, now())) {
          summary.done += 1;
          log.info(
            {
              jobId: job.id,
              kind: job.kind,
              attempt: job.attempts,
              ms: now().getTime() - startedAt.getTime(),
            },
            'job done',
          );
        } else log.warn({ jobId: job.id, kind: job.kind }, 'job finished after its lock was taken over');
        return;
      } catch (caught) {
        error = caught;
      }
    }

    const message = describeError(error);
    const finalAttempt = job.attempts >= job.maxAttempts || isPermanentJobError(error);
    if (finalAttempt) {
      await markJobFailed(db, job.id, workerId, message, now());
      summary.failed += 1;
      log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, error: message }, 'job failed');
    } else {
      const runAt = new Date(now().getTime() + retryDelayMs(job.attempts, random));
      await scheduleJobRetry(db, job.id, workerId, message, runAt);
      summary.retried += 1;
      log.warn(
        {
          jobId: job.id,
          kind: job.kind,
          attempts: job.attempts,
          retryAt: runAt.toISOString(),
          error: message,
        },
        'job failed, will retry',
      );
    }
  }

  async function runOnce(): Promise<JobRunSummary> {
    const summary: JobRunSummary = { claimed: 0, done: 0, retried: 0, failed: 0, released: 0 };
    while (!stopping) {
      const claimed = await claimDueJobs({
        db,
        workerId,
        kinds: registry.kinds(),
        limit: batchSize,
        now: now(),
        lockMs,
      });
      summary.claimed += claimed.length;
      for (let index = 0; index < claimed.length; index++) {
        if (stopping) {
          const rest = claimed.slice(index).map((job) => job.id);
          await releaseJobs(db, rest, workerId);
          summary.released += rest.length;
          break;
        }
        await runJob(claimed[index]!, summary);
      }
      if (claimed.length < batchSize) break;
    }
    return summary;
  }

  function runDueJobs(): Promise<JobRunSummary> {
    const run = chain.then(runOnce, runOnce);
    chain = run.catch(() => undefined);
    return run;
  }

  function schedule(delay: number) {
    if (stopping) return;
    timer = setTimeout(() => {
      timer = undefined;
      runDueJobs().then(
        () => schedule(pollIntervalMs),
        (error: unknown) => {
          // The database may be briefly unreachable: keep polling, the jobs are safe in it.
          log.error({ error: describeError(error) }, 'job polling failed');
          schedule(pollIntervalMs);
        },
      );
    }, delay);
  }

  return {
    workerId,
    runDueJobs,
    start() {
      if (timer || stopping) return;
      schedule(0);
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await chain;
    },
  };
}
