import { offers, offerViewStats, properties, users } from '@estately/db';
import {
  haversineKm,
  OfferContactSchema,
  OfferDetailSchema,
  PointsOfInterestResponseSchema,
  SellerOffersResponseSchema,
  SimilarOffersResponseSchema,
} from '@estately/domain';
import { Validator } from '@seriousme/openapi-schema-validator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { countOfferViews, OfferViewCounter } from '../../../src/features/offers/count-offer-view.ts';
import { buildTestApi, setRates, type TestApi } from '../../support/helpers.ts';
import {
  insertContact,
  insertFullOffer,
  insertPoiNear,
  insertSeller,
  insertUser,
} from '../../support/offer-fixtures.ts';

// GET /public/offers/{id} and its contact, points of interest and similar offers (spec 3,
// spec 7, issue 4).

const API = 'https://api.estately.example';
const PRAHA = { latitude: 50.0755, longitude: 14.4378 };

let api: TestApi;
let ownerId = 0;
let sellerId = 0;
let contactId = 0;
let offerId = 0;
let plainOwnerId = 0;
let noContactOfferId = 0;
let pausedId = 0;
let draftId = 0;
let struckId = 0;

beforeAll(async () => {
  api = await buildTestApi({ PUBLIC_API_URL: API });
  const { db } = api;
  await setRates(db, { EUR: 25, USD: 23 });
  ownerId = await insertUser(db, {
    firstName: 'Petr',
    lastName: 'Svoboda',
    email: 'petr.svoboda@example.com',
    verified: true,
    accountType: 'person',
  });
  sellerId = await insertSeller(db, {
    rating: 4.5,
    ratingCount: 12,
    trustScore: 88,
    isVerified: true,
    countryCode: 'CZ',
  });
  contactId = await insertContact(db, sellerId, {
    contactName: 'Jana Nováková',
    contactEmail: 'jana@vltava.example',
    contactEmailSecond: 'office@vltava.example',
    contactPhone: '+420 601 111 222',
    contactPhoneSecond: '+420 602 333 444',
  });
  offerId = await insertFullOffer(db, {
    ownerId,
    sellerId,
    contactId,
    price: 200_000,
    currency: 'EUR',
    priceNormalized: 5_000_000,
    photos: [
      { position: 2, roomType: 'kitchen' },
      { position: 0, isMain: true, roomType: 'living_room' },
      { position: 1, isFloorPlan: true },
    ],
  });
  plainOwnerId = await insertUser(db, { email: 'owner.only@example.com', phoneNumber: '+420 777 000 111' });
  noContactOfferId = await insertFullOffer(db, { ownerId: plainOwnerId });
  pausedId = await insertFullOffer(db, { ownerId, state: 'paused' });
  draftId = await insertFullOffer(db, { ownerId, state: 'draft' });
  struckId = await insertFullOffer(db, { ownerId, struck: true });
});
afterAll(async () => {
  await api?.close();
});

