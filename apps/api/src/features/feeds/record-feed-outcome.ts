import { type DbOrTx, feedRunProblems, feedRuns } from '@estately/db';
import { and, eq, sql } from 'drizzle-orm';
import type { FeedProblem } from './feed-listing.ts';

/** What became of one listing of a run (the run's counters), or `skipped`: a resumed run had done it. */
export type FeedListingOutcome = 'created' | 'updated' | 'unchanged' | 'withdrawn' | 'rejected' | 'skipped';

const COUNTERS = {
  created: feedRuns.created,
  updated: feedRuns.updated,
  unchanged: feedRuns.unchanged,
  withdrawn: feedRuns.withdrawn,
  rejected: feedRuns.rejected,
} as const;

/**
 * Moves the run's counters for one listing, in the transaction that applied it, so they are
 * exact after a crash and a resume. `processed` counts the file's listings; a withdrawal after
 * the file (a full feed's missing listings) counts only as `withdrawn`.
 */
export async function countFeedOutcome(
  tx: DbOrTx,
  runId: number,
  outcome: Exclude<FeedListingOutcome, 'skipped'>,
  processed = true,
): Promise<void> {
  const column = COUNTERS[outcome];
  await tx
    .update(feedRuns)
    .set({
      [outcome]: sql`${column} + 1`,
      ...(processed ? { processed: sql`${feedRuns.processed} + 1` } : {}),
    })
    .where(eq(feedRuns.id, runId));
}

/** Whether the run already reported the listing at this position (a resumed run skips it). */
export async function feedPositionReported(tx: DbOrTx, runId: number, position: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: feedRunProblems.id })
    .from(feedRunProblems)
    .where(and(eq(feedRunProblems.runId, runId), eq(feedRunProblems.position, position)));
  return row !== undefined;
}

/** One line of the run's report: a rejected listing, or one taken with values it could not map. */
export async function reportFeedProblems(
  tx: DbOrTx,
  entry: {
    runId: number;
    position: number;
    externalId: string | null;
    rejected: boolean;
    problems: FeedProblem[];
  },
): Promise<void> {
  await tx
    .insert(feedRunProblems)
    .values({
      runId: entry.runId,
      position: entry.position,
      externalId: entry.externalId?.slice(0, 100) ?? null,
      rejected: entry.rejected,
      problems: entry.problems,
    })
    .onConflictDoNothing();
}
