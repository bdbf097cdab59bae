import type { Locale, PointsOfInterestResponse } from '@estately/domain';
import { type MessageKey, translate } from '@estately/i18n';
import { POI_LABELS } from './points-of-interest.server.ts';
import { markerStyle, STATIC_MAP_HEIGHT, STATIC_MAP_WIDTH, type StaticMapPlace } from './static-map.ts';
import type { StaticMapView } from './static-map.tsx';

// What the detail page and the map image agree on: which places are drawn (the kinds the page's
// place list names), how they are styled, and where the image lives.

/** The image's address: one per offer and language (the distances on it are localized). */
export function staticMapPath(locale: Locale, offerId: number): string {
  return `/static-maps/${locale}/${offerId}.svg`;
}

/** The places drawn on the map, each with its kind (the heading it is listed under). */
export function staticMapPlaces(answer: PointsOfInterestResponse | null): StaticMapPlace[] {
  const places: StaticMapPlace[] = [];
  for (const group of answer?.data ?? []) {
    const kind = POI_LABELS[group.category];
    if (!kind) continue;
    for (const item of group.items) places.push({ latitude: item.latitude, longitude: item.longitude, kind });
  }
  return places;
}

/** "500 m" or "1.5 km" in the page's locale. */
export function formatMapDistance(locale: Locale, metres: number): string {
  return metres < 1000
    ? translate(locale, 'poi.distance_m', { distance: metres })
    : translate(locale, 'poi.distance_km', { distance: Math.round(metres / 100) / 10 });
}

export function staticMapView(options: {
  locale: Locale;
  offerId: number;
  address: string;
  pointsOfInterest: PointsOfInterestResponse | null;
}): StaticMapView {
  const { locale } = options;
  const kinds = [...new Set(staticMapPlaces(options.pointsOfInterest).map((place) => place.kind))];
  const legend = kinds.map((kind) => ({
    label: translate(locale, kind as MessageKey),
    style: markerStyle(kind),
  }));
  const heading = translate(locale, 'offer.on_map');
  return {
    src: staticMapPath(locale, options.offerId),
    width: STATIC_MAP_WIDTH,
    height: STATIC_MAP_HEIGHT,
    // The picture in words: where, and which kinds of places are marked around it.
    alt: [
      `${heading}: ${options.address}`,
      ...(legend.length ? [legend.map((e) => e.label).join(', ')] : []),
    ].join(' – '),
    heading,
    legend,
    offerLabel: options.address,
  };
}
