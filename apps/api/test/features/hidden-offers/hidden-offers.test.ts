import { hiddenOffers, recentlyViewedOffers } from '@estately/db';
import {
  CompareResponseSchema,
  HiddenOffersResponseSchema,
  OfferCardsResponseSchema,
  RECENTLY_VIEWED_CAP,
  SearchOffersResponseSchema,
} from '@estately/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { insertFullOffer } from '../../support/offer-fixtures.ts';

// Hidden offers, recently viewed offers and compare (issue 44 points 4 and 6, decision 072).
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let api: TestApi;
let alice = 0;
let bob = 0;
const ids: number[] = [];
let pausedId = 0;

type Method = 'GET' | 'POST' | 'DELETE';
function call(method: Method, url: string, userId?: number, payload?: object) {
  return api.app.inject({
    method,
    url,
    headers: userId ? bearer(api.config, userId) : {},
    ...(payload ? { payload } : {}),
  });
}

async function searchIds(query: string, userId?: number): Promise<{ ids: number[]; total: number }> {
  const response = await call('GET', `/public/offers?${query}`, userId);
  expect(response.statusCode, response.body).toBe(200);
  const body = SearchOffersResponseSchema.parse(response.json());
  return { ids: body.data.map((offer) => offer.id), total: body.meta.total };
}

async function hiddenRows(userId: number) {
  return (await api.db.select().from(hiddenOffers).where(eq(hiddenOffers.userId, userId))).map((row) =>
    Number(row.offerId),
  );
}

beforeAll(async () => {
  api = await buildTestApi();
  const owner = await createUser(api.db);
  alice = (await createUser(api.db)).id;
  bob = (await createUser(api.db)).id;
  // Five flats in Prague, a kilometre apart to the east, priced 5.0-5.4 M CZK, 50-90 m2.
  for (let i = 0; i < 5; i++)
    ids.push(
      await insertFullOffer(api.db, {
        ownerId: owner.id,
        price: 5_000_000 + i * 100_000,
        area: 50 + i * 10,
        longitude: 14.4378 + i * 0.014,
        activatedAt: new Date(Date.UTC(2026, 2, 1 + i)),
      }),
    );
  pausedId = await insertFullOffer(api.db, { ownerId: owner.id, state: 'paused' });
});

afterAll(async () => {
  await api?.close();
});

