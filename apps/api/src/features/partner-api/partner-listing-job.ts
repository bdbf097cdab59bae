import { type Db, type DbOrTx, jobs } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import { FeedProblemSchema, PropertyFieldsSchema } from '@estately/domain';
import { and, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AccountLimits } from '../../lib/account-limits.ts';
import { applyFeedListing } from '../feeds/apply-feed-listing.ts';
import type { FeedListing, FeedProblem } from '../feeds/feed-listing.ts';
import { allowedNetworks } from '../feeds/fetch-guarded.ts';

// A partner's listing whose photos have not been fetched yet is applied by the worker (issue
// 42): fetching photos from the partner's servers takes seconds to minutes, longer than a call
// should wait, and a new offer cannot be published without its photos. The job carries the
// whole listing; the newest change of a listing wins, so an older job still queued behind a
// newer one (a retry, a second worker) does nothing. When it is done the job keeps what became
// of the listing (its problems: photos that failed), which GET answers while the job row is kept.

export const PARTNER_LISTING_JOB = 'partner.listing';

/** Attempts of a listing's job (a storage or database outage is retried with backoff). */
const ATTEMPTS = 5;

/** How far back the answers look for the worker's last word on a listing. */
export const PARTNER_JOB_LOOKBACK_MS = 24 * 60 * 60 * 1000;

const PhotoSourceSchema = z.object({ kind: z.literal('url'), url: z.string(), title: z.string().optional() });
const PayloadSchema = z.object({
  feedId: z.number().int().positive(),
  ownerId: z.number().int().positive(),
  externalId: z.string().min(1),
  action: z.enum(['upsert', 'withdraw']),
  fields: z.record(z.string(), z.unknown()),
  photos: z.array(PhotoSourceSchema),
  /** Photos to fetch when it was queued (the answers' `photos_pending`). */
  photosPending: z.number().int().min(0),
});
type Payload = z.infer<typeof PayloadSchema>;

const ResultSchema = z.object({ outcome: z.string(), problems: z.array(FeedProblemSchema) });

/** Queues the listing for the worker; the answer's `photos_pending` is `photosPending`. */
export async function queuePartnerListing(
  db: DbOrTx,
  options: { feed: { id: number; ownerId: number }; listing: FeedListing; photosPending: number },
): Promise<void> {
  const { feed, listing } = options;
  const payload: Payload = {
    feedId: feed.id,
    ownerId: feed.ownerId,
    externalId: listing.externalId,
    action: listing.action,
    fields: listing.fields as Record<string, unknown>,
    photos: listing.photos.flatMap((photo) => (photo.kind === 'url' ? [photo] : [])),
    photosPending: options.photosPending,
  };
  await db.insert(jobs).values({ kind: PARTNER_LISTING_JOB, payload, maxAttempts: ATTEMPTS });
}

const ofListing = (feedId: number, externalIds: readonly string[]) =>
  and(
    eq(jobs.kind, PARTNER_LISTING_JOB),
    sql`(${jobs.payload}->>'feedId')::bigint = ${feedId}`,
    inArray(sql<string>`${jobs.payload}->>'externalId'`, [...externalIds]),
  );

/** What the worker is doing or did last about one listing. */
export interface PartnerJobState {
  /** The newest change still queued or running: what it does and how many photos it fetches. */
  pending: { action: 'upsert' | 'withdraw'; photosPending: number } | null;
  /** The worker's last finished change of it (within the lookback): its problems and when. */
  finished: { problems: FeedProblem[]; doneAt: Date } | null;
}

/** The worker's state of each of the listings, by external id (listings without jobs are absent). */
export async function partnerJobStates(
  db: DbOrTx,
  feedId: number,
  externalIds: readonly string[],
): Promise<Map<string, PartnerJobState>> {
  const states = new Map<string, PartnerJobState>();
  if (externalIds.length === 0) return states;
  // Bounded by the kind index's creation time, so the answer reads a day of the kind's jobs at most.
  const rows = await db
    .select({ payload: jobs.payload, doneAt: jobs.doneAt, failedAt: jobs.failedAt })
    .from(jobs)
    .where(
      and(
        ofListing(feedId, externalIds),
        gte(jobs.createdAt, sql`now() - make_interval(secs => ${PARTNER_JOB_LOOKBACK_MS / 1000})`),
      ),
    )
    .orderBy(desc(jobs.id));
  for (const row of rows) {
    const payload = PayloadSchema.safeParse(row.payload);
    if (!payload.success) continue;
    const state = states.get(payload.data.externalId) ?? { pending: null, finished: null };
    states.set(payload.data.externalId, state);
    const open = row.doneAt === null && row.failedAt === null;
    // Only a change newer than everything finished is pending: an older one will do nothing.
    if (open && state.pending === null && state.finished === null) {
      state.pending = { action: payload.data.action, photosPending: payload.data.photosPending };
    }
    const result = ResultSchema.safeParse(row.payload.result);
    if (row.doneAt !== null && state.finished === null && result.success) {
      state.finished = { problems: result.data.problems as FeedProblem[], doneAt: row.doneAt };
    }
  }
  return states;
}

/** Whether a change of the listing is still queued or running (a new one then queues behind it). */
export async function hasPendingPartnerJob(db: DbOrTx, feedId: number, externalId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(ofListing(feedId, [externalId]), sql`${jobs.doneAt} is null and ${jobs.failedAt} is null`))
    .limit(1);
  return row !== undefined;
}

/**
 * The worker's handler: applies the queued listing through the feed sync (photos fetched,
 * checked and resized there), unless a newer change of the listing was queued since, and
 * keeps the outcome and problems on its own row for the answers.
 */
export async function runPartnerListingJob(options: {
  db: Db;
  storage: MediaStorage;
  /** FEED_ALLOWED_NETWORKS. */
  allowedNetworks: readonly string[];
  limits: Pick<AccountLimits, 'properties' | 'photos' | 'photosPerProperty'>;
  job: { id: number; payload: Record<string, unknown> };
  onCleanupError?: (error: unknown, key: string) => void;
}): Promise<'applied' | 'superseded'> {
  const { db, job } = options;
  const parsed = PayloadSchema.safeParse(job.payload);
  if (!parsed.success) {
    throw Object.assign(new Error(`${PARTNER_LISTING_JOB}: malformed payload`), { permanent: true });
  }
  const payload = parsed.data;
  const [newer] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(ofListing(payload.feedId, [payload.externalId]), gt(jobs.id, job.id)))
    .limit(1);
  if (newer) return 'superseded';
  const fields = PropertyFieldsSchema.safeParse(payload.fields);
  const result = await applyFeedListing(db, {
    feed: { id: payload.feedId, ownerId: payload.ownerId },
    runId: null,
    listing: {
      externalId: payload.externalId,
      action: payload.action,
      // Checked when queued; a listing the schema of a newer release refuses is rejected by the sync.
      fields: fields.success ? fields.data : (payload.fields as FeedListing['fields']),
      photos: payload.photos,
      problems: [],
    },
    storage: options.storage,
    allowed: allowedNetworks(options.allowedNetworks),
    limits: options.limits,
    ...(options.onCleanupError ? { onCleanupError: options.onCleanupError } : {}),
  });
  const kept = { outcome: result.outcome, problems: result.problems };
  await db
    .update(jobs)
    .set({ payload: sql`${jobs.payload} || ${JSON.stringify({ result: kept })}::jsonb` })
    .where(eq(jobs.id, job.id));
  return 'applied';
}
