import { feedListings } from '@estately/db';
import type { PartnerListing } from '@estately/domain';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { FeedListing } from '../feeds/feed-listing.ts';
import { findApiFeed } from './find-api-feed.ts';
import { hasPendingPartnerJob, queuePartnerListing } from './partner-listing-job.ts';
import { readPartnerListing } from './partner-listing-view.ts';
import { applyPartnerListingNow, type PartnerWriteOptions } from './put-partner-listing.ts';

/**
 * DELETE /v1/partner/listings/{externalId}: takes the offer down as its seller would (never
 * deleted; a PUT brings it back). Withdrawing a withdrawn listing changes nothing. Behind a
 * change still queued for the worker, the withdrawal queues too, so it comes last. An id the
 * account never sent answers 404.
 */
export async function withdrawPartnerListing(options: PartnerWriteOptions): Promise<PartnerListing> {
  const { db, context, externalId } = options;
  const feed = await findApiFeed(db, context.caller.ownerId);
  if (!feed) throw new AppError('not_found');
  const listing: FeedListing = { externalId, action: 'withdraw', fields: {}, photos: [], problems: [] };
  const [existing] = await db
    .select({ id: feedListings.id })
    .from(feedListings)
    .where(and(eq(feedListings.feedId, feed.id), eq(feedListings.externalId, externalId)));
  if (await hasPendingPartnerJob(db, feed.id, externalId)) {
    await queuePartnerListing(db, { feed, listing, photosPending: 0 });
  } else {
    if (!existing) throw new AppError('not_found');
    await applyPartnerListingNow(options, feed, listing);
  }
  const view = await readPartnerListing(db, context, feed.id, externalId);
  if (!view) throw new AppError('not_found');
  return view;
}
