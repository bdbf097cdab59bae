import { offerMapCells, offers, properties } from '@estately/db';
import { OfferMapResponseSchema } from '@estately/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_CELL_DEG } from '../../../src/features/search/cluster-offers.ts';
import { queryRows } from '../../../src/features/search/offer-conditions.ts';
import { buildTestApi, insertOwner, type TestApi } from '../../support/helpers.ts';
import { generator, insertSearchOffer } from '../../support/search-helpers.ts';

// The pre-aggregated map cells (offer_map_cells, docs/decisions/012) must equal grouping the
// public offers at every moment: after inserts, moves, type changes, strikes and deletes, and
// coarse-zoom clusters built from them must add up to the list total of the same viewport.

type Cell = {
  gx: number;
  gy: number;
  offerType: string;
  propertyType: string;
  countryCode: string;
  offers: number;
  south: number;
  west: number;
  north: number;
  east: number;
  sumLatitude: number;
  sumLongitude: number;
};

describe('map cells follow the offers', () => {
  let api: TestApi;
  const ids: number[] = [];
  const r = generator(7);
  // Around Praha and Brno, spread over several base cells and their edges.
  const place = () =>
    r.next() < 0.5
      ? { latitude: 49.9 + r.next() * 0.5, longitude: 14.2 + r.next() * 0.6 }
      : { latitude: 49.1 + r.next() * 0.2, longitude: 16.5 + r.next() * 0.2 };

  beforeAll(async () => {
    api = await buildTestApi({ RATE_LIMIT_MAX: '0' });
    const ownerId = await insertOwner(api.db);
    for (let i = 0; i < 40; i++) {
      ids.push(
        await insertSearchOffer(
          api.db,
          { ownerId },
          {
            ...place(),
            offerType: r.pick(['sale', 'rent'] as const),
            activatedAt: new Date(Date.UTC(2026, 0, 1, i)),
          },
        ),
      );
    }
  });
  afterAll(async () => {
    await api?.close();
  });

  async function stored(): Promise<Cell[]> {
    const rows = await api.db.select().from(offerMapCells);
    return rows.sort((a, b) => a.gy - b.gy || a.gx - b.gx || a.offerType.localeCompare(b.offerType));
  }
  async function expected(): Promise<Cell[]> {
    const rows = await queryRows<Record<string, string | number>>(
      api.db,
      sql`select floor(longitude / ${MAP_CELL_DEG}::float8)::int as gx, floor(latitude / ${MAP_CELL_DEG}::float8)::int as gy,
            offer_type, property_type, country_code, count(*)::int as offers,
            min(latitude) as south, min(longitude) as west, max(latitude) as north, max(longitude) as east,
            sum(latitude) as sum_latitude, sum(longitude) as sum_longitude
          from offers where is_public group by 1, 2, 3, 4, 5`,
    );
    return rows
      .map((row) => ({
        gx: Number(row.gx),
        gy: Number(row.gy),
        offerType: String(row.offer_type),
        propertyType: String(row.property_type),
        countryCode: String(row.country_code),
        offers: Number(row.offers),
        south: Number(row.south),
        west: Number(row.west),
        north: Number(row.north),
        east: Number(row.east),
        sumLatitude: Number(row.sum_latitude),
        sumLongitude: Number(row.sum_longitude),
      }))
      .sort((a, b) => a.gy - b.gy || a.gx - b.gx || a.offerType.localeCompare(b.offerType));
  }
  async function expectCellsExact() {
    const [have, want] = await Promise.all([stored(), expected()]);
    const exact = (cells: Cell[]) => cells.map(({ sumLatitude, sumLongitude, ...rest }) => rest);
    expect(exact(have)).toEqual(exact(want));
    for (const [i, cell] of have.entries()) {
      expect(cell.sumLatitude).toBeCloseTo(want[i]!.sumLatitude, 9);
      expect(cell.sumLongitude).toBeCloseTo(want[i]!.sumLongitude, 9);
    }
  }
  async function get(url: string) {
    const response = await api.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('equal the grouped offers after every kind of change', async () => {
    await expectCellsExact();
    for (let round = 0; round < 30; round++) {
      const id = r.pick(ids);
      const change = r.pick(['move', 'type', 'strike', 'unstrike', 'price'] as const);
      if (change === 'move') await api.db.update(offers).set(place()).where(eq(offers.id, id));
      else if (change === 'type')
        await api.db
          .update(offers)
          .set({ offerType: r.pick(['sale', 'rent']) })
          .where(eq(offers.id, id));
      else if (change === 'price')
        await api.db
          .update(offers)
          .set({ price: 1_000 + round })
          .where(eq(offers.id, id));
      else
        await api.db
          .update(properties)
          .set({ struckAt: change === 'strike' ? new Date() : null })
          .where(eq(properties.id, id));
      await expectCellsExact();
    }
    await api.db.delete(offers).where(eq(offers.id, ids[0]!));
    await expectCellsExact();
  });

  it('give coarse-zoom clusters that add up to the list total of the viewport', async () => {
    // Edges cut through base cells on every side.
    for (const [bbox, filter] of [
      ['49.2,14.1,50.3,16.65', ''],
      ['49.2,14.1,50.3,16.65', '&offer_type=rent'],
      ['48,12,51,19', '&offer_type=sale&country_code=CZ'],
      // One whole partition over a large area: the list reads it through the count index.
      ['48,12,51,19', '&offer_type=sale&property_type=apartment&country_code=CZ&price_from=1&currency=CZK'],
    ] as const) {
      for (const zoom of [5, 6, 7, 8]) {
        const map = OfferMapResponseSchema.parse(
          await get(`/public/offers/map?bbox=${bbox}&zoom=${zoom}${filter}`),
        );
        const list = await get(`/public/offers?bbox=${bbox}${filter}&per_page=100`);
        expect(map.total, `${bbox} z${zoom}${filter}`).toBe(list.meta.total);
        const listed = new Set(list.data.map((offer: { id: number }) => offer.id));
        for (const point of map.points) expect(listed.has(point.id)).toBe(true);
        const [south, west, north, east] = bbox.split(',').map(Number) as [number, number, number, number];
        for (const { bounds } of map.clusters) {
          expect(bounds.south).toBeGreaterThanOrEqual(south);
          expect(bounds.west).toBeGreaterThanOrEqual(west);
          expect(bounds.north).toBeLessThanOrEqual(north);
          expect(bounds.east).toBeLessThanOrEqual(east);
        }
      }
    }
  });
});
