import { type Db, feedRuns } from '@estately/db';
import { FEED_RUNS_PAGE_SIZE, type FeedRunsResponse, pageMeta, pageOffset } from '@estately/domain';
import { count, desc, eq } from 'drizzle-orm';
import { requireCompanyAccount } from '../companies/company-view.ts';
import { feedRunViews, loadOwnFeed } from './feed-view.ts';

/** GET /users/me/feeds/{id}/runs: the feed's runs, newest first, a page at a time. */
export async function listFeedRuns(options: {
  db: Db;
  userId: number;
  id: string;
  page?: number | undefined;
  perPage?: number | undefined;
}): Promise<FeedRunsResponse> {
  const { db, userId } = options;
  await requireCompanyAccount(db, userId);
  const feed = await loadOwnFeed(db, userId, options.id);
  const page = options.page ?? 1;
  const perPage = options.perPage ?? FEED_RUNS_PAGE_SIZE;
  const [total] = await db.select({ n: count() }).from(feedRuns).where(eq(feedRuns.feedId, feed.id));
  const rows = await db
    .select()
    .from(feedRuns)
    .where(eq(feedRuns.feedId, feed.id))
    .orderBy(desc(feedRuns.id))
    .limit(perPage)
    .offset(pageOffset(page, perPage));
  return { runs: await feedRunViews(db, rows), meta: pageMeta(total?.n ?? 0, page, perPage) };
}
