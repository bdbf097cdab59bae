import { haversineKm } from './geo.ts';

// Whether two listings describe the same physical property (issue 43): today the relist check
// of one seller's withdrawn offer and its re-posted copy (docs/decisions/063); the grouping of
// offers across sellers (issue 43 point 2) is to grow from this file.

/** The listing values the comparison reads. */
export interface ListingIdentity {
  offerType: string;
  propertyType: string;
  disposition: string | null;
  floor: number | null;
  usefulAreaMeters: number | null;
  latitude: number | null;
  longitude: number | null;
}

/** How far apart two points may be and still be one building: geocoding and hand-placed pins wobble. */
export const SAME_PROPERTY_MAX_METRES = 25;
/** How much the area may differ (a re-measured or rounded area): a fraction of the larger. */
export const SAME_PROPERTY_AREA_TOLERANCE = 0.05;

/**
 * Same point within SAME_PROPERTY_MAX_METRES, same offer and property type, same disposition and
 * floor (both absent counts as the same), and areas within SAME_PROPERTY_AREA_TOLERANCE. Without
 * coordinates or an area nothing matches: a guess would join two different flats' histories.
 */
export function isSameProperty(a: ListingIdentity, b: ListingIdentity): boolean {
  if (a.offerType !== b.offerType || a.propertyType !== b.propertyType) return false;
  if (a.disposition !== b.disposition || a.floor !== b.floor) return false;
  if (a.latitude === null || a.longitude === null || b.latitude === null || b.longitude === null)
    return false;
  if (a.usefulAreaMeters === null || b.usefulAreaMeters === null) return false;
  const larger = Math.max(a.usefulAreaMeters, b.usefulAreaMeters);
  if (
    larger <= 0 ||
    Math.abs(a.usefulAreaMeters - b.usefulAreaMeters) > larger * SAME_PROPERTY_AREA_TOLERANCE
  ) {
    return false;
  }
  const metres =
    haversineKm({ lat: a.latitude, lng: a.longitude }, { lat: b.latitude, lng: b.longitude }) * 1000;
  return metres <= SAME_PROPERTY_MAX_METRES;
}

/** The box around a point that holds every point within SAME_PROPERTY_MAX_METRES (an index-friendly pre-filter). */
export function samePropertyBox(latitude: number, longitude: number) {
  const dLat = SAME_PROPERTY_MAX_METRES / 111_000;
  const dLng = dLat / Math.max(0.01, Math.cos((latitude * Math.PI) / 180));
  return {
    minLat: latitude - dLat,
    maxLat: latitude + dLat,
    minLng: longitude - dLng,
    maxLng: longitude + dLng,
  };
}
