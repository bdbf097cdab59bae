import { jobs, savedSearches } from '@estately/db';
import { SAVED_SEARCHES_PER_USER, SavedSearchSchema } from '@estately/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUnsubscribeToken } from '../../../src/features/saved-searches/unsubscribe-token.ts';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';

// Saved searches CRUD, ownership, validation, cap and unsubscribe (spec 7 "Saved searches", issue 6).

let api: TestApi;
let alice = 0;
let bob = 0;

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, userId?: number, payload?: unknown) {
  return api.app.inject({
    method,
    url,
    headers: userId ? bearer(api.config, userId) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

const search = (overrides: Record<string, unknown> = {}) => ({
  name: 'Byty v Praze',
  filters: { offer_type: 'sale', property_type: 'apartment', country_code: 'cz', dispositions: ['3', '2'] },
  search_path: '/cs/hledani/prodej/byty/cesko/praha?dispositions=2,3',
  ...overrides,
});

async function rowsOf(userId: number) {
  return api.db.select().from(savedSearches).where(eq(savedSearches.userId, userId));
}

beforeAll(async () => {
  api = await buildTestApi();
  alice = (await createUser(api.db, { preferredLanguage: 'de', preferredCurrency: 'EUR' })).id;
  bob = (await createUser(api.db)).id;
});

afterAll(async () => {
  await api?.close();
});

describe('saved searches', () => {
  it('requires a signed-in user', async () => {
    expect((await call('GET', '/saved_searches')).statusCode).toBe(401);
    expect((await call('POST', '/saved_searches', undefined, search())).statusCode).toBe(401);
  });

  it('creates with canonical filters and the user language and currency as defaults', async () => {
    const response = await call('POST', '/saved_searches', alice, search());
    expect(response.statusCode).toBe(201);
    const body = SavedSearchSchema.parse(response.json());
    expect(body).toMatchObject({
      name: 'Byty v Praze',
      filters: {
        offer_type: 'sale',
        property_type: 'apartment',
        country_code: 'CZ',
        dispositions: ['2', '3'],
      },
      query: 'country_code=CZ&dispositions=2,3&offer_type=sale&property_type=apartment',
      search_path: '/cs/hledani/prodej/byty/cesko/praha?dispositions=2,3',
      frequency: 'daily',
      locale: 'de',
      currency: 'EUR',
      last_notified_at: null,
    });
    // Paging and sort are not part of a saved search.
    expect(body.filters).not.toHaveProperty('page');
    // The alert chain is (re)started: a run is queued for a coming whole minute.
    const chain = await api.db.select().from(jobs).where(eq(jobs.kind, 'saved_search.alerts'));
    expect(chain.length).toBeGreaterThan(0);
    for (const job of chain) {
      expect(job.runAt.getTime() % 60_000).toBe(0);
      expect(job.runAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it('accepts filters as a query string', async () => {
    const response = await call(
      'POST',
      '/saved_searches',
      alice,
      search({
        name: 'Pronájem',
        filters: 'offer_type=rent&price_to=30000&currency=czk',
        frequency: 'instant',
        locale: 'cs',
        currency: 'czk',
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      filters: { offer_type: 'rent', price_to: 30000, currency: 'CZK' },
      frequency: 'instant',
      locale: 'cs',
      currency: 'CZK',
    });
  });

  it('refuses bad filters and fields with 422 keyed by field and stores nothing', async () => {
    const before = (await rowsOf(bob)).length;
    const response = await call('POST', '/saved_searches', bob, {
      name: '',
      filters: { price_from: -5, dispositions: ['9'], lat: 50 },
      frequency: 'hourly',
      search_path: 'https://evil.example/x',
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe('validation_errors');
    expect(body.errors).toMatchObject({
      name: ['validation.required'],
      frequency: ['validation.invalid_value'],
    });
    expect(body.errors.search_path).toEqual(['validation.invalid_search_path']);

    const filtersOnly = await call(
      'POST',
      '/saved_searches',
      bob,
      search({ filters: { price_from: -5, dispositions: ['9'] } }),
    );
    expect(filtersOnly.statusCode).toBe(422);
    expect(filtersOnly.json().errors).toEqual({
      'filters.price_from': ['validation.number_not_positive'],
      'filters.dispositions': ['validation.invalid_value'],
    });
    // Rules across fields (spec 5) are reported on the field to fix.
    const crossField = await call('POST', '/saved_searches', bob, search({ filters: 'lat=50&price_to=100' }));
    expect(crossField.json().errors).toEqual({
      'filters.lng': ['validation.coordinates_incomplete'],
      'filters.currency': ['validation.price_currency_required'],
    });
    expect((await rowsOf(bob)).length).toBe(before);
  });

  it('lists only the caller’s searches; another user’s is 404 to change or delete', async () => {
    const bobs = (await call('POST', '/saved_searches', bob, search({ name: 'Bob' }))).json();
    const aliceList = (await call('GET', '/saved_searches', alice)).json();
    expect(aliceList.data.map((item: { name: string }) => item.name)).toEqual(['Pronájem', 'Byty v Praze']);
    const bobList = (await call('GET', '/saved_searches', bob)).json();
    expect(bobList.data.map((item: { id: number }) => item.id)).toEqual([bobs.id]);

    expect((await call('PATCH', `/saved_searches/${bobs.id}`, alice, { name: 'Mine now' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/saved_searches/${bobs.id}`, alice)).statusCode).toBe(404);
    expect((await call('PATCH', '/saved_searches/abc', alice, { name: 'x' })).statusCode).toBe(404);
    const [stored] = await api.db.select().from(savedSearches).where(eq(savedSearches.id, bobs.id));
    expect(stored?.name).toBe('Bob');
  });

  it('updates given fields, validates filters, and deletes', async () => {
    const created = (await call('POST', '/saved_searches', bob, search({ name: 'Domy' }))).json();
    const patched = await call('PATCH', `/saved_searches/${created.id}`, bob, {
      frequency: 'weekly',
      filters: { offer_type: 'sale', property_type: 'house' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Domy',
      frequency: 'weekly',
      filters: { offer_type: 'sale', property_type: 'house' },
    });

    const bad = await call('PATCH', `/saved_searches/${created.id}`, bob, {
      filters: { sort: 'cheapest' },
      locale: 'xx',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['locale']);
    const badFilters = await call('PATCH', `/saved_searches/${created.id}`, bob, {
      filters: { area_from: 'big' },
    });
    expect(badFilters.json().errors).toEqual({ 'filters.area_from': ['validation.invalid_number'] });

    expect((await call('DELETE', `/saved_searches/${created.id}`, bob)).statusCode).toBe(204);
    expect((await call('DELETE', `/saved_searches/${created.id}`, bob)).statusCode).toBe(404);
  });

  it(`caps an account at ${SAVED_SEARCHES_PER_USER} with a clear 422`, async () => {
    const carol = (await createUser(api.db)).id;
    await api.db.insert(savedSearches).values(
      Array.from({ length: SAVED_SEARCHES_PER_USER }, (_, i) => ({
        userId: carol,
        name: `S${i}`,
        filters: {},
      })),
    );
    const response = await call('POST', '/saved_searches', carol, search());
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ saved_search: ['saved_searches.limit_reached'] });
    expect((await rowsOf(carol)).length).toBe(SAVED_SEARCHES_PER_USER);
  });
});

describe('unsubscribe link', () => {
  it('turns a search off without sign-in by GET and by the one-click POST; forged tokens are 404', async () => {
    const created = (
      await call('POST', '/saved_searches', bob, search({ name: 'Unsub', frequency: 'instant' }))
    ).json();
    const token = signUnsubscribeToken(api.config.jwt.keys, created.id);

    const get = await api.app.inject({ method: 'GET', url: `/saved_searches/unsubscribe?token=${token}` });
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual({ id: created.id, name: 'Unsub', frequency: 'off' });
    const [row] = await api.db.select().from(savedSearches).where(eq(savedSearches.id, created.id));
    expect(row?.frequency).toBe('off');

    await api.db.update(savedSearches).set({ frequency: 'daily' }).where(eq(savedSearches.id, created.id));
    const post = await api.app.inject({
      method: 'POST',
      url: `/saved_searches/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    const [again] = await api.db.select().from(savedSearches).where(eq(savedSearches.id, created.id));
    expect(again?.frequency).toBe('off');

    // Switched back on, it counts new offers from now on, not from before it was off.
    const before = Date.now();
    const back = await call('PATCH', `/saved_searches/${created.id}`, bob, { frequency: 'daily' });
    expect(back.json()).toMatchObject({ frequency: 'daily' });
    expect(Date.parse(back.json().last_notified_at)).toBeGreaterThanOrEqual(before - 1000);
    const stillOn = await call('PATCH', `/saved_searches/${created.id}`, bob, { frequency: 'weekly' });
    expect(stillOn.json().last_notified_at).toBe(back.json().last_notified_at);
    await api.db.update(savedSearches).set({ frequency: 'off' }).where(eq(savedSearches.id, created.id));

    // A token for another id with this id's MAC, a wrong key id, garbage, none: 404, nothing changes.
    const other = (await call('POST', '/saved_searches', alice, search({ name: 'Keep' }))).json();
    const forged = token.replace(/^\d+/, String(other.id));
    const kid = api.config.jwt.keys[0]?.kid ?? '';
    const wrongKey = token.replace(`.${kid}.`, '.old.');
    expect(wrongKey).not.toBe(token);
    for (const bad of [forged, wrongKey, 'x', '']) {
      const response = await api.app.inject({
        method: 'GET',
        url: `/saved_searches/unsubscribe?token=${bad}`,
      });
      expect(response.statusCode, bad).toBe(404);
    }
    const [kept] = await api.db.select().from(savedSearches).where(eq(savedSearches.id, other.id));
    expect(kept?.frequency).toBe('daily');
  });
});
