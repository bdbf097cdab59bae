import { type Db, jobs } from '@estately/db';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, type Registry } from 'prom-client';

/** A scrape waits this long for the queue's figures, then shows them as unknown (NaN). */
const QUEUE_READ_TIMEOUT_MS = 2_000;

/** What the mail job handlers report (job-handlers.ts). */
export interface MailMetrics {
  /** An e-mail handed to the mail server (or the dev mailbox). */
  sent(template: string): void;
  /** A sending attempt that failed; the job is retried until its attempts run out. */
  failed(template: string): void;
}

/** The counters of e-mails sent and of failed sending attempts, by template. */
export function createMailMetrics(registry: Registry): MailMetrics {
  const sent = new Counter({
    name: 'estately_emails_sent_total',
    help: 'E-mails handed to the mail server, by template.',
    labelNames: ['template'] as const,
    registers: [registry],
  });
  const failed = new Counter({
    name: 'estately_email_send_failures_total',
    help: 'E-mail sending attempts that failed (each is retried until the job runs out of attempts), by template.',
    labelNames: ['template'] as const,
    registers: [registry],
  });
  return {
    sent: (template) => sent.inc({ template }),
    failed: (template) => failed.inc({ template }),
  };
}

interface QueueFigures {
  due: number;
  oldestSeconds: number;
}

/**
 * The job queue's depth and the age of its oldest due job, read at each scrape with one
 * statement over the partial index of unfinished jobs (jobs_due_idx). A job is due once its
 * run_at has come and until it is done or failed, so a job being run counts; a retry waiting
 * for its backoff or the next hourly clean-up does not. A queue that only grows, or an oldest
 * age past a few seconds, means the workers do not keep up (or none runs). Registered only
 * where a job worker runs.
 */
export function registerJobQueueGauges(registry: Registry, db: Db): void {
  let reading: Promise<QueueFigures | null> | null = null;
  // Both gauges are collected in one scrape: they share its one read.
  const figures = (): Promise<QueueFigures | null> => {
    reading ??= readQueue(db).finally(() => {
      setImmediate(() => {
        reading = null;
      });
    });
    return reading;
  };
  new Gauge({
    name: 'estately_job_queue_depth',
    help: 'Jobs due to run now (run_at reached, neither done nor failed), those being run included.',
    registers: [registry],
    async collect() {
      this.set((await figures())?.due ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'estately_job_queue_oldest_age_seconds',
    help: 'Seconds since the oldest due job became due (0 when none is due).',
    registers: [registry],
    async collect() {
      this.set((await figures())?.oldestSeconds ?? Number.NaN);
    },
  });
}

async function readQueue(db: Db): Promise<QueueFigures | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), QUEUE_READ_TIMEOUT_MS);
  });
  const read = (async (): Promise<QueueFigures> => {
    const result = (await db.execute(sql`
      select count(*)::int as due,
             coalesce(extract(epoch from now() - min(${jobs.runAt})), 0)::float8 as oldest
      from ${jobs}
      where ${jobs.doneAt} is null and ${jobs.failedAt} is null and ${jobs.runAt} <= now()
    `)) as unknown as { rows: Array<{ due: number | string; oldest: number | string }> };
    const row = result.rows[0];
    return { due: Number(row?.due ?? 0), oldestSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
  })();
  try {
    // A database that does not answer shows as unknown rather than holding the scrape.
    return await Promise.race([read.catch(() => null), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
