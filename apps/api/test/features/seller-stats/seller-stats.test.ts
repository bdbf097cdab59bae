import { leads, offerViewStats } from '@estately/db';
import { OfferStatsResponseSchema, SELLER_STATS_DAYS, SellerStatsResponseSchema } from '@estately/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { insertFullOffer } from '../../support/offer-fixtures.ts';

// Seller statistics of own offers (issue 6): views, favourites and leads per offer and per day.

let api: TestApi;
let seller = 0;
let stranger = 0;
let fan = 0;
let offerA = 0;
let offerB = 0;
let strangersOffer = 0;

const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const iso = (date: Date) => date.toISOString().slice(0, 10);

function get(url: string, userId?: number) {
  return api.app.inject({ method: 'GET', url, headers: userId ? bearer(api.config, userId) : {} });
}

beforeAll(async () => {
  api = await buildTestApi();
  seller = (await createUser(api.db)).id;
  stranger = (await createUser(api.db)).id;
  fan = (await createUser(api.db)).id;
  offerA = await insertFullOffer(api.db, { ownerId: seller });
  offerB = await insertFullOffer(api.db, { ownerId: seller, state: 'paused' });
  strangersOffer = await insertFullOffer(api.db, { ownerId: stranger });
  await api.db.insert(offerViewStats).values([
    { propertyId: offerA, day: iso(dayAgo(0)), detailViews: 5 },
    { propertyId: offerA, day: iso(dayAgo(3)), detailViews: 2, favouritesAdded: 1 },
    // Outside the 30-day window.
    { propertyId: offerA, day: iso(dayAgo(40)), detailViews: 100 },
    { propertyId: offerB, day: iso(dayAgo(1)), detailViews: 7 },
    { propertyId: strangersOffer, day: iso(dayAgo(0)), detailViews: 50 },
  ]);
  await api.db.insert(leads).values([
    { propertyId: offerA, ownerId: seller, email: 'a@example.com', createdAt: dayAgo(3) },
    { propertyId: offerA, ownerId: seller, email: 'b@example.com', createdAt: dayAgo(45) },
  ]);
  // A favourite through the API counts today's favourites_added and the current favourites.
  const added = await api.app.inject({
    method: 'POST',
    url: `/user/offers/${offerA}/favorite_offer`,
    headers: bearer(api.config, fan),
  });
  expect(added.statusCode).toBe(200);
});

afterAll(async () => {
  await api?.close();
});

describe('seller statistics', () => {
  it('sums each own offer over the last 30 days, never another owner’s', async () => {
    expect((await get('/my/offers/stats')).statusCode).toBe(401);
    const response = await get('/my/offers/stats', seller);
    expect(response.statusCode).toBe(200);
    const body = SellerStatsResponseSchema.parse(response.json());
    expect(body.to).toBe(iso(new Date()));
    expect(body.data.map((item) => item.offer_id).sort()).toEqual([offerA, offerB].sort());
    const a = body.data.find((item) => item.offer_id === offerA)!;
    expect(a).toMatchObject({
      favorites: 1,
      totals: { views: 7, contact_views: 0, favorites_added: 2, leads: 1 },
      state: 'active',
    });
    const b = body.data.find((item) => item.offer_id === offerB)!;
    expect(b).toMatchObject({
      favorites: 0,
      totals: { views: 7, contact_views: 0, favorites_added: 0, leads: 0 },
      state: 'paused',
    });
    expect(body.totals).toEqual({ views: 14, contact_views: 0, favorites_added: 2, leads: 1 });

    const strangers = SellerStatsResponseSchema.parse((await get('/my/offers/stats', stranger)).json());
    expect(strangers.data.map((item) => item.offer_id)).toEqual([strangersOffer]);
  });

  it('gives 30 days of one own offer, zero days included; another owner’s offer is 404', async () => {
    const response = await get(`/my/offers/${offerA}/stats`, seller);
    expect(response.statusCode).toBe(200);
    const body = OfferStatsResponseSchema.parse(response.json());
    expect(body.days.length).toBe(SELLER_STATS_DAYS);
    expect(body.days[0]!.day).toBe(body.from);
    expect(body.days.at(-1)).toEqual({
      day: iso(new Date()),
      views: 5,
      contact_views: 0,
      favorites_added: 1,
      leads: 0,
    });
    expect(body.days.find((day) => day.day === iso(dayAgo(3)))).toEqual({
      day: iso(dayAgo(3)),
      views: 2,
      contact_views: 0,
      favorites_added: 1,
      leads: 1,
    });
    expect(body.days.filter((day) => day.views === 0).length).toBe(SELLER_STATS_DAYS - 2);
    expect(body.totals).toEqual({ views: 7, contact_views: 0, favorites_added: 2, leads: 1 });

    expect((await get(`/my/offers/${strangersOffer}/stats`, seller)).statusCode).toBe(404);
    expect((await get('/my/offers/999999/stats', seller)).statusCode).toBe(404);
    expect((await get('/my/offers/x/stats', seller)).statusCode).toBe(404);
  });
});
