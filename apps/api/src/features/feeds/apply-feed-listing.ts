import type { BlockList } from 'node:net';
import {
  type Db,
  type DbOrTx,
  type FeedListingPhoto,
  feedListings,
  properties,
  propertyMedia,
} from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import {
  canTransition,
  FEED_LIMITS,
  feedDetailOf,
  type PropertyFields,
  PropertyFieldsSchema,
  type PropertyState,
} from '@estately/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AccountLimits } from '../../lib/account-limits.ts';
import { AppError } from '../../lib/app-error.ts';
import { deletePhotoFiles } from '../seller-properties/photo-files.ts';
import { columnsToFields } from '../seller-properties/property-columns.ts';
import { createDraftProperty } from '../seller-properties/save-property.ts';
import { setPropertyState } from '../seller-properties/set-property-state.ts';
import { syncOfferRow } from '../seller-properties/sync-offer-row.ts';
import { writeProperty } from '../seller-properties/write-property.ts';
import { completeFeedContact } from './complete-feed-contact.ts';
import type { FeedListing, FeedProblem, OpenedFeed } from './feed-listing.ts';
import { feedListingHash } from './feed-listing-hash.ts';
import {
  countFeedOutcome,
  type FeedListingOutcome,
  feedPositionReported,
  reportFeedProblems,
} from './record-feed-outcome.ts';
import {
  holdSharedPhoto,
  SharedPhotoGoneError,
  type TakenPhoto,
  takeFeedPhotos,
} from './take-feed-photos.ts';

export type { FeedListingOutcome } from './record-feed-outcome.ts';

/** The feed a listing belongs to: its id and the company account that owns its properties. */
export interface FeedRef {
  id: number;
  ownerId: number;
}

export interface ApplyFeedListingOptions {
  feed: FeedRef;
  /** The run applying it (counters, report, resume); null for a partner API call. */
  runId: number | null;
  /** The listing's position in the run's file (its report line); unused without a run. */
  position?: number;
  listing: FeedListing;
  storage: MediaStorage;
  /** FEED_ALLOWED_NETWORKS (fetch-guarded.ts `allowedNetworks`). */
  allowed: BlockList;
  /** The account's limits (config.accountLimits): properties, photos per property and per account. */
  limits: Pick<AccountLimits, 'properties' | 'photos' | 'photosPerProperty'>;
  /** The run's opened file, for photos inside a ZIP. */
  file?: Pick<OpenedFeed, 'readPhoto'>;
  onCleanupError?: (error: unknown, key: string) => void;
}

export interface ApplyFeedListingResult {
  outcome: FeedListingOutcome;
  /** The reader's problems and the sync's (photos that failed, why it was rejected). */
  problems: FeedProblem[];
  propertyId: number | null;
}

type ListingRow = typeof feedListings.$inferSelect;
type PropertyRow = typeof properties.$inferSelect;

// Contract fields that hold a value on every property (NOT NULL with a default): a feed that
// leaves them out keeps what the property has rather than clearing them.
const KEPT_WHEN_ABSENT = new Set([
  'offer_type',
  'property_type',
  'country_code',
  'currency_iso_code',
  'price_variant',
  'useful_area_units',
  'penb',
  'locale',
]);

/**
 * The changes that make a stored property equal to the listing: its fields, and a clear of
 * each value the property holds that the listing no longer has (a feed describes the whole
 * listing, unlike a form's partial save).
 */
function fieldChanges(current: PropertyRow, fields: PropertyFields): PropertyFields {
  const changes: Record<string, unknown> = { ...fields };
  for (const [key, value] of Object.entries(columnsToFields(current))) {
    if (key in fields || KEPT_WHEN_ABSENT.has(key) || value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) changes[key] = [];
    } else changes[key] = null;
  }
  const parsed = PropertyFieldsSchema.safeParse(changes);
  return parsed.success ? (parsed.data as PropertyFields) : fields;
}

/** Problems of the listing's own values: what the shared property schema refuses. */
function invalidFields(fields: PropertyFields): FeedProblem[] {
  const parsed = PropertyFieldsSchema.safeParse(fields);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({
    code: 'invalid_value' as const,
    field: issue.path.map(String).join('.'),
    detail: feedDetailOf(issue.message),
  }));
}

/** The problems of a refused property write (422 `validation_errors`), as report lines. */
function problemsOf(error: AppError): FeedProblem[] {
  return Object.entries(error.errors ?? {}).flatMap(([field, keys]) =>
    keys.map((key) => ({
      code:
        key === 'validation.required' || key === 'validation.photo_required'
          ? ('missing_field' as const)
          : key === 'validation.too_many_properties'
            ? ('limit_reached' as const)
            : ('invalid_value' as const),
      field,
      detail: feedDetailOf(key),
    })),
  );
}

