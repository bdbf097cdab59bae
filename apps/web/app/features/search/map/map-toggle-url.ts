import type { Locale, SearchFilters } from '@estately/domain';
import { withMapMode } from './map-url.ts';

// Where the results page's "Map" toggle (map-panel.tsx) goes. The toggle fetches this module when
// it is pressed, not in the page's first load; composing a search URL (the domain's slug tables
// of every locale) is fetched only when closing the map needs it.

/** The page's address (`here`) with the map opened, or closed (and the map's area dropped). */
export async function mapToggleUrl(
  locale: Locale,
  filters: SearchFilters,
  open: boolean,
  here: string,
): Promise<string> {
  if (!open) return withMapMode(here, true);
  // The map's area filter belongs to the map: closing it searches the same filters anywhere.
  return filters.bbox
    ? (await import('../shared/search-url.ts')).canonicalSearchUrl(locale, {
        ...filters,
        bbox: undefined,
        page: 1,
      })
    : withMapMode(here, false);
}
