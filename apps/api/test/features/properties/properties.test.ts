import { DEFAULT_RATES, FEATURED_LIMIT, FeaturedPropertiesResponseSchema } from '@estately/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApi, insertOffer, insertOwner, setRates, type TestApi } from '../../support/helpers.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 12));

// GET /properties: the featured list of spec 7 and spec 9 (newest published first, 8 items,
// prices in the asked currency, default CZK).
describe('GET /properties', () => {
  let api: TestApi;
  const active: number[] = []; // ids in publication order, oldest first
  let draftId = 0;
  let pausedId = 0;
  let struckId = 0;
  let unpublishedId = 0;
  let eurOfferId = 0;

  beforeAll(async () => {
    api = await buildTestApi({ PUBLIC_API_URL: 'https://api.estately.example' });
    const { db } = api;
    await setRates(db, { CZK: 1, EUR: 25, USD: 23.5, JPY: 0.16 });
    const owner = await insertOwner(db);

    // Ten active offers published on days 1..10, inserted out of order so that insertion
    // order (ids) and publication order differ.
    for (const n of [3, 9, 1, 7, 5, 10, 2, 8, 4, 6]) {
      const id = await insertOffer(db, {
        ownerId: owner,
        publishedAt: day(n),
        price: 1_000_000 * n,
        city: `City ${n}`,
      });
      active[n - 1] = id;
    }
    // Newer than every active offer, yet not public.
    draftId = await insertOffer(db, { ownerId: owner, state: 'draft', publishedAt: day(20) });
    pausedId = await insertOffer(db, { ownerId: owner, state: 'paused', publishedAt: day(21) });
    struckId = await insertOffer(db, { ownerId: owner, publishedAt: day(22), struck: true });
    unpublishedId = await insertOffer(db, { ownerId: owner, publishedAt: null });
    // The newest public offer, priced in EUR, with a photo.
    eurOfferId = await insertOffer(db, {
      ownerId: owner,
      publishedAt: day(15),
      price: 200_000,
      currency: 'EUR',
      mainPhoto: {
        id: 77,
        variants: {
          thumb: 'photos/77/thumb.webp',
          card: 'photos/77/card.webp',
          gallery: 'photos/77/gallery.webp',
          full: 'photos/77/full.webp',
          card_avif: 'photos/77/card.avif',
        },
      },
    });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('returns the 8 most recently published active offers, newest first', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/properties' });
    expect(response.statusCode).toBe(200);
    const body = FeaturedPropertiesResponseSchema.parse(response.json());
    expect(FEATURED_LIMIT).toBe(8);
    expect(body.data).toHaveLength(8);
    // The EUR offer (day 15), then days 10, 9, ..., 4.
    expect(body.data.map((offer) => offer.id)).toEqual([
      eurOfferId,
      ...[10, 9, 8, 7, 6, 5, 4].map((n) => active[n - 1]),
    ]);
  });

  it('leaves out drafts, paused, struck and never-published properties', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/properties' });
    const ids = response.json().data.map((offer: { id: number }) => offer.id);
    for (const hidden of [draftId, pausedId, struckId, unpublishedId]) expect(ids).not.toContain(hidden);
  });

  it('prices in CZK by default and in the asked currency, consistent with the rates', async () => {
    const czk = (await api.app.inject({ method: 'GET', url: '/properties' })).json().data;
    const eur = (await api.app.inject({ method: 'GET', url: '/properties?currency=EUR' })).json().data;
    expect(czk).toHaveLength(eur.length);

    // 200,000 EUR at 25 CZK/EUR.
    expect(czk[0]).toMatchObject({
      currency_iso_code: 'CZK',
      price: 5_000_000,
      original_price: 200_000,
      original_currency_iso_code: 'EUR',
    });
    expect(eur[0]).toMatchObject({ currency_iso_code: 'EUR', price: 200_000, original_price: 200_000 });

    // 10,000,000 CZK is 400,000 EUR.
    expect(czk[1]).toMatchObject({
      currency_iso_code: 'CZK',
      price: 10_000_000,
      original_currency_iso_code: 'CZK',
    });
    expect(eur[1]).toMatchObject({ currency_iso_code: 'EUR', price: 400_000, original_price: 10_000_000 });

    for (let i = 0; i < czk.length; i++) {
      expect(eur[i].id).toBe(czk[i].id);
      expect(eur[i].price * 25).toBeCloseTo(czk[i].price, 0);
    }
  });

  it('converts across two foreign currencies through CZK', async () => {
    const usd = (await api.app.inject({ method: 'GET', url: '/properties?currency=USD' })).json().data;
    // 200,000 EUR = 5,000,000 CZK = 212,765.96 USD at 23.5 CZK/USD.
    expect(usd[0]).toMatchObject({ currency_iso_code: 'USD', price: 212_765.96 });
  });

  it('falls back to the built-in starting rate for a currency missing from the table', async () => {
    const gbp = (await api.app.inject({ method: 'GET', url: '/properties?currency=GBP' })).json().data;
    const expected = Math.round((5_000_000 / DEFAULT_RATES.rates.GBP) * 100) / 100;
    expect(gbp[0]).toMatchObject({ currency_iso_code: 'GBP', price: expected, original_price: 200_000 });
  });

  it("rounds to the currency's minor unit (none for JPY)", async () => {
    const jpy = (await api.app.inject({ method: 'GET', url: '/properties?currency=JPY' })).json().data;
    // 5,000,000 CZK at 0.16 CZK/JPY.
    expect(jpy[0]).toMatchObject({ currency_iso_code: 'JPY', price: 31_250_000 });
    // 10,000,000 CZK = 62,500,000 JPY; every JPY price is whole.
    for (const offer of jpy) expect(Number.isInteger(offer.price)).toBe(true);
  });

  it('builds absolute photo URLs on the public API URL', async () => {
    const [first, second] = (await api.app.inject({ method: 'GET', url: '/properties' })).json().data;
    expect(first.main_photo).toEqual({
      id: 77,
      room_type: 'living_room',
      image_file: {
        thumb: 'https://api.estately.example/media/photos/77/thumb.webp',
        card: 'https://api.estately.example/media/photos/77/card.webp',
        gallery: 'https://api.estately.example/media/photos/77/gallery.webp',
        full: 'https://api.estately.example/media/photos/77/full.webp',
        card_avif: 'https://api.estately.example/media/photos/77/card.avif',
      },
    });
    expect(first.photos_count).toBe(1);
    expect(second.main_photo).toBeNull();
  });

  it('carries the card fields of the offer contract', async () => {
    const [, second] = (await api.app.inject({ method: 'GET', url: '/properties' })).json().data;
    expect(second).toMatchObject({
      offer_type: 'sale',
      property_type: 'apartment',
      disposition: '3',
      layout: '3+KK',
      useful_area_meters: 74,
      street: 'Vinohradská 12',
      city: 'City 10',
      city_part: 'Vinohrady',
      country_code: 'CZ',
      locale: 'cs',
      seller_type: 'private',
      price_variant: 'fixed',
      is_verified: false,
      is_top_offer: false,
    });
    expect(new Date(second.activated_at).toISOString()).toBe(day(10).toISOString());
  });

  it('rejects an unsupported currency with 422 naming the field', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/properties?currency=XXX' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'validation_errors',
      message: 'Validation Error',
      errors: { currency: ['validation.invalid_value'] },
    });
  });
});

describe('GET /properties on an empty database', () => {
  it('answers an empty list', async () => {
    const api = await buildTestApi();
    try {
      const response = await api.app.inject({ method: 'GET', url: '/properties?currency=EUR' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: [] });
    } finally {
      await api.close();
    }
  });
});
