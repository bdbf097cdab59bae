import {
  defaultFilters,
  FILTER_LIMITS,
  MULTI_VALUE_FILTER_KEYS,
  parseFilters,
  type SearchFilters,
} from '@estately/domain';
import { translate } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import { activeFilterCount, filtersButtonText, toFilterPanelView } from './filter-panel-view.server.ts';
import { moreFilterFields } from './filter-panel-view.ts';

// "More filters" not rendered (decision 029): its choices travel as hidden fields, which must
// search exactly what its controls would.

const MORE_GROUPS = MULTI_VALUE_FILTER_KEYS.filter(
  (key) => !['dispositions', 'seller_types', 'other_params'].includes(key),
);
const filters = (extra: Partial<SearchFilters>): SearchFilters => ({ ...defaultFilters(), ...extra });

/** The filters a form with only these fields (and the page's other choices) searches. */
function searched(fields: [string, string][], rest: Record<string, string> = {}): SearchFilters {
  const parsed = parseFilters(new URLSearchParams([...Object.entries(rest), ...fields]));
  if (!parsed.success) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
}

describe('moreFilterFields', () => {
  it('gives no field when nothing of "more filters" is chosen', () => {
    expect(moreFilterFields(filters({ offer_type: 'sale', dispositions: ['2'] }), MORE_GROUPS)).toEqual([]);
  });

  it('keeps every choice of the groups, ranges, age, date and floor plan', () => {
    const chosen = filters({
      offer_type: 'rent',
      tags: ['sauna', 'vana'],
      heating: ['gas'],
      parking: ['garage'],
      bathrooms: ['1', '2+'],
      floor_from: 0,
      floor_to: 4,
      year_built_from: 1990,
      year_built_to: 2020,
      age_days: 7,
      free_from: '2026-12-01',
      has_floor_plan: true,
    } as Partial<SearchFilters>);
    const fields = moreFilterFields(chosen, MORE_GROUPS);
    // The page's own choices outside "more filters" plus the hidden fields search the same filters.
    expect(searched(fields, { offer_type: 'rent' })).toEqual(chosen);
    expect(fields).toContainEqual(['floor_from', '0']);
    expect(fields).toContainEqual(['has_floor_plan', '1']);
  });

  it('leaves the primary groups to their own controls', () => {
    const fields = moreFilterFields(
      filters({ dispositions: ['2'], seller_types: ['agency'] } as Partial<SearchFilters>),
      MORE_GROUPS,
    );
    expect(fields).toEqual([]);
  });
});

describe('toFilterPanelView', () => {
  // What the browser's panel used to work out itself, now sent with the view (its first load
  // carries no code for it, docs/benchmarks-journal/2026-12-07-first-load-2.md).
  const viewOf = (search: SearchFilters) =>
    toFilterPanelView({ locale: 'en', filters: search, facets: null, currency: 'CZK', total: null });

  it('bounds the ranges by the schema’s limits, prices and areas from 1', () => {
    expect(viewOf(defaultFilters()).limits).toEqual({
      price: { min: 1, max: FILTER_LIMITS.price.max },
      area: { min: 1, max: FILTER_LIMITS.area.max },
      floor: FILTER_LIMITS.floor,
      year_built: FILTER_LIMITS.year_built,
    });
  });

  it('carries the choices of "more filters" as its hidden fields', () => {
    const chosen = filters({ offer_type: 'sale', dispositions: ['2'], tags: ['sauna'], floor_from: 1 });
    expect(viewOf(chosen).moreFields).toEqual(moreFilterFields(chosen, MORE_GROUPS));
    expect(viewOf(chosen).moreFields).toEqual([
      ['tags', 'sauna'],
      ['floor_from', '1'],
    ]);
  });
});

describe('activeFilterCount', () => {
  it('counts none for a bare search, whatever its place, sort and page', () => {
    expect(activeFilterCount(defaultFilters())).toBe(0);
    expect(
      activeFilterCount(
        searched([
          ['country_code', 'CZ'],
          ['locality', 'praha'],
          ['sort', 'price_asc'],
          ['page', '3'],
          ['currency', 'EUR'],
        ]),
      ),
    ).toBe(0);
  });

  it('counts each filter of the panel once, a range as one', () => {
    const chosen = searched([
      ['offer_type', 'sale'],
      ['price_from', '100000'],
      ['price_to', '200000'],
      ['currency', 'EUR'],
      ['area_to', '80'],
      ['dispositions', '2'],
      ['dispositions', '3'],
      ['tags', 'sauna'],
      ['verified_only', '1'],
      ['has_floor_plan', '1'],
    ]);
    expect(activeFilterCount(chosen)).toBe(7);
    expect(activeFilterCount({ ...chosen, year_built_from: 1990, floor_to: 4 })).toBe(9);
  });
});

describe('filtersButtonText', () => {
  it('names the folded panel in the page locale, with the count of filters set', () => {
    expect(filtersButtonText('en', defaultFilters())).toBe(translate('en', 'filter.title'));
    expect(filtersButtonText('de', filters({ offer_type: 'rent', price_to: 1000 }))).toBe(
      `${translate('de', 'filter.title')} (2)`,
    );
  });
});
