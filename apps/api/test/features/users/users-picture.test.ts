import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { users } from '@estately/db';
import { CurrentUserSchema, PROFILE_PICTURE_MAX_BYTES, USER_RATE_LIMITS } from '@estately/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { type MultipartPart, multipart } from '../../support/multipart.ts';

// POST /v1/user/save-profile-picture (spec 7, issue 5): multipart upload, content check,
// orientation, metadata stripping, square WebP variants, replacement, size limit.

let api: TestApi;

beforeAll(async () => {
  api = await buildTestApi();
});
afterAll(async () => {
  await api?.close();
});

function upload(userId: number | null, parts: MultipartPart[]) {
  const body = multipart(parts);
  return api.app.inject({
    method: 'POST',
    url: '/v1/user/save-profile-picture',
    headers: { ...(userId === null ? {} : bearer(api.config, userId)), 'content-type': body.contentType },
    payload: body.payload,
  });
}

const file = (data: Buffer | string, filename = 'me.jpg', contentType = 'image/jpeg'): MultipartPart => ({
  name: 'file',
  filename,
  contentType,
  data,
});

/**
 * A 1200x800 JPEG, red above and blue below, that a camera held upright marked with EXIF
 * orientation 6 (shown rotated 90 degrees clockwise: blue on the left, red on the right), with
 * its make and a GPS position in EXIF.
 */
