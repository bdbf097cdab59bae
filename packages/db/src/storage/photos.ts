import { createHash } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import { differenceHash } from './photo-hash.ts';
import { type MediaStorage, putAll } from './storage.ts';

// Photo processing (DESIGN 2 images): auto-rotate by EXIF, then drop all metadata (EXIF, GPS,
// ICC comments) so an upload never leaks where it was taken; resize into four widths; encode
// WebP (every browser) and AVIF (smaller, for <picture> sources). Oversized inputs are refused
// before decoding by a pixel limit (decompression bombs).

export const PHOTO_SIZES = { thumb: 320, card: 640, gallery: 1280, full: 1920 } as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;
export const PHOTO_FORMATS = ['webp', 'avif'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** Largest accepted input: 50 megapixels (a 12 MP phone photo is far below). */
export const MAX_INPUT_PIXELS = 50_000_000;

/** The PhotoVariants contract shape (packages/domain contracts/offers.ts), holding keys or URLs. */
export type PhotoVariants = {
  thumb: string;
  card: string;
  gallery: string;
  full: string;
  thumb_avif?: string;
  card_avif?: string;
  gallery_avif?: string;
  full_avif?: string;
};

export type RenderedVariant = {
  size: PhotoSize;
  format: PhotoFormat;
  width: number;
  height: number;
  data: Buffer;
  contentType: string;
};

export type RenderOptions = {
  /** WebP quality 1..100 (default 80). */
  webpQuality?: number;
  /** AVIF quality 1..100 (default 50). */
  avifQuality?: number;
  /** AVIF encoder effort 0..9 (default 4; the seed uses less to render its pool quickly). */
  avifEffort?: number;
  /** WebP encoder effort 0..6 (default 4). */
  webpEffort?: number;
  /** Skip AVIF (faster; the contract's AVIF fields then stay empty). */
  avif?: boolean;
};

export class InvalidImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidImageError';
  }
}

/** Decodes, strips and resizes one image into every size and format. */
export async function renderPhotoVariants(
  input: Buffer,
  options: RenderOptions = {},
): Promise<{ width: number; height: number; perceptualHash: string; variants: RenderedVariant[] }> {
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    // Decode and orient once; every size is resized from these pixels. sharp drops all
    // metadata unless withMetadata() is asked for, and raw pixels carry none anyway.
    decoded = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new InvalidImageError(`Not a readable image: ${(error as Error).message}`);
  }
  const { width, height, channels } = decoded.info;
  if (!width || !height) throw new InvalidImageError('Image has no dimensions');
  const formats: PhotoFormat[] = options.avif === false ? ['webp'] : ['webp', 'avif'];
  const jobs: Promise<RenderedVariant>[] = [];
  for (const [size, target] of Object.entries(PHOTO_SIZES) as [PhotoSize, number][]) {
    const resized = sharp(decoded.data, { raw: { width, height, channels } })
      .resize({ width: target, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (const format of formats) {
      jobs.push(
        (async () => {
          const pixels = await resized;
          const pipeline = sharp(pixels.data, {
            raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels },
          });
          const encoded =
            format === 'webp'
              ? pipeline.webp({ quality: options.webpQuality ?? 80, effort: options.webpEffort ?? 4 })
              : pipeline.avif({ quality: options.avifQuality ?? 50, effort: options.avifEffort ?? 4 });
          const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
          return {
            size,
            format,
            width: info.width,
            height: info.height,
            data,
            contentType: `image/${format}`,
          };
        })(),
      );
    }
  }
  // The perceptual hash from the same upright pixels (decision 068: near-duplicates across offers).
  const perceptualHash = await differenceHash({ data: decoded.data, width, height, channels });
  return { width, height, perceptualHash, variants: await Promise.all(jobs) };
}

export type StoredPhoto = {
  /** Key of the largest WebP variant; stands for the photo in `property_media.storage_key`. */
  storageKey: string;
  /** Keys of every variant in the PhotoVariants shape (turn into URLs with `variantUrls`). */
  variants: PhotoVariants;
  width: number;
  height: number;
  /** Total bytes of all variants. */
  bytes: number;
  /** The 64-bit difference hash (16 hex digits); absent in manifests written before it existed. */
  perceptualHash?: string;
};

/**
 * Renders the variants and stores them under `{prefix}/{content hash}/{size}.{format}`:
 * the same image stored twice lands on the same keys.
 */
export async function storePhoto(
  storage: MediaStorage,
  input: Buffer,
  options: RenderOptions & { prefix?: string; skipExisting?: boolean } = {},
): Promise<StoredPhoto> {
  const hash = createHash('sha256').update(input).digest('hex').slice(0, 20);
  const dir = `${options.prefix ?? 'photos'}/${hash.slice(0, 2)}/${hash}`;
  if (options.skipExisting) {
    const found = await readStoredManifest(storage, dir);
    if (found) return found;
  }
  const rendered = await renderPhotoVariants(input, options);
  const files = rendered.variants.map((v) => ({
    key: `${dir}/${v.size}.${v.format}`,
    data: v.data,
    contentType: v.contentType,
  }));
  await putAll(storage, files);
  const variants: Partial<PhotoVariants> = {};
  for (const [index, v] of rendered.variants.entries()) {
    variants[(v.format === 'webp' ? v.size : `${v.size}_avif`) as keyof PhotoVariants] = files[index]?.key;
  }
  const bytes = files.reduce((sum, file) => sum + file.data.length, 0);
  const stored: StoredPhoto = {
    storageKey: `${dir}/full.webp`,
    variants: variants as PhotoVariants,
    width: rendered.width,
    height: rendered.height,
    bytes,
    perceptualHash: rendered.perceptualHash,
  };
  // Written last: its presence means every variant is in place (see skipExisting).
  await storage.put(`${dir}/manifest.json`, Buffer.from(JSON.stringify(stored)), 'application/json');
  return stored;
}

async function readStoredManifest(storage: MediaStorage, dir: string): Promise<StoredPhoto | null> {
  const file = await storage.get(`${dir}/manifest.json`);
  if (!file) return null;
  try {
    return JSON.parse(file.data.toString('utf8')) as StoredPhoto;
  } catch {
    return null;
  }
}

/** Maps every key of a stored PhotoVariants to its public URL. */
export function variantUrls(storage: MediaStorage, keys: PhotoVariants): PhotoVariants {
  const out: Record<string, string> = {};
  for (const [field, key] of Object.entries(keys)) if (key) out[field] = storage.url(key);
  return out as PhotoVariants;
}
