import sharp from 'sharp';

// The perceptual hash of a photo (issue 43 point 2, docs/decisions/068): a 64-bit difference
// hash (dHash). The picture is made grey and shrunk to 9 x 8 pixels, and each bit says whether a
// pixel is brighter than its right neighbour. Re-encoding, resizing, a little colour or
// compression change keep the gradients and so nearly every bit; another picture flips about half.

/** Raw pixels as sharp decodes them. */
export interface RawPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

const HASH_WIDTH = 9;
const HASH_HEIGHT = 8;

/** The dHash of decoded pixels, 16 hex digits. */
export async function differenceHash(pixels: RawPixels): Promise<string> {
  const { data } = await sharp(pixels.data, {
    raw: { width: pixels.width, height: pixels.height, channels: pixels.channels },
  })
    .greyscale()
    // Whole picture squeezed, not cropped: a crop would lose the same margins in every copy
    // anyway, and `fill` keeps a resized copy's grid identical.
    .resize(HASH_WIDTH, HASH_HEIGHT, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let bits = 0n;
  for (let row = 0; row < HASH_HEIGHT; row++) {
    for (let column = 0; column < HASH_WIDTH - 1; column++) {
      const here = data[row * HASH_WIDTH + column] ?? 0;
      const right = data[row * HASH_WIDTH + column + 1] ?? 0;
      bits = (bits << 1n) | (here > right ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

/** The dHash of an encoded image (JPEG, PNG, WebP...), upright by its EXIF orientation. */
export async function imageDifferenceHash(input: Buffer): Promise<string> {
  const { data, info } = await sharp(input).rotate().raw().toBuffer({ resolveWithObject: true });
  return differenceHash({ data, width: info.width, height: info.height, channels: info.channels });
}
