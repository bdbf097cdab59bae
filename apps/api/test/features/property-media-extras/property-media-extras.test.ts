import {
  offers,
  type PhotoVariantsJson,
  properties,
  propertyEnergyCertificates,
  propertyMedia,
} from '@estately/db';
import { ENERGY_CERTIFICATE_MAX_BYTES } from '@estately/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphanMedia } from '../../../src/features/jobs/sweep-orphan-media.ts';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, insertOffer, type TestApi } from '../../support/helpers.ts';
import { multipart } from '../../support/multipart.ts';
import { tinyPdf } from '../../support/pdf-fixture.ts';

// Issue 38 point 13: floor plans as their own kind of photo (never a card's main photo, the
// has_floor_plan filter follows), a video link kept as provider and id (hostile links refused),
// and an energy performance certificate PDF (sniffed, replaced, deleted, served inline).

let api: TestApi;
let owner: { id: number };
let other: { id: number };

beforeAll(async () => {
  api = await buildTestApi();
  owner = await createUser(api.db, { verified: true });
  other = await createUser(api.db, { verified: true });
});
afterAll(() => api.close());

function setVideo(userId: number, propertyId: number, url: unknown) {
  return api.app.inject({
    method: 'PUT',
    url: `/properties/${propertyId}/video`,
    headers: { ...bearer(api.config, userId), 'content-type': 'application/json' },
    payload: JSON.stringify({ url }),
  });
}

