import type { MultiValueFilter } from '@estately/domain';
import type { MessageKey } from '@estately/i18n';

/** Catalog texts the panel and the location box show. */
export const FILTER_TEXT_KEYS = [
  'filter.title',
  'filter.offer_type',
  'filter.property_type',
  'filter.price',
  'filter.area',
  'filter.from',
  'filter.to',
  'filter.currency',
  'filter.any',
  'filter.more',
  'filter.reset',
  'filter.floor',
  'filter.year_built',
  'filter.free_from',
  'filter.age_days',
  'filter.verified_only',
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

export interface FilterPanelView {
  action: string;
  offerTypes: FilterChoice[];
  propertyTypes: FilterChoice[];
  groups: { key: MultiValueFilter; label: string; primary: boolean; options: FilterChoice[] }[];
  sorts: { value: string; label: string }[];
  ages: { value: number; label: string }[];
  currencies: string[];
  /** Currency of the price bounds when none is chosen yet: the one prices are shown in. */
  currency: string;
  showResults: string | null;
  texts: FilterTexts;
}
