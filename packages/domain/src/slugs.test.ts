import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.ts';
import { SEARCH_WORDS } from './search/search-words.ts';
import { isSlug } from './slugify.ts';
import {
  countryFromSlug,
  countrySlug,
  LOCALE_SLUGS,
  offerTypeFromSlug,
  offerTypeSlug,
  propertyTypeFromSlug,
  propertyTypeSlug,
} from './slugs.ts';
import { COUNTRY_CODES, OFFER_TYPES, PROPERTY_TYPES } from './value-sets.ts';

describe('Czech slugs (spec 2, exact)', () => {
  it('match the spec', () => {
    expect(offerTypeSlug('cs', 'sale')).toBe('prodej');
    expect(offerTypeSlug('cs', 'rent')).toBe('pronajem');
    expect(propertyTypeSlug('cs', 'apartment')).toBe('byty');
    expect(propertyTypeSlug('cs', 'house')).toBe('domy');
    expect(countrySlug('cs', 'CZ')).toBe('cesko');
    expect(countrySlug('cs', 'SK')).toBe('slovensko');
    expect(countrySlug('cs', 'AT')).toBe('rakousko');
    expect(countrySlug('cs', 'DE')).toBe('nemecko');
    expect(countrySlug('cs', 'PL')).toBe('polsko');
  });
});

describe('designed slugs of other languages', () => {
  it('read in their own language', () => {
    expect(offerTypeSlug('de', 'sale')).toBe('kaufen');
    expect(offerTypeSlug('de-AT', 'rent')).toBe('mieten');
    expect(propertyTypeSlug('de-CH', 'house')).toBe('haeuser');
    expect(countrySlug('de', 'AT')).toBe('oesterreich');
    expect(countrySlug('en', 'DE')).toBe('germany');
    expect(propertyTypeSlug('en-GB', 'apartment')).toBe('flats');
    expect(offerTypeSlug('fr-BE', 'rent')).toBe('location');
    expect(countrySlug('el-CY', 'CY')).toBe('kypros');
    expect(countrySlug('bg', 'BG')).toBe('balgaria');
    expect(offerTypeSlug('ar', 'sale')).toBe('lil-bay');
  });
});

describe.each(LOCALES)('%s slugs', (locale) => {
  const slugs = LOCALE_SLUGS[locale];
  const all = [
    ...OFFER_TYPES.map((value) => slugs.offerTypes[value]),
    ...PROPERTY_TYPES.map((value) => slugs.propertyTypes[value]),
    ...COUNTRY_CODES.map((code) => slugs.countries[code]),
  ];

  it('cover every offer type, property type and country', () => {
    expect(Object.keys(slugs.offerTypes).sort()).toEqual([...OFFER_TYPES].sort());
    expect(Object.keys(slugs.propertyTypes).sort()).toEqual([...PROPERTY_TYPES].sort());
    expect(Object.keys(slugs.countries).sort()).toEqual([...COUNTRY_CODES].sort());
  });

  it('are ASCII lower-case hyphenated slugs', () => {
    for (const slug of all) expect(isSlug(slug), slug).toBe(true);
  });

  it('are unique across all three categories, and none is the search word', () => {
    expect(new Set(all).size).toBe(all.length);
    expect(all).not.toContain(SEARCH_WORDS[locale]);
    expect(all).not.toContain('hledani');
  });

  it('read back to their values, case-insensitively', () => {
    for (const value of OFFER_TYPES)
      expect(offerTypeFromSlug(locale, offerTypeSlug(locale, value))).toBe(value);
    for (const value of PROPERTY_TYPES) {
      expect(propertyTypeFromSlug(locale, propertyTypeSlug(locale, value).toUpperCase())).toBe(value);
    }
    for (const code of COUNTRY_CODES) expect(countryFromSlug(locale, countrySlug(locale, code))).toBe(code);
  });

  it('do not read slugs of other categories or nonsense', () => {
    expect(offerTypeFromSlug(locale, propertyTypeSlug(locale, 'house'))).toBeUndefined();
    expect(propertyTypeFromSlug(locale, countrySlug(locale, 'CZ'))).toBeUndefined();
    expect(countryFromSlug(locale, offerTypeSlug(locale, 'sale'))).toBeUndefined();
    expect(countryFromSlug(locale, 'atlantis')).toBeUndefined();
  });
});
