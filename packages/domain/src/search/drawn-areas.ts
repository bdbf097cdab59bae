// Drawn search areas (issue 44 point 1, decision 069): polygons and circles drawn on the map to
// search in, or to leave out ("not along the motorway"). This module is the URL form alone, so
// the browser's search-URL writer can carry areas without the rules (drawn-area-rules.ts) or zod.
//
// The `areas` query value is a list of areas joined by `.`; each area is a prefix and a payload:
// `p` a polygon to search in, `c` a circle to search in, `xp` / `xc` the same left out. The
// payload is a run of integers, each zigzag-encoded and written five bits a character (low bits
// first, the sixth bit saying "more follows") in the base64url alphabet, as line encodings of
// map tools do. Coordinates are whole 1e-5 degrees (about a metre): a polygon is its first
// vertex `lat,lng` and then each vertex's difference from the one before; a circle is its centre
// `lat,lng` and its radius in metres. A 12-vertex city polygon takes about 80 characters. Every
// character of the encoding is unreserved in URLs, so it travels without percent-encoding.

/** A polygon's vertex: `[latitude, longitude]` in degrees. */
export type AreaVertex = [lat: number, lng: number];

export interface DrawnPolygon {
  shape: 'polygon';
  /** Left out of the search instead of searched in. */
  exclude: boolean;
  /** Its vertices in drawing order, the first not repeated at the end. */
  points: AreaVertex[];
}

export interface DrawnCircle {
  shape: 'circle';
  exclude: boolean;
  lat: number;
  lng: number;
  /** Whole metres. */
  radius_m: number;
}

export type DrawnArea = DrawnPolygon | DrawnCircle;

/** Coordinates are kept in whole units of 1e-5 degrees: the URL's precision. */
export const AREA_COORDINATE_SCALE = 1e5;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const DIGIT = new Map([...ALPHABET].map((char, index) => [char, index]));
/** Seven characters hold 35 bits: more than any coordinate or radius needs. */
const MAX_CHARS_PER_NUMBER = 7;
export const AREA_SEPARATOR = '.';

/** A coordinate at the URL's precision. */
export function quantizeCoordinate(value: number): number {
  const rounded = Math.round(value * AREA_COORDINATE_SCALE) / AREA_COORDINATE_SCALE;
  return rounded === 0 ? 0 : rounded;
}

function writeNumber(n: number): string {
  let value = n < 0 ? -2 * n - 1 : 2 * n;
  let out = '';
  do {
    const chunk = value % 32;
    value = Math.floor(value / 32);
    out += ALPHABET[value > 0 ? chunk + 32 : chunk];
  } while (value > 0);
  return out;
}

const units = (degrees: number) => Math.round(degrees * AREA_COORDINATE_SCALE);

function writeArea(area: DrawnArea): string {
  const prefix = (area.exclude ? 'x' : '') + (area.shape === 'polygon' ? 'p' : 'c');
  if (area.shape === 'circle')
    return prefix + writeNumber(units(area.lat)) + writeNumber(units(area.lng)) + writeNumber(area.radius_m);
  let out = prefix;
  let lat = 0;
  let lng = 0;
  for (const [vLat, vLng] of area.points) {
    const [uLat, uLng] = [units(vLat), units(vLng)];
    out += writeNumber(uLat - lat) + writeNumber(uLng - lng);
    [lat, lng] = [uLat, uLng];
  }
  return out;
}

/** The `areas` query value of a list of areas. */
export function encodeAreas(areas: readonly DrawnArea[]): string {
  return areas.map(writeArea).join(AREA_SEPARATOR);
}

function readNumbers(payload: string): number[] | null {
  const numbers: number[] = [];
  let value = 0;
  let factor = 1;
  let chars = 0;
  for (const char of payload) {
    const digit = DIGIT.get(char);
    if (digit === undefined || ++chars > MAX_CHARS_PER_NUMBER) return null;
    value += (digit % 32) * factor;
    factor *= 32;
    if (digit < 32) {
      numbers.push(value % 2 === 0 ? value / 2 : -(value + 1) / 2);
      value = 0;
      factor = 1;
      chars = 0;
    }
  }
  // A number cut short (its last character said more follows).
  return chars === 0 ? numbers : null;
}

function readArea(text: string): DrawnArea | null {
  const exclude = text.startsWith('x');
  const body = exclude ? text.slice(1) : text;
  const numbers = readNumbers(body.slice(1));
  if (numbers === null) return null;
  const degrees = (n: number) => {
    const value = n / AREA_COORDINATE_SCALE;
    return value === 0 ? 0 : value;
  };
  if (body[0] === 'c') {
    if (numbers.length !== 3) return null;
    const [lat, lng, radius] = numbers as [number, number, number];
    return { shape: 'circle', exclude, lat: degrees(lat), lng: degrees(lng), radius_m: radius };
  }
  if (body[0] !== 'p' || numbers.length === 0 || numbers.length % 2 !== 0) return null;
  const points: AreaVertex[] = [];
  let lat = 0;
  let lng = 0;
  for (let i = 0; i < numbers.length; i += 2) {
    lat += numbers[i]!;
    lng += numbers[i + 1]!;
    points.push([degrees(lat), degrees(lng)]);
  }
  return { shape: 'polygon', exclude, points };
}

/**
 * The areas of an `areas` query value, or null when it is not one (an unknown prefix, a
 * character outside the alphabet, a number cut short, a payload of the wrong length). Whether
 * the areas are sensible (vertex counts, self-intersection, size) is drawn-area-rules.ts's part.
 */
export function decodeAreas(value: string): DrawnArea[] | null {
  if (value === '') return null;
  const areas: DrawnArea[] = [];
  for (const part of value.split(AREA_SEPARATOR)) {
    const area = readArea(part);
    if (area === null) return null;
    areas.push(area);
  }
  return areas;
}
