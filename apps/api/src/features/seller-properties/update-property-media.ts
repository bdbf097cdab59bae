import { type Db, properties, propertyMedia } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import type { PropertyMediaKind, PropertyPhoto, RoomType } from '@estately/domain';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, loadOwnProperty } from './load-own-property.ts';
import { loadPhotos } from './property-view.ts';
import { syncOfferRow } from './sync-offer-row.ts';

/**
 * PATCH /properties/{id}/property_medias/{mediaId}: sets the room a photo shows and whether it
 * is a floor plan (the property editor's per-photo choices). The owner only; a photo of another property answers 404. The
 * offers row follows in the same transaction (the main photo's room type is on it).
 */
export async function updatePropertyMedia(options: {
  db: Db;
  storage: MediaStorage;
  actor: Actor;
  propertyId: number;
  mediaId: number;
  /** Left as it is when undefined. */
  roomType?: RoomType | null;
  /** `floor_plan` marks a floor plan (issue 38 point 13): its own group, never a card's main photo. */
  kind?: PropertyMediaKind;
}): Promise<PropertyPhoto> {
  const { db, storage, actor, propertyId, mediaId, roomType, kind } = options;
  await db.transaction(async (tx) => {
    await loadOwnProperty(tx, propertyId, actor);
    const [row] = await tx
      .update(propertyMedia)
      .set({
        ...(roomType !== undefined ? { roomType } : {}),
        ...(kind !== undefined ? { kind } : {}),
      })
      .where(and(eq(propertyMedia.id, mediaId), eq(propertyMedia.propertyId, propertyId)))
      .returning({ id: propertyMedia.id });
    if (!row) throw new AppError('not_found');
    await tx.update(properties).set({ updatedAt: sql`now()` }).where(eq(properties.id, propertyId));
    await syncOfferRow(tx, propertyId);
  });
  const photo = (await loadPhotos(db, storage, propertyId)).find((entry) => entry.id === mediaId);
  if (!photo) throw new AppError('not_found');
  return photo;
}
