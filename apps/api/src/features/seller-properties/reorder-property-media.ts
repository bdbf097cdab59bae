import { type Db, properties, propertyMedia } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import type { PropertyPhoto } from '@estately/domain';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, loadOwnProperty } from './load-own-property.ts';
import { loadPhotos } from './property-view.ts';
import { syncOfferRow } from './sync-offer-row.ts';

/**
 * PATCH /properties/{id}/property_medias: `order` lists every photo id of the property once,
 * in the new order; the first becomes the main photo (the card and the offers row follow).
 * A list that misses, repeats or adds ids answers 422 on `order` and changes nothing.
 */
export async function reorderPropertyMedia(options: {
  db: Db;
  storage: MediaStorage;
  actor: Actor;
  propertyId: number;
  order: number[];
}): Promise<PropertyPhoto[]> {
  const { db, storage, actor, propertyId, order } = options;
  await db.transaction(async (tx) => {
    await loadOwnProperty(tx, propertyId, actor);
    const rows = await tx
      .select({ id: propertyMedia.id })
      .from(propertyMedia)
      .where(eq(propertyMedia.propertyId, propertyId));
    const existing = new Set(rows.map((row) => row.id));
    if (
      new Set(order).size !== order.length ||
      order.length !== existing.size ||
      !order.every((id) => existing.has(id))
    ) {
      throw new AppError('validation_errors', { errors: { order: ['validation.invalid_value'] } });
    }
    // The main flag is unique per property: clear it before setting the new one.
    await tx.update(propertyMedia).set({ isMain: false }).where(eq(propertyMedia.propertyId, propertyId));
    for (const [position, id] of order.entries()) {
      await tx
        .update(propertyMedia)
        .set({ position, isMain: position === 0 })
        .where(and(eq(propertyMedia.id, id), eq(propertyMedia.propertyId, propertyId)));
    }
    await tx.update(properties).set({ updatedAt: sql`now()` }).where(eq(properties.id, propertyId));
    await syncOfferRow(tx, propertyId);
  });
  return loadPhotos(db, storage, propertyId);
}
