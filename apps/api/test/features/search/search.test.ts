import { SearchOffersResponseSchema } from '@estately/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApi, insertOwner, setRates, type TestApi } from '../../support/helpers.ts';
import { insertLocation, insertSearchOffer } from '../../support/search-helpers.ts';

// GET /public/offers: every filter family of spec 9, the spec 5 validation rules, sorting and
// paging (spec 3 meta). A handful of offers with known values; each test names the ids it
// expects, so a filter that matches too much or too little fails.

const DAY_MS = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS);

type Key = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'paused' | 'struck';

describe('GET /public/offers', () => {
  let api: TestApi;
  const ids = {} as Record<Key, number>;
  const names = new Map<number, Key>();
  const loc = { cz: 0, praha: 0, vinohrady: 0, kladno: 0 };

  /** The keys of the offers a query returns, in order. */
  async function search(query: string): Promise<Key[]> {
    const response = await api.app.inject({ method: 'GET', url: `/public/offers?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    const body = SearchOffersResponseSchema.parse(response.json());
    return body.data.map((offer) => names.get(offer.id) ?? (String(offer.id) as Key));
  }
  const sorted = (keys: Key[]) => [...keys].sort();
  async function expectFound(query: string, expected: Key[]) {
    expect(sorted(await search(query)), query).toEqual(sorted(expected));
  }
  async function errorsOf(query: string) {
    const response = await api.app.inject({ method: 'GET', url: `/public/offers?${query}` });
    expect(response.statusCode, query).toBe(422);
    const body = response.json();
    expect(body.code).toBe('validation_errors');
    return body.errors as Record<string, string[]>;
  }

  beforeAll(async () => {
    // Hundreds of requests in a minute from one address: the rate limit has its own tests.
    api = await buildTestApi({ RATE_LIMIT_MAX: '0' });
    const { db } = api;
    await setRates(db, { EUR: 25 });
    const ownerId = await insertOwner(db);
    loc.cz = await insertLocation(db, {
      kind: 'country',
      countryCode: 'CZ',
      name: 'Česko',
      slug: 'cesko',
      latitude: 49.8,
      longitude: 15.5,
    });
    loc.praha = await insertLocation(db, {
      kind: 'city',
      parentId: loc.cz,
      countryCode: 'CZ',
      name: 'Praha',
      slug: 'praha',
      latitude: 50.08,
      longitude: 14.42,
      population: 1_300_000,
    });
    loc.vinohrady = await insertLocation(db, {
      kind: 'city_part',
      parentId: loc.praha,
      countryCode: 'CZ',
      name: 'Vinohrady',
      slug: 'vinohrady',
      latitude: 50.075,
      longitude: 14.44,
    });
    loc.kladno = await insertLocation(db, {
      kind: 'city',
      parentId: loc.cz,
      countryCode: 'CZ',
      name: 'Kladno',
      slug: 'kladno',
      latitude: 50.147,
      longitude: 14.103,
    });

    const add = async (key: Key, values: Parameters<typeof insertSearchOffer>[2], hidden = {}) => {
      ids[key] = await insertSearchOffer(db, { ownerId, ...hidden }, values);
      names.set(ids[key], key);
    };
    // A: Praha-Vinohrady, 5,000,000 CZK, 74 m2, newest.
    await add('A', {
      activatedAt: daysAgo(1),
      price: 5_000_000,
      priceNormalized: 5_000_000,
      usefulAreaMeters: 74,
      disposition: '3',
      bathrooms: 1,
      furnishings: 'equipped',
      ownership: 'personal',
      reconstruction: 'after_reconstruction',
      typeOfBuilding: 'brick',
      typeOfHeating: 'gas',
      parking: 'garage',
      penb: 'b',
      sellerType: 'private',
      tags: ['sauna'],
      otherParams: ['lift', 'garage'],
      roomTypes: ['living_room', 'bedroom', 'balcony'],
      floor: 3,
      totalFloors: 6,
      yearBuilt: 1930,
      photosCount: 5,
      hasFloorPlan: true,
      isVerified: true,
      sellerTrustScore: 90,
      sellerRating: 4.5,
      city: 'Praha',
      cityPart: 'Vinohrady',
      locationId: loc.vinohrady,
      locationPath: [loc.cz, loc.praha, loc.vinohrady],
      latitude: 50.075,
      longitude: 14.44,
    });
    // B: Brno (~185 km from Praha), priced in EUR: 200,000 EUR = 5,000,000 CZK at 25.
    await add('B', {
      activatedAt: daysAgo(10),
      price: 200_000,
      currency: 'EUR',
      priceNormalized: 5_000_000,
      usefulAreaMeters: 50,
      disposition: '2',
      bathrooms: 2,
      furnishings: 'partially_equipped',
      ownership: 'cooperative',
      reconstruction: 'original_state',
      typeOfBuilding: 'panel',
      typeOfHeating: 'central_remote',
      parking: 'parking_slot',
      penb: 'd',
      sellerType: 'agency',
      otherParams: ['lift'],
      roomTypes: ['living_room', 'terrace'],
      floor: 1,
      totalFloors: 4,
      yearBuilt: 1975,
      photosCount: 2,
      sellerTrustScore: 40,
      sellerRating: 3,
      freeFromDate: '2026-06-01',
      city: 'Brno',
      latitude: 49.195,
      longitude: 16.608,
    });
    // C: a rent in Kladno, about 24 km from central Praha.
    await add('C', {
      activatedAt: daysAgo(40),
      offerType: 'rent',
      price: 25_000,
      priceNormalized: 25_000,
      rentPricePeriod: 'month',
      usefulAreaMeters: 40,
      disposition: '1',
      bathrooms: 1,
      furnishings: 'not_equipped',
      ownership: 'personal',
      reconstruction: 'new_building',
      typeOfBuilding: 'skeletal',
      typeOfHeating: 'heat_pump',
      penb: 'a',
      sellerType: 'developer',
      tags: ['vana', 'klimatizace'],
      otherParams: ['garden'],
      roomTypes: ['living_room', 'kitchen'],
      floor: 0,
      totalFloors: 3,
      yearBuilt: 2024,
      photosCount: 10,
      hasFloorPlan: true,
      isVerified: true,
      sellerTrustScore: 100,
      sellerRating: 5,
      freeFromDate: '2026-01-15',
      city: 'Kladno',
      locationId: loc.kladno,
      locationPath: [loc.cz, loc.kladno],
      latitude: 50.147,
      longitude: 14.103,
    });
    // D: a house near Plzeň, about 85 km from Praha.
    await add('D', {
      activatedAt: daysAgo(5),
      propertyType: 'house',
      price: 9_000_000,
      priceNormalized: 9_000_000,
      usefulAreaMeters: 150,
      disposition: '5',
      bathrooms: 3,
      furnishings: 'equipped',
      ownership: 'personal',
      reconstruction: 'partial_reconstruction',
      typeOfBuilding: 'brick',
      typeOfHeating: 'solid_fuel_stove',
      parking: 'garage',
      penb: 'unknown',
      sellerType: 'broker',
      tags: ['bazen'],
      otherParams: ['garden', 'swimming_pool'],
      roomTypes: ['living_room', 'bedroom', 'cellar'],
      totalFloors: 2,
      yearBuilt: 1990,
      photosCount: 20,
      sellerTrustScore: 70,
      sellerRating: 4,
      city: 'Plzeň',
      latitude: 49.7475,
      longitude: 13.3776,
    });
    // E: Bratislava, priced in EUR.
    await add('E', {
      activatedAt: daysAgo(3),
      price: 150_000,
      currency: 'EUR',
      priceNormalized: 3_750_000,
      usefulAreaMeters: 60,
      disposition: '2',
      bathrooms: 1,
      furnishings: 'equipped',
      ownership: 'personal',
      reconstruction: 'insulated',
      typeOfBuilding: 'panel',
      typeOfHeating: 'central_remote',
      parking: 'parking_place',
      penb: 'c',
      sellerType: 'private',
      tags: ['vyhled'],
      floor: 7,
      totalFloors: 8,
      yearBuilt: 1980,
      photosCount: 3,
      sellerTrustScore: 60,
      sellerRating: 3.5,
      city: 'Bratislava',
      countryCode: 'SK',
      locale: 'sk',
      latitude: 48.1486,
      longitude: 17.1077,
    });
    // F: Praha, price on request and no area: last when sorting by either.
    await add('F', {
      activatedAt: daysAgo(2),
      price: null,
      priceNormalized: null,
      priceVariant: 'on_request',
      usefulAreaMeters: null,
      disposition: '2',
      city: 'Praha',
      locationId: loc.praha,
      locationPath: [loc.cz, loc.praha],
      latitude: 50.09,
      longitude: 14.4,
    });
    // Would match most searches, yet not public.
    await add('paused', { activatedAt: daysAgo(0.5), disposition: '3' }, { state: 'paused' });
    await add('struck', { activatedAt: daysAgo(0.5), disposition: '3' }, { struck: true });
  });
  afterAll(async () => {
    await api?.close();
  });

  describe('results, sorting and paging', () => {
    it('lists active, non-struck offers newest first by default', async () => {
      expect(await search('')).toEqual(['A', 'F', 'E', 'D', 'B', 'C']);
    });

    it('sorts by activation date ascending', async () => {
      expect(await search('sort=activated_at_asc')).toEqual(['C', 'B', 'D', 'E', 'F', 'A']);
    });

    it('sorts by normalised price both ways, ties by id, offers without a price last', async () => {
      // A and B cost the same 5,000,000 CZK (B in EUR); A has the smaller id.
      expect(ids.A).toBeLessThan(ids.B);
      expect(await search('sort=price_asc')).toEqual(['C', 'E', 'A', 'B', 'D', 'F']);
      expect(await search('sort=price_desc')).toEqual(['D', 'B', 'A', 'E', 'C', 'F']);
    });

    it('sorts by area both ways, offers without an area last', async () => {
      expect(await search('sort=area_asc')).toEqual(['C', 'B', 'E', 'A', 'D', 'F']);
      expect(await search('sort=area_desc')).toEqual(['D', 'A', 'E', 'B', 'C', 'F']);
    });

    it('pages with the spec 3 meta; next and prev are null at the ends', async () => {
      const page = async (n: number) =>
        (await api.app.inject({ method: 'GET', url: `/public/offers?per_page=4&page=${n}` })).json();
      const first = await page(1);
      expect(first.meta).toEqual({
        next_page: 2,
        page: 1,
        per_page: 4,
        prev_page: null,
        total: 6,
        total_pages: 2,
      });
      const second = await page(2);
      expect(second.meta).toEqual({
        next_page: null,
        page: 2,
        per_page: 4,
        prev_page: 1,
        total: 6,
        total_pages: 2,
      });
      expect([...first.data, ...second.data].map((offer: { id: number }) => names.get(offer.id))).toEqual([
        'A',
        'F',
        'E',
        'D',
        'B',
        'C',
      ]);
      const beyond = await page(3);
      expect(beyond.data).toEqual([]);
      expect(beyond.meta).toMatchObject({ next_page: null, prev_page: 2, total: 6 });
    });

    it('defaults to page 1 of 25 and allows at most 100 a page', async () => {
      const body = (await api.app.inject({ method: 'GET', url: '/public/offers' })).json();
      expect(body.meta).toEqual({
        next_page: null,
        page: 1,
        per_page: 25,
        prev_page: null,
        total: 6,
        total_pages: 1,
      });
      expect(await errorsOf('per_page=101')).toEqual({ per_page: ['validation.number_too_large'] });
      expect(await errorsOf('page=0')).toEqual({ page: ['validation.number_too_small'] });
    });

    it('converts prices into the asked currency and keeps the original', async () => {
      const body = (await api.app.inject({ method: 'GET', url: '/public/offers?currency=EUR' })).json();
      const a = body.data.find((offer: { id: number }) => offer.id === ids.A);
      expect(a).toMatchObject({
        price: 200_000,
        currency_iso_code: 'EUR',
        original_price: 5_000_000,
        original_currency_iso_code: 'CZK',
      });
      const czk = (await api.app.inject({ method: 'GET', url: '/public/offers' })).json();
      const b = czk.data.find((offer: { id: number }) => offer.id === ids.B);
      expect(b).toMatchObject({
        price: 5_000_000,
        currency_iso_code: 'CZK',
        original_currency_iso_code: 'EUR',
      });
    });
  });

  describe('price and area', () => {
    it('finds offers priced in CZK and EUR with an EUR filter, through the normalised price', async () => {
      // 190,000..210,000 EUR = 4,750,000..5,250,000 CZK: A (CZK) and B (EUR).
      await expectFound('price_from=190000&price_to=210000&currency=EUR', ['A', 'B']);
    });

    it('applies CZK bounds on the normalised price', async () => {
      await expectFound('price_to=4000000&currency=CZK', ['C', 'E']);
      await expectFound('price_from=6000000&currency=czk', ['D']);
    });

    it('uses the live exchange rate of the table', async () => {
      // At 30 CZK/EUR, 190,000..210,000 EUR = 5,700,000..6,300,000 CZK: nothing.
      await setRates(api.db, { EUR: 30 });
      try {
        await expectFound('price_from=190000&price_to=210000&currency=EUR', []);
      } finally {
        await setRates(api.db, { EUR: 25 });
      }
    });

    it('rejects price bounds without a currency, zero or negative', async () => {
      expect(await errorsOf('price_from=100')).toEqual({ currency: ['validation.price_currency_required'] });
      expect(await errorsOf('price_from=0&currency=CZK')).toEqual({
        price_from: ['validation.number_not_positive'],
      });
      expect(await errorsOf('price_to=-5&currency=CZK')).toEqual({
        price_to: ['validation.number_not_positive'],
      });
      expect(await errorsOf('price_from=abc&currency=CZK')).toEqual({
        price_from: ['validation.invalid_number'],
      });
      expect(await errorsOf('price_from=9&price_to=5&currency=CZK')).toEqual({
        price_to: ['validation.range_inverted'],
      });
      expect(await errorsOf('price_from=5&currency=XYZ')).toHaveProperty('currency');
    });

    it('filters by useful area and rejects bounds <= 0', async () => {
      await expectFound('area_from=55&area_to=100', ['E', 'A']);
      await expectFound('area_to=50', ['B', 'C']);
      expect(await errorsOf('area_from=0')).toEqual({ area_from: ['validation.number_not_positive'] });
      expect(await errorsOf('area_to=-1')).toEqual({ area_to: ['validation.number_not_positive'] });
    });
  });

  describe('places', () => {
    it('searches a 25 km radius by default around a point', async () => {
      // Kladno (C) is ~24 km from the centre; Plzeň (D) ~85 km; Brno ~185 km.
      await expectFound('lat=50.08&lng=14.42', ['A', 'F', 'C']);
      await expectFound('lat=50.08&lng=14.42&radius_km=20', ['A', 'F']);
      await expectFound('lat=50.08&lng=14.42&radius_km=100', ['A', 'F', 'C', 'D']);
    });

    it('rejects a radius above 100 km and coordinates out of range', async () => {
      expect(await errorsOf('lat=50&lng=14&radius_km=101')).toEqual({
        radius_km: ['validation.number_too_large'],
      });
      expect(await errorsOf('lat=50&lng=14&radius_km=0')).toEqual({
        radius_km: ['validation.number_not_positive'],
      });
      expect(await errorsOf('lat=91&lng=14')).toEqual({ lat: ['validation.number_too_large'] });
      expect(await errorsOf('lat=-90.5&lng=14')).toEqual({ lat: ['validation.number_too_small'] });
      expect(await errorsOf('lat=50&lng=-181')).toEqual({ lng: ['validation.number_too_small'] });
      expect(await errorsOf('lat=50&lng=180.1')).toEqual({ lng: ['validation.number_too_large'] });
      expect(await errorsOf('lat=50')).toEqual({ lng: ['validation.coordinates_incomplete'] });
    });

    it('filters by a bounding box and validates it', async () => {
      await expectFound('bbox=49.9,14.2,50.2,14.6', ['A', 'F']);
      await expectFound('bbox=47,16,50,18', ['B', 'E']);
      expect(await errorsOf('bbox=1,2,3')).toHaveProperty('bbox');
      expect(await errorsOf('bbox=50,14,49,15')).toEqual({ bbox: ['validation.invalid_bbox'] });
    });

    it('finds a box across the antimeridian', async () => {
      // West 170 to east -170 holds none of the offers; west 10 to east -170 wraps round to hold all.
      await expectFound('bbox=40,170,60,-170', []);
      await expectFound('bbox=40,10,60,-170', ['A', 'B', 'C', 'D', 'E', 'F']);
    });

    it('filters by country', async () => {
      await expectFound('country_code=SK', ['E']);
      await expectFound('country_code=cz', ['A', 'B', 'C', 'D', 'F']);
      expect(await errorsOf('country_code=XX')).toEqual({ country_code: ['validation.invalid_value'] });
    });

    it('filters by a location and its children', async () => {
      await expectFound(`location_id=${loc.praha}`, ['A', 'F']);
      await expectFound(`location_id=${loc.vinohrady}`, ['A']);
      await expectFound(`location_id=${loc.cz}`, ['A', 'C', 'F']);
      await expectFound('location_id=999999', []);
    });

    it('filters by a locality slug inside a country', async () => {
      await expectFound('country_code=CZ&locality=praha', ['A', 'F']);
      await expectFound('country_code=CZ&locality=kladno', ['C']);
      await expectFound('country_code=SK&locality=praha', []);
      expect(await errorsOf('locality=praha')).toEqual({
        locality: ['validation.locality_requires_country'],
      });
    });

    it('searches a radius around a location', async () => {
      await expectFound(`location_id=${loc.praha}&radius_km=30`, ['A', 'F', 'C']);
      await expectFound('country_code=CZ&locality=praha&radius_km=100', ['A', 'F', 'C', 'D']);
    });
  });

  describe('further filters', () => {
    it('filters by floor and total floors', async () => {
      await expectFound('floor_from=1&floor_to=3', ['A', 'B']);
      await expectFound('floor_to=0', ['C']);
      await expectFound('total_floors_from=5', ['A', 'E']);
      await expectFound('total_floors_to=2', ['D']);
    });

    it('filters by listing age and year built', async () => {
      await expectFound('age_days=4', ['A', 'F', 'E']);
      await expectFound('year_built_from=2000', ['C']);
      await expectFound('year_built_from=1970&year_built_to=1985', ['B', 'E']);
    });

    it('filters by photos, floor plan and verification', async () => {
      await expectFound('photos_min=10', ['C', 'D']);
      await expectFound('has_floor_plan=true', ['A', 'C']);
      await expectFound('verified_only=1', ['A', 'C']);
      // false and 0 switch the flag off rather than asking for unverified offers.
      await expectFound('verified_only=0', ['A', 'B', 'C', 'D', 'E', 'F']);
    });

    it('accepts 1 and true for booleans and rejects anything else', async () => {
      expect(await errorsOf('verified_only=yes')).toEqual({ verified_only: ['validation.invalid_boolean'] });
      expect(await errorsOf('has_floor_plan=2')).toEqual({ has_floor_plan: ['validation.invalid_boolean'] });
    });

    it('filters by seller trust score and rating within their ranges', async () => {
      await expectFound('trust_score_min=80', ['A', 'C']);
      await expectFound('seller_rating_min=4.5', ['A', 'C']);
      expect(await errorsOf('trust_score_min=101')).toEqual({
        trust_score_min: ['validation.number_too_large'],
      });
      expect(await errorsOf('seller_rating_min=0.5')).toEqual({
        seller_rating_min: ['validation.number_too_small'],
      });
      expect(await errorsOf('seller_rating_min=5.1')).toEqual({
        seller_rating_min: ['validation.number_too_large'],
      });
    });

    it('filters by the free-from date (no date = available now) and rejects bad dates', async () => {
      await expectFound('free_from=2026-03-01', ['A', 'C', 'D', 'E', 'F']);
      await expectFound('free_from=2026-01-01', ['A', 'D', 'E', 'F']);
      expect(await errorsOf('free_from=01.03.2026')).toEqual({ free_from: ['validation.invalid_date'] });
      expect(await errorsOf('free_from=2026-02-30')).toEqual({ free_from: ['validation.invalid_date'] });
    });
  });

  describe('value-set filters', () => {
    it('filters by offer and property type', async () => {
      await expectFound('offer_type=rent', ['C']);
      await expectFound('property_type=house', ['D']);
      await expectFound('offer_type=sale&property_type=apartment', ['A', 'B', 'E', 'F']);
      expect(await errorsOf('offer_type=lease')).toEqual({ offer_type: ['validation.invalid_value'] });
    });

    it('matches any chosen value within a filter and every filter across', async () => {
      await expectFound('dispositions=2,3', ['A', 'B', 'E', 'F']);
      await expectFound('dispositions=2&dispositions=5', ['B', 'D', 'E', 'F']);
      await expectFound('dispositions[]=1', ['C']);
      await expectFound('dispositions=2,3&country_code=CZ', ['A', 'B', 'F']);
      expect(await errorsOf('dispositions=2,7')).toEqual({ dispositions: ['validation.invalid_value'] });
    });

    it('filters by bathrooms buckets', async () => {
      await expectFound('bathrooms=2%2B', ['B', 'D']);
      await expectFound('bathrooms=1', ['A', 'C', 'E']);
      await expectFound('bathrooms=1,2%2B', ['A', 'B', 'C', 'D', 'E']);
    });

    it('filters by the array-valued room types, other parameters and tags', async () => {
      await expectFound('room_types=terrace', ['B']);
      await expectFound('room_types=cellar,kitchen', ['C', 'D']);
      await expectFound('other_params=swimming_pool', ['D']);
      await expectFound('other_params=lift', ['A', 'B']);
      await expectFound('tags=sauna,bazen', ['A', 'D']);
    });

    it('filters by each single-valued parameter', async () => {
      await expectFound('furnishings=partially_equipped', ['B']);
      await expectFound('ownerships=cooperative', ['B']);
      await expectFound('reconstructions=new_building,insulated', ['C', 'E']);
      await expectFound('building_types=skeletal', ['C']);
      await expectFound('heating=heat_pump,gas', ['A', 'C']);
      await expectFound('parking=garage', ['A', 'D']);
      await expectFound('energy_classes=a', ['C']);
      await expectFound('energy_classes=unknown', ['D', 'F']);
      await expectFound('seller_types=agency,broker', ['B', 'D']);
    });
  });

  it('never shows paused or struck offers, whatever the filters', async () => {
    const all = await search('per_page=100');
    expect(all).not.toContain('paused');
    expect(all).not.toContain('struck');
    expect(await search('dispositions=3&lat=50.08&lng=14.42')).toEqual(['A']);
  });

  it('reports every bad field at once', async () => {
    expect(await errorsOf('radius_km=101&lat=95&lng=10&sort=cheapest')).toEqual({
      radius_km: ['validation.number_too_large'],
      lat: ['validation.number_too_large'],
      sort: ['validation.invalid_value'],
    });
  });

  it('documents the search routes in the OpenAPI', async () => {
    const document = (await api.app.inject({ method: 'GET', url: '/docs/json' })).json();
    for (const path of ['/public/offers', '/public/offers/facets', '/public/offers/map']) {
      expect(document.paths[path]?.get?.tags, path).toEqual(['search']);
      expect(document.paths[path].get.responses['200'], path).toBeDefined();
    }
    const parameters = document.paths['/public/offers'].get.parameters.map((p: { name: string }) => p.name);
    expect(parameters).toEqual(
      expect.arrayContaining(['price_from', 'currency', 'dispositions', 'bbox', 'sort']),
    );
  });
});