describe('GET /public/offers/{id}', () => {
  it('answers every field of spec 3 with photos, creator, seller and derived values', async () => {
    const response = await api.app.inject({ method: 'GET', url: `/public/offers/${offerId}` });
    expect(response.statusCode).toBe(200);
    const body = OfferDetailSchema.parse(response.json());
    expect(body).toMatchObject({
      id: offerId,
      activated_at: '2026-03-01T10:00:00.000Z',
      city: 'Praha',
      city_part: 'Vinohrady',
      country_code: 'CZ',
      currency_iso_code: 'CZK',
      original_currency_iso_code: 'EUR',
      original_price: 200_000,
      price: 5_000_000,
      price_variant: 'negotiable',
      disposition: '3',
      flat_settings: { balcony_area: 6 },
      is_top_offer: true,
      top_offer_mutations: ['cs', 'de'],
      latitude: PRAHA.latitude,
      longitude: PRAHA.longitude,
      locale: 'cs',
      offer_types: ['sale'],
      property_type: 'apartment',
      street: 'Vinohradská 12',
      zip: '120 00',
      useful_area: 74,
      useful_area_meters: 74,
      useful_area_units: 'm2',
      bathroom: 1,
      description: 'Světlý byt s výhledem na Vltavu.',
      floor: 3,
      total_floors: 5,
      free_from_date: '2026-05-01',
      furnishings: 'partially_equipped',
      minimum_rental_period: null,
      number_of_parking_places: 1,
      other_params: ['lift', 'internet'],
      ownership: 'personal',
      parking: 'garage',
      penb: 'c',
      reconstruction: 'after_reconstruction',
      rent_price_period: null,
      room: ['living_room', 'bedroom', 'bedroom', 'kitchen', 'bathroom'],
      type_of_building: 'brick',
      type_of_heating: 'gas',
      layout: '3+1',
      address: 'Vinohradská 12, Praha',
    });
    expect(body.parameters.map((parameter) => [parameter.key, parameter.value])).toEqual([
      ['offer.ownership', 'personal'],
      ['offer.state', 'after_reconstruction'],
      ['offer.energy_rating', 'c'],
      ['offer.construction', 'brick'],
      ['offer.heating', 'gas'],
      ['offer.furnishing', 'partially_equipped'],
      ['offer.floor_label', '3/5'],
    ]);
    expect(body.creator).toMatchObject({ id: ownerId, display_name: 'Petr Svoboda', email_verified: true });
    // A confirmed e-mail is its own fact, not the listing's (issue 38 point 3).
    expect(body.creator).not.toHaveProperty('verified');
    // The owner's e-mail stays private.
    expect(JSON.stringify(body.creator)).not.toContain('petr.svoboda@example.com');
    expect(body.seller).toMatchObject({
      id: sellerId,
      seller_type: 'agency',
      name: 'Reality Vltava s.r.o.',
      rating: 4.5,
      trust_score: 88,
      is_verified: true,
    });
  });

  it('lists photos in display order with absolute URL variants', async () => {
    const body = OfferDetailSchema.parse(
      (await api.app.inject({ method: 'GET', url: `/public/offers/${offerId}` })).json(),
    );
    expect(
      body.photos.map((photo) => [photo.position, photo.is_main, photo.room_type, photo.is_floor_plan]),
    ).toEqual([
      [0, true, 'living_room', false],
      [1, false, null, true],
      [2, false, 'kitchen', false],
    ]);
    for (const photo of body.photos) {
      for (const url of Object.values(photo.image_file))
        expect(url).toMatch(new RegExp(`^${API}/media/photos/`));
      expect(photo.image_file.full_avif).toMatch(/\.avif$/);
    }
  });

  it('converts the price into ?currency= and keeps the original', async () => {
    const response = await api.app.inject({ method: 'GET', url: `/public/offers/${offerId}?currency=usd` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.currency_iso_code).toBe('USD');
    // 200,000 EUR = 5,000,000 CZK = 217,391.30 USD at 23 CZK/USD.
    expect(body.price).toBeCloseTo(5_000_000 / 23, 0);
    expect(body).toMatchObject({ original_price: 200_000, original_currency_iso_code: 'EUR' });
  });

  it('rejects an unknown currency with 422 naming the field', async () => {
    const response = await api.app.inject({ method: 'GET', url: `/public/offers/${offerId}?currency=XYZ` });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'validation_errors',
      errors: { currency: expect.any(Array) },
    });
  });

  it('answers 410 gone for a paused offer, with its similar offers (decision 042)', async () => {
    const response = await api.app.inject({ method: 'GET', url: `/public/offers/${pausedId}` });
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({ code: 'gone', message: 'Gone' });
    const similar = await api.app.inject({ method: 'GET', url: `/public/offers/${pausedId}/similar_offers` });
    expect(similar.statusCode).toBe(200);
    for (const suffix of ['/contact', '/points_of_interest', '/offer_translation']) {
      const other = await api.app.inject({ method: 'GET', url: `/public/offers/${pausedId}${suffix}` });
      expect(other.statusCode, suffix).toBe(404);
    }
  });

  it('answers 404 not_found for unknown, draft and struck offers and impossible ids', async () => {
    for (const id of [999_999, draftId, struckId, 'abc', '0', '12abc', '99999999999999999999']) {
      for (const suffix of ['', '/contact', '/points_of_interest', '/similar_offers', '/offer_translation']) {
        const response = await api.app.inject({ method: 'GET', url: `/public/offers/${id}${suffix}` });
        expect(response.statusCode, `${id}${suffix}`).toBe(404);
        expect(response.json()).toEqual({ code: 'not_found', message: 'Not Found' });
      }
    }
  });

  it('hides an offer as soon as its property is struck, even while its read-model row remains', async () => {
    const id = await insertFullOffer(api.db, { ownerId });
    expect((await api.app.inject({ method: 'GET', url: `/public/offers/${id}` })).statusCode).toBe(200);
    await api.db.update(properties).set({ struckAt: new Date() }).where(eq(properties.id, id));
    expect(await api.db.select({ id: offers.id }).from(offers).where(eq(offers.id, id))).toHaveLength(1);
    expect((await api.app.inject({ method: 'GET', url: `/public/offers/${id}` })).statusCode).toBe(404);
  });
});

