import { type DbOrTx, jobs } from '@estately/db';

/**
 * Queues a periodic job's run at `runAt` once, however many workers or runs ask: the dedupe key
 * names the kind and the instant, so every scheduler that computes the same instant names the
 * same run.
 */
export async function scheduleJobOnce(
  db: DbOrTx,
  job: { kind: string; runAt: Date; maxAttempts: number },
): Promise<void> {
  await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: {},
      runAt: job.runAt,
      maxAttempts: job.maxAttempts,
      dedupeKey: `${job.kind}:${job.runAt.toISOString()}`,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey });
}
