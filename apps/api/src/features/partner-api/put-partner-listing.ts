import { type Db, feedListings } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import { type PartnerListing, type PartnerListingBody, publishProblems } from '@estately/domain';
import { and, eq } from 'drizzle-orm';
import type { AccountLimits } from '../../lib/account-limits.ts';
import { AppError } from '../../lib/app-error.ts';
import { applyFeedListing, type FeedRef } from '../feeds/apply-feed-listing.ts';
import type { FeedListing, FeedProblem } from '../feeds/feed-listing.ts';
import { feedListingHash } from '../feeds/feed-listing-hash.ts';
import { allowedNetworks } from '../feeds/fetch-guarded.ts';
import { findOrCreateApiFeed } from './find-api-feed.ts';
import { hasPendingPartnerJob, queuePartnerListing } from './partner-listing-job.ts';
import { type PartnerViewContext, readPartnerListing } from './partner-listing-view.ts';

export interface PartnerWriteOptions {
  db: Db;
  storage: MediaStorage;
  context: PartnerViewContext;
  /** FEED_ALLOWED_NETWORKS. */
  allowedNetworks: readonly string[];
  limits: Pick<AccountLimits, 'properties' | 'photos' | 'photosPerProperty'>;
  externalId: string;
  onCleanupError?: (error: unknown, key: string) => void;
}

/** Applies a listing through the feed sync within the call (no photo to fetch, or a withdrawal). */
export function applyPartnerListingNow(options: PartnerWriteOptions, feed: FeedRef, listing: FeedListing) {
  return applyFeedListing(options.db, {
    feed,
    runId: null,
    listing,
    storage: options.storage,
    allowed: allowedNetworks(options.allowedNetworks),
    limits: options.limits,
    ...(options.onCleanupError ? { onCleanupError: options.onCleanupError } : {}),
  });
}

/** The body as the feed sync takes a listing: our property fields, photos by URL. */
function feedListingOf(externalId: string, body: PartnerListingBody): FeedListing {
  const { photos = [], ...fields } = body;
  return {
    externalId,
    action: 'upsert',
    fields,
    photos: photos.map((photo) => ({
      kind: 'url',
      url: photo.url,
      ...(photo.title ? { title: photo.title } : {}),
    })),
    problems: [],
  };
}

/**
 * A listing the sync refused, as POST /v1/property/save answers a refused save: 422
 * `validation_errors` with message keys by field (a refusal of the account's limit on `property`).
 */
export function refusal(problems: FeedProblem[]): AppError {
  const errors: Record<string, string[]> = {};
  for (const problem of problems) {
    if (problem.code === 'photo_failed') continue;
    const field = problem.field ?? 'property';
    const key = problem.detail ?? `feeds.problem.${problem.code}`;
    errors[field] = [...new Set([...(errors[field] ?? []), key])];
  }
  return new AppError('validation_errors', { errors });
}

/**
 * PUT /v1/partner/listings/{externalId} (issue 42): creates or updates the company's listing
 * through the feed sync, keyed by the partner's id in the account's API feed. A body the
 * publish rules refuse answers 422 before anything is written. When every photo was fetched
 * before (or nothing changed) the listing is applied now; otherwise the worker applies it with
 * its photos (`photos_pending`), and a change of a listing still queued waits behind it, so
 * changes apply in the order they came. The same body twice writes nothing the second time.
 */
export async function putPartnerListing(
  options: PartnerWriteOptions & { body: PartnerListingBody },
): Promise<{ created: boolean; listing: PartnerListing }> {
  const { db, context, externalId } = options;
  const listing = feedListingOf(externalId, options.body);
  // What publishing needs, judged before anything is written; coordinates are left to the
  // gazetteer, which places the address in the sync (a place it does not know is refused there).
  const {
    latitude: _latitude,
    longitude: _longitude,
    ...refused
  } = publishProblems(listing.fields, {
    photos: listing.photos.length,
  });
  if (Object.keys(refused).length > 0) throw new AppError('validation_errors', { errors: refused });

  const feed = await findOrCreateApiFeed(db, context.caller.ownerId);
  const [existing] = await db
    .select()
    .from(feedListings)
    .where(and(eq(feedListings.feedId, feed.id), eq(feedListings.externalId, externalId)));
  const known = new Set((existing?.photos ?? []).map((photo) => photo.source));
  const toFetch = new Set(
    listing.photos.flatMap((photo) => (photo.kind === 'url' && !known.has(photo.url) ? [photo.url] : [])),
  );
  const unchanged =
    existing !== undefined &&
    existing.state === 'active' &&
    existing.propertyId !== null &&
    existing.contentHash === feedListingHash(listing);

  if ((unchanged || toFetch.size === 0) && !(await hasPendingPartnerJob(db, feed.id, externalId))) {
    const result = await applyPartnerListingNow(options, feed, listing);
    if (result.outcome === 'rejected') throw refusal(result.problems);
    const view = await readPartnerListing(db, context, feed.id, externalId);
    if (!view) throw new AppError('internal_error');
    return { created: result.outcome === 'created', listing: { ...view, problems: result.problems } };
  }

  await queuePartnerListing(db, { feed, listing, photosPending: toFetch.size });
  const view = await readPartnerListing(db, context, feed.id, externalId);
  if (!view) throw new AppError('internal_error');
  return { created: existing === undefined, listing: view };
}
