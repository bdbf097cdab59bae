import { type Db, type DbOrTx, feeds } from '@estately/db';
import { and, eq } from 'drizzle-orm';
import type { FeedRef } from '../feeds/apply-feed-listing.ts';

/** The name the account's partner API feed is stored with (its feed list leaves it out). */
const API_FEED_NAME = 'Partner API';

/** The account's partner API feed, or null before its first listing. */
export async function findApiFeed(db: DbOrTx, ownerId: number): Promise<FeedRef | null> {
  const [feed] = await db
    .select({ id: feeds.id, ownerId: feeds.ownerId })
    .from(feeds)
    .where(and(eq(feeds.ownerId, ownerId), eq(feeds.format, 'api')));
  return feed ?? null;
}

/**
 * The account's partner API feed, created on its first listing (format and source `api`, one per
 * account by a unique index, so two first calls at once make one), so its listings are keyed
 * by external id like a file feed's (docs/decisions/062).
 */
export async function findOrCreateApiFeed(db: Db, ownerId: number): Promise<FeedRef> {
  const found = await findApiFeed(db, ownerId);
  if (found) return found;
  await db
    .insert(feeds)
    .values({ ownerId, name: API_FEED_NAME, format: 'api', source: 'api' })
    .onConflictDoNothing();
  const created = await findApiFeed(db, ownerId);
  if (!created) throw new Error('the partner API feed was not created');
  return created;
}
