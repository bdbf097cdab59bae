import {
  composeSearchPath,
  decomposeSearchPath,
  defaultFilters,
  type Locale,
  type SearchFilters,
  valueMessageKey,
} from '@estately/domain';
import { translate, translateDynamic } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import { toFilterPanelView } from '../filters/filter-panel-view.server.ts';
import { activeFilterChips } from './active-filter-chips.server.ts';

// The active filters above the results (issue 39 point 11): one chip per chosen value, each a
// link to the same search without it on page 1, worded with the panel's labels.

const filters = (extra: Partial<SearchFilters>): SearchFilters => ({ ...defaultFilters(), ...extra });

function chipsOf(locale: Locale, search: SearchFilters, placeName: string | null = null) {
  const view = toFilterPanelView({ locale, filters: search, facets: null, currency: 'CZK', total: null });
  return activeFilterChips({
    locale,
    filters: search,
    view,
    placeName,
    hrefOf: (next) => composeSearchPath(locale, next),
  });
}

/** The filters a chip's link searches. */
function searchOf(href: string): SearchFilters {
  const decoded = decomposeSearchPath(href);
  if (!decoded.success) throw new Error(`not a search path: ${href}`);
  return decoded.filters;
}

describe('activeFilterChips', () => {
  it('shows nothing for a search without filters', () => {
    const active = chipsOf('en', filters({ sort: 'price_asc', page: 2 }));
    expect(active.chips).toEqual([]);
    expect(active.clear).toBeNull();
  });

  it('gives one chip per value of a multi-value filter, each removing only its value, on page 1', () => {
    const search = filters({ dispositions: ['2', '3'], sort: 'price_desc', page: 4 });
    const active = chipsOf('cs', search);
    expect(active.chips.map((chip) => chip.text)).toEqual([
      translateDynamic('cs', valueMessageKey('disposition', '2')),
      translateDynamic('cs', valueMessageKey('disposition', '3')),
    ]);
    expect(searchOf(active.chips[0]?.href ?? '')).toEqual(
      filters({ dispositions: ['3'], sort: 'price_desc' }),
    );
    expect(searchOf(active.chips[1]?.href ?? '')).toEqual(
      filters({ dispositions: ['2'], sort: 'price_desc' }),
    );
    // Two chips: "clear all" leads to the search without any filter, its order kept.
    expect(active.clear?.text).toBe(translate('cs', 'results.clear_filters'));
    expect(searchOf(active.clear?.href ?? '')).toEqual(filters({ sort: 'price_desc' }));
  });

  it('names each chip for assistive technology as the removal it is', () => {
    const active = chipsOf('en', filters({ verified_only: true }));
    expect(active.chips).toHaveLength(1);
    expect(active.chips[0]?.removeLabel).toBe(
      translate('en', 'results.remove_filter', { filter: translate('en', 'filter.verified_only') }),
    );
    // A single chip needs no "clear all".
    expect(active.clear).toBeNull();
  });

  it('shows a price range as one chip in the locale’s compact format, removed with its currency', () => {
    const search = filters({
      price_from: 2_000_000,
      price_to: 5_000_000,
      currency: 'CZK',
      offer_type: 'sale',
    });
    const cs = chipsOf('cs', search).chips.find((chip) =>
      chip.text.startsWith(translate('cs', 'filter.price')),
    );
    expect(cs?.text).toBe(`${translate('cs', 'filter.price')}: 2–5\u00a0mil.\u00a0Kč`);
    expect(searchOf(cs?.href ?? '')).toEqual(filters({ offer_type: 'sale' }));
    const en = chipsOf('en', search).chips.find((chip) => chip.text.startsWith('Price'));
    expect(en?.text).toBe('Price: CZK\u00a02–5M');
    // An open range says which end it is.
    const from = chipsOf('en', filters({ price_from: 800_000, currency: 'EUR' })).chips[0];
    expect(from?.text).toBe('Price: from €800K');
  });

  it('shows the place as a chip whose link searches everywhere with the other filters kept', () => {
    const search = filters({
      country_code: 'CZ',
      locality: 'brno',
      property_type: 'apartment',
      offer_type: 'rent',
    });
    const active = chipsOf('en', search, 'Brno');
    expect(active.chips.map((chip) => chip.text)).toEqual([
      'Brno',
      translate('en', 'value.offer_type.rent'),
      translate('en', 'value.property_type.apartment'),
    ]);
    expect(searchOf(active.chips[0]?.href ?? '')).toEqual(
      filters({ property_type: 'apartment', offer_type: 'rent' }),
    );
    expect(searchOf(active.chips[2]?.href ?? '')).toEqual(
      filters({ country_code: 'CZ', locality: 'brno', offer_type: 'rent' }),
    );
  });

  it('labels values that do not read alone with their group, and ranges with their filter', () => {
    const active = chipsOf(
      'en',
      filters({ energy_classes: ['b'], area_from: 50, area_to: 80, year_built_from: 1990 }),
    );
    const texts = active.chips.map((chip) => chip.text);
    expect(texts).toContain(`${translate('en', 'filter.energy_class')}: B`);
    expect(texts).toContain(
      `${translate('en', 'filter.area')}: ${translate('en', 'offer.area', { area: '50–80' })}`,
    );
    expect(texts).toContain(`${translate('en', 'filter.year_built')}: from 1990`);
    expect(active.chips).toHaveLength(3);
  });
});
