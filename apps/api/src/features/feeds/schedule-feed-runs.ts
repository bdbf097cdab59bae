import { type Db, type DbOrTx, feedRuns, feeds, jobs } from '@estately/db';
import { FEED_LIMITS } from '@estately/domain';
import { and, eq, inArray, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { queueFeedRun } from './queue-feed-run.ts';

/** The periodic job that queues the runs of URL feeds that are due. */
export const FEED_SCHEDULE_JOB = 'feeds.schedule';

/** How often due feeds are looked for: a feed pulled hourly runs at most this late. */
const CHECK_EVERY_MS = 5 * 60_000;

/** Queues the next check once, however many workers or starts ask (a dedupe key per slot). */
export async function scheduleFeedChecks(db: DbOrTx, now: Date): Promise<void> {
  const t = now.getTime();
  const runAt = new Date(t - (t % CHECK_EVERY_MS) + CHECK_EVERY_MS);
  await db
    .insert(jobs)
    .values({
      kind: FEED_SCHEDULE_JOB,
      payload: {},
      runAt,
      // The next check does the same work: a failed one needs no retries.
      maxAttempts: 1,
      dedupeKey: `${FEED_SCHEDULE_JOB}:${runAt.toISOString()}`,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey });
}

/**
 * Queues a run of every URL feed that is due (`next_run_at` passed), not paused and without a
 * run queued or running, and moves its `next_run_at` on by its schedule (hourly by default).
 * Each feed in its own transaction, its row locked with SKIP LOCKED so two workers never queue
 * the same feed twice. Answers the runs queued.
 */
export async function scheduleFeedRuns(options: { db: Db; now: Date; limit?: number }): Promise<number[]> {
  const { db, now } = options;
  const due = await db
    .select({ id: feeds.id })
    .from(feeds)
    .where(
      and(
        eq(feeds.source, 'url'),
        eq(feeds.paused, false),
        isNotNull(feeds.nextRunAt),
        lte(feeds.nextRunAt, now),
        notExists(
          db
            .select({ id: feedRuns.id })
            .from(feedRuns)
            .where(and(eq(feedRuns.feedId, feeds.id), inArray(feedRuns.state, ['queued', 'running']))),
        ),
      ),
    )
    .orderBy(feeds.nextRunAt)
    .limit(options.limit ?? 500);
  const queued: number[] = [];
  for (const { id } of due) {
    const runId = await db.transaction(async (tx) => {
      const [feed] = await tx
        .select({ scheduleMinutes: feeds.scheduleMinutes, nextRunAt: feeds.nextRunAt, paused: feeds.paused })
        .from(feeds)
        .where(eq(feeds.id, id))
        .for('update', { skipLocked: true });
      if (!feed || feed.paused || !feed.nextRunAt || feed.nextRunAt > now) return null;
      const minutes = feed.scheduleMinutes ?? FEED_LIMITS.scheduleDefault;
      await tx
        .update(feeds)
        .set({ nextRunAt: sql`${now.toISOString()}::timestamptz + make_interval(mins => ${minutes})` })
        .where(eq(feeds.id, id));
      try {
        return await queueFeedRun(tx, { feedId: id, trigger: 'schedule' });
      } catch (error) {
        // A run was queued meanwhile (run now): this slot is skipped.
        if (error instanceof AppError && error.code === 'conflict') return null;
        throw error;
      }
    });
    if (runId !== null) queued.push(runId);
  }
  return queued;
}