describe('hiding an offer (signed in)', () => {
  it('requires a signed-in user', async () => {
    expect((await call('POST', `/user/hidden_offers/${ids[0]}`)).statusCode).toBe(401);
    expect((await call('GET', '/user/hidden_offers')).statusCode).toBe(401);
  });

  it('leaves the offer out of the list, its total, the facet counts and the map, for that person only', async () => {
    const before = await searchIds('country_code=CZ&offer_type=sale', alice);
    expect(before.ids).toContain(ids[2]);
    const hidden = await call('POST', `/user/hidden_offers/${ids[2]}`, alice);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({ offer_id: ids[2], hidden: true });
    // Twice is one row.
    expect((await call('POST', `/user/hidden_offers/${ids[2]}`, alice)).statusCode).toBe(200);
    expect(await hiddenRows(alice)).toEqual([ids[2]]);

    const after = await searchIds('country_code=CZ&offer_type=sale', alice);
    expect(after.ids).not.toContain(ids[2]);
    expect(after.total).toBe(before.total - 1);
    // The facets in the same answer count without it.
    const withFacets = await call('GET', '/public/offers?country_code=CZ&offer_type=sale&facets=1', alice);
    const facets = SearchOffersResponseSchema.parse(withFacets.json()).facets!;
    // Every fixture is a sale: the offer type's count is the whole answer's.
    expect(facets.offer_type?.sale, JSON.stringify(facets)).toBe(before.total - 1);
    const facetsRoute = await call('GET', '/public/offers/facets?country_code=CZ&offer_type=sale', alice);
    expect(facetsRoute.json().total).toBe(before.total - 1);
    // The map: the viewport around the flats at street zoom, each a point of its own.
    const map = await call('GET', '/public/offers/map?bbox=50.05,14.40,50.10,14.52&zoom=15', alice);
    expect(map.statusCode, map.body).toBe(200);
    const mapped = map.json() as { total: number; points: { id: number }[] };
    expect(mapped.points.map((point) => point.id)).not.toContain(ids[2]);
    expect(mapped.total).toBe(4);

    // Another person, and a guest, still see it.
    expect((await searchIds('country_code=CZ&offer_type=sale', bob)).ids).toContain(ids[2]);
    expect((await searchIds('country_code=CZ&offer_type=sale')).ids).toContain(ids[2]);
    const guestMap = await call('GET', '/public/offers/map?bbox=50.05,14.40,50.10,14.52&zoom=15');
    expect(guestMap.json().total).toBe(5);
  });

  it('lists hidden offers newest first, with a card while public, and shows one again', async () => {
    expect((await call('POST', `/user/hidden_offers/${pausedId}`, alice)).statusCode).toBe(200);
    const list = HiddenOffersResponseSchema.parse(
      (await call('GET', '/user/hidden_offers?currency=EUR', alice)).json(),
    );
    expect(list.data.map((item) => item.offer_id)).toEqual([pausedId, ids[2]]);
    expect(list.data[0]!.offer).toBeNull();
    expect(list.data[1]!.offer?.id).toBe(ids[2]);
    expect(list.data[1]!.offer?.currency_iso_code).toBe('EUR');

    const shown = await call('DELETE', `/user/hidden_offers/${ids[2]}`, alice);
    expect(shown.json()).toEqual({ offer_id: ids[2], hidden: false });
    expect((await call('DELETE', `/user/hidden_offers/${ids[2]}`, alice)).statusCode).toBe(200);
    expect((await searchIds('country_code=CZ&offer_type=sale', alice)).ids).toContain(ids[2]);
    expect(await hiddenRows(alice)).toEqual([pausedId]);
  });

  it('refuses an unknown offer with 404 and stores nothing', async () => {
    expect((await call('POST', '/user/hidden_offers/999999999', bob)).statusCode).toBe(404);
    expect((await call('POST', '/user/hidden_offers/abc', bob)).statusCode).toBe(404);
    expect(await hiddenRows(bob)).toEqual([]);
  });

  it("merges a browser's hidden offers at sign-in, skipping unknown ids, and validates the body", async () => {
    const merged = await call('POST', '/user/hidden_offers', bob, { offer_ids: [ids[4], 999999999, ids[3]] });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toEqual({ merged: 2 });
    expect((await hiddenRows(bob)).sort()).toEqual([ids[3], ids[4]].sort());
    const again = await call('POST', '/user/hidden_offers', bob, { offer_ids: [ids[4]] });
    expect(again.json()).toEqual({ merged: 0 });
    const bad = await call('POST', '/user/hidden_offers', bob, { offer_ids: ['x'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('validation_errors');
    const tooMany = await call('POST', '/user/hidden_offers', bob, {
      offer_ids: Array.from({ length: 101 }, (_, i) => i + 1),
    });
    expect(tooMany.statusCode).toBe(422);
    expect((await hiddenRows(bob)).length).toBe(2);
    const found = await searchIds('country_code=CZ&offer_type=sale', bob);
    expect(found.ids).not.toContain(ids[3]);
    expect(found.ids).not.toContain(ids[4]);
  });
});

describe("a guest's hidden offers (the `hidden` parameter)", () => {
  it('leaves the listed offers out of the list, the counts and the map', async () => {
    const all = await searchIds('country_code=CZ&offer_type=sale');
    const found = await searchIds(`country_code=CZ&offer_type=sale&hidden=${ids[0]}.${ids[1]}`);
    expect(found.ids).not.toContain(ids[0]);
    expect(found.ids).not.toContain(ids[1]);
    expect(found.total).toBe(all.total - 2);
    const facets = await call('GET', `/public/offers/facets?country_code=CZ&hidden=${ids[0]},${ids[1]}`);
    expect(facets.json().total).toBe(all.total - 2);
    const map = await call('GET', `/public/offers/map?bbox=50.05,14.40,50.10,14.52&zoom=15&hidden=${ids[0]}`);
    expect(map.statusCode, map.body).toBe(200);
    expect(map.json().total, map.body).toBe(4);
  });

  it('answers 422 naming `hidden` for a bad or too long list', async () => {
    for (const bad of ['abc', '1.-2', Array.from({ length: 101 }, (_, i) => i + 1).join('.')]) {
      const response = await call('GET', `/public/offers?hidden=${bad}`);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toHaveProperty('hidden');
    }
    expect(
      (await call('GET', '/public/offers/map?bbox=50.05,14.40,50.10,14.52&zoom=15&hidden=x')).statusCode,
    ).toBe(422);
  });

  it('a signed-in caller has both lists left out', async () => {
    const found = await searchIds(`country_code=CZ&offer_type=sale&hidden=${ids[0]}`, bob);
    expect(found.ids).not.toContain(ids[0]);
    expect(found.ids).not.toContain(ids[3]);
    expect(found.ids).toContain(ids[1]);
  });
});

describe('recently viewed offers', () => {
  it('keeps the newest first, moves a repeated view up and drops unknown ids', async () => {
    const viewed = (offerIds: number[]) =>
      call('POST', '/user/recently_viewed', alice, { offer_ids: offerIds });
    expect((await viewed([ids[0]!])).json()).toEqual({ merged: 1 });
    await viewed([ids[1]!]);
    await viewed([ids[0]!, 999999999]);
    const list = OfferCardsResponseSchema.parse((await call('GET', '/user/recently_viewed', alice)).json());
    expect(list.data.map((card) => card.id)).toEqual([ids[0], ids[1]]);
  });

  it('merges a browser list at sign-in in its order and keeps at most the cap', async () => {
    const extra: number[] = [];
    const owner = await createUser(api.db);
    for (let i = 0; i < RECENTLY_VIEWED_CAP; i++)
      extra.push(await insertFullOffer(api.db, { ownerId: owner.id }));
    const merged = await call('POST', '/user/recently_viewed', bob, { offer_ids: [ids[2], ids[1]] });
    expect(merged.json()).toEqual({ merged: 2 });
    await call('POST', '/user/recently_viewed', bob, { offer_ids: extra });
    const rows = await api.db.select().from(recentlyViewedOffers).where(eq(recentlyViewedOffers.userId, bob));
    expect(rows.length).toBe(RECENTLY_VIEWED_CAP);
    const list = OfferCardsResponseSchema.parse((await call('GET', '/user/recently_viewed', bob)).json());
    expect(list.data[0]!.id).toBe(extra[0]);
    expect(list.data.map((card) => card.id)).not.toContain(ids[1]);
  });

  it("gives a guest's list as cards in its order, without offers that are not public", async () => {
    const response = await call(
      'GET',
      `/public/offers/cards?ids=${ids[3]}.${pausedId}.${ids[1]}&currency=EUR`,
    );
    expect(response.statusCode).toBe(200);
    const cards = OfferCardsResponseSchema.parse(response.json());
    expect(cards.data.map((card) => card.id)).toEqual([ids[3], ids[1]]);
    expect(cards.data[0]!.currency_iso_code).toBe('EUR');
    expect((await call('GET', '/public/offers/cards?ids=')).statusCode).toBe(422);
    expect((await call('GET', '/public/offers/cards?ids=1.x')).statusCode).toBe(422);
  });
});

describe('compare', () => {
  it('answers 2-4 offers in the order asked with price per m2, parameters and distance to a place', async () => {
    // The chosen place: the first flat's point.
    const response = await call(
      'GET',
      `/public/offers/compare?ids=${ids[2]}.${ids[0]}.${pausedId}&lat=50.0755&lng=14.4378`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = CompareResponseSchema.parse(response.json());
    expect(body.data.map((offer) => offer.id)).toEqual([ids[2], ids[0]]);
    expect(body.missing).toEqual([pausedId]);
    const [third, first] = body.data;
    // 5.2 M CZK over 70 m2; 5.0 M over 50 m2.
    expect(third!.price_per_m2).toBe(Math.round(5_200_000 / 70));
    expect(first!.price_per_m2).toBe(100_000);
    expect(first!.distance_km).toBe(0);
    // 0.028 degrees of longitude at 50.08 N: about 2.0 km.
    expect(third!.distance_km).toBeGreaterThan(1.9);
    expect(third!.distance_km).toBeLessThan(2.1);
    expect(first!.penb).toBeTypeOf('string');
  });

  it('converts prices into the asked currency', async () => {
    const czk = CompareResponseSchema.parse(
      (await call('GET', `/public/offers/compare?ids=${ids[0]},${ids[1]}`)).json(),
    );
    const eur = CompareResponseSchema.parse(
      (await call('GET', `/public/offers/compare?ids=${ids[0]},${ids[1]}&currency=EUR`)).json(),
    );
    expect(eur.data[0]!.currency_iso_code).toBe('EUR');
    expect(eur.data[0]!.original_price).toBe(czk.data[0]!.original_price);
    expect(eur.data[0]!.price).not.toBe(czk.data[0]!.price);
    expect(eur.data[0]!.distance_km).toBeNull();
  });

  it('refuses one offer, five, a bad id and half a place with 422', async () => {
    const list = (n: number) => ids.concat(ids).slice(0, n).join('.');
    for (const query of [`ids=${ids[0]}`, `ids=${list(5)}`, 'ids=1.x', `ids=${list(2)}&lat=50`]) {
      const response = await call('GET', `/public/offers/compare?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().code).toBe('validation_errors');
    }
  });
});
