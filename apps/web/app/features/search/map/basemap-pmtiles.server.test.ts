import { describe, expect, it } from 'vitest';
import { hasStreetBasemap, publicConfigOf, readWebConfig } from '../../../web-config.ts';
import { PMTILES_SOURCE, pmtilesStyle } from './basemap-pmtiles.server.ts';

const FILE = 'https://media.example.com/maps/europe.pmtiles';

describe('self-hosted PMTiles basemap (decision 051)', () => {
  it('reads MAP_PMTILES_URL and MAP_PMTILES_FLAVOR, and rejects what is not an http(s) URL or a flavour', () => {
    expect(readWebConfig({}).pmtiles).toBeNull();
    expect(readWebConfig({ MAP_PMTILES_URL: ` ${FILE} ` }).pmtiles).toEqual({ url: FILE, flavor: 'light' });
    expect(readWebConfig({ MAP_PMTILES_URL: FILE, MAP_PMTILES_FLAVOR: 'grayscale' }).pmtiles).toEqual({
      url: FILE,
      flavor: 'grayscale',
    });
    expect(() => readWebConfig({ MAP_PMTILES_URL: 'ftp://x/y.pmtiles' })).toThrow(/MAP_PMTILES_URL/);
    expect(() => readWebConfig({ MAP_PMTILES_URL: 'maps/europe.pmtiles' })).toThrow(/MAP_PMTILES_URL/);
    expect(() => readWebConfig({ MAP_PMTILES_URL: FILE, MAP_PMTILES_FLAVOR: 'neon' })).toThrow(
      /MAP_PMTILES_FLAVOR/,
    );
  });

  it('serves our style at the usual address, tells the browser to register the protocol, wins over MapTiler', () => {
    const config = readWebConfig({ MAP_PMTILES_URL: FILE, MAPTILER_API_KEY: 'Ab12' });
    expect(publicConfigOf(config)).toEqual({
      apiUrl: 'http://localhost:3001',
      mapStyleUrl: '/map/style.json',
      mapPmtiles: true,
    });
    // Without it, nothing is said about PMTiles at all (no bytes in every page's data).
    expect(publicConfigOf(readWebConfig({}))).not.toHaveProperty('mapPmtiles');
    expect(hasStreetBasemap(config)).toBe(true);
    expect(hasStreetBasemap(readWebConfig({ MAPTILER_API_KEY: 'Ab12' }))).toBe(true);
    expect(hasStreetBasemap(readWebConfig({}))).toBe(false);
  });

  it("builds Protomaps' street layers over the file, without glyphs, sprites or other hosts", () => {
    const style = pmtilesStyle({ url: FILE, flavor: 'light' });
    expect(style.sources[PMTILES_SOURCE]).toMatchObject({ type: 'vector', url: `pmtiles://${FILE}` });
    expect(style.sources[PMTILES_SOURCE]?.attribution).toContain('OpenStreetMap');
    const sourceLayers = new Set(
      style.layers.map((layer) => 'source-layer' in layer && layer['source-layer']),
    );
    for (const name of ['earth', 'water', 'roads', 'buildings', 'landuse', 'boundaries'])
      expect(sourceLayers).toContain(name);
    for (const layer of style.layers) {
      if (layer.type !== 'background') expect('source' in layer && layer.source).toBe(PMTILES_SOURCE);
      expect(layer.type).not.toBe('symbol');
    }
    const text = JSON.stringify({ ...style, sources: {} });
    expect(text).not.toMatch(/glyphs|sprite|text-font|icon-image|https?:\/\//);
    // The flavour changes the colours only.
    const dark = pmtilesStyle({ url: FILE, flavor: 'dark' });
    expect(dark.layers.map((layer) => layer.id)).toEqual(style.layers.map((layer) => layer.id));
    expect(JSON.stringify(dark.layers)).not.toBe(JSON.stringify(style.layers));
  });
});
