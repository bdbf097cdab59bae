import { formatMapText } from './map-texts.ts';

// The price layer's texts (issue 44 point 5, decision 073). Only the layer's switch travels with
// the results page (map-texts.ts); the rest is fetched with the layer's code from /map/price-texts
// (load-map-resource.server.ts) when the layer is switched on, as ICU patterns of the locale.

export const PRICE_LAYER_TEXT_KEYS = [
  'map.price_title_sale',
  'map.price_title_rent',
  'map.price_level_country',
  'map.price_level_locality',
  'map.price_figure',
  'map.price_value',
  'map.price_below',
  'map.price_between',
  'map.price_above',
  'map.price_hidden',
  'map.price_as_of',
  'map.price_not_yet',
  'map.price_list',
  'map.price_empty',
  'map.price_error',
  'map.loading',
] as const;

export type PriceLayerTextKey = (typeof PRICE_LAYER_TEXT_KEYS)[number];
export type PriceLayerTexts = Record<PriceLayerTextKey, string>;

/** Formats one of the price layer's patterns, as the map formats its own. */
export function formatPriceText(
  texts: PriceLayerTexts,
  key: PriceLayerTextKey,
  tag: string,
  values: Record<string, string | number> = {},
): string {
  return formatMapText(texts, key, tag, values);
}
