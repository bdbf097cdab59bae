import { exchangeRates, offerFacetChanges, offerFacetCounts, offers, properties } from '@estately/db';
import {
  BUILDING_TYPES,
  DISPOSITIONS,
  defaultFilters,
  ENERGY_CLASSES,
  FACET_GROUPS,
  FURNISHINGS,
  HEATING_TYPES,
  OTHER_PARAMS,
  OWNERSHIPS,
  PARKING_TYPES,
  RECONSTRUCTIONS,
  ROOM_TYPES,
  SELLER_TYPES,
  type SearchFilters,
  SORTS,
  TAGS,
} from '@estately/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterOffers } from '../../../src/features/search/cluster-offers.ts';
import { OfferCountCache } from '../../../src/features/search/count-cache.ts';
import { countOfferFacets } from '../../../src/features/search/count-offer-facets.ts';
import { indexable, partitionOnly } from '../../../src/features/search/facet-count-rows.ts';
import { FacetIndex } from '../../../src/features/search/facet-index/facet-index.ts';
import { queryRows } from '../../../src/features/search/offer-conditions.ts';
import { searchOffers } from '../../../src/features/search/search-offers.ts';
import { buildTestApi, insertOwner, type TestApi } from '../../support/helpers.ts';
import { generator, insertSearchOffer } from '../../support/search-helpers.ts';

// The pre-aggregated facet counts (offer_facet_counts) and the per-process facet index
// (facet-index.ts, docs/decisions/025) must give exactly what counting the offers gives, for
// every search they answer, after every kind of write: new offers, changed facet values, moves
// between partitions, strikes, deletes.

const r = generator(11);
/** A viewport around every offer of the market (facetValues' coordinates). */
const MARKET_BOX = { south: 48.5, west: 12.4, north: 51.1, east: 21.6 };
const PARTITIONS: SearchFilters[] = (
  [
    {},
    { offer_type: 'sale' },
    { offer_type: 'rent', property_type: 'house' },
    { country_code: 'CZ' },
    { offer_type: 'sale', property_type: 'apartment', country_code: 'CZ' },
    { property_type: 'apartment', country_code: 'SK' },
    { country_code: 'AT' },
  ] satisfies Partial<SearchFilters>[]
).map((partition) => ({ ...defaultFilters(), ...partition }));

/** Read-model values of the facet groups, drawn at random (nulls included). */
function facetValues() {
  return {
    offerType: r.pick(['sale', 'rent'] as const),
    propertyType: r.pick(['apartment', 'house'] as const),
    countryCode: r.pick(['CZ', 'CZ', 'SK']),
    disposition: r.pick([...DISPOSITIONS.slice(0, 4), null]),
    bathrooms: r.pick([null, 1, 2, 3]),
    // As a listing names its rooms: a second bedroom or bathroom repeats the value.
    roomTypes: [...r.some(ROOM_TYPES.slice(0, 6)), ...r.some(['bedroom', 'bathroom'] as const)],
    furnishings: r.pick([...FURNISHINGS, null]),
    ownership: r.pick([...OWNERSHIPS, null]),
    reconstruction: r.pick([...RECONSTRUCTIONS.slice(0, 3), null]),
    typeOfBuilding: r.pick([...BUILDING_TYPES.slice(0, 3), null]),
    typeOfHeating: r.pick([...HEATING_TYPES.slice(0, 3), null]),
    parking: r.pick([...PARKING_TYPES, null]),
    penb: r.pick(ENERGY_CLASSES),
    otherParams: r.some(OTHER_PARAMS.slice(0, 5)),
    tags: r.some(TAGS.slice(0, 4)),
    sellerType: r.pick(SELLER_TYPES),
    latitude: 48.6 + r.next() * 2.4,
    longitude: 12.5 + r.next() * 9,
    priceNormalized: r.pick([null, 900_000, 3_000_000, 5_000_000, 7_000_000]),
    activatedAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(r.next() * 20))),
  };
}

