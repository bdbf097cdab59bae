import { decomposeSearchPath, defaultFilters, parseFilters, type SearchFilters } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { areaSearchUrl } from './map-area-url.ts';
import { atLeast, extentOf, mapQueryOf, viewportToBox, wrapLongitude, zoomForBox } from './map-geometry.ts';
import { isMapOpen, keepMapMode, withMapMode } from './map-url.ts';

const filters = (extra: Partial<SearchFilters>): SearchFilters => ({ ...defaultFilters(), ...extra });

describe('map mode in the URL', () => {
  it('reads map=1 only', () => {
    expect(isMapOpen('?map=1')).toBe(true);
    expect(isMapOpen('dispositions=2,3&map=1')).toBe(true);
    expect(isMapOpen('?map=0')).toBe(false);
    expect(isMapOpen('')).toBe(false);
    expect(isMapOpen(new URLSearchParams('map=1'))).toBe(true);
  });

  it('adds and removes map=1 after the canonical query without re-encoding it', () => {
    expect(withMapMode('/en/search/sale', true)).toBe('/en/search/sale?map=1');
    expect(withMapMode('/en/search/sale?dispositions=2,3', true)).toBe(
      '/en/search/sale?dispositions=2,3&map=1',
    );
    expect(withMapMode('/en/search/sale?map=1&dispositions=2,3', true)).toBe(
      '/en/search/sale?dispositions=2,3&map=1',
    );
    expect(withMapMode('/en/search/sale?dispositions=2,3&map=1', false)).toBe(
      '/en/search/sale?dispositions=2,3',
    );
    expect(withMapMode('/en/search?map=1#top', false)).toBe('/en/search#top');
    expect(keepMapMode('/en/search/rent', '?bbox=1,2,3,4&map=1')).toBe('/en/search/rent?map=1');
    expect(keepMapMode('/en/search/rent', '?bbox=1,2,3,4')).toBe('/en/search/rent');
  });

  it('is ignored by the domain codec, so a map URL decomposes to the same filters', () => {
    const withMap = decomposeSearchPath('/en/search/sale?dispositions=2,3&map=1');
    const without = decomposeSearchPath('/en/search/sale?dispositions=2,3');
    expect(withMap.success && without.success).toBe(true);
    if (withMap.success && without.success) expect(withMap.filters).toEqual(without.filters);
    const parsed = parseFilters('map=1&verified_only=1');
    expect(parsed.success && parsed.data.verified_only).toBe(true);
  });
});

describe('viewport as the bbox filter', () => {
  it('wraps longitudes and rounds outwards to 5 decimals', () => {
    expect(wrapLongitude(190)).toBe(-170);
    expect(wrapLongitude(-190)).toBe(170);
    expect(wrapLongitude(180)).toBe(180);
    expect(wrapLongitude(14.4)).toBeCloseTo(14.4);
    expect(viewportToBox({ south: 50.0123456, west: 14.3333333, north: 50.1234567, east: 14.5 })).toEqual({
      south: 50.01234,
      west: 14.33333,
      north: 50.12346,
      east: 14.5,
    });
  });

  it('turns a view round the world into the whole world and clamps latitudes', () => {
    expect(viewportToBox({ south: -95, west: -300, north: 95, east: 200 })).toEqual({
      south: -90,
      west: -180,
      north: 90,
      east: 180,
    });
  });

  it('keeps a view across the antimeridian as west > east, which the filter accepts', () => {
    const box = viewportToBox({ south: -20, west: 170, north: -10, east: 190 });
    expect(box).toEqual({ south: -20, west: 170, north: -10, east: -170 });
    expect(parseFilters(`bbox=${box.south},${box.west},${box.north},${box.east}`).success).toBe(true);
  });

  it('searches the area: bbox in the canonical URL, first page, place filters dropped, map open', () => {
    const url = areaSearchUrl(
      'en',
      filters({ offer_type: 'sale', country_code: 'CZ', locality: 'praha', dispositions: ['2'], page: 3 }),
      { south: 50, west: 14.25, north: 50.125, east: 14.5 },
    );
    expect(url).toBe('/en/search/sale/czechia?bbox=50,14.25,50.125,14.5&dispositions=2&map=1');
    const decomposed = decomposeSearchPath(url);
    expect(decomposed.success).toBe(true);
    if (decomposed.success) {
      expect(decomposed.filters.bbox).toEqual({ south: 50, west: 14.25, north: 50.125, east: 14.5 });
      expect(decomposed.filters.locality).toBeUndefined();
      expect(decomposed.filters.page).toBe(1);
    }
  });

  it('asks the API with the search filters less its viewport and paging', () => {
    const query = mapQueryOf(
      filters({ offer_type: 'rent', bbox: { south: 1, west: 2, north: 3, east: 4 }, page: 2 }),
    );
    expect(query).toEqual({ offer_type: 'rent' });
  });
});

describe('viewport arithmetic', () => {
  it('finds the zoom at which a box fits the view', () => {
    expect(zoomForBox({ south: -85, west: -180, north: 85, east: 180 }, 512, 512)).toBe(1);
    // Prague's 0.25 degrees across 800 px: zoom 12 (4,500 px of world per degree span).
    expect(zoomForBox({ south: 50, west: 14.25, north: 50.125, east: 14.5 }, 800, 600)).toBe(12);
    expect(zoomForBox({ south: 50, west: 14, north: 50, east: 14 }, 800, 600)).toBe(22);
  });

  it('spans every cluster and point of an answer', () => {
    expect(extentOf({ clusters: [], points: [] })).toBeNull();
    expect(
      extentOf({
        clusters: [
          { count: 3, lat: 50, lng: 14, bounds: { south: 49.9, west: 13.9, north: 50.1, east: 14.2 } },
        ],
        points: [{ id: 1, lat: 48.2, lng: 16.4, price: null, currency: 'CZK' }],
      }),
    ).toEqual({ south: 48.2, west: 13.9, north: 50.1, east: 16.4 });
  });

  it('gives a point-sized cluster a minimal extent', () => {
    const box = atLeast({ south: 50, west: 14, north: 50, east: 14 });
    expect(box.north - box.south).toBeCloseTo(0.002);
    expect(box.east - box.west).toBeCloseTo(0.002);
    expect(atLeast({ south: 1, west: 2, north: 3, east: 4 })).toEqual({
      south: 1,
      west: 2,
      north: 3,
      east: 4,
    });
  });
});
