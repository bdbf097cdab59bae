import {
  FACET_GROUPS,
  FACET_VALUES,
  type FacetGroup,
  MULTI_VALUE_FILTERS,
  OfferFacetsResponseSchema,
  SearchOffersResponseSchema,
} from '@estately/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApi, insertOwner, type TestApi } from '../../support/helpers.ts';
import { insertSearchOffer, type OfferRowOverrides } from '../../support/search-helpers.ts';

// GET /public/offers/facets: disjunctive counts of the filter panel (spec 9, DESIGN 5). Every
// count is checked against an independent count: the list's total for the same filters with
// the group's own choice replaced by that one value.

/** Small deterministic generator so the data set is the same on every run and database. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const some = <T>(values: readonly T[]): T[] => values.filter(() => next() < 0.3);
  return { next, pick, some };
}

describe('GET /public/offers/facets', () => {
  let api: TestApi;
  let hiddenCount = 0;

  beforeAll(async () => {
    // Hundreds of requests in a minute from one address: the rate limit has its own tests.
    api = await buildTestApi({ RATE_LIMIT_MAX: '0' });
    const ownerId = await insertOwner(api.db);
    const r = generator(42);
    for (let i = 0; i < 60; i++) {
      const values: OfferRowOverrides = {
        offerType: r.pick(FACET_VALUES.offer_type),
        propertyType: r.pick(FACET_VALUES.property_type),
        disposition: r.pick(MULTI_VALUE_FILTERS.dispositions),
        bathrooms: r.pick([null, 1, 2, 3]),
        furnishings: r.pick([null, ...MULTI_VALUE_FILTERS.furnishings]),
        ownership: r.pick(MULTI_VALUE_FILTERS.ownerships),
        reconstruction: r.pick(MULTI_VALUE_FILTERS.reconstructions),
        typeOfBuilding: r.pick(MULTI_VALUE_FILTERS.building_types),
        typeOfHeating: r.pick(MULTI_VALUE_FILTERS.heating),
        parking: r.pick([null, ...MULTI_VALUE_FILTERS.parking]),
        penb: r.pick(MULTI_VALUE_FILTERS.energy_classes),
        sellerType: r.pick(MULTI_VALUE_FILTERS.seller_types),
        roomTypes: r.some(MULTI_VALUE_FILTERS.room_types),
        otherParams: r.some(MULTI_VALUE_FILTERS.other_params),
        tags: r.some(MULTI_VALUE_FILTERS.tags),
        countryCode: r.pick(['CZ', 'SK']),
        priceNormalized: Math.round(1_000_000 + r.next() * 9_000_000),
        activatedAt: new Date(Date.UTC(2026, 0, 1 + i)),
      };
      const hidden = i % 15 === 14;
      if (hidden) hiddenCount += 1;
      await insertSearchOffer(api.db, { ownerId, state: hidden ? 'paused' : 'active' }, values);
    }
  });
  afterAll(async () => {
    await api?.close();
  });

  async function facets(query: string) {
    const response = await api.app.inject({ method: 'GET', url: `/public/offers/facets?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return OfferFacetsResponseSchema.parse(response.json());
  }
  async function total(params: URLSearchParams): Promise<number> {
    const response = await api.app.inject({ method: 'GET', url: `/public/offers?${params}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().meta.total;
  }

  /** Every count of every group equals the list total with that group's choice set to the one value. */
  async function expectMatchesIndependentCounts(query: string, groups: readonly FacetGroup[] = FACET_GROUPS) {
    const base = new URLSearchParams(query);
    const result = await facets(groups === FACET_GROUPS ? query : `${query}&groups=${groups.join(',')}`);
    expect(result.total).toBe(await total(base));
    expect(Object.keys(result.facets).sort()).toEqual([...groups].sort());
    for (const group of groups) {
      const counts = result.facets[group] as Record<string, number>;
      expect(Object.keys(counts).sort(), group).toEqual([...FACET_VALUES[group]].sort());
      for (const value of FACET_VALUES[group]) {
        const params = new URLSearchParams(base);
        params.set(group, value);
        expect(counts[value], `${query} ${group}=${value}`).toBe(await total(params));
      }
    }
    return result;
  }

  it('counts every value of every group without filters', async () => {
    const result = await expectMatchesIndependentCounts('');
    expect(result.total).toBe(60 - hiddenCount);
    // Single-valued groups partition the offers.
    const sum = (group: FacetGroup) =>
      Object.values(result.facets[group] as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(sum('offer_type')).toBe(result.total);
    expect(sum('dispositions')).toBe(result.total);
  });

  it('keeps a group own choice out of its own counts (disjunctive) and applies the others', async () => {
    const result = await expectMatchesIndependentCounts('offer_type=sale&dispositions=2,3&tags=sauna');
    // The dispositions counts ignore dispositions=2,3, so unchosen values still show what they would add.
    const unchosen = Object.entries(result.facets.dispositions as Record<string, number>).filter(
      ([value]) => value !== '2' && value !== '3',
    );
    expect(unchosen.some(([, count]) => count > 0)).toBe(true);
  });

  it('combines value-set groups with the other filters', async () => {
    await expectMatchesIndependentCounts(
      'country_code=CZ&price_from=3000000&currency=CZK&bathrooms=1&parking=garage',
    );
  });

  it('applies the choice of a group it does not count as a plain filter', async () => {
    await expectMatchesIndependentCounts('offer_type=rent&dispositions=2,3&tags=vana&furnishings=equipped', [
      'dispositions',
      'tags',
      'property_type',
    ]);
  });

  it('counts only the asked groups', async () => {
    const result = await facets('groups=offer_type,tags&country_code=SK');
    expect(Object.keys(result.facets).sort()).toEqual(['offer_type', 'tags']);
    const params = new URLSearchParams('country_code=SK&offer_type=rent');
    expect(result.facets.offer_type?.rent).toBe(await total(params));
  });

  it('validates the filters and the groups like the list', async () => {
    const bad = await api.app.inject({
      method: 'GET',
      url: '/public/offers/facets?groups=colour&price_from=0&currency=CZK',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      price_from: ['validation.number_not_positive'],
      groups: ['validation.invalid_value'],
    });
    const badGroup = await api.app.inject({ method: 'GET', url: '/public/offers/facets?groups=colour' });
    expect(badGroup.statusCode).toBe(422);
    expect(badGroup.json().errors).toEqual({ groups: ['validation.invalid_value'] });
  });

  // GET /public/offers?facets=1 (issue 9): a results page and its panel in one round trip.
  describe('GET /public/offers?facets=1', () => {
    async function list(query: string) {
      const response = await api.app.inject({ method: 'GET', url: `/public/offers?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return {
        raw: response.json() as Record<string, unknown>,
        body: SearchOffersResponseSchema.parse(response.json()),
      };
    }

    it.each([
      '',
      'offer_type=sale&dispositions=2,3&tags=sauna',
      'country_code=CZ&price_from=3000000&currency=CZK&bathrooms=1&parking=garage',
      'offer_type=rent&sort=price_asc&page=2&per_page=5',
      'country_code=SK',
    ])('answers the page and the facet route counts for %j', async (query) => {
      const [withFacets, without, counts] = await Promise.all([
        list(`${query}&facets=1`),
        list(query),
        facets(query.replace(/&?(sort|page|per_page)=[^&]*/g, '')),
      ]);
      // The page is the one asked without counts, and the counts are the facet route's.
      expect(withFacets.body.data).toEqual(without.body.data);
      expect(withFacets.body.meta).toEqual(without.body.meta);
      expect(withFacets.body.facets).toEqual(counts.facets);
      expect(Object.keys(withFacets.raw).sort()).toEqual(['data', 'facets', 'meta']);
      // Asked a second time (the page body kept, decision 022), the answer is the same.
      expect((await list(`${query}&facets=true`)).body).toEqual(withFacets.body);
    });

    it('leaves the counts out unless asked', async () => {
      for (const query of ['', 'facets=0', 'facets=false', 'facets=']) {
        expect(Object.keys((await list(query)).raw).sort(), query).toEqual(['data', 'meta']);
      }
    });

    it('validates the flag with the filters', async () => {
      const bad = await api.app.inject({
        method: 'GET',
        url: '/public/offers?facets=yes&price_from=0&currency=CZK',
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({
        price_from: ['validation.number_not_positive'],
        facets: ['validation.invalid_value'],
      });
      const badFlag = await api.app.inject({ method: 'GET', url: '/public/offers?facets=2' });
      expect(badFlag.statusCode).toBe(422);
      expect(badFlag.json().errors).toEqual({ facets: ['validation.invalid_value'] });
    });
  });
});
