import {
  buildPath,
  DEFAULT_PAGE,
  type Locale,
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCH_NAME_MAX,
  type SearchFilters,
  serializeFilters,
  valueMessageKey,
} from '@estately/domain';
import { type MessageKey, translate, translateDynamic } from '@estately/i18n';
import { canonicalSearchUrl } from '../shared/search-url.ts';
import type { SaveSearchView } from './save-search.ts';

// The "save this search" form of the results page, prepared on the server in the page's locale:
// a name made of the search itself, the canonical filters and search path, and the texts.

const FREQUENCY_KEYS: Record<(typeof SAVED_SEARCH_FREQUENCIES)[number], MessageKey> = {
  instant: 'account.frequency.instant',
  daily: 'account.frequency.daily',
  weekly: 'account.frequency.weekly',
  off: 'account.frequency.off',
};

const ERROR_KEYS = [
  'validation.required',
  'validation.invalid_value',
  'validation.invalid_search_path',
  'saved_searches.limit_reached',
  'error.generic',
] as const satisfies readonly MessageKey[];

/** "Sale · Apartments · Praha · 2 rooms, 3 rooms": what the search is about, in the page's locale. */
export function defaultSearchName(
  locale: Locale,
  filters: SearchFilters,
  fallback: string,
  /** The locality's name in `locale`, when known; else the slug stands for it. */
  placeName?: string,
): string {
  const parts: string[] = [];
  if (filters.offer_type) parts.push(translate(locale, `value.offer_type.${filters.offer_type}`));
  if (filters.property_type) parts.push(translate(locale, `value.property_type.${filters.property_type}`));
  if (placeName) {
    parts.push(placeName);
  } else if (filters.locality) {
    // Only the slug is known: its words, capitalised.
    const place = filters.locality.replace(/-/g, ' ');
    parts.push(place.charAt(0).toLocaleUpperCase(locale) + place.slice(1));
  } else if (filters.country_code) {
    parts.push(translateDynamic(locale, `country.${filters.country_code}`));
  }
  if (filters.dispositions?.length) {
    parts.push(
      filters.dispositions
        .map((value) => translateDynamic(locale, valueMessageKey('disposition', value)))
        .join(', '),
    );
  }
  const name = parts.length > 0 ? parts.join(' · ') : fallback;
  return name.length > SAVED_SEARCH_NAME_MAX ? `${name.slice(0, SAVED_SEARCH_NAME_MAX - 1)}…` : name;
}

export function saveSearchView(options: {
  locale: Locale;
  filters: SearchFilters;
  /** The page's heading, the name when the search has no filters to name it by. */
  heading: string;
  /** The locality's name in `locale`, when known. */
  placeName?: string | undefined;
}): SaveSearchView {
  const { locale, filters } = options;
  const t = (key: MessageKey) => translate(locale, key);
  return {
    defaultName: defaultSearchName(locale, filters, options.heading, options.placeName),
    // Paging and sort are no part of a saved search (the API drops them too).
    filters: serializeFilters(filters, ['page', 'per_page', 'sort']),
    searchPath: canonicalSearchUrl(locale, { ...filters, page: DEFAULT_PAGE }),
    frequencies: SAVED_SEARCH_FREQUENCIES.map((value) => ({ value, label: t(FREQUENCY_KEYS[value]) })),
    defaultFrequency: 'daily',
    signInPath: buildPath('auth', locale),
    watchDogsPath: buildPath('accountWatchDogs', locale),
    texts: {
      open: t('results.save_search'),
      name: t('account.watch_dog_name'),
      frequency: t('account.watch_dog_frequency'),
      submit: t('action.save'),
      saved: t('account.watch_dog_saved'),
      manage: t('account.watch_dogs'),
      errors: {
        ...Object.fromEntries(ERROR_KEYS.map((key) => [key, t(key)])),
        'validation.too_long': translate(locale, 'validation.too_long', { max: SAVED_SEARCH_NAME_MAX }),
      },
    },
  };
}
