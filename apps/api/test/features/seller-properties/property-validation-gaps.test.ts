import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, ensurePropertyPhoto, type TestApi } from '../../support/helpers.ts';

// Issue 38 defect 9: the validation gaps of the seller's writes. A floor above the building's
// total floors is refused on save and on the merged result of a merge-patch; publishing needs a
// photo and says so among what publishing still needs; an empty price without the seller
// choosing "on request" is a missing item.

let api: TestApi;
let owner: { id: number };

const auth = () => bearer(api.config, owner.id);

/** Every field publishing needs, coordinates typed (no gazetteer in this file). */
const complete = {
  offer_type: 'sale',
  property_type: 'apartment',
  price: 5_400_000,
  currency_iso_code: 'CZK',
  price_variant: 'negotiable',
  disposition: '2',
  room: ['living_room', 'bedroom', 'kitchen'],
  useful_area: 54,
  useful_area_units: 'm2',
  description: 'Quiet flat by the river.',
  city: 'Olomouc',
  country_code: 'CZ',
  latitude: 49.5938,
  longitude: 17.2509,
  contact: { contact_name: 'Petr Malý', contact_email: 'petr@example.com' },
};

function save(body: Record<string, unknown>) {
  return api.app.inject({ method: 'POST', url: '/v1/property/save', headers: auth(), payload: body });
}
function patch(id: number, body: Record<string, unknown>) {
  return api.app.inject({
    method: 'PATCH',
    url: `/properties/${id}`,
    headers: { ...auth(), 'content-type': 'application/merge-patch+json' },
    payload: JSON.stringify(body),
  });
}
function publish(id: number) {
  return api.app.inject({
    method: 'POST',
    url: `/v1/properties/set-state/${id}`,
    headers: auth(),
    payload: { state: 'active' },
  });
}
async function problems(id: number): Promise<Record<string, string[]>> {
  const response = await api.app.inject({ method: 'GET', url: `/properties/${id}`, headers: auth() });
  expect(response.statusCode).toBe(200);
  return response.json().data.publish_problems;
}
async function created(body: Record<string, unknown>): Promise<number> {
  const response = await save(body);
  expect(response.statusCode).toBe(200);
  return response.json().data.id as number;
}

beforeAll(async () => {
  api = await buildTestApi();
  owner = await createUser(api.db);
});
afterAll(async () => {
  await api.close();
});

describe('floor and total floors', () => {
  it('refuses a floor above the total floors on save', async () => {
    const response = await save({ ...complete, floor: 99, total_floors: 3 });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'validation_errors',
      errors: { floor: ['validation.floor_above_total'] },
    });
  });

  it('refuses a pair made impossible by saving one of them on a draft', async () => {
    const id = await created({ ...complete, floor: 2, total_floors: 5 });
    const lower = await save({ id, total_floors: 1 });
    expect(lower.statusCode).toBe(422);
    expect(lower.json().errors).toEqual({ floor: ['validation.floor_above_total'] });
    const higher = await patch(id, { floor: 99 });
    expect(higher.statusCode).toBe(422);
    expect(higher.json().errors).toEqual({ floor: ['validation.floor_above_total'] });
    // The top floor itself is fine.
    expect((await patch(id, { floor: 5 })).statusCode).toBe(200);
  });
});

describe('publishing', () => {
  it('needs at least one photo and lists it among what publishing still needs', async () => {
    const id = await created(complete);
    expect(await problems(id)).toEqual({ photos: ['validation.photo_required'] });
    const refused = await publish(id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ photos: ['validation.photo_required'] });

    await ensurePropertyPhoto(api.db, id);
    expect(await problems(id)).toEqual({});
    expect((await publish(id)).statusCode).toBe(200);
  });

  it('counts an empty price as missing unless the seller chose "on request"', async () => {
    const id = await created({ ...complete, price: null });
    await ensurePropertyPhoto(api.db, id);
    expect(await problems(id)).toEqual({ price: ['validation.required'] });
    await save({ id, price_variant: 'on_request' });
    expect(await problems(id)).toEqual({});
  });
});
