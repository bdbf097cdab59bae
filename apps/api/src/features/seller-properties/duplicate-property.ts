import { randomBytes } from 'node:crypto';
import { type Db, priceHistory, properties, propertyMedia, propertyTranslations, users } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import { asc, count, eq } from 'drizzle-orm';
import { type AccountLimits, limitFor } from '../../lib/account-limits.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, loadOwnProperty } from './load-own-property.ts';
import { queuePhotoVariants } from './make-photo-variants.ts';
import { photoFileKeys } from './photo-files.ts';
import { columnsToFields, fieldsToColumns } from './property-columns.ts';

/**
 * POST /properties/{id}/duplicate (issue 38 point 12): a new draft of the same owner with every
 * field, the description and its translations, and the photos in their order with their rooms.
 * Each photo's files are copied into a folder of the new property, so deleting either photo
 * (or either property) never takes the other's files. Left behind: the state (the copy is a
 * draft), statistics, leads, favourites, viewing slots, verification, strike, top-offer status
 * and publication dates. The property and photo limits of the account apply as to a new
 * property and new uploads. One transaction; files written before a failure are deleted.
 * Returns the new property's id.
 */
export async function duplicateProperty(options: {
  db: Db;
  storage: MediaStorage;
  actor: Actor;
  propertyId: number;
  limits: Pick<AccountLimits, 'properties' | 'photos'>;
  onCleanupError?: (error: unknown, key: string) => void;
}): Promise<number> {
  const { db, storage, actor, propertyId, limits } = options;
  const written: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      const source = await loadOwnProperty(tx, propertyId, actor);
      // The owner's row is locked, as for a create, so two copies at once cannot pass a limit together.
      const [owner] = await tx
        .select({ sellerId: users.sellerId, accountType: users.accountType })
        .from(users)
        .where(eq(users.id, source.ownerId))
        .for('update');
      const [held] = await tx
        .select({ n: count() })
        .from(properties)
        .where(eq(properties.ownerId, source.ownerId));
      if ((held?.n ?? 0) >= limitFor(limits.properties, owner?.accountType)) {
        throw new AppError('validation_errors', { errors: { property: ['validation.too_many_properties'] } });
      }
      const photos = await tx
        .select()
        .from(propertyMedia)
        .where(eq(propertyMedia.propertyId, propertyId))
        .orderBy(asc(propertyMedia.position), asc(propertyMedia.id));
      if (photos.length > 0) {
        const [ofAccount] = await tx
          .select({ n: count() })
          .from(propertyMedia)
          .innerJoin(properties, eq(properties.id, propertyMedia.propertyId))
          .where(eq(properties.ownerId, source.ownerId));
        if ((ofAccount?.n ?? 0) + photos.length > limitFor(limits.photos, owner?.accountType)) {
          throw new AppError('validation_errors', {
            errors: { file: ['validation.too_many_account_photos'] },
          });
        }
      }
      const [created] = await tx
        .insert(properties)
        .values({
          ...fieldsToColumns(columnsToFields(source)),
          ownerId: source.ownerId,
          sellerId: owner?.sellerId ?? source.sellerId,
          contactId: source.contactId,
          state: 'draft',
          offerType: source.offerType,
          propertyType: source.propertyType,
          countryCode: source.countryCode,
          usefulAreaMeters: source.usefulAreaMeters,
          locationId: source.locationId,
          hasFloorPlan: source.hasFloorPlan,
        })
        .returning({ id: properties.id });
      if (!created) throw new AppError('internal_error');
      const copyId = created.id;
      if (source.price !== null) {
        await tx
          .insert(priceHistory)
          .values({ propertyId: copyId, price: source.price, currency: source.currency });
      }
      const translations = await tx
        .select({ locale: propertyTranslations.locale, description: propertyTranslations.description })
        .from(propertyTranslations)
        .where(eq(propertyTranslations.propertyId, propertyId));
      if (translations.length > 0) {
        await tx.insert(propertyTranslations).values(translations.map((t) => ({ ...t, propertyId: copyId })));
      }
      for (const photo of photos) {
        const folder = `properties/${copyId}/${randomBytes(8).toString('hex')}`;
        const moved = (key: string) => `${folder}/${key.slice(key.lastIndexOf('/') + 1)}`;
        const keys = new Set([photo.storageKey, ...photoFileKeys(photo)]);
        for (const key of keys) {
          const file = await storage.get(key);
          // A file the original lacks (no manifest on older photos, a lost variant) is lacking in
          // the copy too: the copy is never better or worse than its original.
          if (!file) continue;
          written.push(moved(key));
          await storage.put(moved(key), file.data, file.contentType);
        }
        const variants = (
          photo.variants
            ? Object.fromEntries(
                Object.entries(photo.variants).map(([name, key]) => [name, key ? moved(key) : key]),
              )
            : photo.variants
        ) as typeof photo.variants;
        // Every column of the photo (its room, size, order, processing state) but its id and owner.
        const { id: _id, propertyId: _source, createdAt: _created, ...kept } = photo;
        const [copied] = await tx
          .insert(propertyMedia)
          .values({
            ...kept,
            propertyId: copyId,
            storageKey: moved(photo.storageKey),
            variants,
          })
          .returning({ id: propertyMedia.id });
        // A photo whose variants are still being made gets them made for the copy too (issue 38 defect 4).
        if (copied && photo.status === 'processing') await queuePhotoVariants(tx, copied.id);
      }
      return copyId;
    });
  } catch (error) {
    await Promise.all(
      written.map((key) =>
        storage.delete(key).catch((cleanup: unknown) => options.onCleanupError?.(cleanup, key)),
      ),
    );
    throw error;
  }
}
