import type { Locale, PointsOfInterestResponse } from '@estately/domain';
import { translate } from '@estately/i18n';
import { hasStreetBasemap, type WebConfig } from '../../web-config.ts';
import type { StreetMapView } from './offer-street-map.tsx';
import { markerStyle } from './static-map.ts';
import { staticMapPlaces } from './static-map-view.server.ts';

/**
 * What the detail page's interactive map needs (docs/decisions/051): the offer's position, the
 * places of the static map with the same marker styles, and the control labels in the page's
 * language. Null without a street basemap (PMTiles or MapTiler): the static map stays alone.
 */
export function offerStreetMapView(options: {
  config: Pick<WebConfig, 'maptiler' | 'pmtiles'>;
  locale: Locale;
  latitude: number;
  longitude: number;
  /** The offer's address: with the heading, the map's name for assistive technology. */
  address: string;
  pointsOfInterest: PointsOfInterestResponse | null;
}): StreetMapView | null {
  const { config, locale } = options;
  if (!hasStreetBasemap(config)) return null;
  return {
    latitude: options.latitude,
    longitude: options.longitude,
    places: staticMapPlaces(options.pointsOfInterest).map((place) => ({
      latitude: place.latitude,
      longitude: place.longitude,
      ...markerStyle(place.kind),
    })),
    texts: {
      title: `${translate(locale, 'offer.on_map')}: ${options.address}`,
      zoomIn: translate(locale, 'map.control_zoom_in'),
      zoomOut: translate(locale, 'map.control_zoom_out'),
      attribution: translate(locale, 'map.attribution'),
    },
  };
}
