import type { MediaStorage } from '@estately/db/storage';
import { COMPANY_LOGO_MAX_PIXELS, COMPANY_LOGO_SIZES, type CompanyLogoUrls } from '@estately/domain';
import sharp from 'sharp';
import { limitImageWork as limited } from '../../lib/concurrency-limit.ts';
import { checkedImageHeader, refuseImage } from '../../lib/image-header.ts';

// A company logo is judged by its content like a profile picture or an offer photo
// (lib/image-header.ts): only raster formats pass. A logo is
// not cropped: it is fitted inside a square box, never enlarged, keeps its transparency and is
// re-encoded as WebP without any metadata. Two widths: the page's logo and the small one of the
// seller box and cards.

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'gif', 'tiff']);

export interface RenderedLogo {
  edge: number;
  data: Buffer;
}

/** The WebP variants of an uploaded logo (400 and 96 px boxes), or a 422 on `file`. */
export function renderCompanyLogo(input: Buffer, uploader: string): Promise<RenderedLogo[]> {
  return limited(uploader, async () => {
    await checkedImageHeader(input, ACCEPTED_FORMATS, COMPANY_LOGO_MAX_PIXELS);
    try {
      const upright = await sharp(input, { limitInputPixels: COMPANY_LOGO_MAX_PIXELS, failOn: 'error' })
        .rotate()
        .png()
        .toBuffer();
      return await Promise.all(
        [COMPANY_LOGO_SIZES.large, COMPANY_LOGO_SIZES.small].map(async (edge) => ({
          edge,
          data: await sharp(upright)
            .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
            .webp({ quality: 88, effort: 4, alphaQuality: 90 })
            .toBuffer(),
        })),
      );
    } catch {
      throw refuseImage('validation.invalid_image');
    }
  });
}

/** `companies/{user id}/{upload id}/{edge}.webp`: the row keeps the large variant's key. */
export function logoKeys(largeKey: string, userId: number): string[] {
  const match = /^(companies\/(\d+)\/[0-9a-f]+)\/\d+\.webp$/.exec(largeKey);
  if (!match?.[1] || Number(match[2]) !== userId) return [];
  return [COMPANY_LOGO_SIZES.large, COMPANY_LOGO_SIZES.small].map((edge) => `${match[1]}/${edge}.webp`);
}

/** The URLs of a stored logo's variants, or null without a logo. */
export function logoUrls(storage: MediaStorage, largeKey: string | null): CompanyLogoUrls | null {
  if (!largeKey) return null;
  const dir = largeKey.slice(0, largeKey.lastIndexOf('/'));
  return {
    small: storage.url(`${dir}/${COMPANY_LOGO_SIZES.small}.webp`),
    large: storage.url(`${dir}/${COMPANY_LOGO_SIZES.large}.webp`),
  };
}

export async function deleteLogoFiles(
  storage: MediaStorage,
  keys: string[],
  onError?: (error: unknown, key: string) => void,
): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch((error: unknown) => onError?.(error, key))));
}
