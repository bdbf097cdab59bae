import type { Locale } from '@estately/domain';
import { getMessages } from '@estately/i18n';
import { PRICE_LAYER_TEXT_KEYS, type PriceLayerTexts } from './price-layer-texts.ts';

/** The price layer's message patterns in a locale (formatted in the browser). */
export function priceLayerTexts(locale: Locale): PriceLayerTexts {
  const catalog = getMessages(locale);
  return Object.fromEntries(PRICE_LAYER_TEXT_KEYS.map((key) => [key, catalog[key]])) as PriceLayerTexts;
}
