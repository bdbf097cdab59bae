import { createHash, randomBytes } from 'node:crypto';
import { type DbOrTx, type PhotoVariantsJson, propertyMedia } from '@estately/db';
import {
  type MediaStorage,
  PHOTO_FORMATS,
  PHOTO_SIZES,
  type StoredPhoto,
  storePhoto,
} from '@estately/db/storage';
import { PROPERTY_PHOTO_FORMATS, PROPERTY_PHOTO_MAX_PIXELS } from '@estately/domain';
import { inArray } from 'drizzle-orm';
import { limitImageWork as limited } from '../../lib/concurrency-limit.ts';
import { checkedImageHeader } from '../../lib/image-header.ts';

// Property photos are judged by their content (lib/image-header.ts): only the formats of
// PROPERTY_PHOTO_FORMATS pass (JPEG, PNG, WebP, HEIC/AVIF when this sharp build decodes it).
// storePhoto (packages/db storage) turns them upright,
// drops every metadata block (EXIF, GPS) and renders the thumb/card/gallery/full variants in
// WebP and AVIF.

const ACCEPTED_FORMATS = new Set<string>(PROPERTY_PHOTO_FORMATS.map((format) => format.decoder));

/** sha256 of an upload's bytes (hex): `property_media.content_hash`, and the folder name of its files. */
export function photoContentHash(input: Buffer): string {
  return createHash('sha256').update(input).digest('hex');
}

/** The original of an upload as stored before its variants exist. */
export interface StoredOriginal {
  /** `properties/{property id}/{upload id}/{hash2}/{hash20}/original`: the variants go beside it. */
  storageKey: string;
  /** As shown: sides swapped when EXIF turns the picture a quarter. */
  width: number;
  height: number;
}

/** The file name of a stored original (no extension: it is never served, only read back by the job). */
const ORIGINAL_FILE = 'original';

/**
 * Checks an upload by its header and stores it as it came, under a fresh folder of the property,
 * without decoding it (issue 38 defect 4: the variants are the job worker's, make-photo-variants.ts).
 * 422 on `file` when the content is no accepted image or declares too many pixels.
 */
export function storePhotoOriginal(
  storage: MediaStorage,
  propertyId: number,
  input: Buffer,
  contentHash: string,
  /** Whose turn of the image slots it takes (an account: `user:42`). */
  uploader: string,
): Promise<StoredOriginal> {
  return limited(uploader, async () => {
    // Header only; nothing is decoded.
    const meta = await checkedImageHeader(input, ACCEPTED_FORMATS, PROPERTY_PHOTO_MAX_PIXELS);
    const height = meta.pageHeight ?? meta.height;
    // A fresh folder per upload: deleting one photo never removes another's files. The variants
    // are written beside the original (storePhoto names its folder by the same hash).
    const prefix = `properties/${propertyId}/${randomBytes(8).toString('hex')}`;
    const hash = contentHash.slice(0, 20);
    const storageKey = `${prefix}/${hash.slice(0, 2)}/${hash}/${ORIGINAL_FILE}`;
    await storage.put(storageKey, input, 'application/octet-stream');
    const turned = (meta.orientation ?? 1) >= 5;
    return { storageKey, width: turned ? height : meta.width, height: turned ? meta.width : height };
  });
}

/** Whether a media row's key is still its original (the variants not made yet). */
export function isOriginalKey(key: string): boolean {
  return key.endsWith(`/${ORIGINAL_FILE}`);
}

/**
 * Renders the variants of a stored original beside it (storePhoto: upright, no metadata, four
 * sizes in WebP and AVIF, the manifest written last). Idempotent: a folder whose manifest exists
 * is answered from it. A storage failure part-way removes what was written; an image that cannot
 * be decoded throws InvalidImageError.
 */
export async function renderPhotoVariantsOf(
  storage: MediaStorage,
  originalKey: string,
  input: Buffer,
  worker: string,
): Promise<StoredPhoto> {
  // `{prefix}/{hash2}/{hash20}/original`: storePhoto adds `{hash2}/{hash20}` to the prefix itself,
  // so the variants land beside the original. An original kept elsewhere (a property's copy
  // flattens its folders) gets them in a folder below its own, still inside its upload's folder.
  const dir = originalKey.slice(0, originalKey.lastIndexOf('/'));
  const hash = photoContentHash(input).slice(0, 20);
  const tail = `/${hash.slice(0, 2)}/${hash}`;
  const prefix = dir.endsWith(tail) ? dir.slice(0, -tail.length) : dir;
  return limited(worker, async () => {
    try {
      return await storePhoto(storage, input, { prefix, skipExisting: true });
    } catch (error) {
      const written = `${prefix}${tail}`;
      const keys = Object.keys(PHOTO_SIZES).flatMap((size) =>
        PHOTO_FORMATS.map((f) => `${written}/${size}.${f}`),
      );
      await Promise.all(
        [...keys, `${written}/manifest.json`].map((key) => storage.delete(key).catch(() => {})),
      );
      throw error;
    }
  });
}

/** What deleting a photo's files needs: the key its rows name, and its variants. */
export type PhotoFiles = { storageKey: string; variants: PhotoVariantsJson | null };

/** Every file of a stored photo: its variants, the manifest and the original (while kept) beside them. */
export function photoFileKeys(photo: PhotoFiles): string[] {
  const dir = photo.storageKey.slice(0, photo.storageKey.lastIndexOf('/'));
  const keys = new Set<string>(Object.values(photo.variants ?? {}).filter(Boolean));
  keys.add(`${dir}/manifest.json`);
  keys.add(`${dir}/${ORIGINAL_FILE}`);
  return [...keys];
}

/**
 * Deletes the files of photos whose rows are gone, except those another `property_media` row
 * still names by storage key: one photo's files can stand for many rows (the account's listings
 * of a feed with the same bytes, decision 062; the seed's pool). Called after the transaction
 * that deleted the rows committed, so a row added meanwhile by another transaction that read the
 * key keeps its files (it locks a row naming the key first, take-feed-photos.ts).
 */
export async function deletePhotoFiles(
  db: DbOrTx,
  storage: MediaStorage,
  photos: readonly PhotoFiles[],
  onError?: (error: unknown, key: string) => void,
): Promise<void> {
  if (photos.length === 0) return;
  const keys = [...new Set(photos.map((photo) => photo.storageKey))];
  const named = await db
    .select({ key: propertyMedia.storageKey })
    .from(propertyMedia)
    .where(inArray(propertyMedia.storageKey, keys));
  const kept = new Set(named.map((row) => row.key));
  const files = new Set(photos.filter((photo) => !kept.has(photo.storageKey)).flatMap(photoFileKeys));
  await Promise.all(
    [...files].map((key) => storage.delete(key).catch((error: unknown) => onError?.(error, key))),
  );
}
