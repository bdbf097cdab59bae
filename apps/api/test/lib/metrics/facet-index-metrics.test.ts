import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readVersions } from '../../../src/features/search/read-versions.ts';
import { buildTestApi, insertOwner, type TestApi } from '../../support/helpers.ts';
import { insertSearchOffer } from '../../support/search-helpers.ts';
import { parseScrape, sampleValue } from './scrape.ts';

// The facet index's gauges (docs/decisions/060): the partitions held, and those behind the
// newest change counters this process has read, which the next search reading them catches up.

let api: TestApi;
let ownerId: number;

beforeAll(async () => {
  api = await buildTestApi();
  ownerId = await insertOwner(api.db);
});
afterAll(() => api.close());

async function gauges() {
  const samples = parseScrape(await api.app.metrics.registry.metrics());
  return {
    ready: sampleValue(samples, 'estately_facet_index_ready'),
    offers: sampleValue(samples, 'estately_facet_index_offers'),
    current: sampleValue(samples, 'estately_facet_index_partitions', { state: 'current' }),
    behind: sampleValue(samples, 'estately_facet_index_partitions', { state: 'behind' }),
  };
}

describe('facet index gauges', () => {
  it('count the partitions behind the newest change counters read, until they are caught up', async () => {
    await insertSearchOffer(api.db, { ownerId }, { offerType: 'sale', propertyType: 'apartment' });
    await insertSearchOffer(api.db, { ownerId }, { offerType: 'rent', propertyType: 'house' });
    expect(await gauges()).toEqual({ ready: 0, offers: 0, current: 0, behind: 0 });

    await api.app.facetIndex.warm(api.app.readDb);
    expect(await gauges()).toEqual({ ready: 1, offers: 2, current: 2, behind: 0 });

    // A new sale apartment moves its partition's counter; a request reads the counters.
    await insertSearchOffer(api.db, { ownerId }, { offerType: 'sale', propertyType: 'apartment' });
    await readVersions(api.app.readDb).current();
    expect(await gauges()).toEqual({ ready: 1, offers: 2, current: 1, behind: 1 });

    // What a search of that partition does first: bring it up to the counters.
    await api.app.facetIndex.warm(api.app.readDb);
    expect(await gauges()).toEqual({ ready: 1, offers: 3, current: 2, behind: 0 });
  });
});
