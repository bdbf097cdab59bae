import { type Db, properties, propertyMedia } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, loadOwnProperty } from './load-own-property.ts';
import { deletePhotoFiles } from './photo-files.ts';
import { syncOfferRow } from './sync-offer-row.ts';

/**
 * DELETE /properties/{id}/property_medias/{mediaId}: removes the row, closes the gap in the
 * positions (the next photo becomes main if the main one went) and updates the offers row in
 * one transaction; the files are deleted after it commits, so a failed delete keeps the photo,
 * unless another row still names them (the same bytes in another listing, a seeded pool photo).
 */
export async function deletePropertyMedia(options: {
  db: Db;
  storage: MediaStorage;
  actor: Actor;
  propertyId: number;
  mediaId: number;
  onCleanupError?: (error: unknown, key: string) => void;
}): Promise<void> {
  const { db, storage, actor, propertyId, mediaId } = options;
  const removed = await db.transaction(async (tx) => {
    await loadOwnProperty(tx, propertyId, actor);
    const [row] = await tx
      .delete(propertyMedia)
      .where(and(eq(propertyMedia.id, mediaId), eq(propertyMedia.propertyId, propertyId)))
      .returning();
    if (!row) throw new AppError('not_found');
    const rest = await tx
      .select({ id: propertyMedia.id })
      .from(propertyMedia)
      .where(eq(propertyMedia.propertyId, propertyId))
      .orderBy(asc(propertyMedia.position), asc(propertyMedia.id));
    await tx.update(propertyMedia).set({ isMain: false }).where(eq(propertyMedia.propertyId, propertyId));
    for (const [position, photo] of rest.entries()) {
      await tx
        .update(propertyMedia)
        .set({ position, isMain: position === 0 })
        .where(eq(propertyMedia.id, photo.id));
    }
    await tx.update(properties).set({ updatedAt: sql`now()` }).where(eq(properties.id, propertyId));
    await syncOfferRow(tx, propertyId);
    return row;
  });
  await deletePhotoFiles(db, storage, [removed], options.onCleanupError);
}
