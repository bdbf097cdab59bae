import { type Db, jobs } from '@estately/db';
import { and, eq, sql } from 'drizzle-orm';

// Every outcome is written only while this worker still holds the claim (`locked_by`): if the
// lock expired and another worker took the job over, the late answer of the first one must not
// overwrite the second's. Each returns whether the row was still ours.

/** The job ran: done for good. */
export async function markJobDone(db: Db, id: number, workerId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ doneAt: now, lockedBy: null, lockedUntil: null, lastError: null })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** The job failed and may run again at `runAt`. */
export async function scheduleJobRetry(
  db: Db,
  id: number,
  workerId: string,
  error: string,
  runAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ runAt, lockedBy: null, lockedUntil: null, lastError: error })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** The job failed for good (attempts used up, or an error retrying cannot fix). */
export async function markJobFailed(
  db: Db,
  id: number,
  workerId: string,
  error: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ failedAt: now, lockedBy: null, lockedUntil: null, lastError: error })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Hands claimed jobs back untouched (a worker stopping before it got to them): the lock is
 * cleared and the claim's attempt is not counted, so another worker runs them right away.
 */
export async function releaseJobs(db: Db, ids: readonly number[], workerId: string): Promise<void> {
  for (const id of ids) {
    await db
      .update(jobs)
      .set({ lockedBy: null, lockedUntil: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
      .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId)));
  }
}
