import { MIN_FAIR_PRICE_COMPARABLES } from '@estately/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAIR_PRICE_RADIUS_KM } from '../../../src/features/offers/get-fair-price.ts';
import { getOfferDetail, offerDetailBody } from '../../../src/features/offers/get-offer-detail.ts';
import { OfferCountCache } from '../../../src/features/search/count-cache.ts';
import { median } from '../../../src/features/seller-stats/offer-position.ts';
import { buildTestApi, countingDb, insertOwner, setRates, type TestApi } from '../../support/helpers.ts';
import {
  insertSearchOffer,
  insertSearchOffers,
  type OfferRowOverrides,
} from '../../support/search-helpers.ts';

// Issue 43 point 6 (decision 064): the offer detail's fair-price context, the median price per
// m² of comparable public offers (same offer type, property type and disposition band, in the
// city, else within FAIR_PRICE_RADIUS_KM), hidden below MIN_FAIR_PRICE_COMPARABLES. Runs on
// PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let api: TestApi;
let ownerId: number;

const BRNO = { city: 'Brno', latitude: 49.195, longitude: 16.608 };
/** A town 7 km south of Brno, with too few offers of its own. */
const MODRICE = { city: 'Modřice', latitude: 49.128, longitude: 16.614 };
/** 80 km from Brno. */
const JIHLAVA = { city: 'Jihlava', latitude: 49.396, longitude: 15.591 };

/** A 50 m² two-room sale flat at `perArea` CZK per m². */
function flat(perArea: number, place: typeof BRNO, extra: OfferRowOverrides = {}): OfferRowOverrides {
  return { ...place, disposition: '2', usefulAreaMeters: 50, price: perArea * 50, currency: 'CZK', ...extra };
}

type FairPrice = {
  median_price_per_m2: number;
  currency: string;
  comparables: number;
  locality_name: string;
  radius_km: number | null;
  difference_percent: number | null;
  distribution: { from: number; to: number; count: number }[];
} | null;

