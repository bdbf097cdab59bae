import { offers } from '@estately/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfferCountCache } from '../../../src/features/search/count-cache.ts';
import { countOfferFacets } from '../../../src/features/search/count-offer-facets.ts';
import { validateFilters } from '../../../src/features/search/prepare-search.ts';
import { buildTestApi, insertOwner, type TestApi } from '../../support/helpers.ts';
import { insertSearchOffer } from '../../support/search-helpers.ts';

// Totals and facet counts are cached per process and stamped with the change counters of the
// offers they count (docs/decisions/012): a cached count must never outlive a change to an
// offer it could include, and a change elsewhere must not throw it away.

const QUERY = 'offer_type=sale&property_type=apartment&country_code=CZ';

describe('count cache', () => {
  let api: TestApi;
  let ownerId = 0;
  let changedId = 0;

  beforeAll(async () => {
    api = await buildTestApi({ RATE_LIMIT_MAX: '0' });
    ownerId = await insertOwner(api.db);
    for (let i = 0; i < 4; i++)
      await insertSearchOffer(
        api.db,
        { ownerId },
        { disposition: '3', activatedAt: new Date(Date.UTC(2026, 0, 1 + i)) },
      );
    changedId = await insertSearchOffer(api.db, { ownerId }, { disposition: '2' });
  });
  afterAll(async () => {
    await api?.close();
  });

  async function counted(): Promise<{ total: number; facetTotal: number; two: number; three: number }> {
    const [list, facets] = await Promise.all(
      [`/public/offers?${QUERY}`, `/public/offers/facets?${QUERY}&groups=dispositions`].map(async (url) => {
        const response = await api.app.inject({ method: 'GET', url });
        expect(response.statusCode, response.body).toBe(200);
        return response.json();
      }),
    );
    return {
      total: list.meta.total,
      facetTotal: facets.total,
      two: facets.facets.dispositions['2'],
      three: facets.facets.dispositions['3'],
    };
  }

  it('answers the new counts as soon as an offer changes, is added or removed', async () => {
    expect(await counted()).toEqual({ total: 5, facetTotal: 5, two: 1, three: 4 });
    // The same question again: served from the cache, the same answer.
    expect(await counted()).toEqual({ total: 5, facetTotal: 5, two: 1, three: 4 });

    await api.db.update(offers).set({ disposition: '3' }).where(eq(offers.id, changedId));
    expect(await counted()).toEqual({ total: 5, facetTotal: 5, two: 0, three: 5 });

    const addedId = await insertSearchOffer(api.db, { ownerId }, { disposition: '2' });
    expect(await counted()).toEqual({ total: 6, facetTotal: 6, two: 1, three: 5 });

    // Moved to another country: leaves this partition's counts.
    await api.db.update(offers).set({ countryCode: 'SK' }).where(eq(offers.id, addedId));
    expect(await counted()).toEqual({ total: 5, facetTotal: 5, two: 0, three: 5 });

    await api.db.delete(offers).where(eq(offers.id, changedId));
    expect(await counted()).toEqual({ total: 4, facetTotal: 4, two: 0, three: 4 });
  });

  it('answers the new map clusters as soon as an offer moves', async () => {
    const mapTotal = async () => {
      const response = await api.app.inject({
        method: 'GET',
        url: `/public/offers/map?${QUERY}&bbox=49,13,51,16&zoom=5`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().total as number;
    };
    const before = await mapTotal();
    expect(await mapTotal()).toBe(before);
    const movedId = await insertSearchOffer(api.db, { ownerId });
    expect(await mapTotal()).toBe(before + 1);
    // Out of the viewport (Brno is inside; Vienna is not).
    await api.db.update(offers).set({ latitude: 48.2, longitude: 16.37 }).where(eq(offers.id, movedId));
    expect(await mapTotal()).toBe(before);
  });

  it('serves a repeated count from memory and recomputes it only after a change it can see', async () => {
    const cache = new OfferCountCache();
    const filters = validateFilters({ offer_type: 'sale', property_type: 'apartment', country_code: 'CZ' });
    const count = async () => (await countOfferFacets({ db: api.db, filters, groups: [], cache })).total;

    const first = await count();
    expect(await count()).toBe(first);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });

    // A change in another partition (a house) keeps the cached count.
    await insertSearchOffer(api.db, { ownerId }, { propertyType: 'house' });
    expect(await count()).toBe(first);
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 1 });

    await insertSearchOffer(api.db, { ownerId });
    expect(await count()).toBe(first + 1);
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 2 });
  });

  it('counts the offer types of a sale search anew when a rent offer changes', async () => {
    // The offer_type facet of a sale search counts rents as well (disjunctive), so a change to
    // a rent offer must reach it although the search itself asks for sales.
    const typeCounts = async () => {
      const response = await api.app.inject({
        method: 'GET',
        url: `/public/offers/facets?${QUERY}&groups=offer_type`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().facets.offer_type as { sale: number; rent: number };
    };
    const before = await typeCounts();
    expect(await typeCounts()).toEqual(before);
    await insertSearchOffer(api.db, { ownerId }, { offerType: 'rent' });
    expect(await typeCounts()).toEqual({ sale: before.sale, rent: before.rent + 1 });
  });

  it('forgets the least recently used statement beyond its size', async () => {
    const cache = new OfferCountCache({ maxEntries: 2 });
    for (const country of ['CZ', 'SK', 'AT', 'CZ']) {
      const filters = validateFilters({ country_code: country });
      await countOfferFacets({ db: api.db, filters, groups: [], cache });
    }
    // CZ was pushed out by AT before it was asked again.
    expect(cache.stats()).toEqual({ hits: 0, misses: 4, entries: 2 });
    // Bounded by rows too: an answer over the bound still stays, alone, until the next one.
    const small = new OfferCountCache({ maxRows: 1 });
    for (const country of ['CZ', 'SK']) {
      const filters = validateFilters({ country_code: country });
      await countOfferFacets({ db: api.db, filters, groups: ['dispositions', 'ownerships'], cache: small });
    }
    expect(small.stats().entries).toBe(1);
  });
});
