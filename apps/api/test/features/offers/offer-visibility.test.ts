import { properties } from '@estately/db';
import { OUTCOME_PAGE_DAYS, type PropertyState } from '@estately/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, ensurePropertyPhoto, type TestApi } from '../../support/helpers.ts';

// Decision 042: what the public sees of an offer in each state. A reserved offer keeps its
// page and its place in search (with `hide_reserved` to leave it out); a sold or rented one
// leaves search but keeps its page with the outcome for 90 days; withdrawn ones answer 410.

let api: TestApi;
let owner: { id: number };

const SEARCH = '/public/offers?offer_type=sale&property_type=apartment&country_code=CZ&per_page=50';

const body = (offerType: 'sale' | 'rent') => ({
  offer_type: offerType,
  property_type: 'apartment',
  price: offerType === 'sale' ? 4_500_000 : 25_000,
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

/** A complete property, published, then moved through `path` by its owner. */
async function offerThrough(path: PropertyState[], offerType: 'sale' | 'rent' = 'sale'): Promise<number> {
  const headers = bearer(api.config, owner.id);
  const saved = await api.app.inject({
    method: 'POST',
    url: '/v1/property/save',
    headers,
    payload: body(offerType),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const id: number = saved.json().data.id;
  await ensurePropertyPhoto(api.db, id);
  for (const state of path) {
    const response = await api.app.inject({
      method: 'POST',
      url: `/v1/properties/set-state/${id}`,
      headers,
      payload: { state },
    });
    expect(response.statusCode, `${state}: ${response.body}`).toBe(200);
  }
  return id;
}

async function searchIds(query = ''): Promise<number[]> {
  const response = await api.app.inject({ method: 'GET', url: `${SEARCH}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((card: { id: number }) => card.id);
}

async function detail(id: number) {
  return api.app.inject({ method: 'GET', url: `/public/offers/${id}` });
}

beforeAll(async () => {
  api = await buildTestApi({ RATE_LIMIT_MAX: '0' });
  owner = await createUser(api.db);
});

afterAll(async () => {
  await api?.close();
});

describe('offer visibility by state (decision 042)', () => {
  it('keeps a reserved offer: its page with the state, in search with a badge, out with hide_reserved', async () => {
    const active = await offerThrough(['active']);
    const reserved = await offerThrough(['active', 'reserved']);

    const page = await detail(reserved);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ id: reserved, state: 'reserved', state_changed_at: null });
    expect((await detail(active)).json()).toMatchObject({ state: 'active' });

    const response = await api.app.inject({ method: 'GET', url: SEARCH });
    const cards: { id: number; is_reserved: boolean }[] = response.json().data;
    expect(cards.find((card) => card.id === reserved)?.is_reserved).toBe(true);
    expect(cards.find((card) => card.id === active)?.is_reserved).toBe(false);

    const hidden = await searchIds('&hide_reserved=1');
    expect(hidden).toContain(active);
    expect(hidden).not.toContain(reserved);
    // The totals and facets follow the same filter.
    const facets = await api.app.inject({
      method: 'GET',
      url: `/public/offers/facets?${SEARCH.split('?')[1]}`,
    });
    const facetsHidden = await api.app.inject({
      method: 'GET',
      url: `/public/offers/facets?${SEARCH.split('?')[1]}&hide_reserved=1`,
    });
    expect(facets.json().total - facetsHidden.json().total).toBe(1);

    // A buyer can still ask: the contact and the similar offers answer.
    expect(
      (await api.app.inject({ method: 'GET', url: `/public/offers/${reserved}/contact` })).statusCode,
    ).toBe(200);
  });

  it('takes a sold or rented offer out of search and keeps its page with the outcome', async () => {
    const sold = await offerThrough(['active', 'sold']);
    const rented = await offerThrough(['active', 'reserved', 'rented'], 'rent');
    expect(await searchIds()).not.toContain(sold);

    const soldPage = await detail(sold);
    expect(soldPage.statusCode, soldPage.body).toBe(200);
    expect(soldPage.json().state).toBe('sold');
    expect(Date.parse(soldPage.json().state_changed_at)).toBeGreaterThan(Date.now() - 60_000);
    const rentedPage = await detail(rented);
    expect(rentedPage.statusCode, rentedPage.body).toBe(200);
    expect(rentedPage.json().state).toBe('rented');
  });

  it(`answers 410 for a withdrawn offer and one sold over ${OUTCOME_PAGE_DAYS} days ago, 404 for a draft`, async () => {
    const archived = await offerThrough(['active', 'archived']);
    const paused = await offerThrough(['active', 'paused']);
    const oldSale = await offerThrough(['active', 'sold']);
    const neighbour = await offerThrough(['active']);
    await api.db
      .update(properties)
      .set({ stateChangedAt: sql`now() - make_interval(days => ${OUTCOME_PAGE_DAYS + 1})` })
      .where(eq(properties.id, oldSale));
    const draft = await offerThrough([]);

    for (const id of [archived, paused, oldSale]) {
      const response = await detail(id);
      expect(response.statusCode, `${id}: ${response.body}`).toBe(410);
      expect(response.json().code).toBe('gone');
    }
    expect((await detail(draft)).statusCode).toBe(404);

    // The 410 page lists similar offers.
    const similar = await api.app.inject({ method: 'GET', url: `/public/offers/${archived}/similar_offers` });
    expect(similar.statusCode, similar.body).toBe(200);
    expect(similar.json().data.map((card: { id: number }) => card.id)).toContain(neighbour);
  });
});
