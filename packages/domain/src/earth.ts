/** The mean radius of the Earth in kilometres, for great-circle distances (geo.ts, drawn areas). */
export const EARTH_RADIUS_KM = 6371;
