import { type Db, type DbOrTx, properties, propertyMedia, users } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import type { PropertyPhoto, RoomType } from '@estately/domain';
import { and, count, eq, max, sql } from 'drizzle-orm';
import { type AccountLimits, limitFor } from '../../lib/account-limits.ts';
import { AppError } from '../../lib/app-error.ts';
import { reviewOfferScams } from '../scam-flags/review-offer-scams.ts';
import { type Actor, loadOwnProperty } from './load-own-property.ts';
import { queuePhotoVariants } from './make-photo-variants.ts';
import { deletePhotoFiles, photoContentHash, storePhotoOriginal } from './photo-files.ts';
import { loadPhotos } from './property-view.ts';
import { syncOfferRow } from './sync-offer-row.ts';

/**
 * Refuses a photo beyond the property's or the owner account's photo limit (422 on `file`):
 * asked before the image is decoded, and again in the transaction that adds the row, under a
 * lock of the owner's row so two uploads cannot both take the last place.
 */
async function assertPhotoRoom(
  db: DbOrTx,
  propertyId: number,
  ownerId: number,
  limits: Pick<AccountLimits, 'photosPerProperty' | 'photos'>,
  lock: boolean,
): Promise<void> {
  const owner = db.select({ accountType: users.accountType }).from(users).where(eq(users.id, ownerId));
  const [account] = lock ? await owner.for('update') : await owner;
  const [ofProperty] = await db
    .select({ n: count() })
    .from(propertyMedia)
    .where(eq(propertyMedia.propertyId, propertyId));
  if ((ofProperty?.n ?? 0) >= limits.photosPerProperty) {
    throw new AppError('validation_errors', { errors: { file: ['validation.too_many_photos'] } });
  }
  const [ofAccount] = await db
    .select({ n: count() })
    .from(propertyMedia)
    .innerJoin(properties, eq(properties.id, propertyMedia.propertyId))
    .where(eq(properties.ownerId, ownerId));
  if ((ofAccount?.n ?? 0) >= limitFor(limits.photos, account?.accountType)) {
    throw new AppError('validation_errors', { errors: { file: ['validation.too_many_account_photos'] } });
  }
}

/** The property's photo holding these bytes already, if any (the same photo is kept once per property). */
async function photoWithHash(db: DbOrTx, propertyId: number, contentHash: string): Promise<number | null> {
  const [row] = await db
    .select({ id: propertyMedia.id })
    .from(propertyMedia)
    .where(and(eq(propertyMedia.propertyId, propertyId), eq(propertyMedia.contentHash, contentHash)));
  return row?.id ?? null;
}

async function answerPhoto(db: Db, storage: MediaStorage, propertyId: number, mediaId: number) {
  const photo = (await loadPhotos(db, storage, propertyId)).find((p) => p.id === mediaId);
  if (!photo) throw new AppError('internal_error');
  return photo;
}

/**
 * POST /v1/property-media/save: checks ownership; answers the photo the property already has
 * when these very bytes were uploaded to it before (an upload repeated after leaving the page
 * mid-way, issue 38 defect 4); checks the photo limits, spends the uploader's upload budget
 * (`admitUpload`), checks the image by its header and stores the original as it came. Then in
 * one transaction it checks the limits again, adds the row in `processing` (last position; the
 * first photo of a property is its main photo) and queues the job that makes the variants
 * (make-photo-variants.ts). The answer comes without waiting for them: the photo has no
 * `image_file` until the job marks it `ready`. If the transaction fails the original just
 * written is deleted, so a failed upload leaves neither files nor rows.
 */
export async function savePropertyMedia(options: {
  db: Db;
  storage: MediaStorage;
  actor: Actor;
  propertyId: number;
  roomType: RoomType | null;
  image: Buffer;
  /** Photos per property and per account (the owner's: an admin's upload counts for the owner). */
  limits: Pick<AccountLimits, 'photosPerProperty' | 'photos'>;
  /** Spends the uploader's upload budget for the image, or throws (429) when it is spent. */
  admitUpload?: (bytes: number) => Promise<void>;
  onCleanupError?: (error: unknown, key: string) => void;
}): Promise<PropertyPhoto> {
  const { db, storage, actor, propertyId } = options;
  // Ownership first, so a stranger's upload is never read or stored.
  const [owned] = await db
    .select({ ownerId: properties.ownerId })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!owned || (owned.ownerId !== actor.id && !actor.isAdmin)) throw new AppError('not_found');
  const contentHash = photoContentHash(options.image);
  // The same bytes again: the photo they made, neither counted nor stored twice.
  const existing = await photoWithHash(db, propertyId, contentHash);
  if (existing !== null) return answerPhoto(db, storage, propertyId, existing);
  // Limits before any work: a photo that cannot be kept is neither counted nor read.
  await assertPhotoRoom(db, propertyId, owned.ownerId, options.limits, false);
  await options.admitUpload?.(options.image.length);

  // The header is read in the uploader's turn of the shared image slots (lib/concurrency-limit.ts).
  const stored = await storePhotoOriginal(
    storage,
    propertyId,
    options.image,
    contentHash,
    `user:${actor.id}`,
  );
  let mediaId: number;
  try {
    mediaId = await db.transaction(async (tx) => {
      // The property's row lock orders uploads to one property: the hash is looked up again under it.
      const property = await loadOwnProperty(tx, propertyId, actor);
      const again = await photoWithHash(tx, propertyId, contentHash);
      if (again !== null) return -again;
      await assertPhotoRoom(tx, propertyId, property.ownerId, options.limits, true);
      const [stats] = await tx
        .select({ n: count(), last: max(propertyMedia.position) })
        .from(propertyMedia)
        .where(eq(propertyMedia.propertyId, propertyId));
      const [row] = await tx
        .insert(propertyMedia)
        .values({
          propertyId,
          position: stats?.last === null || stats?.last === undefined ? 0 : stats.last + 1,
          isMain: (stats?.n ?? 0) === 0,
          roomType: options.roomType,
          storageKey: stored.storageKey,
          contentType: 'image/webp',
          variants: null,
          status: 'processing',
          contentHash,
          width: stored.width,
          height: stored.height,
          bytes: options.image.length,
        })
        .returning({ id: propertyMedia.id });
      if (!row) throw new AppError('internal_error');
      await queuePhotoVariants(tx, row.id);
      await tx.update(properties).set({ updatedAt: sql`now()` }).where(eq(properties.id, propertyId));
      // The offers row counts ready photos only: this one shows once its variants exist.
      await syncOfferRow(tx, propertyId);
      // A photo copied from another account's offer is a scam finding (decision 067).
      await reviewOfferScams(tx, propertyId);
      return row.id;
    });
  } catch (error) {
    await deletePhotoFiles(
      db,
      storage,
      [{ storageKey: stored.storageKey, variants: null }],
      options.onCleanupError,
    );
    throw error;
  }
  if (mediaId < 0) {
    // Another upload of the same bytes got there first.
    await deletePhotoFiles(
      db,
      storage,
      [{ storageKey: stored.storageKey, variants: null }],
      options.onCleanupError,
    );
    return answerPhoto(db, storage, propertyId, -mediaId);
  }
  return answerPhoto(db, storage, propertyId, mediaId);
}
