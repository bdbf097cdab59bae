import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AREA_LIMITS,
  areaIssues,
  areasTester,
  inPolygon,
  meetsAreas,
  selfIntersects,
} from './drawn-area-rules.ts';
import { type AreaVertex, type DrawnArea, decodeAreas, encodeAreas } from './drawn-areas.ts';
import { drawnAreasArbitrary } from './filters.arbitrary.ts';
import { serializeFilters } from './query-string.ts';
import { parseFilters } from './query-string-parse.ts';

// Drawn search areas (issue 44 point 1, decision 069): the URL form, the rules, membership.

/** A square of `size` degrees with its south-west corner at (lat, lng). */
function square(lat: number, lng: number, size: number, exclude = false): DrawnArea {
  const points: AreaVertex[] = [
    [lat, lng],
    [lat, lng + size],
    [lat + size, lng + size],
    [lat + size, lng],
  ];
  return { shape: 'polygon', exclude, points };
}

function errorsOf(input: Record<string, unknown> | string) {
  const result = parseFilters(input);
  return result.success ? null : result.errors;
}

describe('the URL form of drawn areas', () => {
  it('round-trips any valid list of areas', () => {
    fc.assert(
      fc.property(drawnAreasArbitrary, (areas) => {
        expect(decodeAreas(encodeAreas(areas))).toEqual(areas);
      }),
    );
  });

  it('writes a 12-vertex city polygon and an exclusion in about a hundred URL-safe characters', () => {
    const points: AreaVertex[] = Array.from({ length: 12 }, (_, i) => [
      Math.round((50.08 + 0.05 * Math.sin((i * Math.PI) / 6)) * 1e5) / 1e5,
      Math.round((14.43 + 0.08 * Math.cos((i * Math.PI) / 6)) * 1e5) / 1e5,
    ]);
    const areas: DrawnArea[] = [
      { shape: 'polygon', exclude: false, points },
      { shape: 'circle', exclude: true, lat: 50.08, lng: 14.43, radius_m: 1500 },
    ];
    const text = encodeAreas(areas);
    expect(text).toMatch(/^[A-Za-z0-9_.-]+$/);
    expect(encodeURIComponent(text)).toBe(text);
    expect(text.length).toBeLessThan(110);
    expect(text.startsWith('p')).toBe(true);
    expect(text.split('.')[1]?.startsWith('xc')).toBe(true);
  });

  it('reads nothing from a malformed value', () => {
    for (const bad of ['', 'q', 'pA', 'p!!', 'cAAAA', 'c_', 'xxpAA', 'pAAAA.', 'p________A']) {
      expect(decodeAreas(bad), bad).toBeNull();
    }
  });
});

describe('the rules of drawn areas', () => {
  it('accepts a square, a circle and an exclusion', () => {
    expect(
      areaIssues([
        square(50, 14, 0.1),
        { shape: 'circle', exclude: false, lat: 50, lng: 14, radius_m: 1000 },
        square(50.02, 14.02, 0.01, true),
      ]),
    ).toEqual([]);
  });

  it('names each fault with its own key', () => {
    const eight: DrawnArea = {
      shape: 'polygon',
      exclude: false,
      points: [
        [50, 14],
        [50.1, 14.1],
        [50, 14.1],
        [50.1, 14],
      ],
    };
    expect(areaIssues([eight])).toEqual([{ index: 0, message: 'validation.area_self_intersecting' }]);
    expect(areaIssues([square(50, 14, 25)])).toEqual([{ index: 0, message: 'validation.area_size' }]);
    const line: DrawnArea = {
      shape: 'polygon',
      exclude: false,
      points: [
        [50, 14],
        [50.1, 14],
      ],
    };
    expect(areaIssues([line])).toEqual([{ index: 0, message: 'validation.invalid_areas' }]);
    const many = Array.from({ length: AREA_LIMITS.maxAreas + 1 }, (_, i) => square(40 + i, 14, 0.1));
    expect(areaIssues(many)).toEqual([{ index: null, message: 'validation.too_many_areas' }]);
    const dense: DrawnArea = {
      shape: 'polygon',
      exclude: false,
      points: Array.from({ length: AREA_LIMITS.maxVertices + 1 }, (_, i): AreaVertex => {
        const angle = (i / (AREA_LIMITS.maxVertices + 1)) * 2 * Math.PI;
        return [
          Math.round((50 + Math.sin(angle)) * 1e5) / 1e5,
          Math.round((14 + Math.cos(angle)) * 1e5) / 1e5,
        ];
      }),
    };
    expect(areaIssues([dense])).toEqual([{ index: 0, message: 'validation.area_too_many_vertices' }]);
    expect(areaIssues([{ shape: 'circle', exclude: false, lat: 50, lng: 14, radius_m: 10 }])).toEqual([
      { index: 0, message: 'validation.area_size' },
    ]);
    expect(areaIssues([{ shape: 'circle', exclude: false, lat: 95, lng: 14, radius_m: 100 }])).toEqual([
      { index: 0, message: 'validation.invalid_areas' },
    ]);
  });

  it('finds a spike that folds back along its own edge and a repeated vertex', () => {
    const spike: AreaVertex[] = [
      [50, 14],
      [50, 14.2],
      [50, 14.1],
      [50.1, 14.1],
    ];
    expect(selfIntersects(spike)).toBe(true);
    const closed: DrawnArea = {
      shape: 'polygon',
      exclude: false,
      points: [...(square(50, 14, 0.1) as { points: AreaVertex[] }).points, [50, 14]],
    };
    expect(areaIssues([closed])).toEqual([{ index: 0, message: 'validation.invalid_areas' }]);
  });

  it('never calls a star-shaped polygon self-intersecting', () => {
    fc.assert(
      fc.property(drawnAreasArbitrary, (areas) => {
        for (const area of areas)
          if (area.shape === 'polygon') expect(selfIntersects(area.points)).toBe(false);
      }),
    );
  });
});