function uploadCertificate(userId: number, propertyId: number, data: Buffer, filename = 'PENB Dlouhá 5.pdf') {
  const body = multipart([{ name: 'file', filename, contentType: 'application/pdf', data }]);
  return api.app.inject({
    method: 'PUT',
    url: `/properties/${propertyId}/energy_certificate`,
    headers: { ...bearer(api.config, userId), 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function propertyWithPhotos(count: number): Promise<{ id: number; mediaIds: number[] }> {
  const id = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
  const rows = await api.db
    .insert(propertyMedia)
    .values(
      Array.from({ length: count }, (_, position) => ({
        propertyId: id,
        position,
        isMain: position === 0,
        storageKey: `properties/${id}/p${position}/full.webp`,
        variants: Object.fromEntries(
          ['thumb', 'card', 'gallery', 'full'].map((size) => [
            size,
            `properties/${id}/p${position}/${size}.webp`,
          ]),
        ) as PhotoVariantsJson,
      })),
    )
    .returning({ id: propertyMedia.id });
  return { id, mediaIds: rows.map((row) => row.id) };
}

function setKind(userId: number, propertyId: number, mediaId: number, body: unknown) {
  return api.app.inject({
    method: 'PATCH',
    url: `/properties/${propertyId}/property_medias/${mediaId}`,
    headers: { ...bearer(api.config, userId), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

async function offerRow(id: number) {
  const [row] = await api.db
    .select({ mainPhotoId: offers.mainPhotoId, hasFloorPlan: offers.hasFloorPlan })
    .from(offers)
    .where(eq(offers.id, id));
  return row;
}

describe('floor plans', () => {
  it('marks a photo as a floor plan: never the main photo of the card, has_floor_plan follows', async () => {
    const { id, mediaIds } = await propertyWithPhotos(3);
    const [first, second] = mediaIds as [number, number, number];
    // Saying "photo" of a photo changes nothing but writes the offers row from the rows above.
    expect((await setKind(owner.id, id, first, { kind: 'photo' })).statusCode).toBe(200);
    expect(await offerRow(id)).toEqual({ mainPhotoId: first, hasFloorPlan: false });

    const marked = await setKind(owner.id, id, first, { kind: 'floor_plan' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ id: first, kind: 'floor_plan' });
    // The card shows the first photo that is not a floor plan; the search filter finds it.
    expect(await offerRow(id)).toEqual({ mainPhotoId: second, hasFloorPlan: true });
    const [property] = await api.db
      .select({ hasFloorPlan: properties.hasFloorPlan })
      .from(properties)
      .where(eq(properties.id, id));
    expect(property?.hasFloorPlan).toBe(true);

    const detail = await api.app.inject({ method: 'GET', url: `/public/offers/${id}` });
    expect(detail.statusCode, detail.body).toBe(200);
    const photos = detail.json().photos as { id: number; is_floor_plan: boolean }[];
    expect(photos.filter((photo) => photo.is_floor_plan).map((photo) => photo.id)).toEqual([first]);
    expect(detail.json().has_floor_plan).toBe(true);

    // The owner's view says which photo is which.
    const own = await api.app.inject({
      method: 'GET',
      url: `/properties/${id}`,
      headers: bearer(api.config, owner.id),
    });
    const kinds = (own.json().data.photos as { id: number; kind: string }[]).map((photo) => photo.kind);
    expect(kinds).toEqual(['floor_plan', 'photo', 'photo']);

    // The seller's own list shows the same main photo.
    const mine = await api.app.inject({
      method: 'GET',
      url: '/my/own/properties?per_page=100',
      headers: bearer(api.config, owner.id),
    });
    const item = (mine.json().data as { id: number; main_photo: { thumb: string } | null }[]).find(
      (entry) => entry.id === id,
    );
    expect(item?.main_photo?.thumb).toContain(`/p1/thumb.webp`);

    // Back to a photo: the first photo is the main one again and the flag goes.
    expect((await setKind(owner.id, id, first, { kind: 'photo' })).statusCode).toBe(200);
    expect(await offerRow(id)).toEqual({ mainPhotoId: first, hasFloorPlan: false });
  });

  it('deleting the last floor plan clears has_floor_plan', async () => {
    const { id, mediaIds } = await propertyWithPhotos(2);
    await setKind(owner.id, id, mediaIds[1] as number, { kind: 'floor_plan' });
    expect((await offerRow(id))?.hasFloorPlan).toBe(true);
    const removed = await api.app.inject({
      method: 'DELETE',
      url: `/properties/${id}/property_medias/${mediaIds[1]}`,
      headers: bearer(api.config, owner.id),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await offerRow(id))?.hasFloorPlan).toBe(false);
  });

  it('refuses an unknown kind, an empty change and a stranger, changing nothing', async () => {
    const { id, mediaIds } = await propertyWithPhotos(1);
    const media = mediaIds[0] as number;
    const bad = await setKind(owner.id, id, media, { kind: 'video' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ kind: ['validation.invalid_value'] });
    const empty = await setKind(owner.id, id, media, {});
    expect(empty.statusCode).toBe(422);
    expect((await setKind(other.id, id, media, { kind: 'floor_plan' })).statusCode).toBe(404);
    const [row] = await api.db
      .select({ kind: propertyMedia.kind })
      .from(propertyMedia)
      .where(eq(propertyMedia.id, media));
    expect(row?.kind).toBe('photo');
    // The room can still be set alone, as the editor did before.
    const room = await setKind(owner.id, id, media, { room_type: 'kitchen' });
    expect(room.statusCode, room.body).toBe(200);
    expect(room.json()).toMatchObject({ room_type: 'kitchen', kind: 'photo' });
  });

  it('the database refuses a kind outside the set', async () => {
    const { mediaIds } = await propertyWithPhotos(1);
    await expect(
      api.db
        .update(propertyMedia)
        .set({ kind: 'poster' })
        .where(eq(propertyMedia.id, mediaIds[0] as number)),
    ).rejects.toThrow();
  });
});

describe('video link', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'youtube', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'youtube', 'dQw4w9WgXcQ'],
    ['youtube.com/shorts/aBcDeFgHiJ_', 'youtube', 'aBcDeFgHiJ_'],
    ['https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'vimeo', '76979871'],
    ['https://player.vimeo.com/video/76979871?h=x', 'vimeo', '76979871'],
  ])('keeps %s as %s %s and answers the privacy-enhanced player', async (url, provider, videoId) => {
    const id = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
    const response = await setVideo(owner.id, id, url);
    expect(response.statusCode, response.body).toBe(200);
    const video = response.json().video;
    expect(video).toMatchObject({ provider, id: videoId });
    expect(video.embed_url).toBe(
      provider === 'youtube'
        ? `https://www.youtube-nocookie.com/embed/${videoId}?rel=0`
        : `https://player.vimeo.com/video/${videoId}?dnt=1`,
    );
    const [row] = await api.db
      .select({ provider: properties.videoProvider, id: properties.videoId })
      .from(properties)
      .where(eq(properties.id, id));
    expect(row).toEqual({ provider, id: videoId });
    const detail = await api.app.inject({ method: 'GET', url: `/public/offers/${id}` });
    expect(detail.json().video).toEqual(video);
  });

  it.each([
    'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
    'data:text/html,<script>alert(1)</script>',
    'https://youtube.com.evil.com/watch?v=dQw4w9WgXcQ',
    'https://evil-youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com@evil.com/watch?v=dQw4w9WgXcQ',
    'https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=dQw4w9WgXc"onload=alert(1)',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/playlist?list=PL123',
    'https://www.youtube.com/@channel',
    'ftp://youtu.be/dQw4w9WgXcQ',
    'https://vimeo.com/channels/staffpicks/76979871',
    'https://vimeo.com/76979871abc',
    'https://vimeo.com.evil.com/76979871',
    'https://example.com/video.mp4',
    'not a link',
    `https://www.youtube.com/watch?v=dQw4w9WgXcQ&x=${'a'.repeat(600)}`,
  ])('refuses %s with a clear error and changes nothing', async (url) => {
    const id = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
    await setVideo(owner.id, id, 'https://youtu.be/dQw4w9WgXcQ');
    const response = await setVideo(owner.id, id, url);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({ url: ['validation.invalid_video_url'] });
    const [row] = await api.db
      .select({ provider: properties.videoProvider, id: properties.videoId })
      .from(properties)
      .where(eq(properties.id, id));
    expect(row).toEqual({ provider: 'youtube', id: 'dQw4w9WgXcQ' });
  });

  it('removes the video with null, and refuses a stranger', async () => {
    const id = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
    await setVideo(owner.id, id, 'https://vimeo.com/76979871');
    expect((await setVideo(other.id, id, null)).statusCode).toBe(404);
    const removed = await setVideo(owner.id, id, null);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ video: null });
    const detail = await api.app.inject({ method: 'GET', url: `/public/offers/${id}` });
    expect(detail.json().video).toBeNull();
  });
});

describe('energy performance certificate', () => {
  it('stores a PDF, shows it on the offer and serves it inline with a safe name', async () => {
    const id = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
    const pdf = tinyPdf();
    const response = await uploadCertificate(owner.id, id, pdf, '../../etc/PENB <Dlouhá> 5.pdf');
    expect(response.statusCode, response.body).toBe(200);
    const certificate = response.json().energy_certificate;
    expect(certificate).toMatchObject({
      url: `/public/offers/${id}/energy_certificate`,
      file_name: 'PENB-Dlouha-5.pdf',
      bytes: pdf.length,
    });
    const detail = await api.app.inject({ method: 'GET', url: `/public/offers/${id}` });
    expect(detail.json().energy_certificate).toEqual(certificate);

    const file = await api.app.inject({ method: 'GET', url: certificate.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('inline; filename="PENB-Dlouha-5.pdf"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });

  it('replaces the earlier certificate and deletes its file', async () => {
    const id = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
    expect((await uploadCertificate(owner.id, id, tinyPdf('first'))).statusCode).toBe(200);
    const [first] = await api.db
      .select()
      .from(propertyEnergyCertificates)
      .where(eq(propertyEnergyCertificates.propertyId, id));
    const second = tinyPdf('second version');
    expect((await uploadCertificate(owner.id, id, second, 'new.pdf')).statusCode).toBe(200);
    const rows = await api.db
      .select()
      .from(propertyEnergyCertificates)
      .where(eq(propertyEnergyCertificates.propertyId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.fileName).toBe('new.pdf');
    expect(await api.app.storage.exists(first!.storageKey)).toBe(false);
    expect(await api.app.storage.exists(rows[0]!.storageKey)).toBe(true);
    const file = await api.app.inject({ method: 'GET', url: `/public/offers/${id}/energy_certificate` });
    expect(file.rawPayload.equals(second)).toBe(true);
  });

  it.each([
    ['a PNG named .pdf', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
    ['HTML', Buffer.from('<html><script>alert(1)</script></html>')],
    ['a PDF header further in', Buffer.concat([Buffer.from('junk'), tinyPdf()])],
    ['the magic alone', Buffer.from('%PDF-')],
  ])('refuses %s with validation.invalid_pdf and stores nothing', async (_label, data) => {
    const id = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
    const response = await uploadCertificate(owner.id, id, data);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({ file: ['validation.invalid_pdf'] });
    const rows = await api.db
      .select()
      .from(propertyEnergyCertificates)
      .where(eq(propertyEnergyCertificates.propertyId, id));
    expect(rows).toEqual([]);
    expect(
      (await api.app.inject({ method: 'GET', url: `/public/offers/${id}/energy_certificate` })).statusCode,
    ).toBe(404);
  });

  it('refuses a file over the limit with 413, and a missing file with 422', async () => {
    const id = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
    const big = Buffer.concat([tinyPdf(), Buffer.alloc(ENERGY_CERTIFICATE_MAX_BYTES)]);
    const tooBig = await uploadCertificate(owner.id, id, big);
    expect(tooBig.statusCode, tooBig.body).toBe(413);
    expect(tooBig.json().errors).toEqual({ file: ['validation.file_too_large'] });
    const none = await api.app.inject({
      method: 'PUT',
      url: `/properties/${id}/energy_certificate`,
      headers: { ...bearer(api.config, owner.id), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(none.statusCode, none.body).toBe(422);
    expect(none.json().errors).toEqual({ file: ['validation.file_required'] });
    expect(
      await api.db
        .select()
        .from(propertyEnergyCertificates)
        .where(eq(propertyEnergyCertificates.propertyId, id)),
    ).toEqual([]);
  });

  it('follows the offer visibility: a paused offer is the owner’s only; strangers cannot write', async () => {
    const id = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
    expect((await uploadCertificate(other.id, id, tinyPdf())).statusCode).toBe(404);
    expect((await uploadCertificate(owner.id, id, tinyPdf())).statusCode).toBe(200);
    await api.db.update(properties).set({ state: 'paused' }).where(eq(properties.id, id));
    const url = `/public/offers/${id}/energy_certificate`;
    expect((await api.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(
      (await api.app.inject({ method: 'GET', url, headers: bearer(api.config, other.id) })).statusCode,
    ).toBe(404);
    const own = await api.app.inject({ method: 'GET', url, headers: bearer(api.config, owner.id) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    // A sold offer keeps its page for 90 days, and the certificate with it; then neither.
    await api.db.update(properties).set({ state: 'sold' }).where(eq(properties.id, id));
    expect((await api.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await api.db
      .update(properties)
      .set({ stateChangedAt: new Date(Date.now() - 91 * 24 * 3_600_000) })
      .where(eq(properties.id, id));
    expect((await api.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    // A struck offer's certificate is nobody's but the owner's.
    await api.db
      .update(properties)
      .set({ state: 'active', struckAt: new Date() })
      .where(eq(properties.id, id));
    expect((await api.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('deletes the certificate and its file; a second delete is 404', async () => {
    const id = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
    await uploadCertificate(owner.id, id, tinyPdf());
    const [row] = await api.db
      .select()
      .from(propertyEnergyCertificates)
      .where(eq(propertyEnergyCertificates.propertyId, id));
    const remove = () =>
      api.app.inject({
        method: 'DELETE',
        url: `/properties/${id}/energy_certificate`,
        headers: bearer(api.config, owner.id),
      });
    expect((await remove()).statusCode).toBe(204);
    expect(await api.app.storage.exists(row!.storageKey)).toBe(false);
    expect((await remove()).statusCode).toBe(404);
    const detail = await api.app.inject({ method: 'GET', url: `/public/offers/${id}` });
    expect(detail.json().energy_certificate).toBeNull();
  });

  it('leaves a deleted property’s certificate to the orphan sweep, which keeps live ones', async () => {
    const kept = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
    const gone = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date() });
    await uploadCertificate(owner.id, kept, tinyPdf('kept'));
    await uploadCertificate(owner.id, gone, tinyPdf('gone'));
    const keyOf = async (id: number) =>
      (
        await api.db
          .select({ key: propertyEnergyCertificates.storageKey })
          .from(propertyEnergyCertificates)
          .where(eq(propertyEnergyCertificates.propertyId, id))
      )[0]?.key;
    const keptKey = (await keyOf(kept))!;
    const goneKey = (await keyOf(gone))!;
    // The row goes with its property; the file stays until the sweep finds it has no row.
    await api.db.delete(properties).where(eq(properties.id, gone));
    expect(await api.app.storage.exists(goneKey)).toBe(true);
    const today = await sweepOrphanMedia({ db: api.db, storage: api.app.storage, now: new Date() });
    expect(today.missing['documents/']).toBeUndefined();
    expect(await api.app.storage.exists(goneKey)).toBe(true);
    const later = await sweepOrphanMedia({
      db: api.db,
      storage: api.app.storage,
      now: new Date(Date.now() + 2 * 24 * 3_600_000),
    });
    expect(later.missing['documents/']).toBeUndefined();
    expect(await api.app.storage.exists(goneKey)).toBe(false);
    expect(await api.app.storage.exists(keptKey)).toBe(true);
  });
});
