import { propertyMedia } from '@estately/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { multipart } from '../../support/multipart.ts';

// PATCH /properties/{id}/property_medias/{mediaId} (issue 10, the property editor's per-photo
// room): the owner sets or clears a photo's room; a bad value, another person's property or another property's photo change nothing.

let api: TestApi;
let owner: { id: number };
let other: { id: number };

beforeAll(async () => {
  api = await buildTestApi();
  owner = await createUser(api.db);
  other = await createUser(api.db);
});

afterAll(async () => {
  await api.close();
});

async function draft(userId: number): Promise<number> {
  const response = await api.app.inject({
    method: 'POST',
    url: '/v1/property/save',
    headers: bearer(api.config, userId),
    payload: { offer_type: 'sale', property_type: 'apartment', country_code: 'CZ' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id;
}

async function photo(userId: number, propertyId: number): Promise<number> {
  const image = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#468' } })
    .jpeg()
    .toBuffer();
  const body = multipart([
    { name: 'property_id', data: String(propertyId) },
    { name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: image },
  ]);
  const response = await api.app.inject({
    method: 'POST',
    url: '/v1/property-media/save',
    headers: { ...bearer(api.config, userId), 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}

const patch = (userId: number, propertyId: number, mediaId: number, payload: unknown) =>
  api.app.inject({
    method: 'PATCH',
    url: `/properties/${propertyId}/property_medias/${mediaId}`,
    headers: bearer(api.config, userId),
    payload: payload as Record<string, unknown>,
  });

const roomOf = async (mediaId: number) =>
  (await api.db.select().from(propertyMedia).where(eq(propertyMedia.id, mediaId)))[0]?.roomType;

describe('PATCH /properties/{id}/property_medias/{mediaId}', () => {
  it('sets and clears the room of a photo', async () => {
    const id = await draft(owner.id);
    const mediaId = await photo(owner.id, id);
    const set = await patch(owner.id, id, mediaId, { room_type: 'kitchen' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id: mediaId, room_type: 'kitchen', is_main: true });
    expect(await roomOf(mediaId)).toBe('kitchen');
    const cleared = await patch(owner.id, id, mediaId, { room_type: null });
    expect(cleared.json()).toMatchObject({ room_type: null });
    expect(await roomOf(mediaId)).toBeNull();
  });

  it('refuses a bad value, a stranger and another property’s photo, changing nothing', async () => {
    const id = await draft(owner.id);
    const mediaId = await photo(owner.id, id);
    await patch(owner.id, id, mediaId, { room_type: 'bedroom' });
    const bad = await patch(owner.id, id, mediaId, { room_type: 'garage' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.room_type).toEqual(['validation.invalid_value']);
    expect((await patch(other.id, id, mediaId, { room_type: 'kitchen' })).statusCode).toBe(404);
    const otherId = await draft(owner.id);
    expect((await patch(owner.id, otherId, mediaId, { room_type: 'kitchen' })).statusCode).toBe(404);
    expect((await patch(owner.id, id, mediaId, {})).statusCode).toBe(422);
    expect(await roomOf(mediaId)).toBe('bedroom');
  });
});
