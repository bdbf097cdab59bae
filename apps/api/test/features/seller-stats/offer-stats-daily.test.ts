import { offerViewStats } from '@estately/db';
import { MIN_COMPARABLE_OFFERS, OfferStatsResponseSchema } from '@estately/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparableOffers, median, PRICE_BAND } from '../../../src/features/seller-stats/offer-position.ts';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { type FullOfferFixture, insertFullOffer } from '../../support/offer-fixtures.ts';

// One offer's statistics over time (issue 38 point 11): what each visitor action adds to the
// day, the zero-filled series of a window, and the position among comparable offers.

let api: TestApi;
let seller = 0;
let fan = 0;

const DAY_MS = 86_400_000;
const iso = (date: Date) => date.toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
/** A city of this run only, so offers of other test files never count as comparable. */
const city = (name: string) => `${name} ${process.pid}-${Date.now()}`;

function stats(id: number, query = '') {
  return api.app.inject({
    method: 'GET',
    url: `/my/offers/${id}/stats${query}`,
    headers: bearer(api.config, seller),
  });
}

async function series(id: number, query = '') {
  const response = await stats(id, query);
  expect(response.statusCode).toBe(200);
  return OfferStatsResponseSchema.parse(response.json());
}

beforeAll(async () => {
  api = await buildTestApi();
  seller = (await createUser(api.db)).id;
  fan = (await createUser(api.db)).id;
});

afterAll(async () => {
  await api?.close();
});

describe('daily counts of one offer', () => {
  it('counts a detail view, a contact reveal, a favourite and a lead on today’s UTC day, once each', async () => {
    const id = await insertFullOffer(api.db, { ownerId: seller, activatedAt: daysAgo(20) });
    const visitor = {
      'x-stats-token': 'visitor-token-0001',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)',
    };
    const before = (await series(id, '?days=7')).days.at(-1)!;
    expect(before).toEqual({
      day: iso(new Date()),
      views: 0,
      contact_views: 0,
      favorites_added: 0,
      leads: 0,
    });

    // A detail view: twice by the same visitor counts once.
    for (let i = 0; i < 2; i++) {
      const view = await api.app.inject({ method: 'GET', url: `/public/offers/${id}`, headers: visitor });
      expect(view.statusCode).toBe(200);
    }
    await api.app.offerViews.flush();
    let today = (await series(id, '?days=7')).days.at(-1)!;
    expect(today).toMatchObject({ views: 1, contact_views: 0, favorites_added: 0, leads: 0 });

    // A contact reveal: the same visitor again within 3 hours counts once, another visitor too.
    for (const token of ['visitor-token-0001', 'visitor-token-0001', 'visitor-token-0002']) {
      const reveal = await api.app.inject({
        method: 'GET',
        url: `/public/offers/${id}/contact`,
        headers: { ...visitor, 'x-stats-token': token },
      });
      expect(reveal.statusCode).toBe(200);
    }
    // HEAD shows nothing, so it reveals nothing.
    await api.app.inject({ method: 'HEAD', url: `/public/offers/${id}/contact`, headers: visitor });
    today = (await series(id, '?days=7')).days.at(-1)!;
    expect(today).toMatchObject({ views: 1, contact_views: 2, favorites_added: 0, leads: 0 });

    // A favourite added.
    const favourite = await api.app.inject({
      method: 'POST',
      url: `/user/offers/${id}/favorite_offer`,
      headers: bearer(api.config, fan),
    });
    expect(favourite.statusCode).toBe(200);
    today = (await series(id, '?days=7')).days.at(-1)!;
    expect(today).toMatchObject({ views: 1, contact_views: 2, favorites_added: 1, leads: 0 });

    // A lead: a visitor's message to the seller.
    const lead = await api.app.inject({
      method: 'POST',
      url: `/public/offers/${id}/offer_message`,
      remoteAddress: '10.77.0.1',
      payload: {
        offer_message: { name: 'Eva Dvořáková', email: 'eva.stats@example.com', text: 'Je byt ještě volný?' },
      },
    });
    expect(lead.statusCode).toBe(201);
    const body = await series(id, '?days=7');
    expect(body.days.at(-1)).toEqual({
      day: iso(new Date()),
      views: 1,
      contact_views: 2,
      favorites_added: 1,
      leads: 1,
    });
    expect(body.totals).toEqual({ views: 1, contact_views: 2, favorites_added: 1, leads: 1 });
    // Nothing landed on another day.
    expect(
      body.days
        .slice(0, -1)
        .every((day) => day.views + day.contact_views + day.favorites_added + day.leads === 0),
    ).toBe(true);
  });

  it('a reveal of an offer that is not public counts nothing', async () => {
    const id = await insertFullOffer(api.db, { ownerId: seller, state: 'paused' });
    const reveal = await api.app.inject({ method: 'GET', url: `/public/offers/${id}/contact` });
    expect(reveal.statusCode).toBe(404);
    expect((await series(id)).totals.contact_views).toBe(0);
  });

  it('fills every day of a 7, 30 or 90 day window, zero days included, and refuses another window', async () => {
    const id = await insertFullOffer(api.db, { ownerId: seller, activatedAt: daysAgo(200) });
    await api.db.insert(offerViewStats).values([
      { propertyId: id, day: iso(daysAgo(2)), detailViews: 4, contactViews: 1 },
      { propertyId: id, day: iso(daysAgo(60)), detailViews: 9 },
      { propertyId: id, day: iso(daysAgo(95)), detailViews: 100 },
    ]);
    for (const [days, views] of [
      [7, 4],
      [30, 4],
      [90, 13],
    ] as const) {
      const body = await series(id, `?days=${days}`);
      expect(body.days).toHaveLength(days);
      expect(body.from).toBe(iso(daysAgo(days - 1)));
      expect(body.to).toBe(iso(new Date()));
      // Consecutive days, oldest first.
      expect(body.days.map((day) => day.day)).toEqual(
        Array.from({ length: days }, (_, index) => iso(daysAgo(days - 1 - index))),
      );
      expect(body.totals.views).toBe(views);
      expect(body.days.find((day) => day.day === iso(daysAgo(2)))).toMatchObject({
        views: 4,
        contact_views: 1,
      });
      expect(body.days.filter((day) => day.views > 0)).toHaveLength(views === 4 ? 1 : 2);
    }
    expect((await series(id)).days).toHaveLength(30);
    expect((await stats(id, '?days=12')).statusCode).toBe(422);
    expect((await stats(id, '?days=abc')).statusCode).toBe(422);
  });
});

