import { type Db, feedRunProblems, feedRuns, feeds } from '@estately/db';
import {
  FEED_REPORT_PAGE_SIZE,
  type FeedReportEntry,
  type FeedRunDetailResponse,
  pageMeta,
  pageOffset,
} from '@estately/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { requireCompanyAccount } from '../companies/company-view.ts';
import { parseId } from '../seller-properties/load-own-property.ts';
import { feedRunViews } from './feed-view.ts';

/**
 * GET /users/me/feed-runs/{runId}: a run of one of the account's feeds with a page of its
 * report (rejected listings and listings with values not taken, in file order). Another
 * account's run answers 404 like an unknown one.
 */
export async function getFeedRun(options: {
  db: Db;
  userId: number;
  runId: string;
  page?: number | undefined;
  perPage?: number | undefined;
}): Promise<FeedRunDetailResponse> {
  const { db, userId } = options;
  await requireCompanyAccount(db, userId);
  const runId = parseId(options.runId);
  if (runId === null) throw new AppError('not_found');
  const [found] = await db
    .select({ run: feedRuns, feed: { id: feeds.id, name: feeds.name, format: feeds.format } })
    .from(feedRuns)
    .innerJoin(feeds, eq(feeds.id, feedRuns.feedId))
    .where(and(eq(feedRuns.id, runId), eq(feeds.ownerId, userId)));
  if (!found || found.feed.format === 'api') throw new AppError('not_found');
  const page = options.page ?? 1;
  const perPage = options.perPage ?? FEED_REPORT_PAGE_SIZE;
  const [total] = await db
    .select({ n: count() })
    .from(feedRunProblems)
    .where(eq(feedRunProblems.runId, runId));
  const rows = await db
    .select()
    .from(feedRunProblems)
    .where(eq(feedRunProblems.runId, runId))
    .orderBy(asc(feedRunProblems.position))
    .limit(perPage)
    .offset(pageOffset(page, perPage));
  const [run] = await feedRunViews(db, [found.run]);
  if (!run) throw new AppError('internal_error');
  return {
    run,
    feed: { id: found.feed.id, name: found.feed.name, format: found.feed.format as 'openimmo' | 'csv' },
    report: rows.map(
      (row): FeedReportEntry => ({
        position: row.position,
        externalId: row.externalId,
        rejected: row.rejected,
        problems: row.problems as FeedReportEntry['problems'],
      }),
    ),
    meta: pageMeta(total?.n ?? 0, page, perPage),
  };
}
