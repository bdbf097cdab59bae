import type { Locale } from '@estately/domain';
import { getMessages } from '@estately/i18n';
import { MAP_TEXT_KEYS, type MapTexts } from './map-texts.ts';

/** The map's message patterns in the page's locale (formatted in the browser). */
export function mapTexts(locale: Locale): MapTexts {
  const catalog = getMessages(locale);
  return Object.fromEntries(MAP_TEXT_KEYS.map((key) => [key, catalog[key]])) as MapTexts;
}
