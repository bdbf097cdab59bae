import { describe, expect, it } from 'vitest';
import {
  layoutStaticMap,
  MARKER_STYLES,
  niceLength,
  offsetMetres,
  renderStaticMapSvg,
  STATIC_MAP_HEIGHT,
  STATIC_MAP_WIDTH,
} from './static-map.ts';

const CENTER = { latitude: 50.0755, longitude: 14.4378 };
/** A point `east` and `north` metres from the centre (inverse of the map's projection). */
const at = (east: number, north: number) => ({
  latitude: CENTER.latitude + north / 110_574,
  longitude: CENTER.longitude + east / (111_320 * Math.cos((CENTER.latitude * Math.PI) / 180)),
});

describe('static map', () => {
  it('projects places at their bearing and distance from the offer', () => {
    const east = offsetMetres(CENTER, at(500, 0));
    expect(east.east).toBeCloseTo(500, 6);
    expect(east.north).toBeCloseTo(0, 6);
    const layout = layoutStaticMap({
      ...CENTER,
      places: [
        { ...at(0, 1000), kind: 'poi.school' },
        { ...at(-400, 0), kind: 'poi.shop' },
      ],
    });
    const [north, west] = layout.points;
    // North is up and west is left, at one scale for both axes.
    expect(north?.x).toBeCloseTo(STATIC_MAP_WIDTH / 2, 6);
    expect(north?.y).toBeLessThan(STATIC_MAP_HEIGHT / 2);
    expect(west?.y).toBeCloseTo(STATIC_MAP_HEIGHT / 2, 6);
    expect(STATIC_MAP_WIDTH / 2 - (west?.x ?? 0)).toBeCloseTo(400 / layout.scale, 6);
    expect(STATIC_MAP_HEIGHT / 2 - (north?.y ?? 0)).toBeCloseTo(1000 / layout.scale, 6);
    // The farthest place still fits inside the image.
    expect(north?.y).toBeGreaterThan(0);
  });

  it('widens the scale to the farthest place and keeps a minimum around a lone offer', () => {
    const lone = layoutStaticMap({ ...CENTER, places: [] });
    const far = layoutStaticMap({ ...CENTER, places: [{ ...at(1900, -1500), kind: 'poi.park' }] });
    expect(far.scale).toBeGreaterThan(lone.scale);
    expect(lone.scale * (STATIC_MAP_HEIGHT / 2)).toBeGreaterThanOrEqual(300);
    // Bars and rings are round lengths.
    expect([50, 100, 200, 250, 500, 1000, 2000, 2500, 5000]).toContain(far.barMetres);
    expect(far.ringMetres.length).toBeGreaterThanOrEqual(2);
    expect(niceLength(730)).toBe(500);
    expect(niceLength(40)).toBe(50);
  });

  it('draws one marker per place in its kind colour, the offer pin, and localized distances', () => {
    const svg = renderStaticMapSvg({
      ...CENTER,
      places: [
        { ...at(300, 300), kind: 'poi.school' },
        { ...at(-200, 100), kind: 'poi.pharmacy' },
        { ...at(100, -600), kind: 'poi.school' },
      ],
      formatDistance: (metres) => `${metres} <m>`,
    });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.split(`fill="${MARKER_STYLES['poi.school']?.color}"`).length - 1).toBe(2);
    expect(svg.split(`fill="${MARKER_STYLES['poi.pharmacy']?.color}"`).length - 1).toBe(1);
    expect(svg).toContain('fill="#0a5bb5"');
    // Texts are escaped: the SVG stays well-formed whatever the catalog says.
    expect(svg).toContain('&#60;m&#62;');
    expect(svg).not.toContain('<m>');
    expect(svg).not.toMatch(/<script|href=/);
  });
});