async function fairPrice(id: number, currency?: string): Promise<FairPrice> {
  const query = currency ? `?currency=${currency}` : '';
  const response = await api.app.inject({ method: 'GET', url: `/public/offers/${id}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().fair_price;
}

/** Twelve Brno flats from 94,000 to 105,000 CZK per m²: their median is 99,500. */
const BRNO_PRICES = Array.from({ length: 12 }, (_, index) => 94_000 + index * 1_000);

beforeAll(async () => {
  api = await buildTestApi({ RATE_LIMIT_MAX: '0' });
  ownerId = await insertOwner(api.db);
  await setRates(api.db, { EUR: 25 });
  await insertSearchOffers(api.db, { ownerId }, [
    ...BRNO_PRICES.map((perArea) => flat(perArea, BRNO)),
    // Not comparable: another disposition band, a rent, a house, a price on request, no area,
    // another city far away, a paused offer (below).
    flat(300_000, BRNO, { disposition: '4' }),
    flat(300_000, BRNO, { offerType: 'rent', rentPricePeriod: 'month' }),
    flat(300_000, BRNO, { propertyType: 'house', disposition: null }),
    flat(300_000, BRNO, { priceVariant: 'on_request' }),
    flat(300_000, BRNO, { usefulAreaMeters: null }),
    flat(300_000, JIHLAVA),
  ]);
  await insertSearchOffer(api.db, { ownerId, state: 'paused' }, flat(300_000, BRNO));
});

afterAll(async () => {
  await api?.close();
});

describe('the fair price of an offer', () => {
  it('is the median price per m² of comparable offers in the city, with how many and the distribution', async () => {
    const id = await insertSearchOffer(api.db, { ownerId }, flat(111_440, BRNO));
    const fair = await fairPrice(id);
    expect(fair).toMatchObject({
      median_price_per_m2: 99_500,
      currency: 'CZK',
      comparables: 12,
      locality_name: 'Brno',
      radius_km: null,
      difference_percent: 12,
    });
    const bars = fair!.distribution;
    expect(bars.reduce((sum, bar) => sum + bar.count, 0)).toBe(12);
    expect(bars[0]!.from).toBe(94_000);
    expect(bars.at(-1)!.to).toBe(105_000);
  });

  it('says by how much below the median a cheaper offer lies (a negative difference)', async () => {
    const id = await insertSearchOffer(api.db, { ownerId }, flat(89_550, BRNO));
    const fair = await fairPrice(id);
    expect(fair?.difference_percent).toBe(-10);
    // The offer is never its own comparable; the other offer of the first test now counts.
    expect(fair?.comparables).toBe(13);
  });

  it('converts the median and the bars into the visitor’s currency like the price', async () => {
    const id = await insertSearchOffer(api.db, { ownerId }, flat(99_500, BRNO));
    const czk = await fairPrice(id);
    const eur = await fairPrice(id, 'EUR');
    expect(eur?.currency).toBe('EUR');
    expect(eur?.median_price_per_m2).toBe(Math.round(czk!.median_price_per_m2 / 25));
    expect(eur?.distribution[0]?.from).toBe(Math.round(czk!.distribution[0]!.from / 25));
    expect(eur?.difference_percent).toBe(czk?.difference_percent);
  });

  it('takes the offers within the radius when the city holds too few', async () => {
    const id = await insertSearchOffer(api.db, { ownerId }, flat(100_000, MODRICE));
    const fair = await fairPrice(id);
    expect(fair?.locality_name).toBe('Modřice');
    expect(fair?.radius_km).toBe(FAIR_PRICE_RADIUS_KM);
    expect(fair?.comparables).toBeGreaterThanOrEqual(BRNO_PRICES.length);
  });

  it('is null below the minimum of comparable offers', async () => {
    const few = MIN_FAIR_PRICE_COMPARABLES - 1;
    // Jihlava holds one comparable flat already (above) and gets `few - 1` more: `few` in all.
    await insertSearchOffers(
      api.db,
      { ownerId },
      Array.from({ length: few - 1 }, (_, index) => flat(60_000 + index * 1_000, JIHLAVA)),
    );
    const id = await insertSearchOffer(api.db, { ownerId }, flat(60_000, JIHLAVA));
    expect(await fairPrice(id)).toBeNull();
    // One more makes the minimum, and the context appears (the kept detail is renewed).
    await insertSearchOffer(api.db, { ownerId }, flat(61_000, JIHLAVA));
    expect((await fairPrice(id))?.comparables).toBe(MIN_FAIR_PRICE_COMPARABLES);
  });

  it('compares a monthly rent with monthly rents, and shows none for a rent per week', async () => {
    const rent = (perArea: number, period: 'month' | 'week') =>
      flat(perArea, BRNO, { offerType: 'rent', rentPricePeriod: period, disposition: '3' });
    await insertSearchOffers(
      api.db,
      { ownerId },
      Array.from({ length: MIN_FAIR_PRICE_COMPARABLES }, (_, index) => rent(300 + index * 10, 'month')),
    );
    const monthly = await insertSearchOffer(api.db, { ownerId }, rent(345, 'month'));
    expect(await fairPrice(monthly)).toMatchObject({
      median_price_per_m2: 345,
      comparables: 10,
      difference_percent: 0,
    });
    const weekly = await insertSearchOffer(api.db, { ownerId }, rent(90, 'week'));
    expect(await fairPrice(weekly)).toBeNull();
  });

  it('has no difference for a price on request, but still the median', async () => {
    const id = await insertSearchOffer(
      api.db,
      { ownerId },
      flat(100_000, BRNO, { priceVariant: 'on_request' }),
    );
    const fair = await fairPrice(id);
    expect(fair?.difference_percent).toBeNull();
    expect(fair?.comparables).toBeGreaterThanOrEqual(MIN_FAIR_PRICE_COMPARABLES);
  });
});

describe('the comparable offers kept per group (decision 064)', () => {
  /** Statements each detail of `ids` runs, one after another, with fresh kept details and shared kept comparables. */
  async function statementsPerDetail(comparableGroups: OfferCountCache, ids: number[]) {
    const { db, reads } = countingDb(api.db);
    const counts: number[] = [];
    const details: FairPrice[] = [];
    for (const id of ids) {
      const before = reads();
      const body = await offerDetailBody({
        db,
        id,
        storage: api.app.storage,
        bodies: new OfferCountCache(),
        comparableGroups,
        check: true,
      });
      counts.push(reads() - before);
      details.push(JSON.parse(body.toString('utf8')).fair_price);
    }
    return { counts, details };
  }

  it('a second offer page of the same city and band reads no comparable offers, and says the same as one read afresh', async () => {
    const first = await insertSearchOffer(api.db, { ownerId }, flat(101_000, BRNO));
    const second = await insertSearchOffer(
      api.db,
      { ownerId },
      flat(92_000, { ...BRNO, latitude: 49.199, longitude: 16.62 }),
    );
    const { counts, details } = await statementsPerDetail(new OfferCountCache(), [first, second]);
    // The snapshot of the change counters and the detail statement, and for the first page the
    // city's comparable offers: the second page runs no comparables statement.
    expect(counts).toEqual([3, 2]);
    // The kept group holds both offers; each page leaves its own out, like a read of its own.
    for (const [index, id] of [first, second].entries()) {
      const afresh = await getOfferDetail({ db: api.db, id, storage: api.app.storage });
      expect(details[index]).toEqual(afresh.fair_price);
      expect(details[index]?.comparables).toBeGreaterThanOrEqual(BRNO_PRICES.length);
    }
  });

  it('keeps the offers around a small town too, each page counting only those within the radius', async () => {
    const a = await insertSearchOffer(api.db, { ownerId }, flat(100_000, MODRICE));
    const b = await insertSearchOffer(api.db, { ownerId }, flat(97_000, { ...MODRICE, latitude: 49.13 }));
    const { counts, details } = await statementsPerDetail(new OfferCountCache(), [a, b]);
    // The first page reads the town's offers (too few) and those around its square in one
    // statement; the second none.
    expect(counts).toEqual([3, 2]);
    for (const [index, id] of [a, b].entries()) {
      const afresh = await getOfferDetail({ db: api.db, id, storage: api.app.storage });
      expect(details[index]).toEqual(afresh.fair_price);
      expect(details[index]?.radius_km).toBe(FAIR_PRICE_RADIUS_KM);
    }
  });

  it('reads a group again once its partition changed, and another band as a group of its own', async () => {
    const groups = new OfferCountCache();
    const page = await insertSearchOffer(api.db, { ownerId }, flat(99_000, BRNO));
    const warm = await statementsPerDetail(groups, [page]);
    expect(warm.counts).toEqual([3]);
    // A new comparable offer moves the partition's counter: the kept group is stale. A four-room
    // flat is compared with four-room flats: another group, read on its own.
    await insertSearchOffer(api.db, { ownerId }, flat(150_000, BRNO));
    const fourRooms = await insertSearchOffer(api.db, { ownerId }, flat(99_000, BRNO, { disposition: '4' }));
    const after = await statementsPerDetail(groups, [page, fourRooms]);
    expect(after.counts[0]).toBe(3);
    expect(after.counts[1]).toBe(3);
    expect(after.details[0]!.comparables).toBe(warm.details[0]!.comparables + 1);
  });
});

describe('median', () => {
  it('is the middle value, the mean of the middle two for an even count, none without values', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
