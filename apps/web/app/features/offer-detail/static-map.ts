// The offer's static map (issue 9 "a static map with nearby points of interest"): an SVG drawn on
// our own server from the offer's position and the places of GET /public/offers/{id}/
// points_of_interest, so it needs no JavaScript, no tiles and no outside service. It is a plan,
// not a street map: the places around the offer at true bearing and distance (a local
// equirectangular projection, exact enough within a few kilometres), distance rings, a scale bar
// and a north arrow. Pure: no I/O, so it is unit-tested.

export const STATIC_MAP_WIDTH = 640;
export const STATIC_MAP_HEIGHT = 360;

/** Marker style of a kind of place: colour (>= 3:1 on the map's background) and shape. */
export interface MarkerStyle {
  color: string;
  shape: 'circle' | 'square' | 'diamond' | 'triangle';
}

/** One style per heading of the detail page's place list (points-of-interest.server.ts). */
export const MARKER_STYLES: Readonly<Record<string, MarkerStyle>> = {
  'poi.school': { color: '#b3261e', shape: 'circle' },
  'poi.kindergarten': { color: '#a0306e', shape: 'triangle' },
  'poi.shop': { color: '#8a4b00', shape: 'square' },
  'poi.pharmacy': { color: '#1b6e3a', shape: 'diamond' },
  'poi.doctor': { color: '#0f6b6b', shape: 'circle' },
  'poi.public_transport': { color: '#5b2ca0', shape: 'square' },
  'poi.restaurant': { color: '#9c3d00', shape: 'triangle' },
  'poi.park': { color: '#2e6b00', shape: 'circle' },
  'poi.sports': { color: '#1d4f91', shape: 'triangle' },
  'poi.bank': { color: '#4a4f57', shape: 'diamond' },
  'poi.post_office': { color: '#7a5a00', shape: 'square' },
};

const FALLBACK_STYLE: MarkerStyle = { color: '#4a4f57', shape: 'circle' };

export interface StaticMapPlace {
  latitude: number;
  longitude: number;
  /** Key of MARKER_STYLES. */
  kind: string;
}

export interface StaticMapInput {
  latitude: number;
  longitude: number;
  places: readonly StaticMapPlace[];
  /** Formats a distance in metres in the page's locale ("500 m", "1 km"). */
  formatDistance: (metres: number) => string;
}

const METRES_PER_DEGREE_LAT = 110_574;
const METRES_PER_DEGREE_LNG = 111_320;
/** Room kept between the outermost place and the image's edge, in pixels. */
const PADDING = 24;
/** The smallest half-height shown, so a lone offer still shows its street block. */
const MIN_RADIUS_M = 300;
const NICE_STEPS_M = [50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10_000];

/** Metres east and north of the centre. */
export function offsetMetres(
  center: { latitude: number; longitude: number },
  point: { latitude: number; longitude: number },
): { east: number; north: number } {
  const cos = Math.cos((center.latitude * Math.PI) / 180);
  return {
    east: (point.longitude - center.longitude) * METRES_PER_DEGREE_LNG * cos,
    north: (point.latitude - center.latitude) * METRES_PER_DEGREE_LAT,
  };
}

/** The largest "nice" length (50 m, 100 m, 250 m, ... 10 km) not above `max` metres. */
export function niceLength(max: number): number {
  let best = NICE_STEPS_M[0] ?? 50;
  for (const step of NICE_STEPS_M) if (step <= max) best = step;
  return best;
}

const round = (value: number) => Math.round(value * 10) / 10;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function marker(x: number, y: number, style: MarkerStyle, size = 7): string {
  const common = `fill="${style.color}" stroke="#ffffff" stroke-width="2"`;
  switch (style.shape) {
    case 'square':
      return `<rect x="${round(x - size)}" y="${round(y - size)}" width="${size * 2}" height="${size * 2}" rx="2" ${common}/>`;
    case 'diamond':
      return `<path d="M${round(x)} ${round(y - size - 2)}L${round(x + size + 2)} ${round(y)}L${round(x)} ${round(y + size + 2)}L${round(x - size - 2)} ${round(y)}Z" ${common}/>`;
    case 'triangle':
      return `<path d="M${round(x)} ${round(y - size - 2)}L${round(x + size + 1)} ${round(y + size)}L${round(x - size - 1)} ${round(y + size)}Z" ${common}/>`;
    default:
      return `<circle cx="${round(x)}" cy="${round(y)}" r="${size}" ${common}/>`;
  }
}

/** The style of a kind of place (a neutral one for kinds without their own). */
export function markerStyle(kind: string): MarkerStyle {
  return MARKER_STYLES[kind] ?? FALLBACK_STYLE;
}

export interface StaticMapLayout {
  /** Metres per pixel. */
  scale: number;
  /** Pixel positions of the places, in input order (null when outside the image). */
  points: ({ x: number; y: number } | null)[];
  ringMetres: number[];
  barMetres: number;
}