describe('offer views', () => {
  async function detailViews(id: number): Promise<number> {
    // Views are written after the answers; wait for the ones on their way.
    await api.app.offerViews.flush();
    const rows = await api.db
      .select({ views: offerViewStats.detailViews })
      .from(offerViewStats)
      .where(eq(offerViewStats.propertyId, id));
    return rows.reduce((sum, row) => sum + row.views, 0);
  }

  it('counts a view once per stats token and offer', async () => {
    const id = await insertFullOffer(api.db, { ownerId });
    const view = (token: string, address = '203.0.113.5') =>
      api.app.inject({
        method: 'GET',
        url: `/public/offers/${id}`,
        headers: { 'x-stats-token': token },
        remoteAddress: address,
      });
    expect((await view('token-aaaaaaaa')).statusCode).toBe(200);
    await view('token-aaaaaaaa');
    await view('token-aaaaaaaa', '198.51.100.7'); // same visitor on another network
    expect(await detailViews(id)).toBe(1);
    await view('token-bbbbbbbb');
    expect(await detailViews(id)).toBe(2);
  });

  it('counts a visitor without a token once per address and user agent', async () => {
    const id = await insertFullOffer(api.db, { ownerId });
    const view = (address: string, agent: string) =>
      api.app.inject({
        method: 'GET',
        url: `/public/offers/${id}`,
        headers: { 'user-agent': agent },
        remoteAddress: address,
      });
    await view('192.0.2.1', 'Firefox');
    await view('192.0.2.1', 'Firefox');
    expect(await detailViews(id)).toBe(1);
    await view('192.0.2.1', 'Safari');
    await view('192.0.2.2', 'Firefox');
    expect(await detailViews(id)).toBe(3);
  });

  it('counts the same token again once 3 hours have passed', async () => {
    const id = await insertFullOffer(api.db, { ownerId });
    const headers = { 'x-stats-token': 'token-cccccccc' };
    await api.app.inject({ method: 'GET', url: `/public/offers/${id}`, headers });
    await api.app.inject({ method: 'GET', url: `/public/offers/${id}`, headers });
    expect(await detailViews(id)).toBe(1);
    // The clock moves past the stats token lifetime (the process remembers counted views).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 3 * 3_600_000 + 60_000);
      await api.app.inject({ method: 'GET', url: `/public/offers/${id}`, headers });
      await api.app.inject({ method: 'GET', url: `/public/offers/${id}`, headers });
      expect(await detailViews(id)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes a view it knows cannot count no more, in this process or after a restart', async () => {
    const id = await insertFullOffer(api.db, { ownerId });
    let statements = 0;
    const counting = new Proxy(api.db, {
      get(target, property, receiver) {
        if (property === 'execute')
          return (...args: Parameters<typeof target.execute>) => {
            statements += 1;
            return target.execute(...args);
          };
        return Reflect.get(target, property, receiver);
      },
    });
    const counter = new OfferViewCounter(counting);
    await counter.count({ id, visitorKey: 'visitor-memory' });
    await counter.count({ id, visitorKey: 'visitor-memory' });
    expect(statements).toBe(1);
    expect(await detailViews(id)).toBe(1);
    // A fresh process (a new counter) asks the database once, is refused, and remembers.
    const restarted = new OfferViewCounter(counting);
    await restarted.count({ id, visitorKey: 'visitor-memory' });
    await restarted.count({ id, visitorKey: 'visitor-memory' });
    expect(statements).toBe(2);
    expect(await detailViews(id)).toBe(1);
  });

  it('counts concurrent views exactly when they share writes', async () => {
    const first = await insertFullOffer(api.db, { ownerId });
    const second = await insertFullOffer(api.db, { ownerId });
    // 40 requests at once: 8 visitors on the first offer, each 3 times, and 4 visitors twice on
    // the second. The requests queue behind the write in flight and are written together.
    const requests = [
      ...Array.from({ length: 24 }, (_, i) => [first, `visitor-a-${i % 8}`] as const),
      ...Array.from({ length: 8 }, (_, i) => [second, `visitor-b-${i % 4}`] as const),
      ...Array.from({ length: 8 }, (_, i) => [second, `visitor-b-${i % 4}`] as const),
    ];
    const responses = await Promise.all(
      requests.map(([id, token]) =>
        api.app.inject({ method: 'GET', url: `/public/offers/${id}`, headers: { 'x-stats-token': token } }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(requests.map(() => 200));
    expect(await detailViews(first)).toBe(8);
    expect(await detailViews(second)).toBe(4);
  });

  it('counts a batch once per visitor and offer, skipping offers that are gone', async () => {
    const id = await insertFullOffer(api.db, { ownerId });
    const now = new Date('2026-06-01T12:00:00Z');
    const counted = await countOfferViews(api.db, [
      { id, visitorKey: 't:one', now },
      { id, visitorKey: 't:one', now },
      { id, visitorKey: 't:two', now },
      { id: 999_999_999, visitorKey: 't:one', now },
    ]);
    expect([...counted].sort()).toEqual([`${id}:t:one`, `${id}:t:two`]);
    // The batch commits without waiting for the log; the setting stays local to it.
    expect(await api.database.query('show synchronous_commit')).toEqual([{ synchronous_commit: 'on' }]);
    expect(await detailViews(id)).toBe(2);
    // Within 3 hours nothing counts again; after them, once more.
    expect((await countOfferViews(api.db, [{ id, visitorKey: 't:one', now }])).size).toBe(0);
    const later = new Date(now.getTime() + 3 * 3_600_000);
    expect((await countOfferViews(api.db, [{ id, visitorKey: 't:one', now: later }])).size).toBe(1);
    expect(await detailViews(id)).toBe(3);
  });

  it('does not count a HEAD request', async () => {
    const id = await insertFullOffer(api.db, { ownerId });
    const head = await api.app.inject({ method: 'HEAD', url: `/public/offers/${id}` });
    expect(head.statusCode).toBe(200);
    expect(await detailViews(id)).toBe(0);
  });

  it('does not count a 404', async () => {
    await api.app.inject({ method: 'GET', url: `/public/offers/${pausedId}` });
    expect(await detailViews(pausedId)).toBe(0);
  });
});

describe('GET /public/offers/{id}/contact', () => {
  it("answers the offer's contact person", async () => {
    const response = await api.app.inject({ method: 'GET', url: `/public/offers/${offerId}/contact` });
    expect(response.statusCode).toBe(200);
    expect(OfferContactSchema.parse(response.json())).toEqual({
      id: contactId,
      contact_name: 'Jana Nováková',
      contact_email: 'jana@vltava.example',
      contact_email_second: 'office@vltava.example',
      contact_phone: '+420 601 111 222',
      contact_phone_second: '+420 602 333 444',
    });
  });

  it("falls back to the owner's public details without a contact person, never the login e-mail", async () => {
    const response = await api.app.inject({
      method: 'GET',
      url: `/public/offers/${noContactOfferId}/contact`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: null,
      contact_name: null,
      contact_email: null,
      contact_email_second: null,
      contact_phone: '+420 777 000 111',
      contact_phone_second: null,
    });
    expect(response.body).not.toContain('owner.only@example.com');
    // A contact e-mail the owner set in the account is public.
    await api.db
      .update(users)
      .set({ contactEmail: 'office@owner.example' })
      .where(eq(users.id, plainOwnerId));
    const again = await api.app.inject({ method: 'GET', url: `/public/offers/${noContactOfferId}/contact` });
    expect(again.json().contact_email).toBe('office@owner.example');
  });
});

describe('GET /public/offers/{id}/points_of_interest', () => {
  let poiOfferId = 0;
  const origin = { latitude: 49.1951, longitude: 16.6068 }; // Brno
  const placed: Record<string, { id: number; latitude: number; longitude: number }> = {};

  beforeAll(async () => {
    poiOfferId = await insertFullOffer(api.db, { ownerId, city: 'Brno', ...origin });
    const spots = [
      { key: 'school-far', kind: 'school', name: 'ZŠ Vídeňská', metresNorth: 1500, metresEast: 0 },
      { key: 'school-near', kind: 'school', name: 'ZŠ Kotlářská', metresNorth: 0, metresEast: 300 },
      { key: 'school-mid', kind: 'school', name: 'ZŠ Husova', metresNorth: -700, metresEast: 0 },
      { key: 'school-4th', kind: 'school', name: 'ZŠ Bakalovo', metresNorth: 1200, metresEast: 1200 },
      { key: 'tram', kind: 'tram_stop', name: 'Česká', metresNorth: 120, metresEast: 0 },
      { key: 'park', kind: 'park', name: 'Lužánky', metresNorth: 0, metresEast: -900 },
      { key: 'too-far', kind: 'hospital', name: 'FN Brno', metresNorth: 4000, metresEast: 0 },
    ];
    for (const spot of spots) placed[spot.key] = await insertPoiNear(api.db, origin, spot);
  });

  it('groups places by category, nearest first, with haversine distances, within 2 km', async () => {
    const response = await api.app.inject({
      method: 'GET',
      url: `/public/offers/${poiOfferId}/points_of_interest`,
    });
    expect(response.statusCode).toBe(200);
    const { data } = PointsOfInterestResponseSchema.parse(response.json());
    // Categories in the order of their nearest place; the hospital 4 km away is left out.
    expect(data.map((group) => group.category)).toEqual(['tram_stop', 'school', 'park']);
    const schools = data.find((group) => group.category === 'school')!.items;
    // Three per category by default: the fourth school (1.70 km) is dropped.
    expect(schools.map((item) => item.name)).toEqual(['ZŠ Kotlářská', 'ZŠ Husova', 'ZŠ Vídeňská']);
    for (const group of data) {
      for (const item of group.items) {
        const spot = Object.values(placed).find((p) => p.id === item.id)!;
        const expected = haversineKm(
          { lat: origin.latitude, lng: origin.longitude },
          { lat: spot.latitude, lng: spot.longitude },
        );
        expect(item.distance_km).toBeCloseTo(expected, 3);
        expect(item.distance_m).toBe(Math.round(expected * 1000));
      }
    }
    expect(schools[0]!.distance_m).toBeGreaterThan(295);
    expect(schools[0]!.distance_m).toBeLessThan(305);
  });

  it('honours radius_km and per_category and validates them', async () => {
    const wide = await api.app.inject({
      method: 'GET',
      url: `/public/offers/${poiOfferId}/points_of_interest?radius_km=5&per_category=10`,
    });
    const groups = wide.json().data as { category: string; items: unknown[] }[];
    expect(groups.find((group) => group.category === 'school')!.items).toHaveLength(4);
    expect(groups.map((group) => group.category)).toContain('hospital');

    const narrow = await api.app.inject({
      method: 'GET',
      url: `/public/offers/${poiOfferId}/points_of_interest?radius_km=0.5&per_category=1`,
    });
    expect(narrow.json().data).toEqual([
      expect.objectContaining({ category: 'tram_stop' }),
      expect.objectContaining({
        category: 'school',
        items: [expect.objectContaining({ name: 'ZŠ Kotlářská' })],
      }),
    ]);

    for (const query of [
      'radius_km=6',
      'radius_km=0',
      'radius_km=x',
      'per_category=0',
      'per_category=11',
      'per_category=1.5',
    ]) {
      const response = await api.app.inject({
        method: 'GET',
        url: `/public/offers/${poiOfferId}/points_of_interest?${query}`,
      });
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([query.split('=')[0]]);
    }
  });
});

describe('GET /public/offers/{id}/similar_offers', () => {
  let baseId = 0;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const { db } = api;
    const owner = await insertUser(db);
    const at = (latitude: number, longitude: number) => ({ latitude, longitude });
    baseId = await insertFullOffer(db, {
      ownerId: owner,
      city: 'Olomouc',
      ...at(49.5938, 17.2509),
      price: 4_000_000,
      area: 60,
    });
    const make = async (key: string, fixture: Partial<Parameters<typeof insertFullOffer>[1]>) => {
      ids[key] = await insertFullOffer(db, {
        ownerId: owner,
        city: 'Olomouc',
        ...at(49.6, 17.26),
        price: 4_000_000,
        area: 60,
        ...fixture,
      });
    };
    await make('twin', { price: 4_100_000, area: 61 });
    await make('closeEur', { price: 170_000, currency: 'EUR', priceNormalized: 4_250_000, area: 64 });
    await make('pricier', { price: 5_400_000, area: 70 });
    await make('farTwin', { ...at(50.0755, 14.4378), price: 4_000_000, area: 60 }); // Praha, ~210 km
    await make('rent', { offerType: 'rent', price: 20_000 });
    await make('house', { propertyType: 'house' });
    await make('paused', { state: 'paused' });
    await make('struck', { struck: true });
    await make('slovak', {
      countryCode: 'SK',
      ...at(48.1486, 17.1077),
      price: 160_000,
      currency: 'EUR',
      priceNormalized: 4_000_000,
    });
    await make('austrian', {
      countryCode: 'AT',
      ...at(48.2082, 16.3738),
      price: 175_000,
      currency: 'EUR',
      priceNormalized: 4_375_000,
      area: 62,
    });
    await make('austrianHouse', { countryCode: 'AT', propertyType: 'house', ...at(48.2, 16.37) });
  });

  const similar = async (query = '') => {
    const response = await api.app.inject({
      method: 'GET',
      url: `/public/offers/${baseId}/similar_offers${query}`,
    });
    expect(response.statusCode).toBe(200);
    return SimilarOffersResponseSchema.parse(response.json()).data;
  };

  it('gives 4 offers of the same types in the same country, closest first, never itself', async () => {
    const data = await similar();
    expect(data.map((offer) => offer.id)).toEqual([ids.twin, ids.closeEur, ids.pricier, ids.farTwin]);
    for (const offer of data) {
      expect(offer).toMatchObject({ offer_type: 'sale', property_type: 'apartment', country_code: 'CZ' });
      expect(offer.id).not.toBe(baseId);
    }
  });

  it('honours limit, converts card prices, and validates the query', async () => {
    const two = await similar('?limit=2&currency=EUR');
    expect(two.map((offer) => offer.id)).toEqual([ids.twin, ids.closeEur]);
    expect(two[1]).toMatchObject({
      original_price: 170_000,
      original_currency_iso_code: 'EUR',
      currency_iso_code: 'EUR',
      price: 170_000,
    });
    const all = await similar('?limit=20');
    const allIds = all.map((offer) => offer.id);
    for (const hidden of [baseId, ids.rent, ids.house, ids.paused, ids.struck, ids.slovak, ids.austrian])
      expect(allIds).not.toContain(hidden);
    for (const query of ['?limit=0', '?limit=21', '?limit=x', '?abroad=maybe']) {
      const response = await api.app.inject({
        method: 'GET',
        url: `/public/offers/${baseId}/similar_offers${query}`,
      });
      expect(response.statusCode, query).toBe(422);
    }
  });

  it('abroad=true gives only offers in other countries, of the same types', async () => {
    for (const flag of ['true', '1']) {
      const data = await similar(`?abroad=${flag}`);
      expect(data.map((offer) => offer.id)).toEqual([ids.slovak, ids.austrian]);
      for (const offer of data) expect(offer.country_code).not.toBe('CZ');
    }
  });
});

describe('GET /public/offers/{id}/seller_offers', () => {
  let agencyOffer = 0;
  let personOffer = 0;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const { db } = api;
    const agent = await insertUser(db);
    const colleague = await insertUser(db);
    const person = await insertUser(db);
    const agency = await insertSeller(db, { isVerified: true });
    const otherAgency = await insertSeller(db);
    const day = (n: number) => new Date(Date.UTC(2026, 5, n));
    agencyOffer = await insertFullOffer(db, { ownerId: agent, sellerId: agency, activatedAt: day(1) });
    // The agency's offers, whoever of its people published them, newest first.
    ids.older = await insertFullOffer(db, { ownerId: agent, sellerId: agency, activatedAt: day(2) });
    ids.newer = await insertFullOffer(db, {
      ownerId: colleague,
      sellerId: agency,
      activatedAt: day(5),
      price: 180_000,
      currency: 'EUR',
      priceNormalized: 4_500_000,
    });
    ids.middle = await insertFullOffer(db, { ownerId: agent, sellerId: agency, activatedAt: day(3) });
    ids.paused = await insertFullOffer(db, { ownerId: agent, sellerId: agency, state: 'paused' });
    ids.struck = await insertFullOffer(db, { ownerId: agent, sellerId: agency, struck: true });
    ids.otherAgency = await insertFullOffer(db, { ownerId: agent, sellerId: otherAgency });
    // A person selling on their own: their offers without a seller profile.
    personOffer = await insertFullOffer(db, { ownerId: person, activatedAt: day(1) });
    ids.personHouse = await insertFullOffer(db, {
      ownerId: person,
      propertyType: 'house',
      activatedAt: day(4),
    });
    ids.personViaAgency = await insertFullOffer(db, { ownerId: person, sellerId: otherAgency });
  });

  const sellerOffers = async (id: number, query = '') => {
    const response = await api.app.inject({
      method: 'GET',
      url: `/public/offers/${id}/seller_offers${query}`,
    });
    expect(response.statusCode).toBe(200);
    return SellerOffersResponseSchema.parse(response.json());
  };

  it("gives the seller profile's other public offers, newest first, with their number", async () => {
    const answer = await sellerOffers(agencyOffer);
    expect(answer.data.map((offer) => offer.id)).toEqual([ids.newer, ids.middle, ids.older]);
    expect(answer.meta.total).toBe(3);
  });

  it('counts past the limit, converts card prices, and validates the query', async () => {
    const one = await sellerOffers(agencyOffer, '?limit=1&currency=EUR');
    expect(one.data.map((offer) => offer.id)).toEqual([ids.newer]);
    expect(one.meta.total).toBe(3);
    expect(one.data[0]).toMatchObject({ price: 180_000, currency_iso_code: 'EUR' });
    for (const query of ['?limit=0', '?limit=21', '?limit=x', '?currency=XYZ']) {
      const response = await api.app.inject({
        method: 'GET',
        url: `/public/offers/${agencyOffer}/seller_offers${query}`,
      });
      expect(response.statusCode, query).toBe(422);
    }
  });

  it("gives a person's own other offers when the offer has no seller profile", async () => {
    const answer = await sellerOffers(personOffer);
    expect(answer.data.map((offer) => offer.id)).toEqual([ids.personHouse]);
    expect(answer.meta.total).toBe(1);
  });

  it('is a 404 for an offer that is not public', async () => {
    for (const id of [ids.paused ?? 0, ids.struck ?? 0, 999_999_999]) {
      const response = await api.app.inject({ method: 'GET', url: `/public/offers/${id}/seller_offers` });
      expect(response.statusCode, String(id)).toBe(404);
    }
  });
});

