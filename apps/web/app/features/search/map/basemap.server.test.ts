import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { basemapFile, encodedBody, isBasemapLayer, offlineStyle } from './basemap.server.ts';

describe('offline basemap (decision 016)', () => {
  it('names our own GeoJSON in a MapLibre style, nothing from elsewhere', () => {
    const style = offlineStyle('https://www.example.com');
    const text = JSON.stringify(style);
    expect(style.sources.land.data).toBe('https://www.example.com/map/land.geojson');
    expect(style.sources.borders.data).toBe('https://www.example.com/map/borders.geojson');
    // No glyphs or sprites: markers are HTML, so the style needs no font or icon server.
    expect(text).not.toMatch(/glyphs|sprite|https?:\/\/(?!www\.example\.com)/);
  });

  it('builds Natural Earth land as GeoJSON with coordinates to 3 decimals, gzip at once', async () => {
    const file = await basemapFile('land');
    const land = JSON.parse(file.body.toString('utf8')) as {
      type: string;
      features: Array<{ geometry: { type: string; coordinates: unknown } }>;
    };
    expect(land.type).toBe('FeatureCollection');
    expect(land.features[0]?.geometry.type).toBe('MultiPolygon');
    const numbers = JSON.stringify(land.features[0]?.geometry.coordinates).match(/-?\d+\.\d+/g) ?? [];
    expect(numbers.length).toBeGreaterThan(1000);
    expect(numbers.every((number) => number.split('.')[1]!.length <= 3)).toBe(true);
    expect(gunzipSync(file.gzip).equals(file.body)).toBe(true);
    expect(file.gzip.length).toBeLessThan(file.body.length / 2);
  });

  it('sends brotli when accepted and ready, else gzip, else plain', () => {
    const file = { body: Buffer.from('plain'), gzip: Buffer.from('gz'), brotli: Buffer.from('br') };
    expect(encodedBody(file, 'gzip, deflate, br')).toEqual({ body: file.brotli, encoding: 'br' });
    expect(encodedBody({ ...file, brotli: null }, 'gzip, br')).toEqual({ body: file.gzip, encoding: 'gzip' });
    expect(encodedBody(file, 'gzip')).toEqual({ body: file.gzip, encoding: 'gzip' });
    expect(encodedBody(file, null)).toEqual({ body: file.body, encoding: null });
    expect(isBasemapLayer('land')).toBe(true);
    expect(isBasemapLayer('../land')).toBe(false);
  });
});