async function reserveProperty(db: Db): Promise<number> {
  const result = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('properties', 'id')) as id`,
  )) as unknown as { rows: Array<{ id: string | number }> };
  return Number(result.rows[0]?.id);
}

/** Gives the property exactly the listing's photos, in its order; answers the rows it removed. */
async function syncPhotos(tx: DbOrTx, propertyId: number, photos: TakenPhoto[]) {
  const rows = await tx
    .select({
      id: propertyMedia.id,
      contentHash: propertyMedia.contentHash,
      storageKey: propertyMedia.storageKey,
      variants: propertyMedia.variants,
    })
    .from(propertyMedia)
    .where(and(eq(propertyMedia.propertyId, propertyId), eq(propertyMedia.kind, 'photo')));
  const wanted = new Set(photos.map((photo) => photo.contentHash));
  const removed = rows.filter((row) => row.contentHash === null || !wanted.has(row.contentHash));
  for (const row of removed) await tx.delete(propertyMedia).where(eq(propertyMedia.id, row.id));
  // One main photo per property (a unique index): cleared first, then set on the feed's first.
  await tx
    .update(propertyMedia)
    .set({ isMain: false })
    .where(and(eq(propertyMedia.propertyId, propertyId), eq(propertyMedia.isMain, true)));
  const held = new Set(rows.map((row) => row.contentHash));
  for (const [position, photo] of photos.entries()) {
    if (photo.stored && !held.has(photo.contentHash)) {
      if (photo.shared) await holdSharedPhoto(tx, photo.stored.storageKey);
      await tx.insert(propertyMedia).values({
        propertyId,
        position,
        isMain: position === 0,
        storageKey: photo.stored.storageKey,
        contentType: 'image/webp',
        variants: photo.stored.variants,
        status: 'ready',
        contentHash: photo.contentHash,
        perceptualHash: photo.stored.perceptualHash ?? null,
        width: photo.stored.width,
        height: photo.stored.height,
        bytes: photo.bytes ?? null,
      });
    } else {
      await tx
        .update(propertyMedia)
        .set({ position, isMain: position === 0 })
        .where(
          and(eq(propertyMedia.propertyId, propertyId), eq(propertyMedia.contentHash, photo.contentHash)),
        );
    }
  }
  return removed;
}

/** Publishes through the lifecycle (set-property-state.ts), when the property's state allows it. */
async function publish(tx: DbOrTx, ownerId: number, propertyId: number, state: string, offerType: string) {
  if (state === 'active' || !canTransition(state as PropertyState, 'active', offerType)) return;
  await setPropertyState({
    db: tx as Db,
    actor: { id: ownerId, isAdmin: false },
    propertyId,
    state: 'active',
  });
}

/**
 * Takes an offer down as its seller does (`paused`, the bulk action's withdraw), never deleting
 * it; a property in a state that cannot be paused (sold, archived) is left as it is.
 */
export async function withdrawFeedProperty(tx: DbOrTx, ownerId: number, propertyId: number | null) {
  if (propertyId === null) return;
  const [row] = await tx
    .select({ state: properties.state, offerType: properties.offerType })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!row || !canTransition(row.state as PropertyState, 'paused', row.offerType)) return;
  await setPropertyState({
    db: tx as Db,
    actor: { id: ownerId, isAdmin: false },
    propertyId,
    state: 'paused',
  });
}

async function lockListing(tx: DbOrTx, feedId: number, externalId: string): Promise<ListingRow | undefined> {
  const [row] = await tx
    .select()
    .from(feedListings)
    .where(and(eq(feedListings.feedId, feedId), eq(feedListings.externalId, externalId)))
    .for('update');
  return row;
}

/** Whether this run already applied or reported the listing (a resumed run skips it). */
async function alreadyDone(
  tx: DbOrTx,
  options: ApplyFeedListingOptions,
  row: ListingRow | undefined,
): Promise<boolean> {
  if (options.runId === null) return false;
  if (row?.lastRunId === options.runId) return true;
  return options.position !== undefined && (await feedPositionReported(tx, options.runId, options.position));
}

async function finish(
  tx: DbOrTx,
  options: ApplyFeedListingOptions,
  outcome: Exclude<FeedListingOutcome, 'skipped'>,
  problems: FeedProblem[],
): Promise<void> {
  if (options.runId === null) return;
  await countFeedOutcome(tx, options.runId, outcome);
  if (problems.length > 0 && options.position !== undefined) {
    await reportFeedProblems(tx, {
      runId: options.runId,
      position: options.position,
      externalId: options.listing.externalId,
      rejected: outcome === 'rejected',
      problems,
    });
  }
}

/**
 * Applies one listing of a feed (or of the partner API, `runId` null) in one transaction
 * (issue 42, docs/decisions/062): looks the listing up by (feed, external id); an unchanged
 * active listing only records that this run saw it (no property write, no new photo, no alert);
 * a new one creates its property through the property write path and publishes it through the
 * lifecycle; a changed one updates it (price history follows); a withdrawn one that is back is
 * published again; `withdraw` takes it down. A listing the publish rules refuse is rejected
 * with its problems and changes nothing. The run's counters and report move in the same
 * transaction, and a listing this run already did is `skipped`, so a resumed run counts
 * everything once. Photos are read and rendered before the transaction (take-feed-photos.ts).
 */
export async function applyFeedListing(
  db: Db,
  options: ApplyFeedListingOptions,
): Promise<ApplyFeedListingResult> {
  try {
    return await applyListing(db, options);
  } catch (error) {
    // Another of the account's photos it was to share was deleted meanwhile: once more, rendering it.
    if (!(error instanceof SharedPhotoGoneError)) throw error;
    return applyListing(db, options);
  }
}

async function applyListing(db: Db, options: ApplyFeedListingOptions): Promise<ApplyFeedListingResult> {
  const { feed, listing } = options;
  const [existing] = await db
    .select()
    .from(feedListings)
    .where(and(eq(feedListings.feedId, feed.id), eq(feedListings.externalId, listing.externalId)));

  if (listing.action === 'withdraw') return withdrawListing(db, options);

  const invalid = invalidFields(listing.fields);
  if (invalid.length > 0) return rejectListing(db, options, [...listing.problems, ...invalid]);

  const hash = feedListingHash(listing);
  if (
    existing &&
    existing.contentHash === hash &&
    existing.state === 'active' &&
    existing.propertyId !== null
  ) {
    return db.transaction(async (tx) => {
      const row = await lockListing(tx, feed.id, listing.externalId);
      if (await alreadyDone(tx, options, row)) {
        return { outcome: 'skipped', problems: listing.problems, propertyId: row?.propertyId ?? null };
      }
      if (options.runId !== null) {
        await tx
          .update(feedListings)
          .set({ lastRunId: options.runId })
          .where(eq(feedListings.id, existing.id));
      }
      await finish(tx, options, 'unchanged', listing.problems);
      return { outcome: 'unchanged', problems: listing.problems, propertyId: existing.propertyId };
    });
  }
  if (options.runId !== null && existing?.lastRunId === options.runId) {
    return { outcome: 'skipped', problems: listing.problems, propertyId: existing.propertyId };
  }

  const [property] =
    existing?.propertyId != null
      ? await db.select().from(properties).where(eq(properties.id, existing.propertyId))
      : [];
  const propertyId = property?.id ?? (await reserveProperty(db));
  const heldRows = property
    ? await db
        .select({ contentHash: propertyMedia.contentHash })
        .from(propertyMedia)
        .where(eq(propertyMedia.propertyId, propertyId))
    : [];
  const taken = await takeFeedPhotos({
    db,
    storage: options.storage,
    ownerId: feed.ownerId,
    feed: options.file,
    allowed: options.allowed,
    propertyId,
    sources: listing.photos,
    known: new Map((existing?.photos ?? []).map((photo) => [photo.source, photo.contentHash])),
    held: new Set(heldRows.flatMap((row) => (row.contentHash ? [row.contentHash] : []))),
    worker: `feed:${feed.id}`,
    maxPhotos: Math.min(FEED_LIMITS.photosMax, options.limits.photosPerProperty),
  });
  // Files this listing wrote; a shared photo's belong to the rows that name them.
  const written = taken.photos.flatMap((photo) => (photo.stored && !photo.shared ? [photo.stored] : []));
  const problems = [...listing.problems, ...taken.problems];

  let result: ApplyFeedListingResult & { removed: Awaited<ReturnType<typeof syncPhotos>> };
  try {
    result = await db.transaction(async (tx) => {
      const row = await lockListing(tx, feed.id, listing.externalId);
      if (await alreadyDone(tx, options, row)) {
        return { outcome: 'skipped', problems, propertyId: row?.propertyId ?? null, removed: [] };
      }
      const photos: FeedListingPhoto[] = taken.photos.map(({ source, contentHash }) => ({
        source,
        contentHash,
      }));
      try {
        // A savepoint: a listing the write path or the publish rules refuse leaves no trace but its report.
        const applied = await tx.transaction(async (sp) => {
          const [current] = await sp
            .select()
            .from(properties)
            .where(eq(properties.id, propertyId))
            .for('update');
          let outcome: 'created' | 'updated';
          const fields = await completeFeedContact(sp, feed.ownerId, listing.fields);
          if (!current) {
            await createDraftProperty(sp, {
              ownerId: feed.ownerId,
              fields,
              limits: options.limits,
              id: propertyId,
            });
            outcome = 'created';
          } else {
            if (current.ownerId !== feed.ownerId) throw new AppError('not_found');
            await writeProperty(sp, current, fieldChanges(current, fields));
            outcome = 'updated';
          }
          const removed = await syncPhotos(sp, propertyId, taken.photos);
          const [now] = await sp.select().from(properties).where(eq(properties.id, propertyId));
          if (!now) throw new AppError('internal_error');
          // A new listing, or one withdrawn before, is published; one its owner took down by hand stays down.
          if (outcome === 'created' || row?.state !== 'active') {
            await publish(sp, feed.ownerId, propertyId, now.state, now.offerType);
          }
          await syncOfferRow(sp, propertyId);
          return { outcome, removed };
        });
        const values = {
          propertyId,
          state: 'active' as const,
          contentHash: hash,
          photos,
          lastRunId: options.runId,
          updatedAt: sql`now()`,
        };
        if (row) await tx.update(feedListings).set(values).where(eq(feedListings.id, row.id));
        else
          await tx
            .insert(feedListings)
            .values({ feedId: feed.id, externalId: listing.externalId, ...values });
        await finish(tx, options, applied.outcome, problems);
        return { outcome: applied.outcome, problems, propertyId, removed: applied.removed };
      } catch (error) {
        const refused =
          error instanceof AppError && error.code === 'validation_errors' ? problemsOf(error) : null;
        if (refused === null) throw error;
        const all = [...problems, ...refused];
        // Seen by this run although refused: a full feed does not withdraw a listing it holds.
        if (row && options.runId !== null) {
          await tx.update(feedListings).set({ lastRunId: options.runId }).where(eq(feedListings.id, row.id));
        }
        await finish(tx, options, 'rejected', all);
        return { outcome: 'rejected', problems: all, propertyId: row?.propertyId ?? null, removed: [] };
      }
    });
  } catch (error) {
    await deletePhotoFiles(db, options.storage, written, options.onCleanupError);
    throw error;
  }
  if (result.outcome === 'rejected' || result.outcome === 'skipped') {
    await deletePhotoFiles(db, options.storage, written, options.onCleanupError);
  }
  // After the commit, and only files no other row names (the account's listings share photos).
  await deletePhotoFiles(db, options.storage, result.removed, options.onCleanupError);
  return { outcome: result.outcome, problems: result.problems, propertyId: result.propertyId };
}

async function rejectListing(
  db: Db,
  options: ApplyFeedListingOptions,
  problems: FeedProblem[],
): Promise<ApplyFeedListingResult> {
  return db.transaction(async (tx) => {
    const row = await lockListing(tx, options.feed.id, options.listing.externalId);
    if (await alreadyDone(tx, options, row)) {
      return { outcome: 'skipped', problems, propertyId: row?.propertyId ?? null };
    }
    if (row && options.runId !== null) {
      await tx.update(feedListings).set({ lastRunId: options.runId }).where(eq(feedListings.id, row.id));
    }
    await finish(tx, options, 'rejected', problems);
    return { outcome: 'rejected', problems, propertyId: row?.propertyId ?? null };
  });
}

async function withdrawListing(db: Db, options: ApplyFeedListingOptions): Promise<ApplyFeedListingResult> {
  const { feed, listing } = options;
  return db.transaction(async (tx) => {
    const row = await lockListing(tx, feed.id, listing.externalId);
    if (await alreadyDone(tx, options, row)) {
      return { outcome: 'skipped', problems: listing.problems, propertyId: row?.propertyId ?? null };
    }
    if (!row) {
      // Nothing of ours to withdraw: counted as unchanged.
      await finish(tx, options, 'unchanged', listing.problems);
      return { outcome: 'unchanged', problems: listing.problems, propertyId: null };
    }
    const outcome = row.state === 'active' ? 'withdrawn' : 'unchanged';
    if (outcome === 'withdrawn') await withdrawFeedProperty(tx, feed.ownerId, row.propertyId);
    await tx
      .update(feedListings)
      .set({
        state: 'withdrawn',
        lastRunId: options.runId ?? row.lastRunId,
        ...(outcome === 'withdrawn' ? { updatedAt: sql`now()` } : {}),
      })
      .where(eq(feedListings.id, row.id));
    await finish(tx, options, outcome, listing.problems);
    return { outcome, problems: listing.problems, propertyId: row.propertyId };
  });
}
