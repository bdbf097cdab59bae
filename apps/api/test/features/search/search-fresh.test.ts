import { offers } from '@estately/db';
import {
  BUILDING_TYPES,
  DISPOSITIONS,
  defaultFilters,
  type FacetGroup,
  OWNERSHIPS,
  type SearchFilters,
} from '@estately/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfferCountCache } from '../../../src/features/search/count-cache.ts';
import { countOfferFacets } from '../../../src/features/search/count-offer-facets.ts';
import { FacetIndex } from '../../../src/features/search/facet-index/facet-index.ts';
import { readVersions } from '../../../src/features/search/read-versions.ts';
import { searchOffers, searchOffersBody } from '../../../src/features/search/search-offers.ts';
import { buildTestApi, countingDb, insertOwner, setRates, type TestApi } from '../../support/helpers.ts';
import { insertFullOffer, insertSeller } from '../../support/offer-fixtures.ts';
import { insertSearchOffer, insertSearchOffers } from '../../support/search-helpers.ts';

// A search the facet index answers, asked for the first time, takes one statement while no
// offer changed since the last snapshot of the change counters: the page is selected from the
// index as held, its cards read with the counters' total, and the guess stands only when that
// total is the snapshot's (docs/decisions/025, addendum on fresh searches). A write committed
// before the request must still show, whether or not anyone read a snapshot after it.

let api: TestApi;
let ownerId = 0;
const ids: number[] = [];

const PRICES = [1_500_000, 2_500_000, 3_000_000, 3_500_000, 4_000_000, 4_500_000, 5_500_000, 7_000_000];

beforeAll(async () => {
  api = await buildTestApi({ RATE_LIMIT_MAX: '0' });
  ownerId = await insertOwner(api.db);
  for (const [n, price] of PRICES.entries()) {
    ids.push(
      await insertSearchOffer(
        api.db,
        { ownerId },
        {
          offerType: 'sale',
          propertyType: 'apartment',
          countryCode: 'CZ',
          priceNormalized: price,
          disposition: n % 2 === 0 ? '2' : '3',
          activatedAt: new Date(Date.UTC(2026, 0, 1 + n)),
        },
      ),
    );
  }
});
beforeAll(async () => {
  // A card with a main photo, a street and a seller, inside Q1's band: every card column is
  // compared with the SQL page's.
  ids.push(
    await insertFullOffer(api.db, {
      ownerId,
      sellerId: await insertSeller(api.db, { countryCode: 'CZ', isVerified: true }),
      city: 'Olomouc',
      latitude: 49.5938,
      longitude: 17.2509,
      price: 4_400_000,
      area: 61.5,
      activatedAt: new Date('2026-01-20T10:00:00.123Z'),
      photos: [{ position: 0, isMain: true, roomType: 'living_room' }],
    }),
  );
  // The fixture keeps the main photo off the card; put it on, as publishing does.
  await api.db.execute(sql`update offers set main_photo_id = m.id, main_photo_variants = m.variants,
      main_photo_room_type = m.room_type
    from property_media m where m.property_id = offers.id and m.is_main and offers.id = ${ids[ids.length - 1]!}`);
});
afterAll(async () => {
  await api?.close();
});

/** The facet groups Q1 of the benchmark counts. */
const Q1_GROUPS: readonly FacetGroup[] = ['dispositions', 'ownerships', 'building_types'];

/** Q1's shape: a partition and a price band in CZK, newest first. */
function q1(extra: Partial<SearchFilters> = {}): SearchFilters {
  return {
    ...defaultFilters(),
    offer_type: 'sale',
    property_type: 'apartment',
    country_code: 'CZ',
    price_from: 2_000_000,
    price_to: 6_000_000,
    currency: 'CZK',
    per_page: 2,
    ...extra,
  };
}

