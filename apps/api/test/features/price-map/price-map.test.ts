import { jobs, locationNames, priceMapMedians } from '@estately/db';
import {
  convertPrice,
  type ExchangeRates,
  MIN_PRICE_MAP_OFFERS,
  medianOf,
  niceScaleBreaks,
  PRICE_MAP_SCALE_QUANTILES,
  type PriceMapResponse,
  PriceMapResponseSchema,
  priceClassOf,
  priceMapValueOf,
  quantileOf,
} from '@estately/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobWorker } from '../../../src/features/jobs/job-worker.ts';
import { PRUNE_JOB } from '../../../src/features/jobs/prune-stale-rows.ts';
import {
  nextPriceMapRefresh,
  PRICE_MAP_REFRESH_JOB,
  refreshPriceMap,
} from '../../../src/features/price-map/price-map-job.ts';
import { createJobHandlers } from '../../../src/job-handlers.ts';
import { buildTestApi, insertOwner, loadRates, type TestApi } from '../../support/helpers.ts';
import { insertLocation, insertSearchOffers, type OfferRowOverrides } from '../../support/search-helpers.ts';

// The price map (issue 44 point 5, decision 073): the job's medians per city and per country in
// two countries, a town below the minimum left out and counted, offers that do not count (price on
// request, no area, a weekly rent, a draft) left out of every figure, the figures in the visitor's
// currency with their colour scale, and the job queued by the hourly clean-up.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let api: TestApi;
let rates: ExchangeRates;
const place = { cz: 0, brno: 0, stred: 0, zlin: 0, de: 0, berlin: 0 };
/** Base-currency prices per m² each place's figure is the median of. */
const values = {
  brnoSale: [] as number[],
  zlinSale: [] as number[],
  czSale: [] as number[],
  deSale: [] as number[],
};
const deRent: number[] = [];
const czRent: number[] = [];

const CZ_VIEW = '48.5,12.0,51.1,18.9';
const EUROPE_VIEW = '45,5,56,20';

