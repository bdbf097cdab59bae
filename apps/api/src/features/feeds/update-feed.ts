import { type Db, feeds } from '@estately/db';
import type { Feed, UpdateFeedBody } from '@estately/domain';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { requireCompanyAccount } from '../companies/company-view.ts';
import { feedView, loadOwnFeed } from './feed-view.ts';

/**
 * PATCH /users/me/feeds/{id}: renames, re-points, reschedules, pauses or resumes a feed. The
 * address and schedule belong to URL feeds (`feeds.error.url_feed_only` on an upload feed). A
 * new address forgets the last answer's ETag; a new schedule counts from now.
 */
export async function updateFeed(options: { db: Db; userId: number; id: string; body: UpdateFeedBody }) {
  const { db, userId, body } = options;
  await requireCompanyAccount(db, userId);
  return db.transaction(async (tx): Promise<Feed> => {
    const feed = await loadOwnFeed(tx, userId, options.id, true);
    if (feed.source !== 'url' && (body.url !== undefined || body.scheduleMinutes !== undefined)) {
      const field = body.url !== undefined ? 'url' : 'scheduleMinutes';
      throw new AppError('validation_errors', { errors: { [field]: ['feeds.error.url_feed_only'] } });
    }
    const urlChanged = body.url !== undefined && body.url !== feed.url;
    const [row] = await tx
      .update(feeds)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.url !== undefined ? { url: body.url } : {}),
        ...(urlChanged ? { etag: null, lastModified: null } : {}),
        ...(body.encoding !== undefined ? { encoding: body.encoding } : {}),
        ...(body.defaultLocale !== undefined ? { defaultLocale: body.defaultLocale } : {}),
        ...(body.paused !== undefined ? { paused: body.paused } : {}),
        ...(body.scheduleMinutes !== undefined
          ? {
              scheduleMinutes: body.scheduleMinutes,
              nextRunAt: sql`now() + make_interval(mins => ${body.scheduleMinutes})`,
            }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(feeds.id, feed.id))
      .returning();
    if (!row) throw new AppError('internal_error');
    return feedView(tx, row);
  });
}
