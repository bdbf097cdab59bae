import type { Locale, SearchFilters } from '@estately/domain';
import { canonicalSearchUrl } from '../shared/search-url.ts';
import { type RecentPlace, readRecentPlaces, rememberPlace } from './recent-places.ts';

// What the location box does with places (spec 9), fetched on the box's first focus rather than in
// the results page's first load: the recent places kept in localStorage, and the search URL of a
// picked place (composing it takes the domain's slug tables of every locale).

/** A place as the box lists it: an autocomplete answer's entry or a recent place. */
export type Place = Omit<RecentPlace, 'saved_at'>;

/** The recent places to list while the box is blank, newest first. */
export function recentPlaces(): Place[] {
  return readRecentPlaces(window.localStorage);
}

/** Keeps a picked place first among the recent ones (only the fields a recent place has). */
export function rememberPickedPlace(place: Place): void {
  rememberPlace(window.localStorage, {
    id: place.id,
    kind: place.kind,
    name: place.name,
    parent_name: place.parent_name,
    slug: place.slug,
    country_code: place.country_code,
  });
}

/**
 * The search URL of the same filters in a picked place, on the first page: the country and the
 * place's slug become the search path's last segments (spec 2), and the place filters the search
 * had (a locality, a location id, a point and radius, a map area, drawn areas) give way to it.
 */
export function placeSearchUrl(locale: Locale, filters: SearchFilters, place: Place): string {
  const {
    location_id: _id,
    locality: _locality,
    lat: _lat,
    lng: _lng,
    radius_km: _r,
    bbox: _b,
    areas: _areas,
    ...rest
  } = filters;
  return canonicalSearchUrl(locale, {
    ...rest,
    page: 1,
    country_code: place.country_code as SearchFilters['country_code'],
    ...(place.kind === 'country' ? {} : { locality: place.slug }),
  });
}
