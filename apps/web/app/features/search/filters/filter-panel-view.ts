import type { MultiValueFilter, SearchFilters } from '@estately/domain';
import type { MessageKey } from '@estately/i18n';

/** Catalog texts the panel and the location box show. */
export const FILTER_TEXT_KEYS = [
  'filter.title',
  'filter.offer_type',
  'filter.property_type',
  'filter.price',
  'filter.area',
  // The area unit as the cards write it ("m²", "م²", "τ.μ."), one way per locale.
  'value.area_unit.m2',
  'filter.from',
  'filter.to',
  'filter.currency',
  'filter.any',
  'filter.more',
  'action.show_more',
  'filter.reset',
  'filter.floor',
  'filter.year_built',
  'filter.free_from',
  'filter.age_days',
  'filter.verified_only',
  'filter.hide_reserved',
  'filter.floor_plan',
  'filter.location',
  'sort.label',
  'nav.search',
  'error.no_results',
  'map.show',
  'map.hide',
  'map.loading',
  'map.zoom_in',
  'filter.search_this_area',
] as const satisfies readonly MessageKey[];

/** Texts of the filter panel, already in the page's locale (filter-panel-view.server.ts). */
export type FilterTexts = Record<(typeof FILTER_TEXT_KEYS)[number], string>;

export interface FilterChoice {
  value: string;
  label: string;
  /** Offers this choice would give (disjunctive facet count); null when counts were not asked. */
  count: number | null;
}

/** The panel's from–to ranges. */
export type FilterRangeName = 'price' | 'area' | 'floor' | 'year_built';

export interface FilterPanelView {
  action: string;
  offerTypes: FilterChoice[];
  propertyTypes: FilterChoice[];
  groups: { key: MultiValueFilter; label: string; primary: boolean; options: FilterChoice[] }[];
  sorts: { value: string; label: string }[];
  ages: { value: number; label: string }[];
  currencies: string[];
  /**
   * The bounds of each range's inputs (their min and max): the domain's filter limits, sent with
   * the view so the browser's first load carries no copy of them.
   */
  limits: Record<FilterRangeName, { min: number; max: number }>;
  /**
   * The choices of "more filters" as hidden fields, for while its controls are not rendered
   * (`moreFilterFields`, written by the server: the browser's first load carries no code for it).
   */
  moreFields: [name: string, value: string][];
  /** Currency of the price bounds when none is chosen yet: the one prices are shown in. */
  currency: string;
  showResults: string | null;
  texts: FilterTexts;
}

/** The query flag that renders the page with "more filters" open (decision 029). */
export const MORE_FILTERS_PARAM = 'more';

/**
 * The fields "more filters" would submit for `filters` (the choices of `groups`, the floor and
 * year ranges, the listing age, the free-from date, the floor-plan check), as hidden fields
 * while its controls are not rendered (decision 029): the form then searches with them kept,
 * with or without JavaScript. Empty fields are left out, as the search URL leaves them out.
 */
export function moreFilterFields(
  filters: SearchFilters,
  groups: readonly MultiValueFilter[],
): [name: string, value: string][] {
  const fields: [string, string][] = [];
  for (const group of groups) {
    const chosen = filters[group];
    if (Array.isArray(chosen)) for (const value of chosen) fields.push([group, String(value)]);
  }
  for (const key of ['floor_from', 'floor_to', 'year_built_from', 'year_built_to', 'age_days'] as const) {
    const value = filters[key];
    if (value !== undefined) fields.push([key, String(value)]);
  }
  if (filters.free_from !== undefined) fields.push(['free_from', filters.free_from]);
  if (filters.has_floor_plan) fields.push(['has_floor_plan', '1']);
  return fields;
}
