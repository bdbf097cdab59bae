import { type AreaVertex, type DrawnArea, EARTH_RADIUS_KM, quantizeCoordinate } from '@estately/domain';

// Shapes of drawn search areas (decision 069) as the map draws them: GeoJSON in (longitude,
// latitude). A circle is drawn as a ring of points at its great-circle radius; the search itself
// tests the distance (the API), so the ring only has to look right.

type Position = [lng: number, lat: number];

interface Feature {
  type: 'Feature';
  properties: { exclude: boolean };
  geometry: { type: 'Polygon'; coordinates: Position[][] } | { type: 'LineString'; coordinates: Position[] };
}

export interface FeatureCollection {
  type: 'FeatureCollection';
  features: Feature[];
}

const RADIANS = Math.PI / 180;
const RING_POINTS = 64;

/** The point `km` from (lat, lng) in the direction `bearing` (radians from north), on the sphere. */
function destination(lat: number, lng: number, km: number, bearing: number): Position {
  const angular = km / EARTH_RADIUS_KM;
  const phi = lat * RADIANS;
  const lambda = lng * RADIANS;
  const phi2 = Math.asin(
    Math.sin(phi) * Math.cos(angular) + Math.cos(phi) * Math.sin(angular) * Math.cos(bearing),
  );
  const lambda2 =
    lambda +
    Math.atan2(
      Math.sin(bearing) * Math.sin(angular) * Math.cos(phi),
      Math.cos(angular) - Math.sin(phi) * Math.sin(phi2),
    );
  return [lambda2 / RADIANS, phi2 / RADIANS];
}

/** A circle as a closed ring. */
export function circleRing(lat: number, lng: number, radiusKm: number): Position[] {
  const ring = Array.from({ length: RING_POINTS }, (_, i) =>
    destination(lat, lng, radiusKm, (i / RING_POINTS) * 2 * Math.PI),
  );
  return [...ring, ring[0]!];
}

function polygonRing(points: readonly AreaVertex[]): Position[] {
  const ring = points.map(([lat, lng]): Position => [lng, lat]);
  return [...ring, ring[0]!];
}

/** The areas of a search as map features. */
export function areaFeatures(areas: readonly DrawnArea[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: areas.map((area) => ({
      type: 'Feature',
      properties: { exclude: area.exclude },
      geometry: {
        type: 'Polygon',
        coordinates: [
          area.shape === 'circle'
            ? circleRing(area.lat, area.lng, area.radius_m / 1000)
            : polygonRing(area.points),
        ],
      },
    })),
  };
}

/** The area being drawn: a line until it has three corners, then its shape. */
export function draftFeatures(area: DrawnArea | null, points: readonly AreaVertex[]): FeatureCollection {
  if (area) return areaFeatures([area]);
  if (points.length < 2) return { type: 'FeatureCollection', features: [] };
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { exclude: false },
        geometry: { type: 'LineString', coordinates: points.map(([lat, lng]): Position => [lng, lat]) },
      },
    ],
  };
}

/** A map position as a vertex at the URL's precision. */
export function vertexOf(lat: number, lng: number): AreaVertex {
  return [quantizeCoordinate(lat), quantizeCoordinate(((((lng + 180) % 360) + 360) % 360) - 180)];
}
