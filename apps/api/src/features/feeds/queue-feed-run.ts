import { type DbOrTx, feedRuns, jobs } from '@estately/db';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';

/** The worker's job that runs one feed run (run-feed.ts). */
export const FEED_RUN_JOB = 'feeds.run';

/**
 * Attempts of a run's job: a crashed or failed attempt is retried by the queue with backoff, and
 * the retry resumes where the last one stopped (listings already done are skipped).
 */
export const FEED_RUN_ATTEMPTS = 5;

/** 409 `feeds.error.run_in_progress` when the feed has a run queued or running. */
export async function assertNoRunInProgress(tx: DbOrTx, feedId: number): Promise<void> {
  const [busy] = await tx
    .select({ id: feedRuns.id })
    .from(feedRuns)
    .where(and(eq(feedRuns.feedId, feedId), inArray(feedRuns.state, ['queued', 'running'])))
    .limit(1);
  if (busy) throw new AppError('conflict', { errors: { feed: ['feeds.error.run_in_progress'] } });
}

/**
 * Adds a run of a feed and the job that runs it, in the caller's transaction (an upload's file
 * is stored under the run's id within it). The caller holds the feed's row lock, so two requests
 * cannot both queue a run.
 */
export async function queueFeedRun(
  tx: DbOrTx,
  options: {
    feedId: number;
    trigger: 'upload' | 'manual' | 'schedule';
    /** Stores the run's file (an upload) under the run's id and answers its storage key. */
    storeFile?: (runId: number) => Promise<string>;
  },
): Promise<number> {
  await assertNoRunInProgress(tx, options.feedId);
  const [run] = await tx
    .insert(feedRuns)
    .values({ feedId: options.feedId, trigger: options.trigger })
    .returning({ id: feedRuns.id });
  if (!run) throw new AppError('internal_error');
  if (options.storeFile) {
    const fileKey = await options.storeFile(run.id);
    await tx.update(feedRuns).set({ fileKey }).where(eq(feedRuns.id, run.id));
  }
  await tx.insert(jobs).values({
    kind: FEED_RUN_JOB,
    payload: { runId: run.id },
    maxAttempts: FEED_RUN_ATTEMPTS,
    dedupeKey: `${FEED_RUN_JOB}:${run.id}`,
  });
  return run.id;
}

/** The run id of a job's payload; a malformed payload can never succeed. */
export function feedRunIdOf(payload: Record<string, unknown>): number {
  const id = payload.runId;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    throw Object.assign(new Error(`${FEED_RUN_JOB}: no run id in the payload`), { permanent: true });
  }
  return id;
}
