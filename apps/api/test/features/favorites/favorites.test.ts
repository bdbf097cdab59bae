import { favourites, offerViewStats } from '@estately/db';
import { FavoriteOffersResponseSchema } from '@estately/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { insertFullOffer } from '../../support/offer-fixtures.ts';

// Favourites (spec 7 "Favourites", /my/favorite/properties; issue 6).

let api: TestApi;
let alice = 0;
let bob = 0;
const saleIds: number[] = [];
let rentId = 0;
let pausedId = 0;

const as = (userId: number) => bearer(api.config, userId);

function call(method: 'GET' | 'POST' | 'DELETE', url: string, userId?: number, payload?: object) {
  return api.app.inject({ method, url, headers: userId ? as(userId) : {}, ...(payload ? { payload } : {}) });
}

async function rowsOf(userId: number) {
  return api.db.select().from(favourites).where(eq(favourites.userId, userId));
}

beforeAll(async () => {
  api = await buildTestApi();
  const owner = await createUser(api.db);
  alice = (await createUser(api.db)).id;
  bob = (await createUser(api.db)).id;
  for (let i = 0; i < 12; i++)
    saleIds.push(await insertFullOffer(api.db, { ownerId: owner.id, price: 1_000_000 + i }));
  rentId = await insertFullOffer(api.db, { ownerId: owner.id, offerType: 'rent', price: 25_000 });
  pausedId = await insertFullOffer(api.db, { ownerId: owner.id, state: 'paused' });
});

afterAll(async () => {
  await api?.close();
});

describe('favourite offers', () => {
  it('requires a signed-in user', async () => {
    expect((await call('GET', '/user/favorite_offers/ids')).statusCode).toBe(401);
    expect((await call('POST', `/user/offers/${saleIds[0]}/favorite_offer`)).statusCode).toBe(401);
    expect((await call('GET', '/my/favorite/properties')).statusCode).toBe(401);
  });

  it('adds idempotently: twice is one row and one statistics count', async () => {
    const first = await call('POST', `/user/offers/${saleIds[0]}/favorite_offer`, alice);
    const second = await call('POST', `/user/offers/${saleIds[0]}/favorite_offer`, alice);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ offer_id: saleIds[0], favorite: true });
    expect((await rowsOf(alice)).map((row) => row.offerId)).toEqual([saleIds[0]]);
    const stats = await api.db
      .select()
      .from(offerViewStats)
      .where(eq(offerViewStats.propertyId, saleIds[0]!));
    expect(stats.map((row) => row.favouritesAdded)).toEqual([1]);
  });

  it('refuses unknown and non-public offers with 404 and stores nothing', async () => {
    expect((await call('POST', `/user/offers/${pausedId}/favorite_offer`, bob)).statusCode).toBe(404);
    expect((await call('POST', '/user/offers/999999999/favorite_offer', bob)).statusCode).toBe(404);
    expect((await call('POST', '/user/offers/abc/favorite_offer', bob)).statusCode).toBe(404);
    expect(await rowsOf(bob)).toEqual([]);
  });

  it('removes idempotently', async () => {
    await call('POST', `/user/offers/${saleIds[1]}/favorite_offer`, bob);
    const first = await call('DELETE', `/user/offers/${saleIds[1]}/favorite_offer`, bob);
    const second = await call('DELETE', `/user/offers/${saleIds[1]}/favorite_offer`, bob);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ offer_id: saleIds[1], favorite: false });
    expect(await rowsOf(bob)).toEqual([]);
  });

  it('lists ids and pages of offers, 10 a page, newest favourite first, with the type filter', async () => {
    for (const id of [...saleIds.slice(1), rentId])
      await call('POST', `/user/offers/${id}/favorite_offer`, alice);
    // Bob's favourite must never show in Alice's lists.
    await call('POST', `/user/offers/${saleIds[5]}/favorite_offer`, bob);

    const ids = await call('GET', '/user/favorite_offers/ids', alice);
    expect(ids.statusCode).toBe(200);
    expect(ids.json().data).toEqual([rentId, ...[...saleIds].reverse()]);

    const page1 = await call('GET', '/user/favorite_offers', alice);
    expect(page1.statusCode).toBe(200);
    const body = FavoriteOffersResponseSchema.parse(page1.json());
    expect(body.meta).toEqual({
      next_page: 2,
      page: 1,
      per_page: 10,
      prev_page: null,
      total: 13,
      total_pages: 2,
    });
    expect(body.data.map((item) => item.offer_id)).toEqual([rentId, ...[...saleIds].reverse()].slice(0, 10));
    expect(body.data[0]!.offer).toMatchObject({
      id: rentId,
      offer_type: 'rent',
      price: 25_000,
      currency_iso_code: 'CZK',
    });

    const page2 = (await call('GET', '/user/favorite_offers?page=2', alice)).json();
    expect(page2.data.map((item: { offer_id: number }) => item.offer_id)).toEqual([
      saleIds[2],
      saleIds[1],
      saleIds[0],
    ]);
    expect(page2.meta).toMatchObject({ next_page: null, prev_page: 1, total: 13 });

    const rentOnly = (await call('GET', '/user/favorite_offers?offer_type=rent&per_page=5', alice)).json();
    expect(rentOnly.data.map((item: { offer_id: number }) => item.offer_id)).toEqual([rentId]);
    expect(rentOnly.meta).toMatchObject({ total: 1, per_page: 5 });

    const bobs = (await call('GET', '/user/favorite_offers', bob)).json();
    expect(bobs.data.map((item: { offer_id: number }) => item.offer_id)).toEqual([saleIds[5]]);
  });

  it('answers 422 with field keys for bad paging and filters', async () => {
    const response = await call('GET', '/user/favorite_offers?per_page=0&page=x&offer_type=lease', alice);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe('validation_errors');
    expect(Object.keys(body.errors).sort()).toEqual(['offer_type', 'page', 'per_page']);
    expect(body.errors.per_page).toEqual(['validation.number_too_small']);
  });
});

describe('/my/favorite/properties', () => {
  it('adds, lists (non-public too) and removes by property id, each only for the caller', async () => {
    const carol = (await createUser(api.db)).id;
    const added = await call('POST', '/my/favorite/properties', carol, { property_id: saleIds[3]! });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ property_id: saleIds[3], favorite: true });
    // Added twice: still one.
    await call('POST', '/my/favorite/properties', carol, { property_id: saleIds[3]! });
    expect((await call('POST', '/my/favorite/properties', carol, { property_id: pausedId })).statusCode).toBe(
      404,
    );

    const listed = (await call('GET', '/my/favorite/properties', carol)).json();
    expect(listed.data).toEqual([
      { property_id: saleIds[3], created_at: expect.any(String), is_public: true },
    ]);

    const bad = await call('POST', '/my/favorite/properties', carol, { property_id: 'x' } as object);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['property_id']);

    const removed = await call('DELETE', '/my/favorite/properties', carol, { property_id: saleIds[3]! });
    expect(removed.json()).toEqual({ property_id: saleIds[3], favorite: false });
    expect(
      (await call('DELETE', '/my/favorite/properties', carol, { property_id: saleIds[3]! })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/my/favorite/properties', carol)).json().data).toEqual([]);
    // Alice's favourites of the same offers are untouched.
    expect((await rowsOf(alice)).length).toBe(13);
  });
});
