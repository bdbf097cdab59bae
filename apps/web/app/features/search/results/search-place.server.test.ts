import { defaultFilters, type SearchFilters } from '@estately/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../api/api-client.ts';
import { ApiError } from '../../../api/api-error.ts';
import { type KeptPlaces, placeOfSearch } from './search-place.server.ts';

/** An API client answering the decomposition with `answer`, recording the paths asked. */
function fakeApi(answer: (path: string) => unknown) {
  const asked: string[] = [];
  const api = {
    post: async (_url: string, body: unknown) => {
      const { path } = body as { path: string };
      asked.push(path);
      return answer(path);
    },
  } as unknown as ApiClient;
  return { api, asked };
}

const prague = (path: string) => ({
  locale: 'en',
  filters: { ...defaultFilters(), country_code: 'CZ', locality: 'prague' },
  canonical_path: path,
  location_id: 26,
  location: { id: 26, kind: 'city', name: 'Prague', slug: 'prague', country_code: 'CZ' },
});
const inPrague: SearchFilters = {
  ...defaultFilters(),
  offer_type: 'sale',
  country_code: 'CZ',
  locality: 'prague',
};

let kept: KeptPlaces;
beforeEach(() => {
  kept = new Map();
});

describe('the place a search path names', () => {
  it("is the locality's name in the page's language, asked once for the place alone", async () => {
    const { api, asked } = fakeApi(prague);
    expect(await placeOfSearch({ api, kept, locale: 'en', filters: inPrague })).toEqual({ name: 'Prague' });
    expect(
      await placeOfSearch({ api, kept, locale: 'en', filters: { ...inPrague, offer_type: 'rent' } }),
    ).toEqual({
      name: 'Prague',
    });
    expect(asked).toEqual(['/en/search/czechia/prague']);
  });

  it('is null for a slug that names no place (the page is a 404), and that is kept too', async () => {
    const { api, asked } = fakeApi(() => {
      throw new ApiError({ status: 404, code: 'not_found' });
    });
    const atlantis = { ...inPrague, locality: 'atlantis' };
    expect(await placeOfSearch({ api, kept, locale: 'en', filters: atlantis })).toBeNull();
    expect(await placeOfSearch({ api, kept, locale: 'en', filters: atlantis })).toBeNull();
    expect(asked).toHaveLength(1);
  });

  it('is unknown, and asked again next time, when the API fails otherwise', async () => {
    const { api, asked } = fakeApi(() => {
      throw new ApiError({ status: 503, code: null });
    });
    expect(await placeOfSearch({ api, kept, locale: 'en', filters: inPrague })).toBeUndefined();
    expect(await placeOfSearch({ api, kept, locale: 'en', filters: inPrague })).toBeUndefined();
    expect(asked).toHaveLength(2);
  });

  it('asks nothing for a search without a locality', async () => {
    const { api, asked } = fakeApi(prague);
    const countryOnly = { ...defaultFilters(), country_code: 'CZ' as const };
    expect(await placeOfSearch({ api, kept, locale: 'en', filters: countryOnly })).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it('asks again once an hour has passed, and per locale', async () => {
    const { api, asked } = fakeApi(prague);
    await placeOfSearch({ api, kept, locale: 'en', filters: inPrague, now: 0 });
    await placeOfSearch({ api, kept, locale: 'en', filters: inPrague, now: 59 * 60_000 });
    await placeOfSearch({ api, kept, locale: 'en', filters: inPrague, now: 61 * 60_000 });
    await placeOfSearch({ api, kept, locale: 'de', filters: inPrague, now: 61 * 60_000 });
    expect(asked).toEqual([
      '/en/search/czechia/prague',
      '/en/search/czechia/prague',
      '/de/suche/tschechien/prague',
    ]);
  });
});
