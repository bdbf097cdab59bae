import { createTestDatabase, type TestDatabase } from '@estately/db/testing';
import { parseFilters, type SearchFilters } from '@estately/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadExchangeRates } from '../../../src/features/offers-shared/exchange-rates.ts';
import { collectAlertEvents } from '../../../src/features/saved-searches/collect-alert-events.ts';
import {
  matchSavedSearches,
  type SearchToMatch,
  withAlertMatcher,
} from '../../../src/features/saved-searches/match-saved-searches.ts';
import { createUser } from '../../support/auth-helpers.ts';
import { insertFullOffer } from '../../support/offer-fixtures.ts';

// The alert matcher's session matches a filter set once and serves every batch that holds it
// (the bench's 100,000 searches are 70,000 sets in 10 batches): each search must still get its
// own offers, those after its own watermark, whichever batch first matched its set.

const T0 = new Date('2026-06-01T08:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

let database: TestDatabase;
const ids: number[] = [];

function filters(query: string): SearchFilters {
  const parsed = parseFilters(query);
  if (!parsed.success) throw new Error(`bad test filters ${query}`);
  return parsed.data;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const owner = await createUser(database.db);
  // Four flats for sale going live at minutes 10, 20, 30 and 40, and a house to rent at 25.
  for (const minute of [10, 20, 30, 40])
    ids.push(await insertFullOffer(database.db, { ownerId: owner.id, activatedAt: at(minute) }));
  ids.push(
    await insertFullOffer(database.db, {
      ownerId: owner.id,
      offerType: 'rent',
      propertyType: 'house',
      price: 30_000,
      activatedAt: at(25),
    }),
  );
});

afterAll(async () => {
  await database?.close();
});

describe('alert matcher session', () => {
  it('matches a filter set once and gives each search of any batch the offers after its own watermark', async () => {
    const [o10, o20, o30, o40, house] = ids;
    const db = database.db;
    const events = await collectAlertEvents({ db, since: T0, until: at(60) });
    const rates = await loadExchangeRates(db);
    const sale = filters('offer_type=sale');
    const rent = filters('offer_type=rent');
    const search = (id: number, f: SearchFilters, groupKey: string, since: Date): SearchToMatch => ({
      id,
      filters: f,
      groupKey,
      since,
    });
    // Batch 1 matches the sale set with an early watermark; batch 2 holds the same set with
    // later ones (one exactly at an offer's instant: that offer is not news to it), and a new set.
    const batch1 = [search(1, sale, 'sale', at(0))];
    const batch2 = [
      search(2, sale, 'sale', at(20)),
      search(3, sale, 'sale', at(40)),
      search(4, rent, 'rent', at(0)),
      search(5, sale, 'sale', at(35)),
    ];
    const [first, second] = await withAlertMatcher(
      { db, events, rates, now: at(60), limit: 10 },
      async (matcher) => [await matcher.match(batch1), await matcher.match(batch2)],
    );
    expect(first.get(1)?.ids).toEqual([o40, o30, o20, o10]);
    expect(second.get(2)?.ids).toEqual([o40, o30]);
    expect(second.has(3)).toBe(false);
    expect(second.get(4)?.ids).toEqual([house]);
    expect(second.get(5)?.ids).toEqual([o40]);

    // The same searches matched in one batch, each set matched afresh, give the same.
    const alone = await matchSavedSearches({
      db,
      searches: [...batch1, ...batch2],
      events,
      rates,
      now: at(60),
      limit: 10,
    });
    expect(new Map([...first, ...second])).toEqual(alone);
  });

  it('keeps the list of the first batch apart from a set with other kinds of news', async () => {
    const db = database.db;
    const events = await collectAlertEvents({ db, since: T0, until: at(60) });
    const rates = await loadExchangeRates(db);
    const sale = filters('offer_type=sale');
    const matched = await withAlertMatcher({ db, events, rates, now: at(60), limit: 10 }, async (matcher) => {
      await matcher.match([{ id: 1, filters: sale, groupKey: 'sale', since: at(0) }]);
      // Equal filters asking only for price drops are another set: none of these offers is one.
      return matcher.match([
        { id: 2, filters: sale, groupKey: 'price_drop|sale', since: at(0), kinds: ['price_drop'] },
      ]);
    });
    expect(matched.has(2)).toBe(false);
  });
});