describe('position among comparable offers', () => {
  it('defines a comparable offer by types, country, city and a CZK price band', () => {
    const base = {
      id: 7,
      offerType: 'sale',
      propertyType: 'apartment',
      countryCode: 'CZ',
      city: 'Brno',
      priceNormalized: 5_000_000,
    };
    const { criteria } = comparableOffers(base);
    expect(criteria).toEqual({
      offer_type: 'sale',
      property_type: 'apartment',
      country_code: 'CZ',
      city: 'Brno',
      price_from_czk: 5_000_000 * PRICE_BAND.low,
      price_to_czk: 5_000_000 * PRICE_BAND.high,
    });
    expect(comparableOffers({ ...base, priceNormalized: null }).criteria).toMatchObject({
      price_from_czk: null,
      price_to_czk: null,
    });
    expect(median([])).toBeNull();
    expect(median([3])).toBe(3);
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 10])).toBe(3.5);
  });

  it('compares views per day with the median of comparable offers only', async () => {
    const town = city('Statsov');
    const offer = (overrides: Partial<FullOfferFixture>) =>
      insertFullOffer(api.db, {
        ownerId: seller,
        offerType: 'sale',
        propertyType: 'apartment',
        countryCode: 'CZ',
        city: town,
        price: 5_000_000,
        currency: 'CZK',
        activatedAt: daysAgo(100),
        ...overrides,
      });
    const own = await offer({});
    // Comparable: same types, country and city (any case), within 0.7x..1.3x of the price.
    const comparable = [
      await offer({ price: 3_600_000 }),
      await offer({ price: 4_800_000 }),
      await offer({ price: 5_000_000, city: town.toUpperCase() }),
      await offer({ price: 6_400_000 }),
      await offer({ price: 5_200_000, ownerId: fan }),
    ];
    // Not comparable, each for one reason; all with far more views.
    const others = [
      await offer({ offerType: 'rent', price: 5_000_000 }),
      await offer({ propertyType: 'house' }),
      await offer({ city: city('Jinde') }),
      await offer({ countryCode: 'SK' }),
      await offer({ price: 3_400_000 }),
      await offer({ price: 6_600_000 }),
      await offer({ state: 'paused' }),
    ];
    const from = 29;
    // 30 views a day for the offer itself over the 30-day window; 30, 60, 90, 120, 150 for the comparable.
    await api.db.insert(offerViewStats).values([
      { propertyId: own, day: iso(daysAgo(1)), detailViews: 900 },
      ...comparable.map((id, index) => ({
        propertyId: id,
        day: iso(daysAgo(3)),
        detailViews: 900 * (index + 1),
      })),
      ...others.map((id) => ({ propertyId: id, day: iso(daysAgo(3)), detailViews: 100_000 })),
      // Outside the window: not counted.
      { propertyId: comparable[0]!, day: iso(daysAgo(from + 5)), detailViews: 100_000 },
    ]);
    const { position } = await series(own);
    expect(position).toMatchObject({
      status: 'ok',
      views_per_day: 30,
      median_views_per_day: 90,
      comparables: 5,
      min_comparables: MIN_COMPARABLE_OFFERS,
      criteria: { offer_type: 'sale', property_type: 'apartment', country_code: 'CZ', city: town },
    });

    // An offer listed for part of the window: its views per day are over the days it was listed.
    const recent = await offer({ activatedAt: daysAgo(9) });
    await api.db.insert(offerViewStats).values({ propertyId: recent, day: iso(daysAgo(1)), detailViews: 50 });
    const late = await series(recent);
    expect(late.position.views_per_day).toBe(5);
    // The first offer now counts among the recent offer's comparables: 6 of them.
    expect(late.position.comparables).toBe(6);
  });

  it('says when there are too few comparable offers, and when the offer was never published', async () => {
    const town = city('Samota');
    const own = await insertFullOffer(api.db, {
      ownerId: seller,
      city: town,
      price: 2_000_000,
      activatedAt: daysAgo(50),
    });
    await insertFullOffer(api.db, {
      ownerId: seller,
      city: town,
      price: 2_100_000,
      activatedAt: daysAgo(50),
    });
    await api.db.insert(offerViewStats).values({ propertyId: own, day: iso(daysAgo(1)), detailViews: 60 });
    const { position } = await series(own);
    expect(position).toMatchObject({
      status: 'too_few',
      views_per_day: 2,
      median_views_per_day: null,
      comparables: 1,
    });

    const draft = await insertFullOffer(api.db, { ownerId: seller, state: 'draft', city: town });
    const unpublished = (await series(draft)).position;
    expect(unpublished.status === 'unpublished' || unpublished.status === 'too_few').toBe(true);
    expect(unpublished.median_views_per_day).toBeNull();
  });
});
