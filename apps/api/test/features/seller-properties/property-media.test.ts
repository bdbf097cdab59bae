import { readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { offers, propertyMedia } from '@estately/db';
import { PROPERTY_PHOTO_MAX_BYTES } from '@estately/domain';
import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphanMedia } from '../../../src/features/jobs/sweep-orphan-media.ts';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, ensurePropertyPhoto, runPhotoJobs, type TestApi } from '../../support/helpers.ts';
import { type MultipartPart, multipart } from '../../support/multipart.ts';

// Issue 7 deliverable 3: photo upload (content check, limits, metadata stripping, variants),
// reorder, delete; the offers row's photo fields follow; failures leave no files or rows.

let api: TestApi;
let owner: { id: number };
let other: { id: number };

function upload(
  userId: number,
  propertyId: number,
  data: Buffer | string,
  extra: Partial<MultipartPart> = {},
  roomType?: string,
) {
  const parts: MultipartPart[] = [{ name: 'property_id', data: String(propertyId) }];
  if (roomType) parts.push({ name: 'room_type', data: roomType });
  parts.push({ name: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', data, ...extra });
  const body = multipart(parts);
  return api.app.inject({
    method: 'POST',
    url: '/v1/property-media/save',
    headers: { ...bearer(api.config, userId), 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** A small camera-like JPEG carrying a maker and a GPS position in EXIF. */
async function cameraPhoto(colour = '#3366aa'): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'X1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '50/1 4/1 3/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '14/1 25/1 1/1',
      },
    })
    .toBuffer();
}

/** A valid PNG whose header claims width x height: a decompression bomb's shape, tiny on the wire. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const tiny = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  const out = Buffer.from(tiny);
  // IHDR data starts after the 8-byte signature, 4-byte length and 4-byte type.
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)) >>> 0, 29);
  return out;
}

function mediaFiles(): string[] {
  const root = path.join(api.config.mediaDir, 'properties');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

async function mediaRows(propertyId: number) {
  return api.db
    .select()
    .from(propertyMedia)
    .where(eq(propertyMedia.propertyId, propertyId))
    .orderBy(asc(propertyMedia.position));
}

async function newActiveProperty(): Promise<number> {
  const headers = bearer(api.config, owner.id);
  const saved = await api.app.inject({
    method: 'POST',
    url: '/v1/property/save',
    headers,
    payload: {
      offer_type: 'sale',
      property_type: 'house',
      price: 9_000_000,
      disposition: '5',
      room: ['living_room', 'bedroom', 'kitchen'],
      useful_area: 140,
      description: 'House with a garden.',
      city: 'Plzeň',
      country_code: 'CZ',
      latitude: 49.74,
      longitude: 13.37,
      contact: { contact_email: 'house@example.com' },
    },
  });
  const id = saved.json().data.id as number;
  // Publishing needs a photo; the tests here start from none, so the stand-in goes again.
  await ensurePropertyPhoto(api.db, id);
  const published = await api.app.inject({
    method: 'POST',
    url: `/v1/properties/set-state/${id}`,
    headers,
    payload: { state: 'active' },
  });
  expect(published.statusCode, published.body).toBe(200);
  await api.db.delete(propertyMedia).where(eq(propertyMedia.propertyId, id));
  return id;
}

beforeAll(async () => {
  api = await buildTestApi();
  owner = await createUser(api.db);
  other = await createUser(api.db);
});

afterAll(async () => {
  await api.close();
});

describe('POST /v1/property-media/save', () => {
  it('answers before the variants exist; the job makes stripped WebP and AVIF variants, then the offers row shows the main photo', async () => {
    const id = await newActiveProperty();
    const response = await upload(owner.id, id, await cameraPhoto(), {}, 'living_room');
    expect(response.statusCode, response.body).toBe(200);
    const photo = response.json();
    // Accepted with the original stored, before any variant is rendered (issue 38 defect 4).
    expect(photo).toMatchObject({
      status: 'processing',
      image_file: null,
      is_main: true,
      position: 0,
      room_type: 'living_room',
      width: 400,
      height: 300,
    });
    const [pending] = await mediaRows(id);
    expect(pending).toMatchObject({ status: 'processing', variants: null });
    expect(pending!.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(pending!.storageKey).toMatch(
      /^properties\/\d+\/[0-9a-f]{16}\/[0-9a-f]{2}\/[0-9a-f]{20}\/original$/,
    );
    expect(await api.app.storage.exists(pending!.storageKey)).toBe(true);
    expect(
      mediaFiles().filter((file) => /\.(webp|avif)$/.test(file) && file.includes(`/properties/${id}/`)),
    ).toEqual([]);
    // Nothing public before the variants exist: no photo on the offers row, none on the page.
    let [offer] = await api.db.select().from(offers).where(eq(offers.id, id));
    expect(offer).toMatchObject({ photosCount: 0, mainPhotoId: null });
    const page = await api.app.inject({ method: 'GET', url: `/public/offers/${id}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().photos).toEqual([]);

    expect(await runPhotoJobs(api)).toMatchObject({ claimed: 1, done: 1 });
    const [row] = await mediaRows(id);
    expect(row).toMatchObject({ status: 'ready', width: 400, height: 300 });
    const full = await api.app.storage.get(row!.variants!.full);
    const meta = await sharp(full!.data).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    const avif = await api.app.storage.get(row!.variants!.card_avif!);
    expect((await sharp(avif!.data).metadata()).format).toBe('heif');
    // The original (with its GPS) is gone once the variants exist.
    expect(await api.app.storage.exists(pending!.storageKey)).toBe(false);
    [offer] = await api.db.select().from(offers).where(eq(offers.id, id));
    expect(offer).toMatchObject({ photosCount: 1, mainPhotoId: photo.id, mainPhotoRoomType: 'living_room' });
    const own = await api.app.inject({
      method: 'GET',
      url: `/properties/${id}`,
      headers: bearer(api.config, owner.id),
    });
    const listed = own.json().data.photos[0];
    expect(listed.status).toBe('ready');
    for (const field of [
      'thumb',
      'card',
      'gallery',
      'full',
      'thumb_avif',
      'card_avif',
      'gallery_avif',
      'full_avif',
    ]) {
      expect(listed.image_file[field]).toMatch(/^.+\/properties\/\d+\/.+\.(webp|avif)$/);
    }
    // Run again (at-least-once delivery): nothing to do, nothing changes.
    expect(await runPhotoJobs(api)).toMatchObject({ claimed: 0 });

    const second = await upload(owner.id, id, await cameraPhoto('#aa3333'), {
      filename: 'x.png',
      contentType: 'image/png',
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      is_main: false,
      position: 1,
      room_type: null,
      status: 'processing',
    });
    await runPhotoJobs(api);
    const [after] = await api.db.select().from(offers).where(eq(offers.id, id));
    expect(after).toMatchObject({ photosCount: 2, mainPhotoId: photo.id });
  });

  it('keeps the same bytes once per property: a repeated upload answers the first photo (200, same id)', async () => {
    const id = await newActiveProperty();
    const bytes = await cameraPhoto('#228844');
    const first = await upload(owner.id, id, bytes);
    expect(first.statusCode, first.body).toBe(200);
    // Left mid-way and sent again, before and after the variants exist.
    const again = await upload(owner.id, id, bytes, { filename: 'copy.jpg' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    await runPhotoJobs(api);
    const later = await upload(owner.id, id, bytes);
    expect(later.statusCode).toBe(200);
    expect(later.json()).toMatchObject({ id: first.json().id, status: 'ready' });
    expect(await mediaRows(id)).toHaveLength(1);
    // Two at once: one row still.
    const twin = await cameraPhoto('#884422');
    const both = await Promise.all([upload(owner.id, id, twin), upload(owner.id, id, twin)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[0]!.json().id).toBe(both[1]!.json().id);
    expect(await mediaRows(id)).toHaveLength(2);
    await runPhotoJobs(api);
    // No stray originals of the refused twin.
    expect(
      mediaFiles().filter((file) => file.includes(`/properties/${id}/`) && file.endsWith('/original')),
    ).toEqual([]);
    // Another property may hold the same photo; a stranger may not add it to this one.
    const otherId = await newActiveProperty();
    const elsewhere = await upload(owner.id, otherId, bytes);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().id).not.toBe(first.json().id);
    expect((await upload(other.id, id, bytes)).statusCode).toBe(404);
  });

  it('a photo deleted while processing leaves no files; an undecodable one is marked failed', async () => {
    const id = await newActiveProperty();
    await runPhotoJobs(api); // what earlier tests left queued
    const before = mediaFiles().length;
    const sent = await upload(owner.id, id, await cameraPhoto('#102030'));
    const mediaId = sent.json().id as number;
    const deleted = await api.app.inject({
      method: 'DELETE',
      url: `/properties/${id}/property_medias/${mediaId}`,
      headers: bearer(api.config, owner.id),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await runPhotoJobs(api)).toMatchObject({ claimed: 1, done: 1 });
    expect(mediaFiles()).toHaveLength(before);

    // A JPEG whose header reads but whose pixels stop short: accepted, then failed by the job.
    const whole = await sharp({
      create: {
        width: 600,
        height: 400,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    const broken = await upload(owner.id, id, cut);
    expect(broken.statusCode, broken.body).toBe(200);
    expect(await runPhotoJobs(api)).toMatchObject({ claimed: 1, done: 1 });
    const [row] = await mediaRows(id);
    expect(row).toMatchObject({ status: 'failed', variants: null });
    expect(await api.app.storage.exists(row!.storageKey)).toBe(false);
    const own = await api.app.inject({
      method: 'GET',
      url: `/properties/${id}`,
      headers: bearer(api.config, owner.id),
    });
    expect(own.json().data.photos[0]).toMatchObject({ id: row!.id, status: 'failed', image_file: null });
    // Only ready photos count for publishing.
    expect(own.json().data.publish_problems.photos).toEqual(['validation.photo_required']);
    // The daily media sweep does not report it as a row whose file went missing.
    const sweep = await sweepOrphanMedia({
      db: api.db,
      storage: api.app.storage,
      now: new Date(Date.now() + 2 * 86_400_000),
    });
    expect(sweep.missing['properties/']?.ids ?? []).not.toContain(row!.id);
  });

  it('a copy of a property made while its photo is processed gets the variants made for its own photo', async () => {
    const id = await newActiveProperty();
    await runPhotoJobs(api); // what earlier tests left queued
    const sent = await upload(owner.id, id, await cameraPhoto('#405060'));
    expect(sent.json().status).toBe('processing');
    const copied = await api.app.inject({
      method: 'POST',
      url: `/properties/${id}/duplicate`,
      headers: bearer(api.config, owner.id),
    });
    expect(copied.statusCode, copied.body).toBe(201);
    const copyId = copied.json().data.id as number;
    expect(await runPhotoJobs(api)).toMatchObject({ claimed: 2, done: 2 });
    const [source] = await mediaRows(id);
    const [copy] = await mediaRows(copyId);
    for (const [row, propertyId] of [
      [source, id],
      [copy, copyId],
    ] as const) {
      expect(row).toMatchObject({ status: 'ready' });
      // Every variant inside its own property's folder, and there.
      for (const key of Object.values(row!.variants!)) {
        expect(key).toMatch(new RegExp(`^properties/${propertyId}/`));
        expect(await api.app.storage.exists(key!), key!).toBe(true);
      }
    }
    expect(mediaFiles().filter((file) => file.endsWith('/original'))).toEqual([]);
  });

  it('accepts PNG and WebP by content whatever the name says', async () => {
    const id = await newActiveProperty();
    const webp = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#00ff00' } })
      .webp()
      .toBuffer();
    expect((await upload(owner.id, id, webp, { filename: 'photo.jpg' })).statusCode).toBe(200);
    const png = await sharp({ create: { width: 50, height: 40, channels: 4, background: '#ff00ff80' } })
      .png()
      .toBuffer();
    expect(
      (await upload(owner.id, id, png, { filename: 'photo.gif', contentType: 'image/gif' })).statusCode,
    ).toBe(200);
    // AVIF is HEIF with AV1 inside: read by content like a phone's HEIC.
    const avif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } })
      .avif({ effort: 0 })
      .toBuffer();
    expect(
      (await upload(owner.id, id, avif, { filename: 'photo.heic', contentType: 'image/heic' })).statusCode,
    ).toBe(200);
    expect(await mediaRows(id)).toHaveLength(3);
  });

  it('refuses corrupt, disguised, unsupported, bomb and oversized files, leaving no files or rows', async () => {
    const id = await newActiveProperty();
    const before = mediaFiles().length;
    const jpeg = await cameraPhoto();
    const cases: [Buffer | string, number, string][] = [
      [jpeg.subarray(0, 400), 422, 'validation.invalid_image'],
      ['I am a text file pretending to be a photo', 422, 'validation.invalid_image'],
      [
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
          .gif()
          .toBuffer(),
        422,
        'validation.invalid_image',
      ],
      [await pngClaiming(30_000, 30_000), 422, 'validation.image_too_large'],
      [Buffer.alloc(PROPERTY_PHOTO_MAX_BYTES + 1024, 1), 413, 'validation.file_too_large'],
    ];
    for (const [data, status, key] of cases) {
      const response = await upload(owner.id, id, data);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ code: 'validation_errors', errors: { file: [key] } });
    }
    expect(await mediaRows(id)).toHaveLength(0);
    expect(mediaFiles()).toHaveLength(before);
  });

  it('validates the form fields and ownership', async () => {
    const id = await newActiveProperty();
    const photo = await cameraPhoto();
    const room = await upload(owner.id, id, photo, {}, 'ballroom');
    expect(room.statusCode).toBe(422);
    expect(room.json().errors.room_type).toEqual(['validation.invalid_value']);
    const foreign = await upload(other.id, id, photo);
    expect(foreign.statusCode).toBe(404);
    const unknown = await upload(owner.id, 999_999_999, photo);
    expect(unknown.statusCode).toBe(404);
    const body = multipart([{ name: 'property_id', data: String(id) }]);
    const noFile = await api.app.inject({
      method: 'POST',
      url: '/v1/property-media/save',
      headers: { ...bearer(api.config, owner.id), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors.file).toEqual(['validation.file_required']);
    expect(await mediaRows(id)).toHaveLength(0);
  });

  it('deletes the stored files when the database write fails', async () => {
    const id = await newActiveProperty();
    const before = mediaFiles().length;
    await api.db.execute(
      sql.raw(`create function refuse_media() returns trigger language plpgsql as $$
      begin raise exception 'refused by test'; end $$`),
    );
    await api.db.execute(
      sql.raw(
        `create trigger refuse_media before insert on property_media for each row execute function refuse_media()`,
      ),
    );
    try {
      const response = await upload(owner.id, id, await cameraPhoto());
      expect(response.statusCode).toBe(500);
    } finally {
      await api.db.execute(sql.raw('drop trigger refuse_media on property_media'));
      await api.db.execute(sql.raw('drop function refuse_media()'));
    }
    expect(await mediaRows(id)).toHaveLength(0);
    expect(mediaFiles()).toHaveLength(before);
  });
});

describe('reorder and delete', () => {
  it('reorders (first becomes main), refuses incomplete orders, deletes rows and files', async () => {
    const id = await newActiveProperty();
    const ids: number[] = [];
    for (const colour of ['#111111', '#555555', '#999999']) {
      ids.push((await upload(owner.id, id, await cameraPhoto(colour))).json().id);
    }
    await runPhotoJobs(api);
    const headers = bearer(api.config, owner.id);
    const reorder = (order: number[], userId = owner.id) =>
      api.app.inject({
        method: 'PATCH',
        url: `/properties/${id}/property_medias`,
        headers: bearer(api.config, userId),
        payload: { order },
      });
    const [a, b, c] = ids as [number, number, number];
    const response = await reorder([c, a, b]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((p: { id: number; is_main: boolean }) => [p.id, p.is_main])).toEqual([
      [c, true],
      [a, false],
      [b, false],
    ]);
    let [offer] = await api.db.select().from(offers).where(eq(offers.id, id));
    expect(offer?.mainPhotoId).toBe(c);

    for (const bad of [
      [c, a],
      [c, a, b, b],
      [c, a, 999_999],
    ]) {
      const refused = await reorder(bad);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.order).toEqual(['validation.invalid_value']);
    }
    expect((await reorder([a, b, c], other.id)).statusCode).toBe(404);
    expect((await mediaRows(id)).map((r) => r.id)).toEqual([c, a, b]);

    const [main] = await mediaRows(id);
    const filesBefore = mediaFiles().length;
    expect(
      (
        await api.app.inject({
          method: 'DELETE',
          url: `/properties/${id}/property_medias/${c}`,
          headers: bearer(api.config, other.id),
        })
      ).statusCode,
    ).toBe(404);
    const deleted = await api.app.inject({
      method: 'DELETE',
      url: `/properties/${id}/property_medias/${c}`,
      headers,
    });
    expect(deleted.statusCode).toBe(204);
    const rest = await mediaRows(id);
    expect(rest.map((r) => [r.id, r.position, r.isMain])).toEqual([
      [a, 0, true],
      [b, 1, false],
    ]);
    expect(await api.app.storage.exists(main!.variants!.full)).toBe(false);
    expect(mediaFiles()).toHaveLength(filesBefore - 9);
    [offer] = await api.db.select().from(offers).where(eq(offers.id, id));
    expect(offer).toMatchObject({ photosCount: 2, mainPhotoId: a });
    const again = await api.app.inject({
      method: 'DELETE',
      url: `/properties/${id}/property_medias/${c}`,
      headers,
    });
    expect(again.statusCode).toBe(404);
  });
});
