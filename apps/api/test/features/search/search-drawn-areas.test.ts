import {
  type AreaVertex,
  areaIssues,
  type DrawnArea,
  defaultFilters,
  encodeAreas,
  meetsAreas,
  parseFilters,
  quantizeCoordinate,
  type SearchFilters,
  SORTS,
} from '@estately/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadExchangeRates } from '../../../src/features/offers-shared/exchange-rates.ts';
import { collectAlertEvents } from '../../../src/features/saved-searches/collect-alert-events.ts';
import { matchSavedSearches } from '../../../src/features/saved-searches/match-saved-searches.ts';
import { clusterOffers } from '../../../src/features/search/cluster-offers.ts';
import { OfferCountCache } from '../../../src/features/search/count-cache.ts';
import { countOfferFacets } from '../../../src/features/search/count-offer-facets.ts';
import { indexable } from '../../../src/features/search/facet-count-rows.ts';
import { FacetIndex } from '../../../src/features/search/facet-index/facet-index.ts';
import { searchOffers } from '../../../src/features/search/search-offers.ts';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, insertOwner, type TestApi } from '../../support/helpers.ts';
import { generator, insertSearchOffers } from '../../support/search-helpers.ts';

// Drawn search areas (issue 44 point 1, decision 069) through every road a search takes: the
// list route, the facet counts and the map in SQL and in the facet index (which must agree
// offer for offer), the saved search that stores them and its alert matcher.

const r = generator(69);
const T0 = new Date('2026-06-01T08:00:00Z');

interface Placed {
  id: number;
  lat: number;
  lng: number;
  offerType: 'sale' | 'rent';
}

/** A polygon of `n` vertices at increasing angles around a centre: simple, maybe concave. */
function starPolygon(lat: number, lng: number, n: number, reach: number, exclude = false): DrawnArea {
  const points: AreaVertex[] = Array.from({ length: n }, (_, i) => {
    const angle = (i / n) * 2 * Math.PI;
    const radius = reach * (0.45 + 0.55 * r.next());
    return [
      quantizeCoordinate(lat + radius * Math.sin(angle)),
      quantizeCoordinate(lng + radius * Math.cos(angle) * 1.5),
    ];
  });
  return { shape: 'polygon', exclude, points };
}

const circle = (lat: number, lng: number, radiusM: number, exclude = false): DrawnArea => ({
  shape: 'circle',
  exclude,
  lat,
  lng,
  radius_m: radiusM,
});

let api: TestApi;
let placed: Placed[] = [];

beforeAll(async () => {
  api = await buildTestApi({ RATE_LIMIT_MAX: '0' });
  const ownerId = await insertOwner(api.db);
  // 240 offers over Praha and its surroundings, newest last.
  const values = Array.from({ length: 240 }, (_, i) => ({
    offerType: (i % 4 === 0 ? 'rent' : 'sale') as 'sale' | 'rent',
    latitude: 49.85 + r.next() * 0.5,
    longitude: 14.1 + r.next() * 0.7,
    priceNormalized: r.pick([2_000_000, 4_000_000, 6_000_000]),
    // Distinct room types: the SQL's facet counts count a repeated type once per repetition.
    roomTypes: ['living_room', 'bedroom'],
    activatedAt: new Date(T0.getTime() + i * 60_000),
  }));
  const ids = await insertSearchOffers(api.db, { ownerId }, values);
  placed = ids.map((id, i) => ({
    id,
    lat: values[i]!.latitude,
    lng: values[i]!.longitude,
    offerType: values[i]!.offerType,
  }));
});
afterAll(async () => {
  await api?.close();
});

async function listIds(query: string): Promise<number[]> {
  const response = await api.app.inject({ method: 'GET', url: `/public/offers?${query}&per_page=100` });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { data: { id: number }[]; meta: { total: number } };
  expect(body.meta.total).toBeLessThanOrEqual(100);
  return body.data.map((offer) => offer.id).sort((a, b) => a - b);
}

