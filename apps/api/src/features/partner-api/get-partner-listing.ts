import type { DbOrTx } from '@estately/db';
import type { PartnerListing } from '@estately/domain';
import { AppError } from '../../lib/app-error.ts';
import { findApiFeed } from './find-api-feed.ts';
import { type PartnerViewContext, readPartnerListing } from './partner-listing-view.ts';

/** GET /v1/partner/listings/{externalId}: one listing of the company; 404 for an id it never sent. */
export async function getPartnerListing(options: {
  db: DbOrTx;
  context: PartnerViewContext;
  externalId: string;
}): Promise<PartnerListing> {
  const { db, context, externalId } = options;
  const feed = await findApiFeed(db, context.caller.ownerId);
  const view = feed ? await readPartnerListing(db, context, feed.id, externalId) : null;
  if (!view) throw new AppError('not_found');
  return view;
}
