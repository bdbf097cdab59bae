import { MAP_FEATURE_CAP, OfferMapResponseSchema } from '@estately/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellSizeFor, cellsInBox, clusterOffers } from '../../../src/features/search/cluster-offers.ts';
import { validateFilters } from '../../../src/features/search/prepare-search.ts';
import { buildTestApi, insertOwner, setRates, type TestApi } from '../../support/helpers.ts';
import { insertSearchOffer } from '../../support/search-helpers.ts';

// GET /public/offers/map: grid clusters and single points of a viewport under the search
// filters (DESIGN 5: never all points). Counts must add up to the offers in the viewport and
// the number of features must stay under the cap.

const CZECHIA = '48.5,12,51.1,18.9';

describe('GET /public/offers/map', () => {
  let api: TestApi;
  let loneId = 0;

  beforeAll(async () => {
    // Hundreds of requests in a minute from one address: the rate limit has its own tests.
    api = await buildTestApi({ RATE_LIMIT_MAX: '0' });
    await setRates(api.db, { EUR: 25 });
    const ownerId = await insertOwner(api.db);
    // 8 x 12 grid of offers over Czechia, every third one a rent.
    let n = 0;
    for (let row = 0; row < 8; row++) {
      for (let column = 0; column < 12; column++) {
        n += 1;
        await insertSearchOffer(
          api.db,
          { ownerId },
          {
            offerType: n % 3 === 0 ? 'rent' : 'sale',
            latitude: 48.8 + row * 0.28,
            longitude: 12.3 + column * 0.53,
            activatedAt: new Date(Date.UTC(2026, 0, 1, 0, n)),
          },
        );
      }
    }
    // A tight group in Praha and one lone offer in the countryside far from the grid points.
    for (let i = 0; i < 5; i++) {
      await insertSearchOffer(
        api.db,
        { ownerId },
        { latitude: 50.08 + i * 0.001, longitude: 14.42 + i * 0.001 },
      );
    }
    loneId = await insertSearchOffer(
      api.db,
      { ownerId },
      { latitude: 50.95, longitude: 18.8, price: 2_500_000, priceNormalized: 2_500_000 },
    );
    // Hidden ones inside the viewport.
    await insertSearchOffer(api.db, { ownerId, state: 'paused' }, { latitude: 50.08, longitude: 14.42 });
    await insertSearchOffer(api.db, { ownerId, struck: true }, { latitude: 50.08, longitude: 14.42 });
  });
  afterAll(async () => {
    await api?.close();
  });

  async function map(query: string) {
    const response = await api.app.inject({ method: 'GET', url: `/public/offers/map?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return OfferMapResponseSchema.parse(response.json());
  }
  async function listTotal(query: string): Promise<number> {
    const response = await api.app.inject({ method: 'GET', url: `/public/offers?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().meta.total;
  }
  function expectConsistent(result: Awaited<ReturnType<typeof map>>, cap = MAP_FEATURE_CAP) {
    const sum = result.clusters.reduce((total, cluster) => total + cluster.count, 0) + result.points.length;
    expect(sum).toBe(result.total);
    expect(result.clusters.length + result.points.length).toBeLessThanOrEqual(cap);
    for (const cluster of result.clusters) {
      expect(cluster.count).toBeGreaterThanOrEqual(2);
      expect(cluster.lat).toBeGreaterThanOrEqual(cluster.bounds.south);
      expect(cluster.lat).toBeLessThanOrEqual(cluster.bounds.north);
      expect(cluster.lng).toBeGreaterThanOrEqual(cluster.bounds.west);
      expect(cluster.lng).toBeLessThanOrEqual(cluster.bounds.east);
    }
  }

  it('clusters a country viewport; counts add up to the offers in it', async () => {
    const result = await map(`bbox=${CZECHIA}&zoom=6`);
    expectConsistent(result);
    expect(result.total).toBe(8 * 12 + 5 + 1);
    expect(result.total).toBe(await listTotal(`bbox=${CZECHIA}`));
    expect(result.clusters.length).toBeGreaterThan(0);
    // At zoom 6 a cell is 1.40625 degrees: far fewer features than offers.
    expect(result.cell_size_deg).toBe(1.40625);
    expect(result.clusters.length + result.points.length).toBeLessThan(result.total / 4);
  });

  it('returns single offers as points with their price in the asked currency', async () => {
    const result = await map('bbox=50.9,18.7,51,18.9&zoom=14&currency=EUR');
    expect(result.clusters).toEqual([]);
    expect(result.points).toEqual([{ id: loneId, lat: 50.95, lng: 18.8, price: 100_000, currency: 'EUR' }]);
  });

  it('rounds a converted point price to three significant figures, as the cards show it', async () => {
    const list = await api.app.inject({
      method: 'GET',
      url: '/public/offers?bbox=50.9,18.7,51,18.9&currency=USD',
    });
    const exact = list.json().data[0].price as number;
    expect(Number.isInteger(exact / 1000)).toBe(false);
    const result = await map('bbox=50.9,18.7,51,18.9&zoom=14&currency=USD');
    expect(result.points[0]?.price).toBe(Number(exact.toPrecision(3)));
    const own = await map('bbox=50.9,18.7,51,18.9&zoom=14&currency=CZK');
    expect(own.points[0]?.price).toBe(2_500_000);
  });

  it('splits clusters as the zoom grows', async () => {
    const praha = 'bbox=50.05,14.3,50.15,14.5';
    const coarse = await map(`${praha}&zoom=8`);
    expect(coarse.total).toBe(5);
    expect(coarse.clusters).toHaveLength(1);
    const [cluster] = coarse.clusters;
    expect(cluster!.count).toBe(5);
    expect(cluster!.bounds.south).toBeCloseTo(50.08, 9);
    expect(cluster!.bounds.north).toBeCloseTo(50.084, 9);
    expect(cluster!.bounds.west).toBeCloseTo(14.42, 9);
    expect(cluster!.bounds.east).toBeCloseTo(14.424, 9);
    expect(cluster!.lat).toBeCloseTo(50.082, 6);
    expect(cluster!.lng).toBeCloseTo(14.422, 6);
    // A street-level viewport: cells smaller than the 0.001 degree spacing.
    const fine = await map('bbox=50.079,14.419,50.085,14.425&zoom=18');
    expect(fine.cell_size_deg).toBeLessThan(0.001);
    expect(fine.points).toHaveLength(5);
    expect(fine.clusters).toEqual([]);
  });

  it('applies the search filters', async () => {
    const result = await map(`bbox=${CZECHIA}&zoom=7&offer_type=rent`);
    expectConsistent(result);
    expect(result.total).toBe(32);
    expect(result.total).toBe(await listTotal(`bbox=${CZECHIA}&offer_type=rent`));
    const radius = await map(`bbox=${CZECHIA}&zoom=9&lat=50.08&lng=14.42&radius_km=40`);
    expectConsistent(radius);
    expect(radius.total).toBe(await listTotal(`bbox=${CZECHIA}&lat=50.08&lng=14.42&radius_km=40`));
  });

  it('coarsens the grid so a huge viewport never exceeds the cap', async () => {
    const world = await map('bbox=-85,-180,85,180&zoom=22');
    expectConsistent(world);
    expect(world.total).toBe(102);
    const wrapped = await map('bbox=-85,10,85,-170&zoom=12');
    expectConsistent(wrapped);
    expect(wrapped.total).toBe(102);
  });

  it('keeps to a small cap too, with counts still adding up', async () => {
    const filters = {
      ...validateFilters({ bbox: CZECHIA }),
      bbox: { south: 48.5, west: 12, north: 51.1, east: 18.9 },
    };
    for (const cap of [4, 10, 50]) {
      const result = await clusterOffers({ db: api.db, filters, zoom: 18, cap });
      expectConsistent(result, cap);
      expect(result.total).toBe(102);
    }
    await expect(clusterOffers({ db: api.db, filters, zoom: 18, cap: 3 })).rejects.toThrow(RangeError);
  });

  it('chooses cells so the viewport holds at most the cap', () => {
    for (const [box, zoom] of [
      [{ south: -90, west: -180, north: 90, east: 180 }, 22],
      [{ south: 48.5, west: 12, north: 51.1, east: 18.9 }, 15],
      [{ south: -10, west: 170, north: 10, east: -170 }, 9],
    ] as const) {
      for (const cap of [8, 20, 500])
        expect(cellsInBox(box, cellSizeFor(box, zoom, cap))).toBeLessThanOrEqual(cap);
    }
  });

  it('requires a bbox and a zoom of 0..22', async () => {
    const errors = async (query: string) => {
      const response = await api.app.inject({ method: 'GET', url: `/public/offers/map?${query}` });
      expect(response.statusCode, query).toBe(422);
      expect(response.json().code).toBe('validation_errors');
      return response.json().errors;
    };
    expect(await errors('')).toEqual({
      bbox: ['validation.invalid_bbox'],
      zoom: ['validation.invalid_integer'],
    });
    expect(await errors(`bbox=${CZECHIA}&zoom=23`)).toEqual({ zoom: ['validation.number_too_large'] });
    expect(await errors(`bbox=${CZECHIA}&zoom=-1`)).toEqual({ zoom: ['validation.number_too_small'] });
    expect(await errors(`bbox=${CZECHIA}&zoom=1.5`)).toEqual({ zoom: ['validation.invalid_integer'] });
    expect(await errors(`bbox=${CZECHIA}&zoom=abc`)).toEqual({ zoom: ['validation.invalid_integer'] });
    expect(await errors('bbox=1,2&zoom=3')).toEqual({ bbox: ['validation.invalid_bbox'] });
    expect(await errors(`bbox=${CZECHIA}&zoom=5&lat=95&lng=1`)).toEqual({
      lat: ['validation.number_too_large'],
    });
  });
});