/** A test API with `count` offers of random facet values, built before and closed after the describe's tests. */
function market(count: number) {
  const state = { api: undefined as unknown as TestApi, ownerId: 0, ids: [] as number[] };
  beforeAll(async () => {
    state.api = await buildTestApi({ RATE_LIMIT_MAX: '0' });
    state.ownerId = await insertOwner(state.api.db);
    for (let i = 0; i < count; i++)
      state.ids.push(
        await insertSearchOffer(
          state.api.db,
          { ownerId: state.ownerId },
          { ...facetValues(), activatedAt: new Date(Date.UTC(2026, 0, 1, i)) },
        ),
      );
  });
  afterAll(async () => {
    await state.api?.close();
  });
  return state;
}

const CHANGES = ['facets', 'partition', 'strike', 'unstrike', 'price', 'insert', 'delete'] as const;

/** One random write of the kinds a portal sees; returns its kind. */
async function randomChange(state: ReturnType<typeof market>): Promise<string> {
  const { api, ownerId, ids } = state;
  const id = r.pick(ids);
  const change = r.pick(CHANGES);
  if (change === 'facets') {
    const { offerType, propertyType, countryCode, ...values } = facetValues();
    await api.db
      .update(offers)
      .set({ ...values, usefulAreaMeters: r.pick([null, 40, 60, 85, 120]) })
      .where(eq(offers.id, id));
  } else if (change === 'partition') {
    const { offerType, propertyType, countryCode } = facetValues();
    await api.db.update(offers).set({ offerType, propertyType, countryCode }).where(eq(offers.id, id));
  } else if (change === 'price') {
    // The read model's normalised price and the area, as a property edit rewrites them.
    await api.db
      .update(offers)
      .set({
        priceNormalized: r.pick([null, 1_500_000, 4_000_000, 5_800_000]),
        usefulAreaMeters: r.pick([null, 45, 75]),
      })
      .where(eq(offers.id, id));
  } else if (change === 'insert') {
    ids.push(await insertSearchOffer(api.db, { ownerId }, facetValues()));
  } else if (change === 'delete') {
    await api.db.delete(offers).where(eq(offers.id, id));
  } else {
    await api.db
      .update(properties)
      .set({ struckAt: change === 'strike' ? new Date() : null })
      .where(eq(properties.id, id));
  }
  return change;
}

