import { type Db, type DbOrTx, jobs, propertyMedia } from '@estately/db';
import { InvalidImageError, type MediaStorage } from '@estately/db/storage';
import { and, eq } from 'drizzle-orm';
import { deletePhotoFiles, isOriginalKey, renderPhotoVariantsOf } from './photo-files.ts';
import { syncOfferRow } from './sync-offer-row.ts';

// Issue 38 defect 4: an upload stores the original and answers at once with the row in
// `processing`; this job of the worker (jobs/job-handlers.ts) renders the variants, marks the
// row `ready` and updates the offers row (a first ready photo becomes the card's picture). It
// may run more than once (at-least-once delivery, retries): a row already ready, or gone, is
// left alone, and storePhoto answers a folder whose manifest exists without rendering again.

export const PHOTO_VARIANTS_JOB = 'media.photo_variants';

/** Attempts before a photo's job fails for good (storage outages are retried with backoff). */
const MAX_ATTEMPTS = 8;

/** Queues the variants of a photo row, in the transaction that adds the row. */
export async function queuePhotoVariants(tx: DbOrTx, mediaId: number): Promise<void> {
  await tx
    .insert(jobs)
    .values({
      kind: PHOTO_VARIANTS_JOB,
      payload: { mediaId },
      maxAttempts: MAX_ATTEMPTS,
      dedupeKey: `${PHOTO_VARIANTS_JOB}:${mediaId}`,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey });
}

/** What the job did with a photo. */
export type PhotoVariantsOutcome = 'ready' | 'failed' | 'skipped';

/** The media id of a job's payload; a malformed payload can never succeed. */
export function photoVariantsMediaId(payload: Record<string, unknown>): number {
  const id = payload.mediaId;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    throw Object.assign(new Error(`${PHOTO_VARIANTS_JOB}: no media id in the payload`), { permanent: true });
  }
  return id;
}

/**
 * Makes the variants of one photo row. `ready`: the row points at them (the original deleted);
 * `failed`: the image cannot be decoded, the row says so (the editor offers to remove it);
 * `skipped`: nothing to do (the row is gone or already done). A storage or database error
 * throws, so the worker retries it later.
 */
export async function makePhotoVariants(options: {
  db: Db;
  storage: MediaStorage;
  mediaId: number;
  onCleanupError?: (error: unknown, key: string) => void;
}): Promise<PhotoVariantsOutcome> {
  const { db, storage, mediaId } = options;
  const [row] = await db
    .select({
      propertyId: propertyMedia.propertyId,
      storageKey: propertyMedia.storageKey,
      status: propertyMedia.status,
    })
    .from(propertyMedia)
    .where(eq(propertyMedia.id, mediaId));
  if (row?.status !== 'processing' || !isOriginalKey(row.storageKey)) return 'skipped';
  const original = await storage.get(row.storageKey);
  if (!original) throw new Error(`${PHOTO_VARIANTS_JOB}: the original of photo ${mediaId} is missing`);

  let outcome: PhotoVariantsOutcome;
  try {
    const stored = await renderPhotoVariantsOf(storage, row.storageKey, original.data, 'jobs:photo-variants');
    outcome = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(propertyMedia)
        .set({
          status: 'ready',
          storageKey: stored.storageKey,
          variants: stored.variants,
          width: stored.width,
          height: stored.height,
          bytes: stored.bytes,
          perceptualHash: stored.perceptualHash ?? null,
        })
        .where(and(eq(propertyMedia.id, mediaId), eq(propertyMedia.status, 'processing')))
        .returning({ id: propertyMedia.id });
      if (!updated) return 'skipped';
      await syncOfferRow(tx, row.propertyId);
      return 'ready';
    });
    if (outcome === 'skipped') {
      // Deleted (or finished by another run) meanwhile: these files belong to no row, unless
      // another run's row points at the very same folder.
      const [still] = await db
        .select({ key: propertyMedia.storageKey })
        .from(propertyMedia)
        .where(eq(propertyMedia.id, mediaId));
      if (!still) await deletePhotoFiles(db, storage, [stored], options.onCleanupError);
      return 'skipped';
    }
  } catch (error) {
    if (!(error instanceof InvalidImageError)) throw error;
    // The header was fine but the pixels are not (a truncated or corrupt file): retrying cannot help.
    await db
      .update(propertyMedia)
      .set({ status: 'failed' })
      .where(and(eq(propertyMedia.id, mediaId), eq(propertyMedia.status, 'processing')));
    outcome = 'failed';
  }
  // The original is kept only until the variants exist: it still carries the camera's metadata.
  await storage
    .delete(row.storageKey)
    .catch((error: unknown) => options.onCleanupError?.(error, row.storageKey));
  return outcome;
}
