import {
  CURRENCIES,
  composeSearchPath,
  defaultFilters,
  FACET_VALUES,
  type FacetCounts,
  FILTER_LIMITS,
  filterLabels,
  type Locale,
  MULTI_VALUE_FILTER_KEYS,
  type MultiValueFilter,
  OFFER_TYPES,
  PROPERTY_TYPES,
  type SearchFilters,
  SORTS,
  type Sort,
  valueMessageKey,
} from '@estately/domain';
import { type MessageKey, translate, translateDynamic } from '@estately/i18n';
import {
  FILTER_TEXT_KEYS,
  type FilterPanelView,
  type FilterRangeName,
  type FilterTexts,
  moreFilterFields,
} from './filter-panel-view.ts';

// The filter panel of spec 9, formatted on the server: every label in the page's locale and the
// facet count next to each choice, so the browser needs no catalog and hydrates identical text.

/** Groups open by default: the ones people use most; the rest sit under "more filters". */
const PRIMARY_GROUPS: readonly MultiValueFilter[] = ['dispositions', 'seller_types', 'other_params'];

const SORT_LABELS: Record<Sort, MessageKey> = {
  activated_at_desc: 'sort.newest',
  activated_at_asc: 'sort.oldest',
  price_asc: 'sort.cheapest',
  price_desc: 'sort.most_expensive',
  area_asc: 'sort.smallest',
  area_desc: 'sort.largest',
};

const AGE_CHOICES = [1, 3, 7, 14, 30] as const;

const RANGES: readonly FilterRangeName[] = ['price', 'area', 'floor', 'year_built'];

/** The ranges' input bounds: the schema's limits, prices and areas from 1. */
const RANGE_LIMITS = Object.fromEntries(
  RANGES.map((name) => {
    const limits: { min?: number; max: number } = FILTER_LIMITS[name];
    return [name, { min: limits.min ?? 1, max: limits.max }];
  }),
) as FilterPanelView['limits'];

export function filterTexts(locale: Locale): FilterTexts {
  return panelLabels(locale).texts;
}

function countOf(facets: FacetCounts | null, group: keyof typeof FACET_VALUES, value: string): number | null {
  const counts = facets?.[group] as Record<string, number> | undefined;
  return counts ? (counts[value] ?? 0) : null;
}

type Labelled = { value: string; label: string };

/** What the panel shows in a locale whatever the search: every label, looked up once per locale. */
interface PanelLabels {
  action: string;
  offerTypes: Labelled[];
  propertyTypes: Labelled[];
  groups: { key: MultiValueFilter; label: string; primary: boolean; options: Labelled[] }[];
  sorts: FilterPanelView['sorts'];
  ages: FilterPanelView['ages'];
  currencies: string[];
  texts: FilterTexts;
}

// The panel has some 130 labels; the catalogs do not change while the process runs, so each
// locale's are read once, and a render only adds the counts of its search (never mutated: the
// views share these arrays and strings).
const labelsByLocale = new Map<Locale, PanelLabels>();

function panelLabels(locale: Locale): PanelLabels {
  let labels = labelsByLocale.get(locale);
  if (labels) return labels;
  const valueLabels = (set: string, values: readonly string[]) =>
    values.map((value) => ({ value, label: translateDynamic(locale, valueMessageKey(set, value)) }));
  labels = {
    // The plain GET form submits to the bare search path; the loader answers with a redirect to
    // the canonical search URL, so a visitor without JavaScript still lands on a shareable URL.
    action: composeSearchPath(locale, defaultFilters()),
    offerTypes: valueLabels('offer_type', OFFER_TYPES),
    propertyTypes: valueLabels('property_type', PROPERTY_TYPES),
    // Each group's heading and the value set of its choices come from the filter table.
    groups: MULTI_VALUE_FILTER_KEYS.map((key) => {
      const { valueSet, labelKey } = filterLabels(key);
      return {
        key,
        label: translate(locale, labelKey),
        primary: PRIMARY_GROUPS.includes(key),
        options: valueLabels(valueSet, FACET_VALUES[key]),
      };
    }),
    sorts: SORTS.map((value) => ({ value, label: translate(locale, SORT_LABELS[value]) })),
    ages: AGE_CHOICES.map((days) => ({
      value: days,
      label: translate(locale, 'filter.age_days_value', { count: days }),
    })),
    currencies: [...CURRENCIES],
    texts: Object.fromEntries(FILTER_TEXT_KEYS.map((key) => [key, translate(locale, key)])) as FilterTexts,
  };
  labelsByLocale.set(locale, labels);
  return labels;
}

export function toFilterPanelView(options: {
  locale: Locale;
  /** The search the panel shows. */
  filters: SearchFilters;
  facets: FacetCounts | null;
  currency: string;
  total: number | null;
}): FilterPanelView {
  const { locale, facets } = options;
  const labels = panelLabels(locale);
  const counted = (group: keyof typeof FACET_VALUES, choices: Labelled[]) =>
    choices.map(({ value, label }) => ({ value, label, count: countOf(facets, group, value) }));
  return {
    action: labels.action,
    offerTypes: counted('offer_type', labels.offerTypes),
    propertyTypes: counted('property_type', labels.propertyTypes),
    groups: labels.groups.map((group) => ({
      key: group.key,
      label: group.label,
      primary: group.primary,
      options: counted(group.key, group.options),
    })),
    sorts: labels.sorts,
    ages: labels.ages,
    currencies: labels.currencies,
    limits: RANGE_LIMITS,
    moreFields: moreFilterFields(
      options.filters,
      labels.groups.filter((group) => !group.primary).map((group) => group.key),
    ),
    currency: options.currency,
    showResults:
      options.total === null ? null : translate(locale, 'filter.show_results', { count: options.total }),
    texts: labels.texts,
  };
}

/** Filters of the panel, a range counting once: what "Filters (3)" counts on a phone. */
const PANEL_FILTERS: readonly (readonly (keyof SearchFilters)[])[] = [
  ['offer_type'],
  ['property_type'],
  ['price_from', 'price_to'],
  ['area_from', 'area_to'],
  ...MULTI_VALUE_FILTER_KEYS.map((key) => [key]),
  ['floor_from', 'floor_to'],
  ['year_built_from', 'year_built_to'],
  ['age_days'],
  ['free_from'],
  ['has_floor_plan'],
  ['verified_only'],
  ['hide_reserved'],
];

/** How many of the panel's filters `filters` sets (the place, sort and page are not counted). */
export function activeFilterCount(filters: SearchFilters): number {
  return PANEL_FILTERS.filter((keys) => keys.some((key) => filters[key] !== undefined)).length;
}

/**
 * The text of the button the panel folds behind on narrow screens: "Filters", or "Filters (2)"
 * with two set, the count bracketed as the facet counts are shown.
 */
export function filtersButtonText(locale: Locale, filters: SearchFilters): string {
  const title = panelLabels(locale).texts['filter.title'];
  const active = activeFilterCount(filters);
  return active === 0 ? title : `${title} (${active})`;
}
