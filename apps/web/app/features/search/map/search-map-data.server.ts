import type { Currency, Locale } from '@estately/domain';
import type { SearchMapData } from './map-panel.tsx';
import { mapTexts } from './map-texts.server.ts';
import { isMapOpen } from './map-url.ts';

/**
 * The results page's map data: whether the URL opens the map, its texts and the currency of its
 * prices. Null on the old search screen, which is the simple form without a map (spec 2).
 */
export function searchMapData(options: {
  locale: Locale;
  currency: Currency;
  url: URL;
  simple: boolean;
}): SearchMapData | null {
  if (options.simple) return null;
  return {
    open: isMapOpen(options.url.searchParams),
    texts: mapTexts(options.locale),
    currency: options.currency,
  };
}