const expectedIds = (areas: readonly DrawnArea[], offerType?: string) =>
  placed
    .filter(
      (offer) =>
        (offerType === undefined || offer.offerType === offerType) && meetsAreas(areas, offer.lat, offer.lng),
    )
    .map((offer) => offer.id)
    .sort((a, b) => a - b);

describe('GET /public/offers with drawn areas', () => {
  it('finds the offers inside a polygon, minus an exclusion, with a circle besides', async () => {
    const areas = [
      starPolygon(50.1, 14.45, 12, 0.12),
      circle(49.9, 14.7, 4000),
      starPolygon(50.1, 14.45, 5, 0.04, true),
    ];
    const expected = expectedIds(areas, 'sale');
    // The case discriminates: some offers in, some left out by the exclusion, most outside.
    expect(expected.length).toBeGreaterThan(5);
    expect(expected.length).toBeLessThan(80);
    expect(expectedIds(areas.slice(0, 2), 'sale').length).toBeGreaterThan(expected.length);
    expect(await listIds(`offer_type=sale&areas=${encodeAreas(areas)}`)).toEqual(expected);
  });

  it('leaves out an exclusion alone and nothing else', async () => {
    const areas = [circle(50.1, 14.45, 8000, true)];
    const expected = expectedIds(areas, 'rent');
    expect(expected.length).toBeLessThan(placed.filter((offer) => offer.offerType === 'rent').length);
    expect(await listIds(`offer_type=rent&areas=${encodeAreas(areas)}`)).toEqual(expected);
  });

  it('refuses bad areas with a key per fault and answers nothing else', async () => {
    const eight = encodeAreas([
      {
        shape: 'polygon',
        exclude: false,
        points: [
          [50, 14],
          [50.1, 14.1],
          [50, 14.1],
          [50.1, 14],
        ],
      },
    ]);
    for (const [value, key] of [
      ['p%21', 'validation.invalid_areas'],
      [eight, 'validation.area_self_intersecting'],
      [encodeAreas([circle(50, 14, 10)]), 'validation.area_size'],
      [
        encodeAreas(Array.from({ length: 11 }, (_, i) => circle(40 + i, 14, 1000))),
        'validation.too_many_areas',
      ],
    ] as const) {
      const response = await api.app.inject({ method: 'GET', url: `/public/offers?areas=${value}` });
      expect(response.statusCode, value).toBe(422);
      expect(response.json().errors, value).toEqual({ areas: [key] });
    }
  });
});

