import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

// The offline basemap (no MapTiler key configured): Natural Earth's 1:50m land and country
// borders from the world-atlas package, turned from TopoJSON into GeoJSON once per process and
// served by this server with a MapLibre style that names them. No request leaves our origins:
// no tiles, no glyphs, no sprites (markers are HTML, see map-view.tsx). Natural Earth is in the
// public domain; the style still credits it.

export const BASEMAP_LAYERS = ['land', 'borders'] as const;
export type BasemapLayer = (typeof BASEMAP_LAYERS)[number];

export function isBasemapLayer(name: string): name is BasemapLayer {
  return (BASEMAP_LAYERS as readonly string[]).includes(name);
}

/** GeoJSON as sent: the text and its compressed forms, made once. */
export interface BasemapFile {
  body: Buffer;
  gzip: Buffer;
  /** Brotli at its best quality takes seconds for the land: gzip is served until it is ready. */
  brotli: Buffer | null;
}

// Three decimals are about 100 m, finer than the 1:50m source; it cuts the text by a half.
const PRECISION = 1000;
const roundCoordinates = (_key: string, value: unknown) =>
  typeof value === 'number' ? Math.round(value * PRECISION) / PRECISION : value;

const require = createRequire(import.meta.url);

async function readTopology(name: string): Promise<Topology> {
  return JSON.parse(await readFile(require.resolve(`world-atlas/${name}`), 'utf8')) as Topology;
}

/** The GeoJSON of one basemap layer (exported for tests; the route serves `basemapFile`). */
export async function buildBasemapLayer(layer: BasemapLayer): Promise<unknown> {
  if (layer === 'land') {
    const land = await readTopology('land-50m.json');
    return feature(land, land.objects.land as GeometryCollection);
  }
  const countries = await readTopology('countries-50m.json');
  // Borders between two countries only: coastlines come from the land fill's edge.
  return mesh(countries, countries.objects.countries as GeometryCollection, (a, b) => a !== b);
}

const built = new Map<BasemapLayer, Promise<BasemapFile>>();

/** The layer's GeoJSON with its gzip and brotli forms, built on first use and kept. */
export function basemapFile(layer: BasemapLayer): Promise<BasemapFile> {
  let file = built.get(layer);
  if (!file) {
    file = (async () => {
      const body = Buffer.from(JSON.stringify(await buildBasemapLayer(layer), roundCoordinates));
      const ready: BasemapFile = { body, gzip: await promisify(gzip)(body, { level: 9 }), brotli: null };
      promisify(brotliCompress)(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }).then(
        (compressed) => {
          ready.brotli = compressed;
        },
        () => {},
      );
      return ready;
    })();
    // A failed build is not kept: the next request tries again.
    file.catch(() => built.delete(layer));
    built.set(layer, file);
  }
  return file;
}

/** Colours of the offline basemap (DESIGN: calm, the offers' markers stand out). */
const COLOURS = { water: '#d4e4ee', land: '#f5f2ea', border: '#9c9385' };

/**
 * The MapLibre style of the offline basemap; `origin` is this site's public origin (style
 * source URLs must be absolute).
 */
export function offlineStyle(origin: string) {
  const attribution = 'Natural Earth';
  return {
    version: 8,
    name: 'Estately offline basemap',
    sources: {
      land: { type: 'geojson', data: `${origin}/map/land.geojson`, attribution, maxzoom: 10 },
      borders: { type: 'geojson', data: `${origin}/map/borders.geojson`, attribution, maxzoom: 10 },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': COLOURS.water } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': COLOURS.land } },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: {
          'line-color': COLOURS.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 8, 1.6],
        },
      },
    ],
  };
}

/** Picks the body a client accepts: brotli, then gzip, then plain. */
export function encodedBody(
  file: BasemapFile,
  acceptEncoding: string | null,
): { body: Buffer; encoding: 'br' | 'gzip' | null } {
  const accepted = acceptEncoding ?? '';
  if (file.brotli && /\bbr\b/.test(accepted)) return { body: file.brotli, encoding: 'br' };
  if (/\bgzip\b/.test(accepted)) return { body: file.gzip, encoding: 'gzip' };
  return { body: file.body, encoding: null };
}
