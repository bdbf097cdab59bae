import { offers, properties } from '@estately/db';
import { PROPERTY_STATES, PROPERTY_TRANSITIONS, type PropertyState } from '@estately/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, ensurePropertyPhoto, type TestApi } from '../../support/helpers.ts';

// Issue 7 deliverable 2: the lifecycle of POST /v1/properties/set-state/{id}. Every pair of
// states is tried, for a sale and a rent offer; the answer and the read model must follow the
// transition table.

let api: TestApi;
let owner: { id: number };

const body = (offerType: 'sale' | 'rent') => ({
  offer_type: offerType,
  property_type: 'apartment',
  price: 25_000,
  currency_iso_code: 'CZK',
  rent_price_period: offerType === 'rent' ? 'month' : null,
  minimum_rental_period: offerType === 'rent' ? 12 : null,
  disposition: '2',
  room: ['living_room', 'bedroom', 'kitchen'],
  useful_area: 55,
  description: 'Quiet flat.',
  city: 'Brno',
  country_code: 'CZ',
  latitude: 49.19,
  longitude: 16.61,
  contact: { contact_name: 'Petr', contact_phone: '+420 600 000 000' },
});

/** A complete property of `offerType` already in `state` (reached through the API). */
async function propertyIn(state: PropertyState, offerType: 'sale' | 'rent'): Promise<number> {
  const headers = bearer(api.config, owner.id);
  const saved = await api.app.inject({
    method: 'POST',
    url: '/v1/property/save',
    headers,
    payload: body(offerType),
  });
  const id: number = saved.json().data.id;
  await ensurePropertyPhoto(api.db, id);
  // Shortest path from draft through the table: activate first unless staying a draft.
  const path: PropertyState[] =
    state === 'draft'
      ? []
      : state === 'active'
        ? ['active']
        : state === 'archived'
          ? ['archived']
          : ['active', state];
  for (const step of path) {
    const response = await api.app.inject({
      method: 'POST',
      url: `/v1/properties/set-state/${id}`,
      headers,
      payload: { state: step },
    });
    expect(response.statusCode, `${step}: ${response.body}`).toBe(200);
  }
  return id;
}

beforeAll(async () => {
  // One owner walks every pair of states, one property each: more than a person's default
  // number of properties (ACCOUNT_MAX_PROPERTIES).
  api = await buildTestApi({ ACCOUNT_MAX_PROPERTIES: '1000' });
  owner = await createUser(api.db);
});

afterAll(async () => {
  await api.close();
});

describe('POST /v1/properties/set-state/{id}', () => {
  for (const offerType of ['sale', 'rent'] as const) {
    for (const from of PROPERTY_STATES) {
      // A sale offer is never rented and a rent offer never sold: no such starting state.
      if ((from === 'sold' && offerType === 'rent') || (from === 'rented' && offerType === 'sale')) continue;
      it(`${offerType}: from ${from}`, async () => {
        for (const to of PROPERTY_STATES) {
          const id = await propertyIn(from, offerType);
          const [before] = await api.db.select().from(properties).where(eq(properties.id, id));
          const allowed =
            PROPERTY_TRANSITIONS[from].includes(to) &&
            !(to === 'sold' && offerType !== 'sale') &&
            !(to === 'rented' && offerType !== 'rent');
          const response = await api.app.inject({
            method: 'POST',
            url: `/v1/properties/set-state/${id}`,
            headers: bearer(api.config, owner.id),
            payload: { state: to },
          });
          const [after] = await api.db.select().from(properties).where(eq(properties.id, id));
          const [offer] = await api.db.select().from(offers).where(eq(offers.id, id));
          if (allowed) {
            expect(response.statusCode, `${from} -> ${to}`).toBe(200);
            expect(after?.state).toBe(to);
            if (to === 'active')
              expect(after?.activatedAt?.getTime()).toBeGreaterThan(before?.activatedAt?.getTime() ?? 0);
          } else {
            expect(response.statusCode, `${from} -> ${to}`).toBe(422);
            expect(response.json().errors).toEqual({ state: ['validation.invalid_value'] });
            expect(after?.state).toBe(from);
          }
          // Active and reserved offers are public (decision 042); a never-activated one has no row.
          if (after?.activatedAt)
            expect(offer?.isPublic).toBe(after.state === 'active' || after.state === 'reserved');
          else expect(offer).toBeUndefined();
        }
      });
    }
  }

  it('keeps the first publication date when reactivated', async () => {
    const id = await propertyIn('paused', 'sale');
    const [paused] = await api.db.select().from(properties).where(eq(properties.id, id));
    await api.app.inject({
      method: 'POST',
      url: `/v1/properties/set-state/${id}`,
      headers: bearer(api.config, owner.id),
      payload: { state: 'active' },
    });
    const [active] = await api.db.select().from(properties).where(eq(properties.id, id));
    expect(active?.publishedAt?.getTime()).toBe(paused?.publishedAt?.getTime());
    expect(active?.activatedAt?.getTime()).toBeGreaterThan(paused?.activatedAt?.getTime() ?? 0);
  });

  it('refuses unknown states and needs a signed-in owner', async () => {
    const id = await propertyIn('draft', 'sale');
    const unknown = await api.app.inject({
      method: 'POST',
      url: `/v1/properties/set-state/${id}`,
      headers: bearer(api.config, owner.id),
      payload: { state: 'deleted' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.state).toEqual(['validation.invalid_value']);
    const guest = await api.app.inject({
      method: 'POST',
      url: `/v1/properties/set-state/${id}`,
      payload: { state: 'active' },
    });
    expect(guest.statusCode).toBe(401);
  });
});