describe('drawn areas in SQL and in the facet index', () => {
  // One cache and index for every search, as in a process.
  const cache = new OfferCountCache();
  const index = new FacetIndex();

  /** Random areas over the market: one to three polygons or circles, sometimes an exclusion. */
  function randomAreas(): DrawnArea[] {
    for (;;) {
      const count = 1 + Math.floor(r.next() * 3);
      const areas: DrawnArea[] = Array.from({ length: count }, (_, i) => {
        const lat = quantizeCoordinate(49.9 + r.next() * 0.4);
        const lng = quantizeCoordinate(14.2 + r.next() * 0.5);
        const exclude = i > 0 && r.next() < 0.4;
        return r.next() < 0.6
          ? starPolygon(lat, lng, 3 + Math.floor(r.next() * 12), 0.03 + r.next() * 0.15, exclude)
          : circle(lat, lng, 1000 + Math.floor(r.next() * 12_000), exclude);
      });
      if (areaIssues(areas).length === 0) return areas;
    }
  }

  it('agree on counts, pages and map cells for random areas', async () => {
    let nonEmpty = 0;
    for (let n = 0; n < 24; n++) {
      const areas = randomAreas();
      const filters: SearchFilters = {
        ...defaultFilters(),
        ...(n % 3 === 0 ? { offer_type: 'sale' as const } : {}),
        ...(n % 4 === 1 ? { price_to: 5_000_000, currency: 'CZK' as const } : {}),
        areas,
      };
      expect(indexable(filters)).toBe(true);
      const label = `${n}: ${encodeAreas(areas)}`;
      const indexed = await countOfferFacets({ db: api.db, filters, cache, index });
      const counted = await countOfferFacets({ db: api.db, filters, partitionCounts: false });
      expect(indexed, label).toEqual(counted);
      if (counted.total > 0) nonEmpty += 1;
      const paged = { ...filters, sort: SORTS[n % SORTS.length]!, per_page: 5, page: 1 + (n % 2) };
      const [fromIndex, fromSql] = await Promise.all([
        searchOffers({ db: api.db, filters: paged, storage: api.app.storage, cache, index }),
        searchOffers({ db: api.db, filters: paged, storage: api.app.storage }),
      ]);
      expect(fromIndex.meta, label).toEqual(fromSql.meta);
      expect(
        fromIndex.data.map((offer) => offer.id),
        label,
      ).toEqual(fromSql.data.map((offer) => offer.id));
      const mapped = { ...filters, bbox: { south: 49.5, west: 13.8, north: 50.6, east: 15.2 } };
      const zoom = [8, 10, 12][n % 3]!;
      const [indexMap, sqlMap] = await Promise.all([
        clusterOffers({ db: api.db, filters: mapped, zoom, cache: new OfferCountCache(), index }),
        clusterOffers({ db: api.db, filters: mapped, zoom }),
      ]);
      expect(indexMap.total, label).toBe(sqlMap.total);
      expect(indexMap.total, label).toBe(counted.total);
      expect(indexMap.points, label).toEqual(sqlMap.points);
    }
    expect(nonEmpty).toBeGreaterThanOrEqual(12);
  });
});

describe('saved searches with drawn areas', () => {
  it('stores the areas, reads them back and alerts only on offers inside', async () => {
    const areas = [starPolygon(50.1, 14.45, 12, 0.15), circle(50.12, 14.45, 3000, true)];
    const user = await createUser(api.db);
    const query = `areas=${encodeAreas(areas)}&offer_type=sale`;
    const created = await api.app.inject({
      method: 'POST',
      url: '/saved_searches',
      headers: bearer(api.config, user.id),
      payload: { name: 'Inside the ring road', filters: query },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().filters.areas).toEqual(areas);
    expect(created.json().query).toBe(query);
    const refused = await api.app.inject({
      method: 'POST',
      url: '/saved_searches',
      headers: bearer(api.config, user.id),
      payload: { name: 'Bad', filters: 'areas=cA' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'filters.areas': ['validation.invalid_areas'] });

    // The stored JSON parses back to the same search, and the matcher finds what the list does.
    const stored = parseFilters(created.json().filters);
    if (!stored.success) throw new Error(JSON.stringify(stored.errors));
    const since = new Date(T0.getTime() - 60_000);
    const until = new Date(T0.getTime() + 24 * 3600_000);
    const events = await collectAlertEvents({ db: api.db, since, until });
    expect(events.length).toBe(placed.length);
    const searches = [
      { id: 1, filters: stored.data, groupKey: 'areas', since },
      {
        id: 2,
        filters: { ...stored.data, areas: [circle(50.1, 14.45, 6000, true)] },
        groupKey: 'exclusion',
        since,
      },
    ];
    const matched = await matchSavedSearches({
      db: api.db,
      searches,
      events,
      rates: await loadExchangeRates(api.db),
      now: until,
      limit: 100,
    });
    for (const search of searches) {
      const expected = expectedIds(search.filters.areas ?? [], 'sale');
      expect(expected.length).toBeGreaterThan(3);
      expect(
        [...(matched.get(search.id)?.ids ?? [])].sort((a, b) => a - b),
        search.groupKey,
      ).toEqual(expected.length > 100 ? expect.anything() : expected);
    }
  });
});
