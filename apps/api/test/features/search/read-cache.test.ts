import { offers, properties, propertyMedia, sellers, users } from '@estately/db';
import { OfferDetailSchema, SearchOffersResponseSchema, SimilarOffersResponseSchema } from '@estately/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOfferDetail, offerDetailBody } from '../../../src/features/offers/get-offer-detail.ts';
import { listSimilarOffers } from '../../../src/features/offers/list-similar-offers.ts';
import { OfferCountCache } from '../../../src/features/search/count-cache.ts';
import { validateFilters } from '../../../src/features/search/prepare-search.ts';
import { ReadVersions } from '../../../src/features/search/read-versions.ts';
import { searchOffers, searchOffersBody } from '../../../src/features/search/search-offers.ts';
import { buildTestApi, countingDb, setRates, type TestApi } from '../../support/helpers.ts';
import { insertFullOffer, insertSeller, insertUser } from '../../support/offer-fixtures.ts';

// Search pages, offer details and similar offers are kept in memory and stamped with change
// counters (docs/decisions/022): a kept answer must never outlive a change to anything it
// shows, whoever writes it, and a repeated question must cost no query of its own.

let api: TestApi;
let ownerId = 0;
let sellerId = 0;
let offerId = 0;
let neighbourId = 0;

beforeAll(async () => {
  api = await buildTestApi({ RATE_LIMIT_MAX: '0' });
  await setRates(api.db, { EUR: 25 });
  ownerId = await insertUser(api.db, { firstName: 'Eva', lastName: 'Malá', accountType: 'person' });
  sellerId = await insertSeller(api.db, { countryCode: 'CZ', isVerified: true });
  const olomouc = { city: 'Olomouc', latitude: 49.5938, longitude: 17.2509 };
  offerId = await insertFullOffer(api.db, {
    ownerId,
    sellerId,
    ...olomouc,
    price: 4_000_000,
    area: 60,
    photos: [{ position: 0, isMain: true, roomType: 'living_room' }],
  });
  neighbourId = await insertFullOffer(api.db, {
    ownerId,
    ...olomouc,
    latitude: 49.6,
    price: 4_100_000,
    area: 61,
    activatedAt: new Date('2026-03-02T10:00:00Z'),
  });
});
afterAll(async () => {
  await api?.close();
});

describe('change counter snapshots', () => {
  it('share one read among the callers of a moment and never answer from before a call', async () => {
    const { db, reads } = countingDb(api.db);
    const versions = new ReadVersions(db);
    // Callers of one turn of the event loop share one read, sent after all of them.
    const together = await Promise.all([versions.current(), versions.current()]);
    expect(reads()).toBe(1);
    expect(together[0]).toBe(together[1]);

    const first = versions.current();
    // The read goes at the end of the turn; these come while it is on its way: they wait for
    // the next one, together.
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads()).toBe(2);
    const later = [versions.current(), versions.current(), versions.current()];
    const [a, b, c, d] = await Promise.all([first, ...later]);
    expect(reads()).toBe(3);
    expect(b).toBe(c);
    expect(c).toBe(d);
    expect(a).not.toBe(b);

    const scope = { offerType: 'sale', propertyType: 'apartment', countryCode: 'CZ' };
    const before = (await versions.current()).version(scope);
    await api.db.update(offers).set({ price: 4_050_000 }).where(eq(offers.id, neighbourId));
    const after = (await versions.current()).version(scope);
    expect(after).not.toBe(before);
    // Another partition's counter is not part of this scope's version.
    expect((await versions.current()).version({ ...scope, countryCode: 'SK' })).toBe(
      (await versions.current()).version({ ...scope, countryCode: 'SK' }),
    );
  });
});

describe('kept answers', () => {
  it('compute a question asked many times at once only once', async () => {
    const cache = new OfferCountCache();
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return computed;
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.getKeyed('q', '1', compute)));
    expect(answers).toEqual(Array(10).fill(1));
    expect(computed).toBe(1);
    // Another version is another computation; a failed one is not kept.
    expect(await cache.getKeyed('q', '2', compute)).toBe(2);
    await expect(cache.getKeyed('q', '3', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getKeyed('q', '3', compute)).toBe(3);
  });
});

describe('search pages', () => {
  const query = 'offer_type=sale&property_type=apartment&country_code=CZ&city=Olomouc';

  const page = async (extra = '') => {
    const response = await api.app.inject({ method: 'GET', url: `/public/offers?${query}${extra}` });
    expect(response.statusCode, response.body).toBe(200);
    return SearchOffersResponseSchema.parse(response.json());
  };

  it('serve a repeated page from memory without a query of its own', async () => {
    const cache = new OfferCountCache();
    const { db, reads } = countingDb(api.db);
    const filters = validateFilters({ offer_type: 'sale', property_type: 'apartment', country_code: 'CZ' });
    const first = await searchOffers({ db, filters, storage: api.app.storage, cache });
    const readsBefore = reads();
    const second = await searchOffers({ db, filters, storage: api.app.storage, cache });
    expect(second).toEqual(first);
    // Only the shared snapshot of the counters was read: page and total came from memory.
    expect(reads() - readsBefore).toBe(1);
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 2 });

    // The route's encoded answers: the same search is the same bytes, one snapshot read.
    const bodies = new OfferCountCache();
    const bodyOptions = { db, filters, storage: api.app.storage, cache, bodies, check: true };
    const body = await searchOffersBody(bodyOptions);
    expect(JSON.parse(body.toString('utf8'))).toEqual(first);
    const readsBeforeBody = reads();
    expect(await searchOffersBody(bodyOptions)).toBe(body);
    expect(reads() - readsBeforeBody).toBe(1);
  });

  it('show a new price, a new offer and a removed offer at once', async () => {
    const before = await page();
    expect(await page()).toEqual(before);

    await api.db.update(offers).set({ price: 4_200_000 }).where(eq(offers.id, neighbourId));
    const repriced = await page();
    expect(repriced.data.find((card) => card.id === neighbourId)?.price).toBe(4_200_000);

    const newest = await insertFullOffer(api.db, {
      ownerId,
      city: 'Olomouc',
      latitude: 49.59,
      longitude: 17.25,
      activatedAt: new Date('2026-04-01T10:00:00Z'),
    });
    const added = await page();
    expect(added.data[0]?.id).toBe(newest);
    expect(added.meta.total).toBe(before.meta.total + 1);

    await api.db.update(properties).set({ state: 'paused' }).where(eq(properties.id, newest));
    const removed = await page();
    expect(removed.data.map((card) => card.id)).not.toContain(newest);
    expect(removed.meta.total).toBe(before.meta.total);
  });

  it('convert kept pages with the live exchange rates', async () => {
    const euros = async () => (await page('&currency=EUR')).data.find((card) => card.id === offerId)?.price;
    const atTwentyFive = await euros();
    expect(await euros()).toBe(atTwentyFive);
    await setRates(api.db, { EUR: 20 });
    try {
      const atTwenty = await euros();
      expect(atTwenty).toBeGreaterThan(atTwentyFive ?? 0);
    } finally {
      await setRates(api.db, { EUR: 25 });
    }
  });
});

