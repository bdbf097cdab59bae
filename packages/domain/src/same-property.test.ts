import { describe, expect, it } from 'vitest';
import { isSameProperty, type ListingIdentity } from './same-property.ts';

const flat: ListingIdentity = {
  offerType: 'sale',
  propertyType: 'apartment',
  disposition: '2',
  floor: 3,
  usefulAreaMeters: 60,
  latitude: 49.1951,
  longitude: 16.6068,
};

describe('isSameProperty', () => {
  it('matches the same flat a few metres off with its area re-measured within 5 %', () => {
    expect(isSameProperty(flat, { ...flat, latitude: 49.19515, usefulAreaMeters: 62.5 })).toBe(true);
  });

  it.each([
    ['another floor', { floor: 4 }],
    ['another disposition', { disposition: '3' }],
    ['another offer type', { offerType: 'rent' }],
    ['another property type', { propertyType: 'house' }],
    ['an area more than 5 % apart', { usefulAreaMeters: 64 }],
    ['a point 30 m away', { latitude: 49.19537 }],
    ['no coordinates', { latitude: null }],
    ['no area', { usefulAreaMeters: null }],
  ])('does not match %s', (_name, change) => {
    expect(isSameProperty(flat, { ...flat, ...change })).toBe(false);
  });
});