async function cameraPhoto(): Promise<Buffer> {
  const blue = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#0000ff' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: '#ff0000' } })
    .composite([{ input: blue, top: 400, left: 0 }])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'X1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '50/1 4/1 3/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '14/1 25/1 1/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function png(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A valid PNG whose header claims width x height: a decompression bomb's shape, tiny on the wire. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function pictureOf(userId: number) {
  const [row] = await api.db
    .select({ path: users.profilePicturePath })
    .from(users)
    .where(eq(users.id, userId));
  return row!.path;
}

function variantKeys(path: string) {
  return [64, 256, 512].map((edge) => path.replace(/512\.webp$/, `${edge}.webp`));
}

describe('POST /v1/user/save-profile-picture', () => {
  it('stores upright, metadata-free square WebP variants and answers the user', async () => {
    const user = await createUser(api.db);
    const photo = await cameraPhoto();
    const input = await sharp(photo).metadata();
    expect(input.orientation).toBe(6);
    expect(input.exif?.includes(Buffer.from('TestCam'))).toBe(true);

    const response = await upload(user.id, [file(photo)]);
    expect(response.statusCode, response.body).toBe(200);
    const body = CurrentUserSchema.parse(response.json());
    expect(body.id).toBe(user.id);
    expect(body.profilePicturePath).toMatch(new RegExp(`^avatars/${user.id}/[0-9a-f]{20}/512\\.webp$`));
    expect(await pictureOf(user.id)).toBe(body.profilePicturePath);

    const keys = variantKeys(body.profilePicturePath!);
    for (const [index, edge] of [64, 256, 512].entries()) {
      const stored = await api.app.storage.get(keys[index]!);
      expect(stored, keys[index]).not.toBeNull();
      const meta = await sharp(stored!.data).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([edge, edge]);
      // No EXIF (camera, GPS), XMP or orientation left.
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored!.data.includes(Buffer.from('TestCam'))).toBe(false);
    }

    // Turned upright by its orientation: blue on the left, red on the right.
    const { data, info } = await sharp((await api.app.storage.get(keys[2]!))!.data)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return [data[at]!, data[at + 1]!, data[at + 2]!];
    };
    const [lr, , lb] = pixel(100, 256);
    const [rr, , rb] = pixel(412, 256);
    expect(lb).toBeGreaterThan(200);
    expect(lr).toBeLessThan(60);
    expect(rr).toBeGreaterThan(200);
    expect(rb).toBeLessThan(60);

    // The URLs serve the files.
    for (const url of Object.values(body.profilePictureUrls!)) {
      const served = await api.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(served.statusCode, url).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    }
    expect(body.profilePictureUrls!.small).toMatch(/\/64\.webp$/);
  });

  it('replaces the previous picture and deletes its files', async () => {
    const user = await createUser(api.db);
    const first = CurrentUserSchema.parse(
      (await upload(user.id, [file(await png(300, 300, '#00aa00'), 'a.png', 'image/png')])).json(),
    );
    const second = CurrentUserSchema.parse(
      (await upload(user.id, [file(await png(900, 600, '#aa00aa'), 'b.png', 'image/png')])).json(),
    );
    expect(second.profilePicturePath).not.toBe(first.profilePicturePath);
    for (const key of variantKeys(first.profilePicturePath!))
      expect(await api.app.storage.exists(key), key).toBe(false);
    for (const key of variantKeys(second.profilePicturePath!))
      expect(await api.app.storage.exists(key), key).toBe(true);
  });

  it('judges by content: a text file named .jpg is refused, a PNG named .txt is taken', async () => {
    const user = await createUser(api.db);
    const text = await upload(user.id, [file('hello, this is not a picture', 'holiday.jpg', 'image/jpeg')]);
    expect(text.statusCode).toBe(422);
    expect(text.json()).toMatchObject({
      code: 'validation_errors',
      errors: { file: ['validation.invalid_image'] },
    });
    expect(await pictureOf(user.id)).toBeNull();

    const svg = await upload(user.id, [
      file(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
        'a.svg',
        'image/svg+xml',
      ),
    ]);
    expect(svg.statusCode).toBe(422);
    expect(svg.json().errors).toEqual({ file: ['validation.invalid_image'] });

    const truncated = (await cameraPhoto()).subarray(0, 2000);
    const broken = await upload(user.id, [file(truncated)]);
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors).toEqual({ file: ['validation.invalid_image'] });
    expect(await pictureOf(user.id)).toBeNull();

    const disguised = await upload(user.id, [
      file(await png(200, 100, '#123456'), 'notes.txt', 'text/plain'),
    ]);
    expect(disguised.statusCode).toBe(200);
  });

  it('refuses an image with too many pixels before decoding it', async () => {
    const user = await createUser(api.db);
    const bomb = pngClaiming(10_000, 10_000);
    expect(bomb.length).toBeLessThan(100_000);
    expect((await sharp(bomb).metadata()).width).toBe(10_000);
    const response = await upload(user.id, [file(bomb, 'big.png', 'image/png')]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ file: ['validation.image_too_large'] });
    expect(await pictureOf(user.id)).toBeNull();
  });

  it('answers 413 with a clear body above 10 MB and changes nothing', async () => {
    const user = await createUser(api.db);
    const response = await upload(user.id, [file(randomBytes(PROFILE_PICTURE_MAX_BYTES + 1))]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'validation_errors',
      message: 'Payload Too Large',
      errors: { file: ['validation.file_too_large'] },
    });
    expect(await pictureOf(user.id)).toBeNull();
  });

  it('needs a file in the field "file"', async () => {
    const user = await createUser(api.db);
    const wrongField = await upload(user.id, [{ ...file(await png(50, 50, '#fff')), name: 'photo' }]);
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().errors).toEqual({ file: ['validation.file_required'] });
    const json = await api.app.inject({
      method: 'POST',
      url: '/v1/user/save-profile-picture',
      headers: bearer(api.config, user.id),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors).toEqual({ file: ['validation.file_required'] });
  });

  it('needs a token', async () => {
    const response = await upload(null, [file(await png(50, 50, '#fff'))]);
    expect(response.statusCode).toBe(401);
  });

  it('limits uploads per user', async () => {
    const user = await createUser(api.db);
    for (let attempt = 0; attempt < USER_RATE_LIMITS.profilePicture.max; attempt += 1) {
      expect((await upload(user.id, [file('not an image')])).statusCode).toBe(422);
    }
    const refused = await upload(user.id, [file(await png(50, 50, '#fff'))]);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await pictureOf(user.id)).toBeNull();
  });
});
