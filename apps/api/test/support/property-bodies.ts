import { expect } from 'vitest';
import { bearer } from './auth-helpers.ts';
import type { TestApi } from './helpers.ts';

// Bodies of POST /v1/property/save that several API tests write, and the call itself.

/** A two-room flat for sale in Brno with a point, a floor and an area: what relisting and grouping compare. */
export const BRNO_FLAT_BODY = {
  offer_type: 'sale',
  property_type: 'apartment',
  price: 5_000_000,
  currency_iso_code: 'CZK',
  disposition: '2',
  room: ['living_room', 'bedroom', 'kitchen'],
  useful_area: 60,
  floor: 3,
  total_floors: 5,
  description: 'Sunny flat.',
  city: 'Brno',
  country_code: 'CZ',
  latitude: 49.1951,
  longitude: 16.6068,
  contact: { contact_name: 'Petr', contact_phone: '+420 600 000 000' },
};

/** POST /v1/property/save as `userId`; the property's id (200 expected). */
export async function saveProperty(
  api: TestApi,
  userId: number,
  payload: Record<string, unknown>,
): Promise<number> {
  const response = await api.app.inject({
    method: 'POST',
    url: '/v1/property/save',
    headers: bearer(api.config, userId),
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id;
}
