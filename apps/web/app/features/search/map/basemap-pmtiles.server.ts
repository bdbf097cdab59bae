import { layers, namedFlavor } from '@protomaps/basemaps';
import type { PmtilesFlavor } from '../../../web-config.ts';

// The street basemap from a self-hosted PMTiles file (docs/decisions/051): Protomaps' basemap
// layers (earth, water, land use, roads, buildings, boundaries) over the file's vector tiles,
// read by the browser in byte ranges through the `pmtiles://` protocol (basemap-protocol.ts).
// The layers are built without labels: labels need glyphs (and the places layer sprites), which
// would be fetched from a font server; without them no request leaves our origins and the file's.
// Markers, clusters and the offer's pin are HTML, as on the offline basemap.

/** The source name the layers read from. */
export const PMTILES_SOURCE = 'protomaps';

/** The MapLibre style of a PMTiles basemap at `url` (an absolute http(s) URL). */
export function pmtilesStyle(pmtiles: { url: string; flavor: PmtilesFlavor }) {
  return {
    version: 8,
    name: 'Estately street basemap',
    sources: {
      [PMTILES_SOURCE]: {
        type: 'vector',
        url: `pmtiles://${pmtiles.url}`,
        attribution:
          '<a href="https://protomaps.com">Protomaps</a> © <a href="https://openstreetmap.org/copyright">OpenStreetMap</a>',
      },
    },
    layers: layers(PMTILES_SOURCE, namedFlavor(pmtiles.flavor)),
  };
}