/** Where everything goes: the scale that fits every place, their pixels, the rings and the bar. */
export function layoutStaticMap(input: Omit<StaticMapInput, 'formatDistance'>): StaticMapLayout {
  const cx = STATIC_MAP_WIDTH / 2;
  const cy = STATIC_MAP_HEIGHT / 2;
  const offsets = input.places.map((place) => offsetMetres(input, place));
  // The scale that keeps every place inside the padded frame, at least MIN_RADIUS_M high.
  let scale = MIN_RADIUS_M / (cy - PADDING);
  for (const { east, north } of offsets) {
    scale = Math.max(scale, Math.abs(east) / (cx - PADDING), Math.abs(north) / (cy - PADDING));
  }
  const points = offsets.map(({ east, north }) => {
    const x = cx + east / scale;
    const y = cy - north / scale;
    return x < 0 || x > STATIC_MAP_WIDTH || y < 0 || y > STATIC_MAP_HEIGHT ? null : { x, y };
  });
  // Rings every nice step up to the frame's half-height: 2 or 3 of them.
  const step = niceLength((cy * scale) / 2);
  const ringMetres: number[] = [];
  for (let r = step; r / scale <= cy * 1.6 && ringMetres.length < 4; r += step) ringMetres.push(r);
  return { scale, points, ringMetres, barMetres: niceLength((STATIC_MAP_WIDTH / 5) * scale) };
}

/** The map as an SVG document. */
export function renderStaticMapSvg(input: StaticMapInput): string {
  const { scale, points, ringMetres, barMetres } = layoutStaticMap(input);
  const w = STATIC_MAP_WIDTH;
  const h = STATIC_MAP_HEIGHT;
  const cx = w / 2;
  const cy = h / 2;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${w}" height="${h}" fill="#eef2f6"/>`,
  ];
  // A light grid, one line per ring step, aligned on the offer.
  const gridStep = (ringMetres[0] ?? barMetres) / scale;
  const grid: string[] = [];
  for (let x = cx % gridStep; x < w; x += gridStep) grid.push(`M${round(x)} 0V${h}`);
  for (let y = cy % gridStep; y < h; y += gridStep) grid.push(`M0 ${round(y)}H${w}`);
  parts.push(`<path d="${grid.join('')}" stroke="#d5dbe3" stroke-width="1" fill="none"/>`);
  for (const metres of ringMetres) {
    const r = metres / scale;
    parts.push(
      `<circle cx="${cx}" cy="${cy}" r="${round(r)}" fill="none" stroke="#7d8896" stroke-width="1" stroke-dasharray="4 4"/>`,
    );
    // Labels sit on the ring's upper right, where they stay inside the image longest.
    const lx = cx + r * Math.SQRT1_2 + 3;
    const ly = cy - r * Math.SQRT1_2 - 3;
    if (lx < w - 40 && ly > 14) {
      parts.push(
        `<text x="${round(lx)}" y="${round(ly)}" fill="#3d4651" stroke="#eef2f6" stroke-width="3" paint-order="stroke">${escapeXml(input.formatDistance(metres))}</text>`,
      );
    }
  }
  // Places, farthest first so the nearest are drawn on top.
  const order = input.places
    .map((place, index) => ({ place, point: points[index] }))
    .filter(
      (entry): entry is { place: StaticMapPlace; point: { x: number; y: number } } => entry.point != null,
    )
    .reverse();
  for (const { place, point } of order) {
    parts.push(marker(point.x, point.y, markerStyle(place.kind)));
  }
  // The offer: a pin with a house, on top of everything.
  parts.push(
    `<g transform="translate(${cx} ${cy})"><path d="M0 0C-4-8-14-14-14-24a14 14 0 0 1 28 0C14-14 4-8 0 0Z" fill="#0a5bb5" stroke="#ffffff" stroke-width="2"/><path d="M-7-23L0-30L7-23V-16H-7Z" fill="#ffffff"/></g>`,
  );
  // Scale bar (bottom left) and north arrow (top right).
  const bar = barMetres / scale;
  parts.push(
    `<g transform="translate(16 ${h - 16})"><rect x="-6" y="-24" width="${round(bar + 12)}" height="30" rx="4" fill="#ffffff" fill-opacity="0.85"/><path d="M0-6V0H${round(bar)}V-6" fill="none" stroke="#1f2933" stroke-width="2"/><text x="${round(bar / 2)}" y="-9" text-anchor="middle" fill="#1f2933">${escapeXml(input.formatDistance(barMetres))}</text></g>`,
    `<g transform="translate(${w - 24} 28)"><circle r="14" fill="#ffffff" fill-opacity="0.85"/><path d="M0-10L6 8L0 4L-6 8Z" fill="#1f2933"/></g>`,
  );
  parts.push('</svg>');
  return parts.join('');
}
