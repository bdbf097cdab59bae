import { composeSearchPath, defaultFilters, type SearchFilters } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import type { Place } from './place-search.ts';
import { resolveWhere } from './where-param.server.ts';

const brno: Place = {
  id: 7,
  kind: 'city',
  name: 'Brno',
  parent_name: null,
  slug: 'brno',
  country_code: 'CZ',
};
const czechia: Place = {
  id: 1,
  kind: 'country',
  name: 'Czechia',
  parent_name: null,
  slug: 'czechia',
  country_code: 'CZ',
};
const homeSearch: SearchFilters = { ...defaultFilters(), offer_type: 'rent', property_type: 'house' };

/** resolveWhere on a results URL, with a lookup that records what it was asked. */
async function resolve(query: string, found: Place | null, filters: SearchFilters = homeSearch) {
  const asked: string[] = [];
  const outcome = await resolveWhere({
    url: new URL(`http://localhost/en/listings?${query}`),
    filters,
    locale: 'en',
    find: async (text) => {
      asked.push(text);
      return found;
    },
  });
  return { outcome, asked };
}

describe("home's typed place (where)", () => {
  it('leaves URLs without it alone', async () => {
    const { outcome, asked } = await resolve('offer_type=rent', brno);
    expect(outcome).toBeNull();
    expect(asked).toEqual([]);
  });

  it("sends a typed place to its best match's search, with the form's other fields", async () => {
    const { outcome, asked } = await resolve('offer_type=rent&where=%20%20brno%20', brno);
    expect(asked).toEqual(['brno']);
    expect(outcome).toEqual({
      kind: 'redirect',
      to: composeSearchPath('en', { ...homeSearch, country_code: 'CZ', locality: 'brno' }),
    });
  });

  it('searches a whole country by its country code alone', async () => {
    const { outcome } = await resolve('where=Czechia', czechia);
    expect(outcome).toEqual({
      kind: 'redirect',
      to: composeSearchPath('en', { ...homeSearch, country_code: 'CZ' }),
    });
  });

  it('replaces the place filters the search had', async () => {
    const near = { ...homeSearch, lat: 50.1, lng: 14.4, radius_km: 10, locality: 'praha' };
    const { outcome } = await resolve('where=Brno', brno, near);
    expect(outcome).toEqual({
      kind: 'redirect',
      to: composeSearchPath('en', { ...homeSearch, country_code: 'CZ', locality: 'brno' }),
    });
  });

  it('sends a blank field to the search of the other fields, asking nothing', async () => {
    const { outcome, asked } = await resolve('where=%20', brno);
    expect(asked).toEqual([]);
    expect(outcome).toEqual({ kind: 'redirect', to: composeSearchPath('en', homeSearch) });
  });

  it('says which text matched no place, spaces tidied', async () => {
    const { outcome } = await resolve('where=Atlantis%20%20%20City', null);
    expect(outcome).toEqual({ kind: 'not-found', text: 'Atlantis City' });
  });

  it('does not look up text longer than any place name the API takes', async () => {
    const { outcome, asked } = await resolve(`where=${'x'.repeat(101)}`, brno);
    expect(asked).toEqual([]);
    expect(outcome).toEqual({ kind: 'not-found', text: 'x'.repeat(100) });
  });
});
