import { EARTH_RADIUS_KM } from '../earth.ts';
import { AREA_COORDINATE_SCALE, type AreaVertex, type DrawnArea } from './drawn-areas.ts';
import { MAX_RADIUS_KM } from './filter-defaults.ts';

// What makes drawn search areas acceptable (decision 069), and the one plane test of "inside a
// drawn polygon" the facet index shares with the SQL's `point <@ polygon`: both read a vertex as
// the plane point (longitude, latitude), as `offers.location` stores an offer.

/** The bounds a search's areas stay within: they keep the URL short and every test cheap. */
export const AREA_LIMITS = {
  /** Areas of one search, searched in and left out together. */
  maxAreas: 10,
  minVertices: 3,
  /** Vertices of one polygon. */
  maxVertices: 100,
  /** Vertices of all polygons of a search. */
  maxTotalVertices: 400,
  /** The widest a polygon may be, in degrees of latitude or longitude (no antimeridian crossing). */
  maxSpanDegrees: 20,
  minRadiusM: 50,
  maxRadiusM: MAX_RADIUS_KM * 1000,
} as const;

export type AreaIssueKey =
  | 'validation.invalid_areas'
  | 'validation.too_many_areas'
  | 'validation.area_too_many_vertices'
  | 'validation.area_self_intersecting'
  | 'validation.area_size';

export interface AreaIssue {
  /** The area at fault; null for the list as a whole. */
  index: number | null;
  message: AreaIssueKey;
}

const inLat = (lat: number) => Number.isFinite(lat) && lat >= -90 && lat <= 90;
const inLng = (lng: number) => Number.isFinite(lng) && lng >= -180 && lng <= 180;

/** Whole units of 1e-5 degrees: segment tests on them are exact in doubles (products < 2^53). */
const unit = (degrees: number) => Math.round(degrees * AREA_COORDINATE_SCALE);

/** Sign of the turn a -> b -> c in the (lng, lat) plane: 1 left, -1 right, 0 straight. */
function turn(a: readonly number[], b: readonly number[], c: readonly number[]): number {
  const cross = (b[0]! - a[0]!) * (c[1]! - a[1]!) - (b[1]! - a[1]!) * (c[0]! - a[0]!);
  return Math.sign(cross);
}

/** Whether c, known to be on the line through a and b, lies on the segment a-b. */
function withinSegment(a: readonly number[], b: readonly number[], c: readonly number[]): boolean {
  return (
    Math.min(a[0]!, b[0]!) <= c[0]! &&
    c[0]! <= Math.max(a[0]!, b[0]!) &&
    Math.min(a[1]!, b[1]!) <= c[1]! &&
    c[1]! <= Math.max(a[1]!, b[1]!)
  );
}

/** Whether the closed segments p1-p2 and q1-q2 share a point. */
function segmentsMeet(p1: number[], p2: number[], q1: number[], q2: number[]): boolean {
  const d1 = turn(q1, q2, p1);
  const d2 = turn(q1, q2, p2);
  const d3 = turn(p1, p2, q1);
  const d4 = turn(p1, p2, q2);
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  return (
    (d1 === 0 && withinSegment(q1, q2, p1)) ||
    (d2 === 0 && withinSegment(q1, q2, p2)) ||
    (d3 === 0 && withinSegment(p1, p2, q1)) ||
    (d4 === 0 && withinSegment(p1, p2, q2))
  );
}

/**
 * Whether a ring's edges cross or touch anywhere but at the vertex two neighbouring edges share
 * (a figure eight, a spike folding back on its own edge). O(n^2) on at most maxVertices.
 */
