import { offers, priceHistory, properties, savedSearches, users } from '@estately/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, ensurePropertyPhoto, setRates, type TestApi } from '../../support/helpers.ts';
import { insertLocation } from '../../support/search-helpers.ts';

// Francs, lira and dinars (decision 050): a seller prices an offer in CHF, it is stored in CHF,
// found by a price filter in CHF, and converted for visitors who browse in EUR, TRY or RSD, at
// the rates of the exchange_rates table. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let api: TestApi;
let seller: { id: number };
let zurich: number;
let offerId: number;

// CZK per unit, different from the built-in ones so the test proves the table's rates are used.
const RATES = { EUR: 25, CHF: 27, TRY: 0.5, RSD: 0.2 };

const swissFlat = {
  offer_type: 'sale',
  property_type: 'apartment',
  price: 850_000,
  currency_iso_code: 'CHF',
  price_variant: 'negotiable',
  disposition: '3',
  room: ['living_room', 'bedroom', 'bedroom', 'kitchen', 'bathroom'],
  bathroom: 1,
  useful_area: 88,
  useful_area_units: 'm2',
  floor: 3,
  total_floors: 5,
  type_of_building: 'brick',
  type_of_heating: 'gas',
  ownership: 'personal',
  furnishings: 'partially_equipped',
  parking: 'garage',
  penb: 'c',
  other_params: ['lift'],
  tags: ['vyhled'],
  free_from_date: '2027-01-01',
  description: 'Helle Wohnung mit Seesicht.',
  street: 'Seefeldstrasse 40',
  city: 'zurich',
  country_code: 'CH',
  contact: {
    contact_name: 'Anna Meier',
    contact_email: 'anna@example.com',
    contact_phone: '+41 44 123 45 67',
  },
};

async function searchIds(query: string): Promise<number[]> {
  const response = await api.app.inject({
    method: 'GET',
    url: `/public/offers?location_id=${zurich}&${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((offer: { id: number }) => offer.id);
}

beforeAll(async () => {
  api = await buildTestApi();
  await setRates(api.db, RATES);
  seller = await createUser(api.db);
  const ch = await insertLocation(api.db, {
    kind: 'country',
    countryCode: 'CH',
    name: 'Schweiz',
    slug: 'schweiz',
    latitude: 46.8,
    longitude: 8.2,
    locale: 'de-CH',
  });
  zurich = await insertLocation(api.db, {
    kind: 'city',
    parentId: ch,
    countryCode: 'CH',
    name: 'Zürich',
    slug: 'zurich',
    latitude: 47.3769,
    longitude: 8.5417,
    locale: 'de-CH',
    population: 420_000,
  });
  const saved = await api.app.inject({
    method: 'POST',
    url: '/v1/property/save',
    headers: bearer(api.config, seller.id),
    payload: swissFlat,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  offerId = saved.json().data.id;
  await ensurePropertyPhoto(api.db, offerId);
  const published = await api.app.inject({
    method: 'POST',
    url: `/v1/properties/set-state/${offerId}`,
    headers: bearer(api.config, seller.id),
    payload: { state: 'active' },
  });
  expect(published.statusCode, published.body).toBe(200);
});

afterAll(async () => {
  await api?.close();
});

describe('an offer priced in Swiss francs', () => {
  it('is stored in CHF, with its price history in CHF and a CZK value for search', async () => {
    const [row] = await api.db.select().from(properties).where(eq(properties.id, offerId));
    expect(row).toMatchObject({ price: 850_000, currency: 'CHF' });
    const history = await api.db.select().from(priceHistory).where(eq(priceHistory.propertyId, offerId));
    expect(history.map((h) => [h.price, h.currency])).toEqual([[850_000, 'CHF']]);
    const [offer] = await api.db.select().from(offers).where(eq(offers.id, offerId));
    expect(offer?.currency).toBe('CHF');
    // 850 000 CHF at 27 CZK.
    expect(Number(offer?.priceNormalized)).toBe(22_950_000);
  });

  it('is found by a price filter in CHF and left out by one that excludes it', async () => {
    expect(await searchIds('price_from=800000&price_to=900000&currency=CHF')).toEqual([offerId]);
    expect(await searchIds('price_to=849999&currency=CHF')).toEqual([]);
    expect(await searchIds('price_from=850001&currency=chf')).toEqual([]);
  });

  it('is found by the same range in lira and dinars, converted at the table rates', async () => {
    // 850 000 CHF = 22 950 000 CZK = 45 900 000 TRY = 114 750 000 RSD.
    expect(await searchIds('price_from=45800000&price_to=46000000&currency=TRY')).toEqual([offerId]);
    expect(await searchIds('price_to=45800000&currency=TRY')).toEqual([]);
    expect(await searchIds('price_from=114700000&price_to=114800000&currency=RSD')).toEqual([offerId]);
  });

  it('shows its price converted, with the original in CHF, on cards and the offer page', async () => {
    const list = await api.app.inject({
      method: 'GET',
      url: `/public/offers?location_id=${zurich}&currency=EUR`,
    });
    expect(list.json().data[0]).toMatchObject({
      id: offerId,
      price: 918_000,
      currency_iso_code: 'EUR',
      original_price: 850_000,
      original_currency_iso_code: 'CHF',
    });
    const inLira = await api.app.inject({ method: 'GET', url: `/public/offers/${offerId}?currency=TRY` });
    expect(inLira.statusCode).toBe(200);
    expect(inLira.json()).toMatchObject({
      price: 45_900_000,
      currency_iso_code: 'TRY',
      original_price: 850_000,
      original_currency_iso_code: 'CHF',
    });
    // Whole dinars: 850 000 * 27 / 0.2.
    const inDinars = await api.app.inject({ method: 'GET', url: `/public/offers/${offerId}?currency=rsd` });
    expect(inDinars.json()).toMatchObject({ price: 114_750_000, currency_iso_code: 'RSD' });
    const inFrancs = await api.app.inject({ method: 'GET', url: `/public/offers/${offerId}?currency=CHF` });
    expect(inFrancs.json()).toMatchObject({ price: 850_000, currency_iso_code: 'CHF' });
  });
});

describe('accounts and saved searches', () => {
  it('keep TRY, RSD and CHF as the preferred and the alert currency', async () => {
    const buyer = await createUser(api.db);
    const patched = await api.app.inject({
      method: 'PATCH',
      url: '/users/me',
      headers: bearer(api.config, buyer.id),
      payload: { preferredCurrency: 'TRY' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const [user] = await api.db.select().from(users).where(eq(users.id, buyer.id));
    expect(user?.preferredCurrency).toBe('TRY');

    const created = await api.app.inject({
      method: 'POST',
      url: '/saved_searches',
      headers: bearer(api.config, buyer.id),
      payload: {
        name: 'Zürich',
        filters: { offer_type: 'sale', price_to: 900_000, currency: 'CHF' },
        search_path: '/de-CH/suche/kaufen',
        currency: 'RSD',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      filters: { currency: 'CHF', price_to: 900_000 },
      currency: 'RSD',
    });
    const [row] = await api.db.select().from(savedSearches).where(eq(savedSearches.userId, buyer.id));
    expect(row?.currency).toBe('RSD');
  });
});
