import { type Db, feeds } from '@estately/db';
import type { FeedListResponse } from '@estately/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import { requireCompanyAccount } from '../companies/company-view.ts';
import { feedView } from './feed-view.ts';

/** GET /users/me/feeds: the company's feeds (not its partner API feed), oldest first. */
export async function listFeeds(options: { db: Db; userId: number }): Promise<FeedListResponse> {
  const { db, userId } = options;
  await requireCompanyAccount(db, userId);
  const rows = await db
    .select()
    .from(feeds)
    .where(and(eq(feeds.ownerId, userId), ne(feeds.format, 'api')))
    .orderBy(asc(feeds.id));
  const list = [];
  for (const row of rows) list.push(await feedView(db, row));
  return { feeds: list };
}