export function selfIntersects(points: readonly AreaVertex[]): boolean {
  const ring = points.map(([lat, lng]) => [unit(lng), unit(lat)]);
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const a1 = ring[i]!;
    const a2 = ring[(i + 1) % n]!;
    for (let j = i + 1; j < n; j++) {
      const b1 = ring[j]!;
      const b2 = ring[(j + 1) % n]!;
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (!adjacent) {
        if (segmentsMeet(a1, a2, b1, b2)) return true;
        continue;
      }
      // Neighbours share one vertex; they may not run back along each other.
      const [shared, a, b] = j === i + 1 ? [a2, a1, b2] : [a1, a2, b1];
      if (turn(a, shared, b) === 0 && (withinSegment(shared, a, b) || withinSegment(shared, b, a)))
        return true;
    }
  }
  return false;
}

/** Twice the signed area of a ring, in square units of 1e-5 degrees. */
function doubleArea(points: readonly AreaVertex[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const [lat1, lng1] = points[i]!;
    const [lat2, lng2] = points[(i + 1) % points.length]!;
    sum += unit(lng1) * unit(lat2) - unit(lng2) * unit(lat1);
  }
  return sum;
}

function polygonIssue(points: readonly AreaVertex[]): AreaIssueKey | null {
  if (points.length < AREA_LIMITS.minVertices) return 'validation.invalid_areas';
  if (points.length > AREA_LIMITS.maxVertices) return 'validation.area_too_many_vertices';
  for (const [lat, lng] of points) if (!inLat(lat) || !inLng(lng)) return 'validation.invalid_areas';
  for (let i = 0; i < points.length; i++) {
    const [lat1, lng1] = points[i]!;
    const [lat2, lng2] = points[(i + 1) % points.length]!;
    // A repeated vertex (the first written again at the end included) is not part of the form.
    if (unit(lat1) === unit(lat2) && unit(lng1) === unit(lng2)) return 'validation.invalid_areas';
  }
  const lats = points.map((p) => p[0]);
  const lngs = points.map((p) => p[1]);
  if (
    Math.max(...lats) - Math.min(...lats) > AREA_LIMITS.maxSpanDegrees ||
    Math.max(...lngs) - Math.min(...lngs) > AREA_LIMITS.maxSpanDegrees
  )
    return 'validation.area_size';
  if (selfIntersects(points)) return 'validation.area_self_intersecting';
  if (doubleArea(points) === 0) return 'validation.area_size';
  return null;
}

function areaIssue(area: DrawnArea): AreaIssueKey | null {
  if (area.shape === 'polygon') return polygonIssue(area.points);
  if (!inLat(area.lat) || !inLng(area.lng)) return 'validation.invalid_areas';
  if (!Number.isInteger(area.radius_m)) return 'validation.invalid_areas';
  if (area.radius_m < AREA_LIMITS.minRadiusM || area.radius_m > AREA_LIMITS.maxRadiusM)
    return 'validation.area_size';
  return null;
}

/** Everything wrong with a search's areas; empty when they are acceptable. */
export function areaIssues(areas: readonly DrawnArea[]): AreaIssue[] {
  const issues: AreaIssue[] = [];
  if (areas.length === 0) return [{ index: null, message: 'validation.invalid_areas' }];
  if (areas.length > AREA_LIMITS.maxAreas) return [{ index: null, message: 'validation.too_many_areas' }];
  let vertices = 0;
  areas.forEach((area, index) => {
    const message = areaIssue(area);
    if (message) issues.push({ index, message });
    if (area.shape === 'polygon') vertices += area.points.length;
  });
  if (vertices > AREA_LIMITS.maxTotalVertices)
    issues.push({ index: null, message: 'validation.too_many_areas' });
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Membership, as search tests it.

/**
 * Whether the plane point (lng, lat) lies inside the ring (crossing number: a ray towards +lng
 * crosses the boundary an odd number of times). PostgreSQL's `point <@ polygon` answers the same
 * except within 1e-6 degrees (a tenth of a metre) of an edge, which it counts as inside
 * (decision 069).
 */
export function inPolygon(points: readonly AreaVertex[], lat: number, lng: number): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [latI, lngI] = points[i]!;
    const [latJ, lngJ] = points[j]!;
    if (latI > lat !== latJ > lat && lng < ((lngJ - lngI) * (lat - latI)) / (latJ - latI) + lngI)
      inside = !inside;
  }
  return inside;
}