describe('fresh searches through the facet index', () => {
  const index = new FacetIndex();
  const cache = new OfferCountCache();
  // One database object for every search through the index, as the API has one: its
  // snapshots (readVersions) and prepared statements are per database object.
  let counting: ReturnType<typeof countingDb>;
  beforeAll(() => {
    counting = countingDb(api.db);
  });

  const fromIndex = (db: typeof api.db, filters: SearchFilters) =>
    searchOffers({ db, filters, storage: api.app.storage, cache, index });
  const fromSql = (filters: SearchFilters) => searchOffers({ db: api.db, filters, storage: api.app.storage });
  const facetsFromIndex = (db: typeof api.db, filters: SearchFilters) =>
    countOfferFacets({ db, filters, groups: ['dispositions', 'offer_type'], cache, index });
  const facetsFromSql = (filters: SearchFilters) =>
    countOfferFacets({ db: api.db, filters, groups: ['dispositions', 'offer_type'], partitionCounts: false });

  it('answer a new page in one statement and new counts in one snapshot while nothing changed', async () => {
    const { db, reads } = counting;
    // The first search loads the partition (a snapshot, the load, the cards).
    expect(await fromIndex(db, q1())).toEqual(await fromSql(q1()));
    const photographed = await fromIndex(db, q1({ per_page: 20 }));
    expect(photographed.data.find((card) => card.id === ids[ids.length - 1])?.main_photo).toBeTruthy();
    expect(photographed).toEqual(await fromSql(q1({ per_page: 20 })));

    for (const filters of [q1({ page: 2 }), q1({ sort: 'price_asc' }), q1({ price_to: 4_200_000 })]) {
      const before = reads();
      const answer = await fromIndex(db, filters);
      expect(reads() - before, JSON.stringify(filters)).toBe(1);
      expect(answer, JSON.stringify(filters)).toEqual(await fromSql(filters));
    }
    // The route's encoded answers: a new one in one statement too, kept; asked again, the
    // snapshot that checks it.
    const bodies = new OfferCountCache();
    const filters = q1({ sort: 'price_desc' });
    const bodyOptions = { db, filters, storage: api.app.storage, cache, index, bodies, check: true };
    let readsBeforeBody = reads();
    const body = await searchOffersBody(bodyOptions);
    expect(reads() - readsBeforeBody).toBe(1);
    expect(JSON.parse(body.toString('utf8'))).toEqual(await fromSql(filters));
    readsBeforeBody = reads();
    expect(await searchOffersBody(bodyOptions)).toBe(body);
    expect(reads() - readsBeforeBody).toBe(1);

    const before = reads();
    const counts = await facetsFromIndex(db, q1({ dispositions: ['2'] }));
    expect(reads() - before).toBe(1);
    expect(counts).toEqual(await facetsFromSql(q1({ dispositions: ['2'] })));
    expect(counts.total).toBeGreaterThan(0);
  });

  it('show a write made after the last snapshot, with nobody reading one since', async () => {
    await fromIndex(counting.db, q1({ page: 3 }));
    // A new newest offer inside the band, and an offer priced out of it.
    const newest = await insertSearchOffer(
      api.db,
      { ownerId },
      {
        offerType: 'sale',
        propertyType: 'apartment',
        countryCode: 'CZ',
        priceNormalized: 3_200_000,
        disposition: '2',
        activatedAt: new Date(Date.UTC(2026, 1, 1)),
      },
    );
    await api.db.update(offers).set({ priceNormalized: 9_000_000 }).where(eq(offers.id, ids[3]!));

    const page = await fromIndex(counting.db, q1({ per_page: 5 }));
    expect(page.data[0]?.id).toBe(newest);
    expect(page.data.map((card) => card.id)).not.toContain(ids[3]);
    expect(page).toEqual(await fromSql(q1({ per_page: 5 })));
    // The counts of a search nobody asked yet see both writes too.
    const filters = q1({ dispositions: ['3'] });
    expect(await facetsFromIndex(counting.db, filters)).toEqual(await facetsFromSql(filters));
  });

  it('show a write when a snapshot after it was read but the index has not caught up', async () => {
    await fromIndex(counting.db, q1({ per_page: 6 }));
    await api.db.update(offers).set({ priceNormalized: 2_100_000 }).where(eq(offers.id, ids[7]!));
    // Another request (a detail, say) reads a snapshot: the index is now behind the latest one.
    await readVersions(counting.db).current();
    const filters = q1({ per_page: 7, sort: 'price_asc' });
    const page = await fromIndex(counting.db, filters);
    expect(page.data[0]?.id).toBe(ids[7]);
    expect(page).toEqual(await fromSql(filters));
    const counted = q1({ dispositions: ['2', '3'] });
    expect(await facetsFromIndex(counting.db, counted)).toEqual(await facetsFromSql(counted));
  });

  it('put a batch of new offers larger than one-by-one placing in price order', async () => {
    await fromIndex(counting.db, q1({ per_page: 8 }));
    // More offers than a catch-up places one by one: put anyhow, then the partition sorted.
    for (let n = 0; n < 24; n++)
      await insertSearchOffer(
        api.db,
        { ownerId },
        {
          offerType: 'sale',
          propertyType: 'apartment',
          countryCode: 'CZ',
          priceNormalized: n % 5 === 0 ? null : 1_000_000 + ((n * 7_919) % 24) * 250_000,
          disposition: n % 3 === 0 ? '2' : '3',
          activatedAt: new Date(Date.UTC(2026, 2, 1 + n)),
        },
      );
    for (const filters of [
      q1({ per_page: 10, sort: 'price_asc' }),
      q1({ per_page: 10, sort: 'price_desc', page: 2 }),
      q1({ per_page: 10, price_from: 3_000_000, price_to: 4_000_000 }),
      q1({ per_page: 10, price_from: undefined, price_to: 2_750_000 }),
    ]) {
      expect(await fromIndex(counting.db, filters), JSON.stringify(filters)).toEqual(await fromSql(filters));
      const counted = q1({ ...filters, dispositions: ['2'] });
      expect(await facetsFromIndex(counting.db, counted), JSON.stringify(counted)).toEqual(
        await facetsFromSql(counted),
      );
    }
  });

  it('convert a price band with rates that changed after the last snapshot', async () => {
    const euros = q1({ price_from: 100_000, price_to: 170_000, currency: 'EUR', per_page: 20 });
    await setRates(api.db, { EUR: 25 });
    expect(await fromIndex(counting.db, euros)).toEqual(await fromSql(euros));
    await setRates(api.db, { EUR: 20 });
    const page = await fromIndex(counting.db, { ...euros, per_page: 21 });
    expect(page).toEqual(await fromSql({ ...euros, per_page: 21 }));
    const counted = q1({ ...euros, dispositions: ['3'] });
    await setRates(api.db, { EUR: 30 });
    expect(await facetsFromIndex(counting.db, counted)).toEqual(await facetsFromSql(counted));
  });

  it('page and count a large partition as SQL does, before and after writes', async () => {
    // Enough offers for many blocks of activation times (most of them are skipped) and of value
    // counts (a band is counted by blocks, its ends offer by offer).
    const market = { offerType: 'sale', propertyType: 'apartment', countryCode: 'SK' } as const;
    const slovak = await insertSearchOffers(
      api.db,
      { ownerId },
      Array.from({ length: 700 }, (_, n) => ({
        ...market,
        priceNormalized: n % 41 === 0 ? null : 1_000_000 + ((n * 7_919) % 700) * 10_000,
        disposition: DISPOSITIONS[(n * 5) % 7]!,
        ownership: n % 3 === 0 ? null : OWNERSHIPS[n % 4]!,
        typeOfBuilding: BUILDING_TYPES[(n * 3) % BUILDING_TYPES.length]!,
        // Times in no order against prices, some shared (ties go by id); a quarter at one newest
        // time, as the benchmark's data have them (its newest offers share one time): ties
        // across every block.
        activatedAt: new Date(
          n % 4 === 0 ? Date.UTC(2026, 0, 1) : Date.UTC(2025, 0, 1) + ((n * 104_729) % 650) * 3_600_000,
        ),
      })),
    );
    const searches = (extra: Partial<SearchFilters>) =>
      [
        { price_from: 2_000_000, price_to: 7_000_000 },
        { price_from: 1_000_000, price_to: 1_200_000 },
        { price_to: 4_000_000, page: 3 },
        { price_from: 6_500_000, sort: 'activated_at_asc' as const },
        { price_from: 1, sort: 'activated_at_asc' as const, page: 2 },
      ].map((band) =>
        q1({
          country_code: 'SK',
          price_from: undefined,
          price_to: undefined,
          per_page: 10,
          ...band,
          ...extra,
        }),
      );
    // The counts of Q1's groups, and of two with a choice (counted offer by offer).
    const counts = async (filters: SearchFilters) => {
      const asks: [Partial<SearchFilters>, readonly FacetGroup[]][] = [
        [{}, Q1_GROUPS],
        [{ ownerships: ['personal'] }, ['dispositions', 'ownerships']],
      ];
      for (const [extra, groups] of asks) {
        const asked: SearchFilters = { ...filters, ...extra };
        expect(
          await countOfferFacets({ db: counting.db, filters: asked, groups, cache, index }),
          JSON.stringify(asked),
        ).toEqual(await countOfferFacets({ db: api.db, filters: asked, groups, partitionCounts: false }));
      }
    };
    for (const filters of searches({})) {
      expect(await fromIndex(counting.db, filters), JSON.stringify(filters)).toEqual(await fromSql(filters));
      await counts(filters);
    }
    // A new newest offer inside a band, an old one moved into another, one deleted.
    await insertSearchOffer(
      api.db,
      { ownerId },
      { ...market, priceNormalized: 3_000_000, activatedAt: new Date(Date.UTC(2026, 5, 1)) },
    );
    await api.db.update(offers).set({ priceNormalized: 1_100_000 }).where(eq(offers.id, slovak[5]!));
    await api.db.delete(offers).where(eq(offers.id, slovak[9]!));
    // The cheapest offer made the dearest with other values, and the other way round: each moves
    // across every block; one more loses its layout.
    const byPrice = await api.db
      .select({ id: offers.id })
      .from(offers)
      .where(sql`${offers.countryCode} = 'SK' and ${offers.priceNormalized} is not null`)
      .orderBy(offers.priceNormalized, offers.id);
    await api.db
      .update(offers)
      .set({ priceNormalized: 9_500_000, disposition: '1', ownership: 'other' })
      .where(eq(offers.id, byPrice[0]!.id));
    await api.db
      .update(offers)
      .set({ priceNormalized: 1_000_001, disposition: '6+', typeOfBuilding: null })
      .where(eq(offers.id, byPrice[byPrice.length - 1]!.id));
    await api.db.update(offers).set({ disposition: null }).where(eq(offers.id, slovak[100]!));
    for (const filters of searches({ per_page: 11 })) {
      expect(await fromIndex(counting.db, filters), JSON.stringify(filters)).toEqual(await fromSql(filters));
      await counts(filters);
    }
    // More changes than a catch-up places one by one: put anyhow, then the partition sorted.
    await api.db
      .update(offers)
      .set({ priceNormalized: sql`${offers.priceNormalized} * 1.5`, disposition: '5' })
      .where(sql`${offers.countryCode} = 'SK' and ${offers.id} % 17 = 0`);
    await api.db.delete(offers).where(sql`${offers.countryCode} = 'SK' and ${offers.id} % 23 = 0`);
    for (const filters of searches({ per_page: 12 })) {
      expect(await fromIndex(counting.db, filters), JSON.stringify(filters)).toEqual(await fromSql(filters));
      await counts(filters);
    }
  });
});
