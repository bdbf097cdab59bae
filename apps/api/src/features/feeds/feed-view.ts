import { type DbOrTx, feedListings, feedRunProblems, feedRuns, feeds } from '@estately/db';
import type { Feed, FeedFileErrorCode, FeedRun } from '@estately/domain';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { parseId } from '../seller-properties/load-own-property.ts';

type FeedRow = typeof feeds.$inferSelect;
type RunRow = typeof feedRuns.$inferSelect;
type Reader = Pick<DbOrTx, 'select'>;

/** A run as the account sees it; `withProblems`: listings imported with values not taken. */
export function toFeedRun(run: RunRow, withProblems: number): FeedRun {
  return {
    id: run.id,
    feedId: run.feedId,
    state: run.state as FeedRun['state'],
    trigger: run.trigger as FeedRun['trigger'],
    mode: run.mode as FeedRun['mode'],
    notModified: run.notModified,
    total: run.total,
    processed: run.processed,
    counts: {
      created: run.created,
      updated: run.updated,
      unchanged: run.unchanged,
      withdrawn: run.withdrawn,
      rejected: run.rejected,
    },
    withProblems,
    error: run.errorCode ? { code: run.errorCode as FeedFileErrorCode, detail: run.errorDetail } : null,
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

/** Runs with their count of imported-with-problems listings, in one query for the lot. */
export async function feedRunViews(db: Reader, runs: RunRow[]): Promise<FeedRun[]> {
  if (runs.length === 0) return [];
  const counted = await db
    .select({ runId: feedRunProblems.runId, n: count() })
    .from(feedRunProblems)
    .where(
      and(
        inArray(
          feedRunProblems.runId,
          runs.map((run) => run.id),
        ),
        eq(feedRunProblems.rejected, false),
      ),
    )
    .groupBy(feedRunProblems.runId);
  const byRun = new Map(counted.map((row) => [row.runId, row.n]));
  return runs.map((run) => toFeedRun(run, byRun.get(run.id) ?? 0));
}

/** A feed with its active listings now and its last run. */
export async function feedView(db: Reader, feed: FeedRow): Promise<Feed> {
  const [active] = await db
    .select({ n: count() })
    .from(feedListings)
    .where(and(eq(feedListings.feedId, feed.id), eq(feedListings.state, 'active')));
  const [last] = await db
    .select()
    .from(feedRuns)
    .where(eq(feedRuns.feedId, feed.id))
    .orderBy(desc(feedRuns.id))
    .limit(1);
  return {
    id: feed.id,
    name: feed.name,
    format: feed.format as Feed['format'],
    source: feed.source as Feed['source'],
    url: feed.url,
    scheduleMinutes: feed.scheduleMinutes,
    encoding: feed.encoding as Feed['encoding'],
    defaultLocale: feed.defaultLocale as Feed['defaultLocale'],
    paused: feed.paused,
    nextRunAt: feed.nextRunAt?.toISOString() ?? null,
    activeListings: active?.n ?? 0,
    lastRun: last ? ((await feedRunViews(db, [last]))[0] ?? null) : null,
    createdAt: feed.createdAt.toISOString(),
  };
}

/**
 * The account's own feed (not its partner API feed), locked when asked. Another account's feed,
 * or an id that names none, answers 404 alike.
 */
export async function loadOwnFeed(
  db: Reader,
  userId: number,
  id: string | number,
  forUpdate = false,
): Promise<FeedRow> {
  const feedId = parseId(id);
  if (feedId === null) throw new AppError('not_found');
  const query = db
    .select()
    .from(feeds)
    .where(and(eq(feeds.id, feedId), eq(feeds.ownerId, userId)));
  const [feed] = forUpdate ? await query.for('update') : await query;
  if (!feed || feed.format === 'api') throw new AppError('not_found');
  return feed;
}
