import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MemoryMediaStorage } from './local-storage.ts';
import { InvalidImageError, PHOTO_SIZES, renderPhotoVariants, storePhoto, variantUrls } from './photos.ts';

/** A 2400x1600 JPEG carrying EXIF with a camera, GPS position and orientation. */
async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 120, g: 160, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'X1', Copyright: 'someone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '50/1 4/1 3/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '14/1 25/1 1/1',
      },
    })
    .toBuffer();
}

describe('renderPhotoVariants', () => {
  it('produces the four widths in WebP and AVIF without any EXIF or GPS', async () => {
    const input = await photoWithGps();
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif?.length ?? 0).toBeGreaterThan(0);
    expect(inputMeta.exif?.toString('latin1')).toContain('TestCam');

    const out = await renderPhotoVariants(input, { avifEffort: 0 });
    expect(out.width).toBe(2400);
    expect(out.height).toBe(1600);
    expect(out.variants).toHaveLength(8);
    for (const [size, width] of Object.entries(PHOTO_SIZES)) {
      for (const format of ['webp', 'avif'] as const) {
        const v = out.variants.find((x) => x.size === size && x.format === format);
        expect(v, `${size} ${format}`).toBeDefined();
        if (!v) continue;
        const meta = await sharp(v.data).metadata();
        expect(meta.format).toBe(format === 'webp' ? 'webp' : 'heif');
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(Math.round((width * 1600) / 2400));
        expect(meta.exif).toBeUndefined();
        expect(v.data.includes(Buffer.from('TestCam'))).toBe(false);
      }
    }
  });

  it('does not enlarge small images', async () => {
    const small = await sharp({ create: { width: 500, height: 300, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const out = await renderPhotoVariants(small, { avif: false });
    expect(out.variants.map((v) => v.width)).toEqual([320, 500, 500, 500]);
  });

  it('refuses non-images and images above the pixel limit', async () => {
    await expect(renderPhotoVariants(Buffer.from('not an image'))).rejects.toBeInstanceOf(InvalidImageError);
    // 8000x8000 = 64 MP, above the 50 MP limit; a PNG of one colour is tiny on disk.
    const huge = await sharp({
      create: { width: 8000, height: 8000, channels: 3, background: '#fff' },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expect(renderPhotoVariants(huge)).rejects.toThrow(/pixel limit|exceeds/i);
  });
});

describe('storePhoto', () => {
  it('stores every variant and returns keys in the PhotoVariants shape', async () => {
    const storage = new MemoryMediaStorage('/media');
    const stored = await storePhoto(storage, await photoWithGps(), { prefix: 'photos', avifEffort: 0 });
    const fields = [
      'thumb',
      'card',
      'gallery',
      'full',
      'thumb_avif',
      'card_avif',
      'gallery_avif',
      'full_avif',
    ] as const;
    for (const field of fields) {
      const key = stored.variants[field];
      expect(key, field).toMatch(
        /^photos\/[0-9a-f]{2}\/[0-9a-f]{20}\/(thumb|card|gallery|full)\.(webp|avif)$/,
      );
      expect(await storage.exists(key as string)).toBe(true);
    }
    expect(stored.storageKey).toBe(stored.variants.full);
    expect(variantUrls(storage, stored.variants).card).toBe(`/media/${stored.variants.card}`);
    expect(storage.files.size).toBe(9); // 8 variants and the manifest
  });

  it('fails only once every variant write has finished, so a cleanup after it leaves no file', async () => {
    // A disk that fills up: the first write fails at once while the others are still writing.
    class FillingStorage extends MemoryMediaStorage {
      writes = 0;
      override async put(key: string, data: Buffer, contentType: string) {
        this.writes += 1;
        if (this.writes === 1) throw Object.assign(new Error('no space left'), { code: 'ENOSPC' });
        await new Promise((resolve) => setTimeout(resolve, 20 * this.writes));
        await super.put(key, data, contentType);
      }
    }
    const storage = new FillingStorage('/media');
    const error = await storePhoto(storage, await photoWithGps(), { prefix: 'photos', avifEffort: 0 }).catch(
      (caught: unknown) => caught,
    );
    expect((error as { code?: string }).code).toBe('ENOSPC');
    // Every other variant had landed by the time the failure was reported, and no manifest.
    expect(storage.files.size).toBe(7);
    expect([...storage.files.keys()].some((key) => key.endsWith('manifest.json'))).toBe(false);
    // What a caller's cleanup then removes stays removed.
    for (const key of [...storage.files.keys()]) await storage.delete(key);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(storage.files.size).toBe(0);
  });
});