async function get(
  query: string,
): Promise<{ status: number; body: PriceMapResponse; headers: Record<string, unknown> }> {
  const response = await api.app.inject({ method: 'GET', url: `/public/price_map?${query}` });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

function offer(
  where: {
    country: string;
    city: string;
    locationId: number | null;
    path: number[];
    lat: number;
    lng: number;
  },
  perM2: number,
  extra: OfferRowOverrides = {},
): OfferRowOverrides {
  const area = extra.usefulAreaMeters === undefined ? 70 : extra.usefulAreaMeters;
  return {
    countryCode: where.country,
    city: where.city,
    locationId: where.locationId,
    locationPath: where.path,
    latitude: where.lat,
    longitude: where.lng,
    usefulAreaMeters: area,
    price: perM2 * (area ?? 70),
    priceNormalized: perM2 * (area ?? 70),
    ...extra,
  };
}

beforeAll(async () => {
  api = await buildTestApi();
  const db = api.db;
  rates = await loadRates(db);
  place.cz = await insertLocation(db, {
    kind: 'country',
    countryCode: 'CZ',
    name: 'Česko',
    slug: 'cesko',
    latitude: 49.8,
    longitude: 15.5,
  });
  place.brno = await insertLocation(db, {
    kind: 'city',
    parentId: place.cz,
    countryCode: 'CZ',
    name: 'Brno',
    slug: 'brno',
    latitude: 49.195,
    longitude: 16.608,
  });
  place.stred = await insertLocation(db, {
    kind: 'city_part',
    parentId: place.brno,
    countryCode: 'CZ',
    name: 'Brno-střed',
    slug: 'brno-stred',
    latitude: 49.19,
    longitude: 16.6,
  });
  place.zlin = await insertLocation(db, {
    kind: 'city',
    parentId: place.cz,
    countryCode: 'CZ',
    name: 'Zlín',
    slug: 'zlin',
    latitude: 49.224,
    longitude: 17.666,
  });
  place.de = await insertLocation(db, {
    kind: 'country',
    countryCode: 'DE',
    name: 'Německo',
    slug: 'nemecko',
    latitude: 51.2,
    longitude: 10.4,
  });
  place.berlin = await insertLocation(db, {
    kind: 'city',
    parentId: place.de,
    countryCode: 'DE',
    name: 'Berlín',
    slug: 'berlin',
    latitude: 52.52,
    longitude: 13.405,
  });
  // English names beside the Czech ones: the answer names places in the asked locale.
  await db.insert(locationNames).values([
    {
      locationId: place.cz,
      locale: 'en',
      countryCode: 'CZ',
      kind: 'country',
      name: 'Czechia',
      slug: 'czechia',
    },
    {
      locationId: place.de,
      locale: 'en',
      countryCode: 'DE',
      kind: 'country',
      name: 'Germany',
      slug: 'germany',
    },
    {
      locationId: place.berlin,
      locale: 'en',
      countryCode: 'DE',
      kind: 'city',
      name: 'Berlin',
      slug: 'berlin',
    },
  ]);

  const brno = {
    country: 'CZ',
    city: 'Brno',
    locationId: place.brno,
    path: [place.brno, place.cz],
    lat: 49.2,
    lng: 16.6,
  };
  const stred = {
    ...brno,
    locationId: place.stred,
    path: [place.stred, place.brno, place.cz],
  };
  const zlin = {
    country: 'CZ',
    city: 'Zlín',
    locationId: place.zlin,
    path: [place.zlin, place.cz],
    lat: 49.22,
    lng: 17.67,
  };
  const nowhere = { country: 'CZ', city: 'Lhota', locationId: null, path: [], lat: 49.5, lng: 15 };
  const berlin = {
    country: 'DE',
    city: 'Berlin',
    locationId: place.berlin,
    path: [place.berlin, place.de],
    lat: 52.52,
    lng: 13.4,
  };
  const rows: OfferRowOverrides[] = [];
  // Brno: 12 sale offers, four of them placed in a city part (they count for Brno).
  const brnoPerM2 = [
    90_000, 95_000, 100_000, 105_000, 110_000, 115_000, 120_000, 80_000, 85_000, 130_000, 125_000, 101_000,
  ];
  for (const [index, perM2] of brnoPerM2.entries()) rows.push(offer(index < 4 ? stred : brno, perM2));
  values.brnoSale.push(...brnoPerM2);
  // Offers that do not count anywhere: a price on request, no area, an area below 1 m².
  rows.push(offer(brno, 500_000, { priceVariant: 'on_request' }));
  rows.push(offer(brno, 500_000, { usefulAreaMeters: null, priceNormalized: 9_000_000 }));
  rows.push(offer(brno, 500_000, { usefulAreaMeters: 0.5 }));
  // Zlín: fewer offers than the minimum.
  const zlinPerM2 = [60_000, 62_000, 64_000, 66_000];
  for (const perM2 of zlinPerM2) rows.push(offer(zlin, perM2));
  values.zlinSale.push(...zlinPerM2);
  // A Czech offer without a gazetteer place: its country's figure only.
  rows.push(offer(nowhere, 70_000));
  values.czSale.push(...brnoPerM2, ...zlinPerM2, 70_000);
  // Berlin: 11 sale offers priced in euros.
  const berlinPerM2 = [
    140_000, 145_000, 150_000, 155_000, 160_000, 165_000, 170_000, 150_000, 152_000, 149_000, 175_000,
  ];
  for (const perM2 of berlinPerM2)
    rows.push(offer(berlin, perM2, { currency: 'EUR', price: (perM2 * 70) / 24.3 }));
  values.deSale.push(...berlinPerM2);
  // Rents: ten monthly in Berlin and one weekly (another market, left out); three in Brno.
  const rentPerM2 = [400, 410, 420, 430, 440, 450, 460, 470, 480, 490];
  for (const perM2 of rentPerM2)
    rows.push(offer(berlin, perM2, { offerType: 'rent', rentPricePeriod: 'month' }));
  rows.push(offer(berlin, 5_000, { offerType: 'rent', rentPricePeriod: 'week' }));
  deRent.push(...rentPerM2);
  for (const perM2 of [300, 310, 320])
    rows.push(offer(brno, perM2, { offerType: 'rent', rentPricePeriod: 'month' }));
  czRent.push(300, 310, 320);
  const ownerId = await insertOwner(db);
  await insertSearchOffers(db, { ownerId }, rows);
  // A draft is not public: it counts nowhere.
  await insertSearchOffers(db, { ownerId, state: 'draft' }, [offer(brno, 900_000)]);
}, 60_000);

afterAll(async () => {
  await api?.close();
});

const inEur = (czk: number) => {
  const value = convertPrice(czk, 'CZK', 'EUR', rates);
  return value < 100 ? Math.round(value * 10) / 10 : Math.round(value);
};

describe('the price map', () => {
  it('has no figures and says so before the job first ran', async () => {
    const { status, body } = await get('offer_type=sale&level=country');
    expect(status).toBe(200);
    expect(body).toMatchObject({ computed_at: null, data: [], hidden: 0, scale: [] });
  });

  it('takes the medians of the counting offers per city and per country in one job run', async () => {
    // The domain's rule agrees with the fixture: the values above are what counts.
    expect(
      priceMapValueOf({
        offerType: 'sale',
        priceNormalized: 7_000_000,
        usefulAreaMeters: 70,
        priceVariant: 'fixed',
        rentPricePeriod: null,
      }),
    ).toBe(100_000);
    const now = new Date('2026-12-07T06:40:00.000Z');
    const result = await refreshPriceMap(api.db, now);
    // Brno, Zlín and Berlin for sale, Berlin and Brno for rent; both countries for sale and for rent.
    expect(result).toEqual({ localities: 5, countries: 4, computedAt: now });
    const stored = await api.db
      .select()
      .from(priceMapMedians)
      .where(eq(priceMapMedians.locationId, place.brno));
    expect(stored.map((row) => [row.offerType, row.offers]).sort()).toEqual([
      ['rent', 3],
      ['sale', 12],
    ]);
  });

  it('answers one figure per country in the visitor currency with its offers, scale and classes', async () => {
    const { status, body, headers } = await get('offer_type=sale&level=country&currency=eur&locale=en');
    expect(status).toBe(200);
    expect(PriceMapResponseSchema.parse(body)).toEqual(body);
    expect(headers['cache-control']).toBe('public, max-age=900');
    expect(headers['last-modified']).toBe(new Date('2026-12-07T06:40:00.000Z').toUTCString());
    expect(body.computed_at).toBe('2026-12-07T06:40:00.000Z');
    expect(body.min_offers).toBe(MIN_PRICE_MAP_OFFERS);
    const czMedian = medianOf(values.czSale)!;
    const deMedian = medianOf(values.deSale)!;
    const scale = niceScaleBreaks(
      PRICE_MAP_SCALE_QUANTILES.map((q) =>
        convertPrice(quantileOf([czMedian, deMedian], q)!, 'CZK', 'EUR', rates),
      ),
    );
    expect(body.scale).toEqual(scale);
    expect(body.scale.length).toBeGreaterThan(1);
    const byCountry = Object.fromEntries(body.data.map((figure) => [figure.country_code, figure]));
    expect(Object.keys(byCountry).sort()).toEqual(['CZ', 'DE']);
    expect(byCountry.CZ).toMatchObject({
      location_id: place.cz,
      name: 'Czechia',
      median_price_per_m2: inEur(czMedian),
      offers: 17,
      price_class: priceClassOf(inEur(czMedian), scale),
    });
    expect(byCountry.DE).toMatchObject({ name: 'Germany', median_price_per_m2: inEur(deMedian), offers: 11 });
    // The cheaper market and the dearer one fall in different colour classes.
    expect(byCountry.CZ!.price_class).toBeLessThan(byCountry.DE!.price_class);
    expect(body.hidden).toBe(0);
  });

  it('lists the localities of a viewport and hides one with too few offers, counting it', async () => {
    const { body } = await get(`offer_type=sale&level=locality&bbox=${CZ_VIEW}&currency=CZK&locale=cs`);
    expect(body.data.map((figure) => figure.name)).toEqual(['Brno']);
    expect(body.data[0]).toMatchObject({
      location_id: place.brno,
      median_price_per_m2: Math.round(medianOf(values.brnoSale)!),
      offers: 12,
      latitude: 49.195,
      longitude: 16.608,
    });
    expect(body.hidden).toBe(1);
    expect(body.truncated).toBe(false);
    // Zlín is kept with its count: the minimum decides at answer time.
    const [zlin] = await api.db
      .select()
      .from(priceMapMedians)
      .where(eq(priceMapMedians.locationId, place.zlin));
    expect(zlin?.offers).toBe(values.zlinSale.length);

    const europe = await get(`offer_type=sale&level=locality&bbox=${EUROPE_VIEW}&locale=en`);
    // The most offers first; a place without a name in the locale falls back to another one.
    expect(europe.body.data.map((figure) => figure.name)).toEqual(['Brno', 'Berlin']);
    expect(europe.body.hidden).toBe(1);
    // Across the antimeridian (west > east) the box wraps around: Europe is outside this one.
    const pacific = await get('offer_type=sale&level=locality&bbox=-10,170,10,-170');
    expect(pacific.body.data).toEqual([]);
  });

  it('follows the offer type: monthly rents only, a country below the minimum hidden', async () => {
    const { body } = await get('offer_type=rent&level=country&currency=CZK');
    expect(
      body.data.map((figure) => [figure.country_code, figure.offers, figure.median_price_per_m2]),
    ).toEqual([['DE', 10, Math.round(medianOf(deRent)!)]]);
    expect(body.hidden).toBe(1);
    expect(czRent.length).toBeLessThan(MIN_PRICE_MAP_OFFERS);
  });

  it('refuses bad parameters with 422 naming each one', async () => {
    const missing = await get('offer_type=sale&level=locality');
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({
      code: 'validation_errors',
      errors: { bbox: ['validation.invalid_bbox'] },
    });
    const bad = await api.app.inject({
      method: 'GET',
      url: '/public/price_map?offer_type=lease&level=town&bbox=1,2,3&currency=XYZ',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['bbox', 'currency', 'level', 'offer_type']);
  });

  it('is computed by the job the hourly clean-up queues every six hours', async () => {
    expect(nextPriceMapRefresh(new Date('2026-12-06T19:30:00Z')).toISOString()).toBe(
      '2026-12-07T00:40:00.000Z',
    );
    expect(nextPriceMapRefresh(new Date('2026-12-07T00:40:00Z')).toISOString()).toBe(
      '2026-12-07T06:40:00.000Z',
    );
    expect(nextPriceMapRefresh(new Date('2026-12-07T06:39:59Z')).toISOString()).toBe(
      '2026-12-07T06:40:00.000Z',
    );
    let clock = new Date('2026-12-07T07:00:00Z');
    const lines: { object: Record<string, unknown>; message?: string }[] = [];
    const record = (object: object, message?: string) =>
      lines.push({ object: object as Record<string, unknown>, message });
    const worker = createJobWorker({
      db: api.db,
      registry: createJobHandlers({
        db: api.db,
        config: api.config,
        transport: { send: async () => ({ messageId: 'x' }), close: async () => {} } as never,
      }),
      now: () => clock,
      logger: { info: record, warn: record, error: record },
    });
    await api.db.insert(jobs).values({ kind: PRUNE_JOB, payload: {}, runAt: clock, maxAttempts: 1 });
    await worker.runDueJobs();
    const queued = await api.db.select().from(jobs).where(eq(jobs.kind, PRICE_MAP_REFRESH_JOB));
    expect(queued.map((job) => job.runAt.toISOString())).toEqual(['2026-12-07T12:40:00.000Z']);
    clock = new Date('2026-12-07T12:41:00Z');
    await worker.runDueJobs();
    expect(lines.find((line) => line.message === 'price map: figures computed')?.object).toMatchObject({
      localities: 5,
      countries: 4,
    });
    const { body } = await get('offer_type=sale&level=country');
    expect(body.computed_at).toBe('2026-12-07T12:41:00.000Z');
    await worker.stop();
  }, 60_000);
});
