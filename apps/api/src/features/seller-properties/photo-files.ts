import { createHash, randomBytes } from 'node:crypto';
import type { PhotoVariantsJson } from '@estately/db';
import {
  InvalidImageError,
  type MediaStorage,
  PHOTO_FORMATS,
  PHOTO_SIZES,
  type StoredPhoto,
  storePhoto,
} from '@estately/db/storage';
import { PROPERTY_PHOTO_FORMATS, PROPERTY_PHOTO_MAX_PIXELS } from '@estately/domain';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import { limitImageWork as limited } from '../../lib/concurrency-limit.ts';

// Property photos are judged by their content, never by name or declared type: sharp reads the
// header, and only the formats of PROPERTY_PHOTO_FORMATS pass (JPEG, PNG, WebP, HEIC/AVIF
// when this sharp build decodes it). storePhoto (packages/db storage) turns them upright,
// drops every metadata block (EXIF, GPS) and renders the thumb/card/gallery/full variants in
// WebP and AVIF.

const ACCEPTED_FORMATS = new Set<string>(PROPERTY_PHOTO_FORMATS.map((format) => format.decoder));

function refuse(key: string): AppError {
  return new AppError('validation_errors', { errors: { file: [key] } });
}

/** Checks an upload and stores its variants under a fresh folder of the property; 422 on `file` otherwise. */
export function storePropertyPhoto(
  storage: MediaStorage,
  propertyId: number,
  input: Buffer,
  /** Whose turn of the image slots it takes (an account: `user:42`). */
  uploader: string,
): Promise<StoredPhoto> {
  return limited(uploader, async () => {
    let meta: Metadata;
    try {
      // Header only; nothing is decoded yet.
      meta = await sharp(input, { limitInputPixels: false }).metadata();
    } catch {
      throw refuse('validation.invalid_image');
    }
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
      throw refuse('validation.invalid_image');
    }
    // Declared size checked before decoding (decompression bombs); the decoder enforces it too.
    if (meta.width * (meta.pageHeight ?? meta.height) > PROPERTY_PHOTO_MAX_PIXELS) {
      throw refuse('validation.image_too_large');
    }
    // A fresh folder per upload: the same picture uploaded twice gets two sets of files, so
    // deleting one photo never removes the other's.
    const prefix = `properties/${propertyId}/${randomBytes(8).toString('hex')}`;
    try {
      return await storePhoto(storage, input, { prefix });
    } catch (error) {
      // A storage failure part-way leaves some variants written: remove every key storePhoto
      // could have written (it names them by the content hash under the prefix).
      const hash = createHash('sha256').update(input).digest('hex').slice(0, 20);
      const dir = `${prefix}/${hash.slice(0, 2)}/${hash}`;
      const keys = Object.keys(PHOTO_SIZES).flatMap((size) =>
        PHOTO_FORMATS.map((f) => `${dir}/${size}.${f}`),
      );
      await Promise.all([...keys, `${dir}/manifest.json`].map((key) => storage.delete(key).catch(() => {})));
      if (error instanceof InvalidImageError) throw refuse('validation.invalid_image');
      throw error;
    }
  });
}

/** Every file of a stored photo: its variants and the manifest beside them. */
export function photoFileKeys(photo: { storageKey: string; variants: PhotoVariantsJson | null }): string[] {
  const dir = photo.storageKey.slice(0, photo.storageKey.lastIndexOf('/'));
  const keys = new Set<string>(Object.values(photo.variants ?? {}).filter(Boolean));
  keys.add(`${dir}/manifest.json`);
  return [...keys];
}

export async function deletePhotoFiles(
  storage: MediaStorage,
  photo: { storageKey: string; variants: PhotoVariantsJson | null },
  onError?: (error: unknown, key: string) => void,
): Promise<void> {
  await Promise.all(
    photoFileKeys(photo).map((key) => storage.delete(key).catch((error: unknown) => onError?.(error, key))),
  );
}
