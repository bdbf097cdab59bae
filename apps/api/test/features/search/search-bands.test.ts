import { haversineKm, OfferFacetsResponseSchema, SearchOffersResponseSchema } from '@estately/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApi, insertOwner, type TestApi } from '../../support/helpers.ts';
import { insertSearchOffer } from '../../support/search-helpers.ts';

// A viewport or radius search within one partition (offer type, property type, country) up to
// a square degree is spelled band by band for offers_public_band_idx (offer-conditions.ts,
// migration 0013). These tests hold its answers to the plain definition, computed here, with
// offers on band borders, on the box's edges, just outside them, hidden, and of other
// partitions in the same place.

let api: TestApi;
const points: { id: number; lat: number; lng: number; at: number }[] = [];
const PARTITION = 'offer_type=sale&property_type=apartment&country_code=CZ';

beforeAll(async () => {
  api = await buildTestApi();
  const ownerId = await insertOwner(api.db);
  const lats = [49.98, 49.99, 50.0, 50.0199999, 50.02, 50.03, 50.04, 50.05, 50.06, 50.1];
  const lngs = [14.3, 14.35, 14.4, 14.45, 14.5, 14.6];
  let days = 0;
  for (const lat of lats) {
    for (const lng of lngs) {
      days += 1;
      const activatedAt = new Date(Date.UTC(2026, 0, 1 + (days % 17), days % 24));
      const id = await insertSearchOffer(api.db, { ownerId }, { latitude: lat, longitude: lng, activatedAt });
      points.push({ id, lat, lng, at: activatedAt.getTime() });
      // The same place in another partition, and a hidden offer: never in the answers.
      if (days % 7 === 0)
        await insertSearchOffer(
          api.db,
          { ownerId },
          { latitude: lat, longitude: lng, propertyType: 'house' },
        );
      if (days % 11 === 0)
        await insertSearchOffer(api.db, { ownerId, state: 'paused' }, { latitude: lat, longitude: lng });
    }
  }
});
afterAll(async () => {
  await api?.close();
});

async function found(query: string): Promise<{ ids: number[]; total: number; facetTotal: number }> {
  const list = await api.app.inject({ url: `/public/offers?${query}&per_page=100` });
  expect(list.statusCode, query).toBe(200);
  const body = SearchOffersResponseSchema.parse(list.json());
  const facets = await api.app.inject({ url: `/public/offers/facets?${query}&groups=dispositions` });
  expect(facets.statusCode, query).toBe(200);
  return {
    ids: body.data.map((offer) => offer.id).sort((a, b) => a - b),
    total: body.meta.total,
    facetTotal: OfferFacetsResponseSchema.parse(facets.json()).total,
  };
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('area searches read band by band', () => {
  it('a viewport finds exactly the offers inside it, edges and band borders included', async () => {
    for (const [south, west, north, east] of [
      [50.0, 14.35, 50.04, 14.5],
      [50.0199999, 14.3, 50.02, 14.6],
      [49.985, 14.31, 50.055, 14.59],
      [50.02, 14.4, 50.02, 14.4],
    ] as const) {
      const expected = points
        .filter((p) => p.lat >= south && p.lat <= north && p.lng >= west && p.lng <= east)
        .map((p) => p.id);
      const answer = await found(`${PARTITION}&bbox=${south},${west},${north},${east}`);
      expect(answer.ids, `${south},${west},${north},${east}`).toEqual(sorted(expected));
      expect(answer.total).toBe(expected.length);
      expect(answer.facetTotal).toBe(expected.length);
    }
  });

  it('a radius finds exactly the offers within it, newest first', async () => {
    // 25 km and more cover the whole grid and are walked newest first (search-offers.ts).
    for (const km of [1, 3, 5.5, 12, 25, 40]) {
      const centre = { lat: 50.02, lng: 14.45 };
      const inside = points.filter((p) => haversineKm(centre, { lat: p.lat, lng: p.lng }) <= km);
      const answer = await found(`${PARTITION}&lat=50.02&lng=14.45&radius_km=${km}`);
      expect(answer.ids, `${km} km`).toEqual(sorted(inside.map((p) => p.id)));
      expect(answer.total).toBe(inside.length);
      expect(answer.facetTotal).toBe(inside.length);
    }
    // The page order: newest first, ties by id, across bands.
    const response = await api.app.inject({
      url: `/public/offers?${PARTITION}&lat=50.02&lng=14.45&radius_km=12&per_page=10`,
    });
    const page = SearchOffersResponseSchema.parse(response.json()).data;
    const newest = points
      .filter((p) => haversineKm({ lat: 50.02, lng: 14.45 }, { lat: p.lat, lng: p.lng }) <= 12)
      .sort((a, b) => b.at - a.at || b.id - a.id)
      .slice(0, 10);
    expect(newest).toHaveLength(10);
    expect(page.map((offer) => offer.id)).toEqual(newest.map((p) => p.id));
  });

  it('gives the same answers as the same area without the partition filter', async () => {
    // Without offer type, property type and country the GiST path answers; only the
    // partition's offers are compared.
    const bbox = 'bbox=49.99,14.32,50.045,14.55';
    const banded = await found(`${PARTITION}&${bbox}`);
    const list = await api.app.inject({ url: `/public/offers?${bbox}&per_page=100` });
    const all = SearchOffersResponseSchema.parse(list.json()).data.filter(
      (offer) => offer.property_type === 'apartment',
    );
    expect(banded.ids).toEqual(sorted(all.map((offer) => offer.id)));
  });
});
