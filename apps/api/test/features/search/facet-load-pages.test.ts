import type { Db } from '@estately/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FacetIndex } from '../../../src/features/search/facet-index/facet-index.ts';
import { Partition } from '../../../src/features/search/facet-index/partition.ts';
import { loadPartitions } from '../../../src/features/search/facet-index/sync-partitions.ts';
import { buildTestApi, countingDb, insertOwner, type TestApi } from '../../support/helpers.ts';
import { insertSearchOffers } from '../../support/search-helpers.ts';

// A partition larger than one load statement's share (a large country's sale apartments hold
// a million offers at 5 million) is read in pages of that share, newest first, within one
// snapshot: no statement reads more, and the partition holds exactly what one statement would
// have read. Here the share is 7 offers and the partition 40, with activation times shared by
// several offers (the page boundary falls between offers of one instant) and offers without a
// price.

let api: TestApi;
const OFFERS = 40;
const CHUNK = 7;

beforeAll(async () => {
  api = await buildTestApi({ RATE_LIMIT_MAX: '0' });
  const ownerId = await insertOwner(api.db);
  await insertSearchOffers(
    api.db,
    { ownerId },
    Array.from({ length: OFFERS }, (_, n) => ({
      offerType: 'sale' as const,
      propertyType: 'apartment' as const,
      countryCode: 'CZ',
      priceNormalized: n % 9 === 4 ? null : 1_000_000 + ((n * 7_919) % 40) * 50_000,
      // Five offers share each instant, so pages end inside one.
      activatedAt: new Date(Date.UTC(2026, 2, 1 + Math.floor(n / 5), 9, 30, 0, 123)),
    })),
  );
  // Three offers "not confirmed recently" (decision 065): paged after the others, and their
  // order key shifted far back by either load.
  await api.db.execute(
    sql`update offers set is_unconfirmed = true where id in (select id from offers where offer_type = 'sale' order by id limit 3)`,
  );
  // A partition of its own beside it, loaded in the same call.
  await insertSearchOffers(api.db, { ownerId }, [
    { offerType: 'rent', propertyType: 'apartment', countryCode: 'CZ', priceNormalized: 20_000 },
    { offerType: 'rent', propertyType: 'apartment', countryCode: 'CZ', priceNormalized: 18_000 },
  ]);
});
afterAll(async () => {
  await api?.close();
});

/** The partition's offers by id (offers of one price may stand in any order among themselves). */
function snapshot(partition: Partition) {
  return Array.from({ length: partition.size }, (_, slot) => ({
    id: partition.ids[slot]!,
    price: partition.prices[slot],
    time: partition.times[slot],
  })).sort((a, b) => a.id - b.id);
}

describe('loading a partition larger than a chunk', () => {
  it('reads it in pages of at most a chunk, ending with the same offers in price order', async () => {
    const whole = new Partition('sale', 'apartment', 'CZ');
    await loadPartitions(api.db, [whole]);
    expect(whole.size).toBe(OFFERS);

    // The statements run in the load's transaction, counted there.
    let pages = 0;
    const db = new Proxy(api.db, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver);
        return (run: (tx: Db) => Promise<unknown>, config: unknown) =>
          target.transaction(async (tx) => {
            const counting = countingDb(tx as unknown as Db);
            try {
              return await run(counting.db);
            } finally {
              pages += counting.reads();
            }
          }, config as never);
      },
    });
    const paged = new Partition('sale', 'apartment', 'CZ');
    const small = new Partition('rent', 'apartment', 'CZ');
    await loadPartitions(db, [paged, small], { chunk: CHUNK });
    expect(snapshot(paged)).toEqual(snapshot(whole));
    expect(new Set(snapshot(paged).map((row) => row.id)).size).toBe(OFFERS);
    expect(paged.version).toBe(-1);
    expect(small.size).toBe(2);
    // ceil(37 / 7) = 6 pages of the confirmed offers, the last one short, and one of the three others.
    expect(pages).toBe(Math.ceil((OFFERS - 3) / CHUNK) + 1);
    const shifted = snapshot(paged).filter((row) => row.time! < 0);
    expect(shifted).toHaveLength(3);
  });

  it('answers a search from the paged partition as from one read whole', async () => {
    const paged = new Partition('sale', 'apartment', 'CZ');
    await loadPartitions(api.db, [paged], { chunk: CHUNK });
    const prices = Array.from(paged.prices.subarray(0, paged.size));
    const priced = prices.filter((price) => !Number.isNaN(price));
    expect(priced).toEqual([...priced].sort((a, b) => a - b));
    // Offers without a price come last, as the search's price order puts them.
    expect(prices.slice(priced.length).every((price) => Number.isNaN(price))).toBe(true);
    const rows = await api.db.execute(
      sql`select count(*)::int as n from offers where is_public and offer_type = 'sale' and country_code = 'CZ'`,
    );
    expect(paged.size).toBe(Number((rows as unknown as { rows: { n: number }[] }).rows[0]!.n));
  });

  it("reads loads through the database it is given for them, and the rest through the request's", async () => {
    // An API on PostgreSQL gives its index a pool without the request pool's statement time
    // for loads (server.ts); requests keep theirs.
    const loads = countingDb(api.db);
    const requests = countingDb(api.db);
    const index = new FacetIndex({ loads: (db) => (db === requests.db ? loads.db : db) });
    await index.warm(requests.db);
    expect(index.warmState).toBe('ready');
    expect(index.offers).toBe(OFFERS + 2);
    // The sizes and one statement for both partitions; the request's database read the counters.
    expect(loads.reads()).toBe(2);
    expect(requests.reads()).toBeGreaterThan(0);
  });
});
