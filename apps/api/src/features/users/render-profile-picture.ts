import { PROFILE_PICTURE_MAX_PIXELS, PROFILE_PICTURE_SIZES } from '@estately/domain';
import sharp, { type OutputInfo } from 'sharp';
import { limitImageWork as limited } from '../../lib/concurrency-limit.ts';
import { checkedImageHeader, refuseImage } from '../../lib/image-header.ts';

// A profile picture is judged by its content (lib/image-header.ts): only raster formats people
// upload from phones and cameras pass. The picture is turned upright by
// its EXIF orientation, cropped to a square around its centre and re-encoded as WebP; the
// re-encoded files carry no metadata at all, so no EXIF, GPS position or camera serial leaks.

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'gif', 'tiff']);

export interface RenderedPicture {
  edge: number;
  data: Buffer;
}

/**
 * The square WebP variants (64, 256, 512) of an uploaded picture, or a 422 on `file`; rendered in
 * `uploader`'s turn of the shared image slots (an account: `user:42`).
 */
export function renderProfilePicture(input: Buffer, uploader: string): Promise<RenderedPicture[]> {
  return limited(uploader, async () => {
    await checkedImageHeader(input, ACCEPTED_FORMATS, PROFILE_PICTURE_MAX_PIXELS);

    const edges = Object.values(PROFILE_PICTURE_SIZES).sort((a, b) => b - a);
    const largest = edges[0] ?? 512;
    let square: { data: Buffer; info: OutputInfo };
    try {
      square = await sharp(input, { limitInputPixels: PROFILE_PICTURE_MAX_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: largest, height: largest, fit: 'cover', position: 'centre' })
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw refuseImage('validation.invalid_image');
    }
    const { width, height, channels } = square.info;
    return Promise.all(
      edges.map(async (edge) => {
        const data = await sharp(square.data, { raw: { width, height, channels } })
          .resize({ width: edge, height: edge })
          .webp({ quality: 82, effort: 4 })
          .toBuffer();
        return { edge, data };
      }),
    );
  });
}
