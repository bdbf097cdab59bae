import { type Db, feeds } from '@estately/db';
import { type CreateFeedBody, FEED_LIMITS, type Feed } from '@estately/domain';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { requireCompanyAccount } from '../companies/company-view.ts';
import { feedView } from './feed-view.ts';
import { scheduleFeedChecks } from './schedule-feed-runs.ts';

/**
 * POST /users/me/feeds: a company adds a feed: an upload feed (files arrive by
 * POST .../upload), or a URL feed pulled every `scheduleMinutes` (hourly by default), whose
 * first run is due at once. At most FEED_LIMITS.feedsMax feeds per account.
 */
export async function createFeed(options: { db: Db; userId: number; body: CreateFeedBody; now?: Date }) {
  const { db, userId, body } = options;
  const now = options.now ?? new Date();
  if (body.source === 'url' && !body.url) {
    throw new AppError('validation_errors', { errors: { url: ['feeds.error.url_required'] } });
  }
  if (body.source === 'upload' && (body.url !== undefined || body.scheduleMinutes !== undefined)) {
    const field = body.url !== undefined ? 'url' : 'scheduleMinutes';
    throw new AppError('validation_errors', { errors: { [field]: ['feeds.error.url_feed_only'] } });
  }
  return db.transaction(async (tx): Promise<Feed> => {
    // The account's row is locked, so two creates at once cannot both take the last place.
    await requireCompanyAccount(tx, userId, true);
    const [held] = await tx
      .select({ n: count() })
      .from(feeds)
      .where(and(eq(feeds.ownerId, userId), ne(feeds.format, 'api')));
    if ((held?.n ?? 0) >= FEED_LIMITS.feedsMax) {
      throw new AppError('validation_errors', { errors: { feed: ['validation.too_long'] } });
    }
    const isUrl = body.source === 'url';
    const [row] = await tx
      .insert(feeds)
      .values({
        ownerId: userId,
        name: body.name,
        format: body.format,
        source: body.source,
        url: isUrl ? (body.url ?? null) : null,
        scheduleMinutes: isUrl ? (body.scheduleMinutes ?? FEED_LIMITS.scheduleDefault) : null,
        encoding: body.encoding ?? null,
        defaultLocale: body.defaultLocale ?? null,
        nextRunAt: isUrl ? sql`${now.toISOString()}::timestamptz` : null,
      })
      .returning();
    if (!row) throw new AppError('internal_error');
    // The scheduler's check is queued now (it also runs with the hourly clean-up), so the first pull is prompt.
    if (isUrl) await scheduleFeedChecks(tx, now);
    return feedView(tx, row);
  });
}
