import { offers, projectOfferRow, properties } from '@estately/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/features/search/offer-conditions.ts';
import { buildTestApi, insertOwner, loadRates, type TestApi } from '../../support/helpers.ts';

// A large-area search sorted newest first walks the newest offers in chunks and tests the area
// on each (search-offers.ts). Its pages must be exactly those of the plain ordered query:
// across chunk boundaries, across equal activation times, and past the last match.

const PRAHA = { lat: 50.08, lng: 14.42 };

describe('newest offers in a large area', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await buildTestApi({ RATE_LIMIT_MAX: '0' });
    const ownerId = await insertOwner(api.db);
    const rates = await loadRates(api.db);
    // 1,200 offers, every tenth within 60 km of Praha (the last row of each walked chunk among
    // them), the rest in Brno; three share each activation time, so the walk's cursor must
    // break ties by id.
    const values = Array.from({ length: 1_200 }, (_, i) => {
      const near = i % 10 === 0;
      const activatedAt = new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 60_000);
      return {
        ownerId,
        state: 'active',
        offerType: 'sale',
        propertyType: 'apartment',
        price: 5_000_000,
        currency: 'CZK',
        countryCode: 'CZ',
        city: near ? 'Praha' : 'Brno',
        latitude: near ? PRAHA.lat + ((i % 7) - 3) * 0.02 : 49.19,
        longitude: near ? PRAHA.lng + ((i % 5) - 2) * 0.03 : 16.6,
        publishedAt: activatedAt,
        activatedAt,
      } satisfies typeof properties.$inferInsert;
    });
    // In batches: a statement takes at most 65,535 parameters.
    for (let start = 0; start < values.length; start += 200) {
      const batch = values.slice(start, start + 200);
      const inserted = await api.db.insert(properties).values(batch).returning({ id: properties.id });
      await api.db
        .insert(offers)
        .values(inserted.map((row, i) => projectOfferRow({ ...batch[i]!, id: row.id }, null, rates)));
    }
  });
  afterAll(async () => {
    await api?.close();
  });

  it('gives the pages of the plain ordered query', async () => {
    const expected = (
      await queryRows<{ id: number | string }>(
        api.db,
        sql`select id from offers where is_public
              and geo_distance_km(location, point(${PRAHA.lng}::float8, ${PRAHA.lat}::float8)) <= 60
            order by activated_at desc, id desc`,
      )
    ).map((row) => Number(row.id));
    expect(expected.length).toBeGreaterThan(100);
    for (const page of [1, 2, 3, 4, 5, 6]) {
      const response = await api.app.inject({
        method: 'GET',
        url: `/public/offers?offer_type=sale&property_type=apartment&country_code=CZ&lat=${PRAHA.lat}&lng=${PRAHA.lng}&radius_km=60&page=${page}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(
        body.data.map((offer: { id: number }) => offer.id),
        `page ${page}`,
      ).toEqual(expected.slice((page - 1) * 25, page * 25));
      expect(body.meta.total).toBe(expected.length);
    }
  });
});
