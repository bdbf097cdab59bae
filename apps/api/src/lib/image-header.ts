import sharp, { type Metadata } from 'sharp';
import { AppError } from './app-error.ts';

// An uploaded image (an offer photo, a profile picture, a company logo) is judged by its content,
// never by its file name or declared type: sharp reads the header, nothing is decoded yet. Only
// the raster formats the caller accepts pass (never SVG, which may carry scripts and external
// references, nor PDF), and the declared size is checked before any decoding, so a small file
// that would unpack into billions of pixels (a decompression bomb) is refused at once; the
// decoder is then given the same pixel limit.

/** A 422 on the upload's `file` field with one message key. */
export function refuseImage(key: string): AppError {
  return new AppError('validation_errors', { errors: { file: [key] } });
}

/**
 * The header of an upload whose format is one of `formats` (sharp's names: jpeg, png, webp,
 * heif, gif, tiff) and whose pixels (all pages' height) are at most `maxPixels`; else 422
 * `validation.invalid_image` or `validation.image_too_large` on `file`.
 */
export async function checkedImageHeader(
  input: Buffer,
  formats: ReadonlySet<string>,
  maxPixels: number,
): Promise<Metadata & { width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw refuseImage('validation.invalid_image');
  }
  const { width, height } = meta;
  if (!meta.format || !formats.has(meta.format) || !width || !height) {
    throw refuseImage('validation.invalid_image');
  }
  if (width * (meta.pageHeight ?? height) > maxPixels) throw refuseImage('validation.image_too_large');
  return { ...meta, width, height };
}
