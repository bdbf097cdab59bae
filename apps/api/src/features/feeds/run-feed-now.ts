import { type Db, type DbOrTx, feedRuns } from '@estately/db';
import type { FeedRun } from '@estately/domain';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { requireCompanyAccount } from '../companies/company-view.ts';
import { feedRunViews, loadOwnFeed } from './feed-view.ts';
import { queueFeedRun } from './queue-feed-run.ts';

export { feedFileKey } from './run-feed.ts';

export async function loadRun(db: Pick<DbOrTx, 'select'>, runId: number) {
  const [run] = await db.select().from(feedRuns).where(eq(feedRuns.id, runId));
  if (!run) throw new AppError('internal_error');
  return run;
}

/**
 * POST /users/me/feeds/{id}/run: pulls a URL feed now (an upload feed runs when a file is
 * uploaded: `feeds.error.url_feed_only`). A run queued or running answers 409
 * `feeds.error.run_in_progress`.
 */
export async function runFeedNow(options: { db: Db; userId: number; id: string }): Promise<FeedRun> {
  const { db, userId } = options;
  await requireCompanyAccount(db, userId);
  const runId = await db.transaction(async (tx) => {
    const feed = await loadOwnFeed(tx, userId, options.id, true);
    if (feed.source !== 'url') {
      throw new AppError('validation_errors', { errors: { feed: ['feeds.error.url_feed_only'] } });
    }
    return queueFeedRun(tx, { feedId: feed.id, trigger: 'manual' });
  });
  const [view] = await feedRunViews(db, [await loadRun(db, runId)]);
  if (!view) throw new AppError('internal_error');
  return view;
}