describe('OpenAPI', () => {
  it('documents every offer route under the offers tag', async () => {
    const document = (await api.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    const routes = [
      ['get', '/public/offers/{id}'],
      ['get', '/public/offers/{id}/contact'],
      ['get', '/public/offers/{id}/points_of_interest'],
      ['get', '/public/offers/{id}/similar_offers'],
      ['get', '/public/offers/{id}/seller_offers'],
      ['get', '/public/offers/{id}/offer_translation'],
      ['post', '/public/offers/{id}/offer_message'],
      ['post', '/public/offers/{id}/offer_report'],
    ] as const;
    for (const [method, path] of routes) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.tags).toEqual(['offers']);
      expect(operation.summary).toBeTruthy();
      expect(operation.parameters.find((p: { name: string }) => p.name === 'id')).toMatchObject({
        in: 'path',
      });
      expect(operation.responses['404']).toBeDefined();
    }
    expect(document.tags.map((tag: { name: string }) => tag.name)).toContain('offers');
    const similar = document.paths['/public/offers/{id}/similar_offers'].get;
    expect(similar.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['limit', 'abroad', 'currency']),
    );
    expect(document.paths['/public/offers/{id}/offer_message'].post.responses['429']).toBeDefined();
    expect(document.paths['/public/offers/{id}/offer_report'].post.responses['409']).toBeDefined();
    const detail = document.paths['/public/offers/{id}'].get;
    expect(detail.parameters.map((p: { name: string }) => p.name)).toContain('x-stats-token');
  });
});