const RADIANS = Math.PI / 180;

/** Great-circle distance in km as geo_distance_km (migration 0002) computes it. */
export function circleDistanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = Math.sin(((lat1 - lat2) * RADIANS) / 2);
  const dLng = Math.sin(((lng1 - lng2) * RADIANS) / 2);
  const h = dLat * dLat + Math.cos(lat2 * RADIANS) * Math.cos(lat1 * RADIANS) * dLng * dLng;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a point lies in one area (its boundary included for a circle). */
export function inArea(area: DrawnArea, lat: number, lng: number): boolean {
  if (area.shape === 'polygon') return inPolygon(area.points, lat, lng);
  return circleDistanceKm(area.lat, area.lng, lat, lng) <= area.radius_m / 1000;
}

/**
 * Whether a point meets a search's areas: inside at least one area searched in (when there is
 * any) and inside none left out.
 */
export function meetsAreas(areas: readonly DrawnArea[], lat: number, lng: number): boolean {
  let included = false;
  let hasIncluded = false;
  for (const area of areas) {
    if (area.exclude) {
      if (inArea(area, lat, lng)) return false;
    } else {
      hasIncluded = true;
      if (!included && inArea(area, lat, lng)) included = true;
    }
  }
  return included || !hasIncluded;
}

/**
 * `meetsAreas` prepared for many points (the facet index tests every offer of a partition): the
 * vertices in flat arrays and each area's box first, so most offers cost a few comparisons.
 * It answers as `meetsAreas` does (drawn-areas.test.ts compares them).
 */
export function areasTester(areas: readonly DrawnArea[]): (lat: number, lng: number) => boolean {
  const prepared = areas.map((area) => {
    if (area.shape === 'circle') {
      const km = area.radius_m / 1000;
      // A bound on the circle's reach in degrees of latitude, widened for longitude by the
      // widest latitude it touches; points outside it are farther than the radius.
      const dLat = (km / EARTH_RADIUS_KM) * (180 / Math.PI) * 1.0001;
      const widest = Math.min(89.9, Math.abs(area.lat) + dLat);
      const dLng = Math.min(360, dLat / Math.cos(widest * RADIANS));
      return {
        area,
        south: area.lat - dLat,
        north: area.lat + dLat,
        west: area.lng - dLng,
        east: area.lng + dLng,
        flat: null,
      };
    }
    const flat = new Float64Array(area.points.length * 2);
    area.points.forEach(([lat, lng], i) => {
      flat[2 * i] = lat;
      flat[2 * i + 1] = lng;
    });
    const lats = area.points.map((point) => point[0]);
    const lngs = area.points.map((point) => point[1]);
    return {
      area,
      south: Math.min(...lats),
      north: Math.max(...lats),
      west: Math.min(...lngs),
      east: Math.max(...lngs),
      flat,
    };
  });
  const inOne = (entry: (typeof prepared)[number], lat: number, lng: number): boolean => {
    if (lat < entry.south || lat > entry.north) return false;
    // A circle's box may run past the antimeridian: left to the distance.
    if (entry.flat === null) return inArea(entry.area, lat, lng);
    if (lng < entry.west || lng > entry.east) return false;
    const flat = entry.flat;
    const n = flat.length;
    let inside = false;
    for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
      const latI = flat[i]!;
      const latJ = flat[j]!;
      if (latI > lat !== latJ > lat) {
        const lngI = flat[i + 1]!;
        if (lng < ((flat[j + 1]! - lngI) * (lat - latI)) / (latJ - latI) + lngI) inside = !inside;
      }
    }
    return inside;
  };
  const included = prepared.filter((entry) => !entry.area.exclude);
  const excluded = prepared.filter((entry) => entry.area.exclude);
  return (lat, lng) => {
    for (const entry of excluded) if (inOne(entry, lat, lng)) return false;
    if (included.length === 0) return true;
    for (const entry of included) if (inOne(entry, lat, lng)) return true;
    return false;
  };
}
