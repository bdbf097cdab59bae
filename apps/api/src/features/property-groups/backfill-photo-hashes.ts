import { type Db, type DbOrTx, jobs, offers, propertyMedia } from '@estately/db';
import { imageDifferenceHash, type MediaStorage } from '@estately/db/storage';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { limitImageWork } from '../../lib/concurrency-limit.ts';
import { assignPropertyGroup } from './assign-property-group.ts';

// The perceptual hashes of photos stored before migration 0036 (issue 43 point 2, decisions 068
// and 074). Such photos have none, so their offers never group. This job walks them in id order,
// a batch at a time, from the partial index of photos still without one (migration 0042): it
// hashes a stored variant (the original is deleted once the variants exist; a resized copy keeps
// its dHash within a few bits, decision 068), writes the hashes and groups the batch's offers
// again, in one transaction. The next batch is queued with the last id as its cursor, so a
// restarted worker goes on where the last committed batch ended, and a batch that failed half
// way runs again whole (hashed rows have left the index). Image work takes the image slots every
// upload shares (one at a time for this job), so a backfill never takes the CPU from sellers.

export const PHOTO_HASH_BACKFILL_JOB = 'media.photo_hash_backfill';

export const PHOTO_HASH_BACKFILL = {
  /** Photos a batch hashes before it writes; a batch is one transaction. */
  batchSize: 100,
  /** Pause before the next batch, so other jobs (e-mail) run in between. */
  continueAfterMs: 2_000,
  /** The variant hashed: large enough for 9 x 8 pixels, much cheaper to decode than `full`. */
  variant: 'gallery',
  /** Attempts of a batch (storage or database outages are retried with backoff). */
  maxAttempts: 8,
} as const;

/** Who the image slots see: the backfill waits its turn behind each uploading account. */
const IMAGE_OWNER = 'jobs:photo-hash-backfill';

export interface PhotoHashBatch {
  /** Photos hashed and written. */
  hashed: number;
  /** Photos whose file is missing from storage: reported, left without a hash. */
  missing: number[];
  /** Photos whose file could not be decoded: left without a hash. */
  unreadable: number[];
  /** Offers grouped again (those with a public row). */
  regrouped: number;
  /** The cursor of the next batch: the highest id looked at, or null when this was the last. */
  next: number | null;
}

/**
 * Hashes one batch of ready photos without a perceptual hash, with ids above `afterId`, and
 * groups their offers again. Photos that share one stored file (a feed's photos, decision 062)
 * are decoded once.
 */
export async function backfillPhotoHashes(options: {
  db: Db;
  storage: MediaStorage;
  afterId: number;
  batchSize?: number;
}): Promise<PhotoHashBatch> {
  const { db, storage, afterId } = options;
  const batchSize = options.batchSize ?? PHOTO_HASH_BACKFILL.batchSize;
  const rows = await db
    .select({ id: propertyMedia.id, propertyId: propertyMedia.propertyId, variants: propertyMedia.variants })
    .from(propertyMedia)
    .where(
      and(
        isNull(propertyMedia.perceptualHash),
        eq(propertyMedia.status, 'ready'),
        gt(propertyMedia.id, afterId),
      ),
    )
    .orderBy(asc(propertyMedia.id))
    .limit(batchSize);

  const hashes = new Map<number, string>();
  const byKey = new Map<string, FileHash>();
  const missing: number[] = [];
  const unreadable: number[] = [];
  for (const row of rows) {
    const key = row.variants?.[PHOTO_HASH_BACKFILL.variant] ?? row.variants?.full;
    let found: FileHash = { missing: true };
    if (key) {
      found = byKey.get(key) ?? (await hashOfFile(storage, key));
      byKey.set(key, found);
    }
    if ('hash' in found) hashes.set(row.id, found.hash);
    else (found.missing ? missing : unreadable).push(row.id);
  }

  const regrouped = await db.transaction(async (tx) => {
    const touched = new Set<number>();
    for (const row of rows) {
      const hash = hashes.get(row.id);
      if (!hash) continue;
      // Only where still missing: a photo rendered again meanwhile keeps its own, fresher hash.
      const [updated] = await tx
        .update(propertyMedia)
        .set({ perceptualHash: hash })
        .where(and(eq(propertyMedia.id, row.id), isNull(propertyMedia.perceptualHash)))
        .returning({ id: propertyMedia.id });
      if (updated) touched.add(row.propertyId);
    }
    return regroup(tx, [...touched]);
  });

  return {
    hashed: hashes.size,
    missing,
    unreadable,
    regrouped,
    next: rows.length === batchSize ? (rows.at(-1)?.id ?? null) : null,
  };
}

/** A stored file's dHash, or why there is none. */
type FileHash = { hash: string } | { missing: boolean };

/** The dHash of a stored image, or that the file is gone or cannot be decoded. */
async function hashOfFile(storage: MediaStorage, key: string): Promise<FileHash> {
  const file = await storage.get(key);
  if (!file) return { missing: true };
  try {
    return { hash: await limitImageWork(IMAGE_OWNER, () => imageDifferenceHash(file.data)) };
  } catch (error) {
    // Busy image slots (an AppError): the whole batch is tried again later by the job's retry.
    if (error instanceof AppError) throw error;
    // sharp refused the bytes: retrying cannot help, the photo stays without a hash.
    return { missing: false };
  }
}

/**
 * Groups the offers of these properties again (decision 068's rule, now with their photos'
 * hashes), in the batch's transaction. A property never activated has no offers row and is
 * skipped; its hashes wait for its first save.
 */
async function regroup(tx: DbOrTx, propertyIds: number[]): Promise<number> {
  if (propertyIds.length === 0) return 0;
  const listed = await tx
    .select({ id: offers.id })
    .from(offers)
    .where(inArray(offers.id, propertyIds))
    .orderBy(asc(offers.id));
  for (const offer of listed) await assignPropertyGroup(tx, offer.id);
  return listed.length;
}

/** The cursor and pass of a backfill job's payload (0: from the start). */
export function photoHashBackfillCursor(payload: Record<string, unknown>): { afterId: number; pass: string } {
  const after = payload.afterId;
  return {
    afterId: typeof after === 'number' && Number.isSafeInteger(after) && after >= 0 ? after : 0,
    pass: typeof payload.pass === 'string' ? payload.pass.slice(0, 40) : 'pass',
  };
}

/**
 * Queues a backfill batch at `runAt` once, however many workers or runs ask: the dedupe key names
 * the cursor, so a batch queued twice (a retried job queueing its successor again) runs once.
 */
export async function queuePhotoHashBackfill(
  db: DbOrTx,
  options: { afterId: number; runAt: Date; pass?: string },
): Promise<void> {
  await db
    .insert(jobs)
    .values({
      kind: PHOTO_HASH_BACKFILL_JOB,
      payload: { afterId: options.afterId, pass: options.pass ?? 'pass' },
      runAt: options.runAt,
      maxAttempts: PHOTO_HASH_BACKFILL.maxAttempts,
      dedupeKey: `${PHOTO_HASH_BACKFILL_JOB}:${options.pass ?? 'pass'}:${options.afterId}`,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey });
}

/**
 * Starts a pass over the photos once a day (asked by the hourly clean-up, like the media sweep):
 * after the migration it hashes the old photos; later a pass finds the index empty in one cheap
 * statement, or retries a photo whose file was missing before.
 */
export async function schedulePhotoHashBackfill(db: DbOrTx, now: Date): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  await queuePhotoHashBackfill(db, { afterId: 0, runAt: now, pass: day });
}
