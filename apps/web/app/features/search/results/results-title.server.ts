import type { Locale, SearchFilters } from '@estately/domain';
import { type MessageKey, translate, translateDynamic } from '@estately/i18n';

// The count in words for the results page's title and heading (issue 39 point 11): "1 158 flats
// for sale in Brno", "Brno: 1 158 bytů na prodej". Each catalog words the count with what is
// searched in its own plural forms, and places the place where its grammar allows the name in
// the nominative (a preposition, a colon or a dash), as place names are not declined.

/** The searched place in words: the locality's name, its slug's words, or the country. */
export function searchPlaceName(
  locale: Locale,
  filters: SearchFilters,
  /** The locality's name in `locale`, when known. */
  placeName: string | undefined,
): { name: string; country: boolean } | null {
  if (placeName) return { name: placeName, country: false };
  if (filters.locality) {
    const words = filters.locality.replace(/-/g, ' ');
    return { name: words.charAt(0).toLocaleUpperCase(locale) + words.slice(1), country: false };
  }
  if (filters.country_code) {
    return { name: translateDynamic(locale, `country.${filters.country_code}`), country: true };
  }
  return null;
}

/**
 * "1 158 flats for sale in Brno": the count with what the search names. Null when it names
 * neither a type nor a place (the plain count says it all then).
 */
export function resultsFoundText(
  locale: Locale,
  filters: SearchFilters,
  total: number,
  place: { name: string; country: boolean } | null,
): string | null {
  if (!filters.offer_type && !filters.property_type && place === null) return null;
  const what = `${filters.offer_type ?? 'any'}_${filters.property_type ?? 'any'}` as const;
  const key: MessageKey = what === 'any_any' ? 'results.count' : `results.found.${what}`;
  const found = translate(locale, key, { count: total });
  if (place === null) return found;
  return translate(locale, place.country ? 'results.found_in_country' : 'results.found_in', {
    found,
    place: place.name,
  });
}
