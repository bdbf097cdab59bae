import { EARTH_RADIUS_KM } from '@estately/domain';

// The GiST point indexes answer `point <@ box`; these boxes enclose a circle in km.

const DEGREES = 180 / Math.PI;

/**
 * The latitude/longitude box enclosing the circle of `km` around (lat, lng) on a sphere of
 * 6371 km (spec 9). Its half-width in longitude is the exact one of a spherical circle,
 * asin(sin(d) / cos(lat)); a circle reaching a pole spans every longitude. `west` may fall
 * below -180 and `east` above 180 when the circle crosses the antimeridian.
 */
export function boxAround(lat: number, lng: number, km: number) {
  const angle = km / EARTH_RADIUS_KM;
  const dLat = angle * DEGREES;
  const south = lat - dLat;
  const north = lat + dLat;
  const ratio = Math.sin(angle) / Math.cos(lat / DEGREES);
  const dLng = north >= 90 || south <= -90 || ratio >= 1 ? 180 : Math.asin(ratio) * DEGREES;
  return {
    south: Math.max(-90, south),
    north: Math.min(90, north),
    west: lng - dLng,
    east: lng + dLng,
  };
}
