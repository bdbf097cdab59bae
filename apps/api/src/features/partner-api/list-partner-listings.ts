import { type DbOrTx, feedListings } from '@estately/db';
import { type PageMeta, type PartnerListing, pageMeta, pageOffset } from '@estately/domain';
import { asc, count, eq } from 'drizzle-orm';
import { findApiFeed } from './find-api-feed.ts';
import { type PartnerViewContext, readPartnerListings } from './partner-listing-view.ts';

/**
 * GET /v1/partner/listings: the company's listings sent through the API, active and withdrawn,
 * in the order they were first sent, a page at a time. A listing whose first version is still
 * with the worker appears once it is applied.
 */
export async function listPartnerListings(options: {
  db: DbOrTx;
  context: PartnerViewContext;
  page: number;
  perPage: number;
}): Promise<{ listings: PartnerListing[]; meta: PageMeta }> {
  const { db, context, page, perPage } = options;
  const feed = await findApiFeed(db, context.caller.ownerId);
  if (!feed) return { listings: [], meta: pageMeta(0, page, perPage) };
  const [total] = await db.select({ n: count() }).from(feedListings).where(eq(feedListings.feedId, feed.id));
  const ids = await db
    .select({ externalId: feedListings.externalId })
    .from(feedListings)
    .where(eq(feedListings.feedId, feed.id))
    .orderBy(asc(feedListings.id))
    .limit(perPage)
    .offset(pageOffset(page, perPage));
  const externalIds = ids.map((row) => row.externalId);
  const views = await readPartnerListings(db, context, feed.id, externalIds);
  return {
    listings: externalIds.flatMap((id) => views.get(id) ?? []),
    meta: pageMeta(total?.n ?? 0, page, perPage),
  };
}