describe('offer details', () => {
  const detail = async (extra = '') => {
    const response = await api.app.inject({ method: 'GET', url: `/public/offers/${offerId}${extra}` });
    expect(response.statusCode, response.body).toBe(200);
    return OfferDetailSchema.parse(response.json());
  };

  it('serve a repeated detail from memory, encoded', async () => {
    const bodies = new OfferCountCache();
    const { db, reads } = countingDb(api.db);
    const comparableGroups = new OfferCountCache();
    const options = { db, id: offerId, storage: api.app.storage, bodies, comparableGroups, check: true };
    const first = await offerDetailBody(options);
    expect(JSON.parse(first.toString('utf8'))).toEqual(await getOfferDetail(options));
    const readsBefore = reads();
    expect(await offerDetailBody(options)).toBe(first);
    expect(reads() - readsBefore).toBe(1); // the snapshot only
    expect(bodies.stats()).toMatchObject({ hits: 1, misses: 1 });
  });

  it('follow the property, its photos, the account, the seller and the rates', async () => {
    await detail();
    // Written straight to the tables, past the API's own writes (which also rewrite the offer
    // row): the triggers alone must make the kept detail stale.
    await api.db
      .update(properties)
      .set({ description: 'Sunny, quiet flat.' })
      .where(eq(properties.id, offerId));
    expect((await detail()).description).toBe('Sunny, quiet flat.');

    await api.db
      .update(propertyMedia)
      .set({ roomType: 'bedroom' })
      .where(sql`${propertyMedia.propertyId} = ${offerId} and ${propertyMedia.isMain}`);
    expect((await detail()).photos.find((photo) => photo.is_main)?.room_type).toBe('bedroom');

    await api.db.update(users).set({ firstName: 'Eliška' }).where(eq(users.id, ownerId));
    expect((await detail()).creator.display_name).toBe('Eliška Malá');

    await api.db.update(sellers).set({ name: 'Hanácké reality' }).where(eq(sellers.id, sellerId));
    expect((await detail()).seller?.name).toBe('Hanácké reality');

    const euros = (await detail('?currency=EUR')).price;
    await setRates(api.db, { EUR: 20 });
    try {
      expect((await detail('?currency=EUR')).price).toBeGreaterThan(euros ?? 0);
    } finally {
      await setRates(api.db, { EUR: 25 });
    }
  });

  it('leave the public at once when the property is paused', async () => {
    const id = await insertFullOffer(api.db, { ownerId });
    expect((await api.app.inject({ method: 'GET', url: `/public/offers/${id}` })).statusCode).toBe(200);
    await api.db.update(properties).set({ state: 'paused' }).where(eq(properties.id, id));
    // A paused offer's page is gone (decision 042), never the kept body.
    expect((await api.app.inject({ method: 'GET', url: `/public/offers/${id}` })).statusCode).toBe(410);
  });
});

describe('similar offers', () => {
  const similar = async () => {
    const response = await api.app.inject({ method: 'GET', url: `/public/offers/${offerId}/similar_offers` });
    expect(response.statusCode, response.body).toBe(200);
    return SimilarOffersResponseSchema.parse(response.json()).data.map((card) => card.id);
  };

  it('serve a repeated ranking from memory and rank a new twin at once', async () => {
    const cache = new OfferCountCache();
    const options = { db: api.db, id: offerId, storage: api.app.storage, cache };
    const first = await listSimilarOffers(options);
    expect(await listSimilarOffers(options)).toEqual(first);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1 });

    const before = await similar();
    expect(before).toContain(neighbourId);
    const twin = await insertFullOffer(api.db, {
      ownerId,
      city: 'Olomouc',
      latitude: 49.5939,
      longitude: 17.2509,
      price: 4_000_000,
      area: 60,
    });
    expect((await similar())[0]).toBe(twin);

    // A struck offer has no similar offers (a paused one keeps them for its 410 page, decision 042).
    await api.db.update(properties).set({ struckAt: new Date() }).where(eq(properties.id, offerId));
    try {
      const response = await api.app.inject({
        method: 'GET',
        url: `/public/offers/${offerId}/similar_offers`,
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await api.db.update(properties).set({ struckAt: null }).where(eq(properties.id, offerId));
    }
  });
});
