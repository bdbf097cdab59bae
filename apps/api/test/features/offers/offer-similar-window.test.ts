import { haversineKm, SimilarOffersResponseSchema } from '@estately/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { insertFullOffer, insertUser } from '../../support/offer-fixtures.ts';

// GET /public/offers/{id}/similar_offers searches the first ring (25 km) through a tight
// window around the offer and widens it only as far as an offer outside could still rank
// (list-similar-offers.ts). These tests hold its answers to the plain definition: the best by
// score among every candidate of the ring, computed here in JavaScript.

const BRNO = { latitude: 49.1951, longitude: 16.6068 };
const KM_PER_DEGREE_LAT = 111.19;

let api: TestApi;
let baseId = 0;
const candidates: {
  id: number;
  latitude: number;
  longitude: number;
  price: number;
  area: number;
  at: Date;
}[] = [];

/** A point `km` east of Brno. */
function east(km: number) {
  return {
    latitude: BRNO.latitude,
    longitude: BRNO.longitude + km / (KM_PER_DEGREE_LAT * Math.cos((BRNO.latitude * Math.PI) / 180)),
  };
}

/** mulberry32: the same offers on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

beforeAll(async () => {
  api = await buildTestApi();
  const owner = await insertUser(api.db);
  baseId = await insertFullOffer(api.db, {
    ownerId: owner,
    city: 'Brno',
    ...BRNO,
    price: 5_000_000,
    area: 70,
  });
  const add = async (
    place: { latitude: number; longitude: number },
    price: number,
    area: number,
    day: number,
  ) => {
    const at = new Date(Date.UTC(2026, 2, 1 + day));
    const id = await insertFullOffer(api.db, {
      ownerId: owner,
      city: 'Brno',
      ...place,
      price,
      area,
      activatedAt: at,
    });
    candidates.push({ id, ...place, price, area, at });
  };
  // Close but a poor match (price 1.35x): inside the 5 km window, scoring about 0.32.
  await add(east(1), 6_750_000, 70, 1);
  // 8 km away but an exact match: about 0.16, so it must win although the window misses it.
  await add(east(8), 5_000_000, 70, 2);
  // A spread of others within 30 km, some outside the price or area band, some tied in place.
  const next = random(12);
  for (let i = 0; i < 40; i++) {
    const km = 3 + next() * 27;
    const angle = next() * 2 * Math.PI;
    const place = {
      latitude: BRNO.latitude + (km * Math.sin(angle)) / KM_PER_DEGREE_LAT,
      longitude:
        BRNO.longitude +
        (km * Math.cos(angle)) / (KM_PER_DEGREE_LAT * Math.cos((BRNO.latitude * Math.PI) / 180)),
    };
    // At least 3 km out and 20 % off in price: none beats the exact match 8 km away (0.16).
    const factor = (next() < 0.5 ? 0.5 : 1.2) + next() * 0.3;
    await add(place, Math.round(5_000_000 * factor), Math.round(70 * (0.55 + next() * 0.9)), i % 5);
  }
});
afterAll(async () => {
  await api?.close();
});

const distance = (c: { latitude: number; longitude: number }) =>
  haversineKm({ lat: BRNO.latitude, lng: BRNO.longitude }, { lat: c.latitude, lng: c.longitude });

/** The ranking of the definition: the 25 km ring with the price and area bands, then 100 km. */
function expected(limit: number): number[] {
  const score = (c: (typeof candidates)[number]) =>
    Math.abs(Math.log(c.price / 5_000_000)) + Math.abs(Math.log(c.area / 70)) + distance(c) / 50;
  const banded = candidates.filter(
    (c) => c.price >= 3_000_000 && c.price <= 7_000_000 && c.area >= 42 && c.area <= 98,
  );
  const ranked = (list: typeof candidates) =>
    [...list].sort((a, b) => score(a) - score(b) || b.at.getTime() - a.at.getTime() || b.id - a.id);
  const within = (km: number) => banded.filter((c) => distance(c) <= km);
  const first = ranked(within(25)).slice(0, limit);
  const rest = ranked(within(100).filter((c) => !first.includes(c))).slice(0, limit - first.length);
  return [...first, ...rest].map((c) => c.id);
}

describe('similar offers through a tight window', () => {
  it('ranks an exact match 8 km away above a poor one 1 km away', async () => {
    const response = await api.app.inject({ url: `/public/offers/${baseId}/similar_offers?limit=1` });
    expect(response.statusCode).toBe(200);
    const [best] = SimilarOffersResponseSchema.parse(response.json()).data;
    expect(best?.id).toBe(candidates[1]?.id);
  });

  it('answers what ranking every candidate of the ring gives, for every limit', async () => {
    for (const limit of [1, 2, 3, 4, 6, 10, 20]) {
      const response = await api.app.inject({
        url: `/public/offers/${baseId}/similar_offers?limit=${limit}`,
      });
      const data = SimilarOffersResponseSchema.parse(response.json()).data;
      expect(
        data.map((offer) => offer.id),
        `limit ${limit}`,
      ).toEqual(expected(limit));
    }
  });
});
