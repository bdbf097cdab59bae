import { describe, expect, it } from 'vitest';
import {
  hashDistance,
  isInformativeHash,
  isSameListedProperty,
  isSameProperty,
  type ListingIdentity,
  sharedPhotoCount,
} from './same-property.ts';

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

describe('photo hashes', () => {
  it('counts the bits two hashes differ in, and a malformed hash as entirely different', () => {
    expect(hashDistance('00000000000000ff', '00000000000000f0')).toBe(4);
    expect(hashDistance('ffffffffffffffff', '0000000000000000')).toBe(64);
    expect(hashDistance('not a hash', 'not a hash')).toBe(64);
  });

  it('treats a nearly blank or nearly full hash as saying nothing', () => {
    expect(isInformativeHash('0000000000000001')).toBe(false);
    expect(isInformativeHash('fffffffffffffffe')).toBe(false);
    expect(isInformativeHash('a5a5a5a5a5a5a5a5')).toBe(true);
  });

  it('pairs each photo with one near-duplicate at most', () => {
    expect(sharedPhotoCount(['a5a5a5a5a5a5a5a5', 'a5a5a5a5a5a5a5a4'], ['a5a5a5a5a5a5a5a5'])).toBe(1);
    expect(sharedPhotoCount(['a5a5a5a5a5a5a5a5'], ['5a5a5a5a5a5a5a5a'])).toBe(0);
  });
});

describe('isSameListedProperty', () => {
  const kitchen = 'a5a5a5a5a5a5a5a5';
  const kitchenCopy = 'a5a5a5a5a5a5a5b4'; // two bits off: the same picture re-encoded
  const bedroom = '0f0f33ccf0f0cc33';
  const front = '123456789abcdef0';
  const otherKitchen = '5a5a5a5a5a5a5a5a';
  const listed = { ...flat, photoHashes: [front, kitchen, bedroom] };

  it('groups the same flat with re-encoded photos, a few metres off, its area rounded', () => {
    expect(
      isSameListedProperty(listed, {
        ...flat,
        latitude: 49.19513,
        usefulAreaMeters: 61,
        photoHashes: [kitchenCopy, bedroom],
      }),
    ).toBe(true);
  });

  it('does not group a flat of the same plan on the same floor that shares only the house front', () => {
    expect(isSameListedProperty(listed, { ...flat, photoHashes: [front, otherKitchen] })).toBe(false);
  });

  it('groups an offer with a single photo when that photo is shared', () => {
    expect(isSameListedProperty(listed, { ...flat, photoHashes: [kitchenCopy] })).toBe(true);
  });

  it.each([
    ['no photos on one side', { photoHashes: [] }],
    ['only blank photos', { photoHashes: ['0000000000000000', '0000000000000000'] }],
    ['another floor of the same building with the same photos', { floor: 4 }],
    ['another disposition', { disposition: '3' }],
    ['an area 8 % apart', { usefulAreaMeters: 65 }],
  ])('does not group %s', (_name, change) => {
    expect(isSameListedProperty(listed, { ...listed, ...change })).toBe(false);
  });
});