describe('pre-aggregated facet counts', () => {
  const state = market(30);

  async function expectSameAsCounting(round: string) {
    for (const filters of PARTITIONS) {
      const label = `${round}: ${JSON.stringify(filters)}`;
      const [summed, counted] = await Promise.all([
        countOfferFacets({ db: state.api.db, filters }),
        countOfferFacets({ db: state.api.db, filters, partitionCounts: false }),
      ]);
      expect(summed, label).toEqual(counted);
    }
    // The list's total of a partition-only search comes from the same rows.
    const query = 'offer_type=sale&country_code=CZ';
    const [list, live] = await Promise.all([
      state.api.app.inject({ method: 'GET', url: `/public/offers?${query}` }),
      queryRows<{ n: number }>(
        state.api.db,
        sql`select count(*)::int as n from offers where is_public and offer_type = 'sale' and country_code = 'CZ'`,
      ),
    ]);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().meta.total, round).toBe(Number(live[0]!.n));
  }

  it('equal counting the offers after every kind of change', async () => {
    await expectSameAsCounting('start');
    // The counts are not trivially empty: the whole market's offer types add up to the offers.
    const start = await countOfferFacets({ db: state.api.db, filters: PARTITIONS[0]! });
    expect(start.total).toBe(30);
    expect(start.facets.offer_type!.sale + start.facets.offer_type!.rent).toBe(30);
    // An offer whose rooms name a bedroom twice counts once under it, as the search for offers
    // with a bedroom finds it (migration 0045).
    const [bedrooms] = await queryRows<{ offers: number; repeated: number }>(
      state.api.db,
      sql`select count(*)::int as offers,
          count(*) filter (where cardinality(array_positions(room_types, 'bedroom')) > 1)::int as repeated
        from offers where is_public and 'bedroom' = any(room_types)`,
    );
    expect(bedrooms!.repeated).toBeGreaterThan(0);
    expect(start.facets.room_types!.bedroom).toBe(bedrooms!.offers);

    for (let round = 0; round < 24; round++) {
      const change = await randomChange(state);
      await expectSameAsCounting(`round ${round} (${change})`);
    }

    // A statement over many offers at once, then a delete.
    await state.api.db
      .update(offers)
      .set({ disposition: '2', bathrooms: 2 })
      .where(sql`${offers.id} % 2 = 0`);
    await expectSameAsCounting('bulk update');
    await state.api.db.delete(offers).where(eq(offers.id, state.ids[0]!));
    await expectSameAsCounting('delete');
    // No key is ever counted below zero.
    const negative = await state.api.db
      .select()
      .from(offerFacetCounts)
      .where(sql`${offerFacetCounts.offers} < 0`);
    expect(negative).toEqual([]);
  });

  it('answer the facets route for a landing search without reading the offers', async () => {
    const response = await state.api.app.inject({
      method: 'GET',
      url: '/public/offers/facets?offer_type=rent',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const counted = await countOfferFacets({
      db: state.api.db,
      filters: { ...defaultFilters(), offer_type: 'rent' },
      partitionCounts: false,
    });
    expect(body).toEqual(counted);
    expect(Object.keys(body.facets).sort()).toEqual([...FACET_GROUPS].sort());
  });

  it('are used only for searches by offer type, property type and country', () => {
    const base = defaultFilters();
    expect(partitionOnly({ ...base, offer_type: 'sale', country_code: 'CZ', currency: 'EUR', page: 3 })).toBe(
      true,
    );
    expect(partitionOnly({ ...base, has_floor_plan: false, dispositions: [] })).toBe(true);
    expect(partitionOnly({ ...base, dispositions: ['2'] })).toBe(false);
    expect(partitionOnly({ ...base, price_from: 1, currency: 'CZK' })).toBe(false);
    expect(partitionOnly({ ...base, locality: 'praha' })).toBe(false);
    expect(partitionOnly({ ...base, bbox: { south: 49, west: 14, north: 50, east: 15 } })).toBe(false);
    expect(partitionOnly({ ...base, verified_only: true })).toBe(false);
  });
});

describe('facet index', () => {
  const state = market(40);
  // One cache and one index across all rounds, as in a process: every round catches up.
  const cache = new OfferCountCache();
  const index = new FacetIndex();
  const SEARCHES: SearchFilters[] = (
    [
      { dispositions: ['2', '3'] },
      { offer_type: 'sale', dispositions: ['1', '2'], bathrooms: ['2+'] },
      { offer_type: 'rent', property_type: 'house', room_types: [...ROOM_TYPES.slice(0, 2)] },
      { country_code: 'CZ', other_params: [OTHER_PARAMS[0]!], furnishings: [FURNISHINGS[0]!] },
      {
        offer_type: 'sale',
        property_type: 'apartment',
        country_code: 'CZ',
        tags: [...TAGS.slice(0, 2)],
        seller_types: [SELLER_TYPES[0]!, SELLER_TYPES[2]!],
        energy_classes: [...ENERGY_CLASSES.slice(0, 3)],
      },
      { property_type: 'apartment', parking: [...PARKING_TYPES], heating: [HEATING_TYPES[0]!] },
      // Price bounds in the base currency and in another (normalised with the live rates), area bounds.
      { offer_type: 'sale', price_from: 2_000_000, price_to: 6_000_000, currency: 'CZK' },
      { price_to: 200_000, currency: 'EUR', dispositions: ['2', '3'] },
      { country_code: 'CZ', area_from: 50, area_to: 90, tags: [TAGS[1]!] },
      { offer_type: 'rent', price_from: 1, currency: 'CZK', area_to: 70 },
      // Around Praha and Brno, and a viewport; with and without other bounds.
      { lat: 50.08, lng: 14.42, radius_km: 100 },
      { offer_type: 'sale', lat: 49.19, lng: 16.61, radius_km: 60, dispositions: ['1', '2', '3'] },
      { bbox: { south: 49, west: 13, north: 50.5, east: 17 }, price_to: 6_000_000, currency: 'CZK' },
      {
        country_code: 'CZ',
        bbox: { south: 48, west: 14, north: 51, east: 20 },
        lat: 50,
        lng: 15,
        radius_km: 150,
      },
    ] satisfies Partial<SearchFilters>[]
  ).map((search) => ({ ...defaultFilters(), ...search }));

  async function expectSameAsCounting(round: string) {
    for (const [n, filters] of SEARCHES.entries()) {
      const label = `${round}: ${JSON.stringify(filters)}`;
      const indexed = await countOfferFacets({ db: state.api.db, filters, cache, index });
      const counted = await countOfferFacets({ db: state.api.db, filters, partitionCounts: false });
      expect(indexed, label).toEqual(counted);
      // The page the index selects (in one of the orders, on page 1 or 2 of 4) is SQL's page.
      const paged = { ...filters, sort: SORTS[n % SORTS.length]!, per_page: 4, page: 1 + (n % 2) };
      const [fromIndex, fromSql] = await Promise.all([
        searchOffers({ db: state.api.db, filters: paged, storage: state.api.app.storage, cache, index }),
        searchOffers({ db: state.api.db, filters: paged, storage: state.api.app.storage }),
      ]);
      expect(fromIndex.meta, label).toEqual(fromSql.meta);
      expect(
        fromIndex.data.map((offer) => offer.id),
        `${label} ${paged.sort}`,
      ).toEqual(fromSql.data.map((offer) => offer.id));
      // The map of the same search (the market's viewport unless it has one) grouped by the
      // index is SQL's grouping: the same cells in the same order; the clusters' mean
      // positions to within rounding (the sums add up in another order).
      const mapped = { ...filters, bbox: filters.bbox ?? MARKET_BOX };
      const zoom = [6, 9, 12][n % 3]!;
      const [indexMap, sqlMap] = await Promise.all([
        clusterOffers({ db: state.api.db, filters: mapped, zoom, cache: new OfferCountCache(), index }),
        clusterOffers({ db: state.api.db, filters: mapped, zoom }),
      ]);
      expect(indexMap.total, `${label} map z${zoom}`).toBe(sqlMap.total);
      expect(indexMap.points, `${label} map z${zoom}`).toEqual(sqlMap.points);
      const exact = (map: typeof indexMap) => map.clusters.map(({ count, bounds }) => ({ count, bounds }));
      expect(exact(indexMap), `${label} map z${zoom}`).toEqual(exact(sqlMap));
      for (const [k, cluster] of indexMap.clusters.entries()) {
        expect(cluster.lat).toBeCloseTo(sqlMap.clusters[k]!.lat, 9);
        expect(cluster.lng).toBeCloseTo(sqlMap.clusters[k]!.lng, 9);
      }
    }
  }

  it('counts what counting the offers gives, caught up after every kind of change', async () => {
    await expectSameAsCounting('start');
    // Not trivially empty: the first search matches some offers and counts every group.
    const first = await countOfferFacets({ db: state.api.db, filters: SEARCHES[0]!, cache, index });
    expect(first.total).toBeGreaterThan(0);
    expect(index.offers).toBeGreaterThanOrEqual(first.total);

    for (let round = 0; round < 20; round++) {
      const change = await randomChange(state);
      await expectSameAsCounting(`round ${round} (${change})`);
    }
  });

  it('answers the facets route and the list total of the same search', async () => {
    const query = 'offer_type=sale&dispositions=1,2,3';
    const filters = {
      ...defaultFilters(),
      offer_type: 'sale',
      dispositions: ['1', '2', '3'],
    } as SearchFilters;
    const counted = await countOfferFacets({ db: state.api.db, filters, partitionCounts: false });
    const facets = await state.api.app.inject({ method: 'GET', url: `/public/offers/facets?${query}` });
    expect(facets.statusCode, facets.body).toBe(200);
    expect(facets.json()).toEqual(counted);
    const list = await state.api.app.inject({ method: 'GET', url: `/public/offers?${query}` });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().meta.total).toBe(counted.total);
    // A write the route's index has to catch up with.
    await state.api.db.update(offers).set({ disposition: '1' }).where(eq(offers.id, state.ids[1]!));
    const after = await countOfferFacets({ db: state.api.db, filters, partitionCounts: false });
    const again = await state.api.app.inject({ method: 'GET', url: `/public/offers/facets?${query}` });
    expect(again.json()).toEqual(after);
  });

  it('counts a price bound in another currency with the live rates', async () => {
    const query = 'price_to=230000&currency=EUR&dispositions=1,2,3,4';
    const filters = {
      ...defaultFilters(),
      price_to: 230_000,
      currency: 'EUR',
      dispositions: ['1', '2', '3', '4'],
    } as SearchFilters;
    const facets = async () => {
      const response = await state.api.app.inject({ method: 'GET', url: `/public/offers/facets?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const before = await facets();
    expect(before).toEqual(await countOfferFacets({ db: state.api.db, filters, partitionCounts: false }));
    // A euro worth one crown moves the bound below every price: the kept answer must not survive it.
    await state.api.db
      .insert(exchangeRates)
      .values({ currency: 'EUR', rateToCzk: 1 })
      .onConflictDoUpdate({ target: exchangeRates.currency, set: { rateToCzk: 1 } });
    const after = await facets();
    const counted = await countOfferFacets({ db: state.api.db, filters, partitionCounts: false });
    expect(after).toEqual(counted);
    expect(after.total).not.toBe(before.total);
  });

  it('reloads a partition whose changes were pruned from the log while it was behind', async () => {
    let clock = Date.UTC(2026, 10, 25, 12);
    const idle = new FacetIndex({ now: () => clock });
    const filters = { ...defaultFilters(), dispositions: ['1', '2'] } as SearchFilters;
    const count = () =>
      countOfferFacets({ db: state.api.db, filters, cache: new OfferCountCache(), index: idle });
    expect(await count()).toEqual(
      await countOfferFacets({ db: state.api.db, filters, partitionCounts: false }),
    );
    // A change the index has not seen, then three hours, and the hourly job prunes the log.
    const [target] = await state.api.db
      .select({ id: offers.id })
      .from(offers)
      .where(eq(offers.isPublic, true))
      .limit(1);
    await state.api.db
      .update(offers)
      .set({ disposition: '2', bathrooms: 1 })
      .where(eq(offers.id, target!.id));
    await state.api.db.update(offers).set({ disposition: '1' }).where(eq(offers.id, target!.id));
    clock += 3 * 3_600_000;
    await state.api.db.delete(offerFacetChanges);
    expect(await count()).toEqual(
      await countOfferFacets({ db: state.api.db, filters, partitionCounts: false }),
    );
  });

  it('is used for partition and value-set filters only', () => {
    const base = defaultFilters();
    expect(indexable({ ...base, offer_type: 'sale', dispositions: ['2'], tags: [TAGS[0]!] })).toBe(true);
    expect(indexable({ ...base, dispositions: ['2'], price_to: 10, currency: 'EUR', area_from: 3 })).toBe(
      true,
    );
    expect(indexable({ ...base, dispositions: ['2'], floor_from: 1 })).toBe(false);
    expect(indexable({ ...base, dispositions: ['2'], lat: 50, lng: 14, radius_km: 25 })).toBe(true);
    expect(indexable({ ...base, location_id: 7, radius_km: 25 })).toBe(false);
    expect(indexable({ ...base, locality: 'praha', country_code: 'CZ' })).toBe(false);
    expect(indexable({ ...base, dispositions: ['2'], age_days: 7 })).toBe(false);
  });
});
