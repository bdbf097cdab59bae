import { type Db, feedListings, feeds } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import { and, eq } from 'drizzle-orm';
import { requireCompanyAccount } from '../companies/company-view.ts';
import { withdrawFeedProperty } from './apply-feed-listing.ts';
import { loadOwnFeed } from './feed-view.ts';
import { assertNoRunInProgress } from './queue-feed-run.ts';

/**
 * DELETE /users/me/feeds/{id}: withdraws the feed's active listings (their properties stay,
 * taken down as their seller would, never deleted) and removes the feed with its runs, reports
 * and listing keys in one transaction; then the stored run files. A run queued or running
 * answers 409.
 */
export async function deleteFeed(options: {
  db: Db;
  storage: MediaStorage;
  userId: number;
  id: string;
  onCleanupError?: (error: unknown, key: string) => void;
}): Promise<void> {
  const { db, storage, userId } = options;
  await requireCompanyAccount(db, userId);
  const feedId = await db.transaction(async (tx) => {
    const feed = await loadOwnFeed(tx, userId, options.id, true);
    await assertNoRunInProgress(tx, feed.id);
    const active = await tx
      .select({ propertyId: feedListings.propertyId })
      .from(feedListings)
      .where(and(eq(feedListings.feedId, feed.id), eq(feedListings.state, 'active')))
      .orderBy(feedListings.propertyId);
    for (const { propertyId } of active) await withdrawFeedProperty(tx, userId, propertyId);
    await tx.delete(feeds).where(eq(feeds.id, feed.id));
    return feed.id;
  });
  // The run files: nothing points at them any more.
  for (let after: string | null = null; ; ) {
    const listing = await storage.list({ prefix: `feeds/${feedId}/`, startAfter: after });
    for (const item of listing.objects) {
      await storage.delete(item.key).catch((error: unknown) => options.onCleanupError?.(error, item.key));
    }
    if (!listing.next) break;
    after = listing.next;
  }
}
