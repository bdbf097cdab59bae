import type { Db } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import type { FeedRun } from '@estately/domain';
import { AppError } from '../../lib/app-error.ts';
import { requireCompanyAccount } from '../companies/company-view.ts';
import { feedRunViews, loadOwnFeed } from './feed-view.ts';
import { queueFeedRun } from './queue-feed-run.ts';
import { feedFileKey, loadRun } from './run-feed-now.ts';

/**
 * POST /users/me/feeds/{id}/upload: stores the uploaded file under `feeds/{feed}/{run}/` and
 * queues its run in one transaction (a failed store queues nothing). Upload feeds only
 * (`feeds.error.upload_feed_only`); a run queued or running answers 409.
 */
export async function uploadFeedFile(options: {
  db: Db;
  storage: MediaStorage;
  userId: number;
  id: string;
  file: Buffer;
}): Promise<FeedRun> {
  const { db, storage, userId } = options;
  await requireCompanyAccount(db, userId);
  const runId = await db.transaction(async (tx) => {
    const feed = await loadOwnFeed(tx, userId, options.id, true);
    if (feed.source !== 'upload') {
      throw new AppError('validation_errors', { errors: { file: ['feeds.error.upload_feed_only'] } });
    }
    return queueFeedRun(tx, {
      feedId: feed.id,
      trigger: 'upload',
      storeFile: async (run) => {
        const key = feedFileKey(feed.id, run);
        await storage.put(key, options.file, 'application/octet-stream');
        return key;
      },
    });
  });
  const [view] = await feedRunViews(db, [await loadRun(db, runId)]);
  if (!view) throw new AppError('internal_error');
  return view;
}
