import { type Db, properties, propertyMedia } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import type { PropertyPhoto, RoomType } from '@estately/domain';
import { PROPERTY_LIMITS } from '@estately/domain';
import { count, eq, max, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, loadOwnProperty } from './load-own-property.ts';
import { deletePhotoFiles, storePropertyPhoto } from './photo-files.ts';
import { loadPhotos } from './property-view.ts';
import { syncOfferRow } from './sync-offer-row.ts';

/**
 * POST /v1/property-media/save: checks ownership, stores the photo's variants, then in one
 * transaction adds the row (last position; the first photo of a property is its main photo)
 * and updates the offers row's photo fields. If the transaction fails the files just written
 * are deleted, so a failed upload leaves neither files nor rows.
 */
export async function savePropertyMedia(options: {
  db: Db;
  storage: MediaStorage;
  actor: Actor;
  propertyId: number;
  roomType: RoomType | null;
  image: Buffer;
  onCleanupError?: (error: unknown, key: string) => void;
}): Promise<PropertyPhoto> {
  const { db, storage, actor, propertyId } = options;
  // Ownership first, so a stranger's upload is never decoded or stored.
  const [owned] = await db
    .select({ ownerId: properties.ownerId })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!owned || (owned.ownerId !== actor.id && !actor.isAdmin)) throw new AppError('not_found');

  // Decoded in the uploader's turn of the shared image slots (lib/concurrency-limit.ts).
  const stored = await storePropertyPhoto(storage, propertyId, options.image, `user:${actor.id}`);
  let mediaId: number;
  try {
    mediaId = await db.transaction(async (tx) => {
      await loadOwnProperty(tx, propertyId, actor);
      const [stats] = await tx
        .select({ n: count(), last: max(propertyMedia.position) })
        .from(propertyMedia)
        .where(eq(propertyMedia.propertyId, propertyId));
      if ((stats?.n ?? 0) >= PROPERTY_LIMITS.photosMax) {
        throw new AppError('validation_errors', { errors: { file: ['validation.too_long'] } });
      }
      const [row] = await tx
        .insert(propertyMedia)
        .values({
          propertyId,
          position: stats?.last === null || stats?.last === undefined ? 0 : stats.last + 1,
          isMain: (stats?.n ?? 0) === 0,
          roomType: options.roomType,
          storageKey: stored.storageKey,
          contentType: 'image/webp',
          variants: stored.variants,
          width: stored.width,
          height: stored.height,
          bytes: stored.bytes,
        })
        .returning({ id: propertyMedia.id });
      if (!row) throw new AppError('internal_error');
      await tx.update(properties).set({ updatedAt: sql`now()` }).where(eq(properties.id, propertyId));
      await syncOfferRow(tx, propertyId);
      return row.id;
    });
  } catch (error) {
    await deletePhotoFiles(storage, stored, options.onCleanupError);
    throw error;
  }
  const photo = (await loadPhotos(db, storage, propertyId)).find((p) => p.id === mediaId);
  if (!photo) throw new AppError('internal_error');
  return photo;
}
