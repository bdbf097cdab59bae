import { IntlMessageFormat } from 'intl-messageformat';

// The map's texts travel with the results page's data (map-texts.server.ts) as ICU patterns of
// the page's locale, so the shell's client messages do not grow on every other page; the map
// formats the ones with counts and prices itself.

export const MAP_TEXT_KEYS = [
  'map.toggle',
  'map.region',
  'map.loading',
  'map.control_zoom_in',
  'map.control_zoom_out',
  'map.attribution',
  'map.cluster',
  'map.point',
  'map.point_no_price',
  'map.in_view',
  'map.fallback',
  'map.fallback_cluster',
  'map.larger_area',
  'map.card',
  'map.close_card',
  'map.error',
  // The price layer's switch (decision 073); its other texts come with its code.
  'map.price_layer',
  // Drawn search areas (issue 44 point 1).
  'map.draw.heading',
  'map.draw.polygon',
  'map.draw.circle',
  'map.draw.exclude',
  'map.draw.help_polygon',
  'map.draw.help_circle',
  'map.draw.add_point',
  'map.draw.set_centre',
  'map.draw.undo',
  'map.draw.radius',
  'map.draw.finish',
  'map.draw.cancel',
  'map.draw.vertex',
  'map.draw.centre',
  'map.draw.point_added',
  'map.draw.point_moved',
  'map.draw.point_removed',
  'map.draw.centre_set',
  'map.draw.areas',
  'map.draw.area_in',
  'map.draw.area_out',
  'map.draw.edit',
  'map.draw.remove',
  'validation.invalid_areas',
  'validation.too_many_areas',
  'validation.area_too_many_vertices',
  'validation.area_self_intersecting',
  'validation.area_size',
] as const;

export type MapTextKey = (typeof MAP_TEXT_KEYS)[number];
export type MapTexts = Record<MapTextKey, string>;

/**
 * Formats one of the map's patterns (the map's own and its layers', such as the price layer's);
 * a broken pattern shows as it is rather than break the map.
 */
export function formatMapText<K extends string = MapTextKey>(
  texts: Record<K, string>,
  key: K,
  tag: string,
  values: Record<string, string | number> = {},
): string {
  try {
    const result = new IntlMessageFormat(texts[key], tag, undefined, { ignoreTag: true }).format(values);
    return Array.isArray(result) ? result.join('') : String(result);
  } catch {
    return texts[key];
  }
}
