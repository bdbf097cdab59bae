import { describe, expect, it } from 'vitest';
import { haversineKm } from './geo.ts';

describe('haversineKm', () => {
  it('is zero for the same point and symmetric', () => {
    const prague = { lat: 50.0755, lng: 14.4378 };
    const vienna = { lat: 48.2082, lng: 16.3738 };
    expect(haversineKm(prague, prague)).toBe(0);
    expect(haversineKm(prague, vienna)).toBeCloseTo(haversineKm(vienna, prague), 9);
  });

  it('gives known distances', () => {
    // Prague - Brno is about 185 km as the crow flies.
    expect(haversineKm({ lat: 50.0755, lng: 14.4378 }, { lat: 49.1951, lng: 16.6068 })).toBeCloseTo(185, -1);
    // One degree of latitude on a 6371 km sphere.
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo((6371 * Math.PI) / 180, 6);
    // Half the circumference for antipodes.
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(6371 * Math.PI, 6);
    // Across the antimeridian.
    expect(haversineKm({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 })).toBeCloseTo(
      (6371 * Math.PI) / 180,
      6,
    );
  });
});