describe('parseFilters with areas', () => {
  const areas: DrawnArea[] = [square(50, 14, 0.1), square(50.02, 14.02, 0.01, true)];

  it('reads the URL form and JSON objects to the same canonical areas', () => {
    const fromUrl = parseFilters({ areas: encodeAreas(areas) });
    const fromJson = parseFilters({ areas: JSON.parse(JSON.stringify(areas)) });
    expect(fromUrl).toEqual({ success: true, data: expect.objectContaining({ areas }) });
    expect(fromJson).toEqual(fromUrl);
  });

  it('rounds JSON coordinates to the URL precision, so the query string round-trips', () => {
    const result = parseFilters({
      areas: [{ shape: 'circle', lat: 50.0000012, lng: 14.123456789, radius_m: 999.6 }],
    });
    if (!result.success) throw new Error(JSON.stringify(result.errors));
    expect(result.data.areas).toEqual([
      { shape: 'circle', exclude: false, lat: 50, lng: 14.12346, radius_m: 1000 },
    ]);
    const again = parseFilters(serializeFilters(result.data));
    expect(again).toEqual(result);
  });

  it('rejects bad areas with their keys on the areas field', () => {
    expect(errorsOf({ areas: 'p!!' })).toEqual({ areas: ['validation.invalid_areas'] });
    expect(errorsOf({ areas: encodeAreas([square(50, 14, 30)]) })).toEqual({
      areas: ['validation.area_size'],
    });
    expect(errorsOf({ areas: [{ shape: 'triangle' }] })).toEqual({ areas: ['validation.invalid_areas'] });
    expect(errorsOf({ areas: 42 })).toEqual({ areas: ['validation.invalid_areas'] });
  });

  it('writes the areas into the canonical query string', () => {
    const result = parseFilters({ areas: encodeAreas(areas), offer_type: 'sale' });
    if (!result.success) throw new Error('rejected');
    expect(serializeFilters(result.data)).toBe(`areas=${encodeAreas(areas)}&offer_type=sale`);
  });
});

describe('membership', () => {
  it('inPolygon agrees with a square', () => {
    const points = (square(50, 14, 1) as { points: AreaVertex[] }).points;
    fc.assert(
      fc.property(
        fc.double({ min: 49, max: 52, noNaN: true }),
        fc.double({ min: 13, max: 16, noNaN: true }),
        (lat, lng) => {
          const inside = lat > 50 && lat < 51 && lng > 14 && lng < 15;
          const outside = lat < 50 || lat > 51 || lng < 14 || lng > 15;
          if (inside) expect(inPolygon(points, lat, lng)).toBe(true);
          if (outside) expect(inPolygon(points, lat, lng)).toBe(false);
        },
      ),
    );
  });

  it('the prepared tester answers as meetsAreas on random areas and points', () => {
    fc.assert(
      fc.property(
        drawnAreasArbitrary,
        fc.array(
          fc.tuple(
            fc.double({ min: -1.5, max: 1.5, noNaN: true }),
            fc.double({ min: -1.5, max: 1.5, noNaN: true }),
          ),
          {
            minLength: 20,
            maxLength: 20,
          },
        ),
        (areas, offsets) => {
          const test = areasTester(areas);
          // Points around the areas' own positions, so some fall inside.
          const anchors = areas.map((area) =>
            area.shape === 'circle' ? [area.lat, area.lng] : area.points[0]!,
          );
          offsets.forEach(([dLat, dLng], i) => {
            const [lat, lng] = anchors[i % anchors.length]!;
            const point = [Math.max(-90, Math.min(90, lat! + dLat * 0.3)), lng! + dLng * 0.3] as const;
            expect(test(point[0], point[1])).toBe(meetsAreas(areas, point[0], point[1]));
          });
        },
      ),
    );
  });

  it('searches inside any area searched in and outside every area left out', () => {
    const areas = [square(50, 14, 1), square(50, 16, 1), square(50.4, 14.4, 0.2, true)];
    expect(meetsAreas(areas, 50.2, 14.2)).toBe(true);
    expect(meetsAreas(areas, 50.5, 16.5)).toBe(true);
    expect(meetsAreas(areas, 50.5, 14.5)).toBe(false);
    expect(meetsAreas(areas, 50.5, 15.5)).toBe(false);
    // Exclusions alone leave everything else in.
    expect(meetsAreas([square(50, 14, 1, true)], 10, 10)).toBe(true);
    expect(meetsAreas([square(50, 14, 1, true)], 50.5, 14.5)).toBe(false);
  });
});
