import { offers, properties } from '@estately/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApi, insertOwner, type TestApi } from '../../support/helpers.ts';
import { insertSearchOffer } from '../../support/search-helpers.ts';

// The read model decides visibility on its own (docs/decisions/012): searches never join
// `properties`, so a property that is paused or struck must leave the list, the totals, the
// facet counts and the map in the same transaction, through the trigger on `properties`.

const QUERY = 'offer_type=sale&property_type=apartment&country_code=CZ';
const BBOX = '49,13,51,16';

describe('search visibility follows the property', () => {
  let api: TestApi;
  let watchedId = 0;

  beforeAll(async () => {
    api = await buildTestApi({ RATE_LIMIT_MAX: '0' });
    const ownerId = await insertOwner(api.db);
    for (let i = 0; i < 3; i++)
      await insertSearchOffer(api.db, { ownerId }, { activatedAt: new Date(Date.UTC(2026, 0, 1 + i)) });
    watchedId = await insertSearchOffer(
      api.db,
      { ownerId },
      { activatedAt: new Date(Date.UTC(2026, 1, 1)), disposition: '2' },
    );
  });
  afterAll(async () => {
    await api?.close();
  });

  async function seen(): Promise<{
    ids: number[];
    total: number;
    facetTotal: number;
    dispositionTwo: number;
    mapTotal: number;
  }> {
    const [list, facets, map] = await Promise.all(
      [
        `/public/offers?${QUERY}`,
        `/public/offers/facets?${QUERY}`,
        `/public/offers/map?${QUERY}&bbox=${BBOX}&zoom=8`,
      ].map(async (url) => {
        const response = await api.app.inject({ method: 'GET', url });
        expect(response.statusCode, response.body).toBe(200);
        return response.json();
      }),
    );
    return {
      ids: list.data.map((offer: { id: number }) => offer.id),
      total: list.meta.total,
      facetTotal: facets.total,
      dispositionTwo: facets.facets.dispositions['2'],
      mapTotal: map.total,
    };
  }

  async function setProperty(values: Partial<typeof properties.$inferInsert>) {
    await api.db.update(properties).set(values).where(eq(properties.id, watchedId));
  }

  it('leaves every search when struck or paused and comes back when public again', async () => {
    const before = await seen();
    expect(before).toEqual({
      ids: expect.arrayContaining([watchedId]),
      total: 4,
      facetTotal: 4,
      dispositionTwo: 1,
      mapTotal: 4,
    });

    await setProperty({ struckAt: new Date() });
    const struck = await seen();
    expect(struck.ids).not.toContain(watchedId);
    expect(struck).toMatchObject({ total: 3, facetTotal: 3, dispositionTwo: 0, mapTotal: 3 });
    // The row stays (the property write re-projects it); only its visibility changed.
    const [row] = await api.db
      .select({ isPublic: offers.isPublic })
      .from(offers)
      .where(eq(offers.id, watchedId));
    expect(row).toEqual({ isPublic: false });

    await setProperty({ struckAt: null });
    expect(await seen()).toEqual(before);

    await setProperty({ state: 'paused' });
    expect(await seen()).toMatchObject({ total: 3, facetTotal: 3, dispositionTwo: 0, mapTotal: 3 });

    await setProperty({ state: 'active' });
    expect(await seen()).toEqual(before);
  });
});
