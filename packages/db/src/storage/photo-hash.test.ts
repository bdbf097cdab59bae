import { hashDistance, SAME_PHOTO_MAX_BITS } from '@estately/domain';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { plantedCopy, plantedScene } from '../seed/planted-photos.ts';
import { imageDifferenceHash } from './photo-hash.ts';
import { renderPhotoVariants } from './photos.ts';

// The perceptual hash of issue 43 point 2 (decision 068): a copy of a picture as another seller
// posts it keeps its hash within SAME_PHOTO_MAX_BITS, another picture does not.

describe('imageDifferenceHash', () => {
  it('is 16 hex digits and the same for the same picture in another format and size', async () => {
    const scene = await plantedScene('hash-a');
    const hash = await imageDifferenceHash(scene);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    const png = await sharp(scene).resize({ width: 320 }).png().toBuffer();
    expect(hashDistance(hash, await imageDifferenceHash(png))).toBeLessThanOrEqual(2);
  });

  it('keeps re-encoded, resized, cropped and brightened copies near, and other pictures far', async () => {
    for (const seed of ['b', 'c', 'd', 'e']) {
      const scene = await plantedScene(`hash-${seed}`);
      const hash = await imageDifferenceHash(scene);
      const copy = await imageDifferenceHash(await plantedCopy(scene, seed));
      expect(hashDistance(hash, copy), seed).toBeLessThanOrEqual(SAME_PHOTO_MAX_BITS);
      const other = await imageDifferenceHash(await plantedScene(`other-${seed}`));
      expect(hashDistance(hash, other), seed).toBeGreaterThan(SAME_PHOTO_MAX_BITS);
    }
  });

  it('is what rendering the variants stores, from the upright pixels', async () => {
    const scene = await plantedScene('hash-f');
    const rendered = await renderPhotoVariants(scene, { avif: false });
    expect(rendered.perceptualHash).toBe(await imageDifferenceHash(scene));
  });
});
