import type { Locale, SearchFilters } from '@estately/domain';
import { formatArea, formatDate, formatNumber, localeData, translate } from '@estately/i18n';
import type { FilterPanelView } from '../filters/filter-panel-view.ts';

// The active filters above the results (issue 39 point 11), as portals show them: one removable
// chip per chosen value, each a plain link to the same search without it (page 1 again), and
// "clear all" once two or more are set. Worded from the filter panel's own view, so a chip says
// what the panel's control says; computed here, rendered as links, no code in the browser.

export interface FilterChip {
  /** What the chip shows: "3+kk", "Price: 2–5 mil. Kč", "Brno". */
  text: string;
  /** The link's accessible name: "Remove filter: 3+kk". */
  removeLabel: string;
  /** The same search without this value, on its first page. */
  href: string;
}

export interface ActiveFilters {
  /** The list's name for assistive technology ("Active filters"). */
  label: string;
  chips: FilterChip[];
  /** "Clear all": shown with two or more chips. */
  clear: { text: string; href: string } | null;
}

/** A search without some of its filters: what a chip's link leads to. */
type Removal = (filters: SearchFilters) => SearchFilters;

const without =
  (...keys: (keyof SearchFilters)[]): Removal =>
  (filters) => {
    const rest: Partial<SearchFilters> = { ...filters };
    for (const key of keys) delete rest[key];
    return rest as SearchFilters;
  };

/** The keys that name a place: removing the place searches everywhere. */
const PLACE_KEYS = ['country_code', 'locality', 'location_id', 'lat', 'lng', 'radius_km'] as const;

/** Groups whose value reads alone on a chip ("3+kk", "Balcony"); the others say their group ("Energy class: B"). */
const SELF_EXPLAINING_GROUPS: ReadonlySet<string> = new Set(['dispositions', 'other_params', 'tags']);

export interface ChipOptions {
  locale: Locale;
  filters: SearchFilters;
  /** The panel's labels in the page's locale (filter-panel-view.server.ts). */
  view: FilterPanelView;
  /** The searched place in words (search-place-name.ts), when the search names one. */
  placeName: string | null;
  /** The search URL of some filters (canonical, map mode kept). */
  hrefOf: (filters: SearchFilters) => string;
}

/** A from–to range in words: "2–5", "from 2", "up to 5" (formatted by `format`). */
function rangeText(
  locale: Locale,
  from: number | undefined,
  to: number | undefined,
  format: (value: number) => string,
  formatRange: (from: number, to: number) => string,
): string | null {
  if (from !== undefined && to !== undefined) return from === to ? format(from) : formatRange(from, to);
  if (from !== undefined) return translate(locale, 'results.range_from', { value: format(from) });
  if (to !== undefined) return translate(locale, 'results.range_to', { value: format(to) });
  return null;
}

/** Prices as portals write them on a chip: "2–5 mil. Kč", "CZK 800K – CZK 1.2M". */
function priceFormat(locale: Locale, currency: string): Intl.NumberFormat {
  return new Intl.NumberFormat(localeData(locale).tag, {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumSignificantDigits: 3,
  });
}

export function activeFilterChips(options: ChipOptions): ActiveFilters {
  const { locale, filters, view, hrefOf } = options;
  const texts = view.texts;
  const labelled = (label: string, value: string) => translate(locale, 'results.chip', { label, value });
  const found: { text: string; remove: Removal }[] = [];
  const add = (text: string | null, remove: Removal) => {
    if (text !== null) found.push({ text, remove });
  };
  const choiceLabel = (choices: readonly { value: string; label: string }[], value: string) =>
    choices.find((choice) => choice.value === value)?.label ?? value;

  if (options.placeName !== null || PLACE_KEYS.some((key) => filters[key] !== undefined)) {
    add(options.placeName ?? texts['filter.location'], without(...PLACE_KEYS));
  }
  if (filters.bbox) add(translate(locale, 'results.map_area'), without('bbox'));
  if (filters.areas) add(translate(locale, 'filter.areas'), without('areas'));
  if (filters.offer_type) add(choiceLabel(view.offerTypes, filters.offer_type), without('offer_type'));
  if (filters.property_type) {
    add(choiceLabel(view.propertyTypes, filters.property_type), without('property_type'));
  }
  const currency = filters.currency ?? view.currency;
  const price = priceFormat(locale, currency);
  const prices = rangeText(
    locale,
    filters.price_from,
    filters.price_to,
    (value) => price.format(value),
    (from, to) => price.formatRange(from, to),
  );
  if (prices !== null)
    add(labelled(texts['filter.price'], prices), without('price_from', 'price_to', 'currency'));
  const number = (value: number) => formatNumber(value, locale);
  const area = rangeText(
    locale,
    filters.area_from,
    filters.area_to,
    (value) => formatArea(value, locale),
    (from, to) => translate(locale, 'offer.area', { area: `${number(from)}–${number(to)}` }),
  );
  if (area !== null) add(labelled(texts['filter.area'], area), without('area_from', 'area_to'));
  for (const group of view.groups) {
    const chosen = filters[group.key] as readonly string[] | undefined;
    for (const value of chosen ?? []) {
      const label = choiceLabel(group.options, value);
      add(SELF_EXPLAINING_GROUPS.has(group.key) ? label : labelled(group.label, label), (current) => {
        const rest = ((current[group.key] ?? []) as readonly string[]).filter((other) => other !== value);
        const next = without(group.key)(current);
        return rest.length > 0 ? { ...next, [group.key]: rest } : next;
      });
    }
  }
  const floor = rangeText(
    locale,
    filters.floor_from,
    filters.floor_to,
    number,
    (from, to) => `${number(from)}–${number(to)}`,
  );
  if (floor !== null) add(labelled(texts['filter.floor'], floor), without('floor_from', 'floor_to'));
  // Years are written without grouping ("1990", never "1 990").
  const year = (value: number) => String(value);
  const built = rangeText(
    locale,
    filters.year_built_from,
    filters.year_built_to,
    year,
    (from, to) => `${from}–${to}`,
  );
  if (built !== null)
    add(labelled(texts['filter.year_built'], built), without('year_built_from', 'year_built_to'));
  if (filters.age_days !== undefined) {
    const age = view.ages.find((choice) => choice.value === filters.age_days);
    add(age?.label ?? labelled(texts['filter.age_days'], number(filters.age_days)), without('age_days'));
  }
  if (filters.free_from !== undefined) {
    add(labelled(texts['filter.free_from'], formatDate(filters.free_from, locale)), without('free_from'));
  }
  if (filters.has_floor_plan) add(texts['filter.floor_plan'], without('has_floor_plan'));
  if (filters.verified_only) add(texts['filter.verified_only'], without('verified_only'));
  if (filters.hide_reserved) add(texts['filter.hide_reserved'], without('hide_reserved'));

  // Every link is to the first page: the page a visitor was on may not exist in the new search.
  const firstPage = (next: SearchFilters) => hrefOf({ ...next, page: 1 });
  const chips = found.map(({ text, remove }) => ({
    text,
    removeLabel: translate(locale, 'results.remove_filter', { filter: text }),
    href: firstPage(remove(filters)),
  }));
  const cleared = found.reduce((current, { remove }) => remove(current), filters);
  return {
    label: translate(locale, 'results.active_filters'),
    chips,
    clear:
      chips.length >= 2
        ? { text: translate(locale, 'results.clear_filters'), href: firstPage(cleared) }
        : null,
  };
}
