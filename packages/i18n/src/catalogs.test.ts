import {
  BATHROOMS,
  BUILDING_TYPES,
  COUNTRY_CODES,
  DISPOSITIONS,
  ENERGY_CLASSES,
  ErrorCodeSchema,
  FURNISHINGS,
  HEATING_TYPES,
  LOCALES,
  type Locale,
  OFFER_TYPES,
  OTHER_PARAMS,
  OWNERSHIPS,
  PARKING_TYPES,
  PRICE_VARIANTS,
  PROPERTY_STATES,
  PROPERTY_TYPES,
  RECONSTRUCTIONS,
  RENT_PRICE_PERIODS,
  ROOM_TYPES,
  SCREENS,
  SELLER_TYPES,
  TAGS,
  VALIDATION_MESSAGE_KEYS,
} from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { BASE_CATALOGS, resolveCatalog } from './catalogs.ts';
import { localeData } from './locale-data.ts';
import { en } from './messages/en.ts';
import { argumentNames, literalText, parseMessage, pluralOptionSets } from './test-helpers.ts';

const englishKeys = Object.keys(en).sort();

// Plural categories a locale uses for whole numbers (counts are integers in this product).
function integerCategories(tag: string): Set<string> {
  const rules = new Intl.PluralRules(tag);
  const categories = new Set<string>();
  for (let n = 0; n <= 1000; n++) categories.add(rules.select(n));
  return categories;
}

describe('every locale resolves every key without falling back to English', () => {
  it.each(LOCALES)('%s', (locale) => {
    const catalog = resolveCatalog(locale);
    expect(Object.keys(catalog).sort()).toEqual(englishKeys);
    for (const [key, message] of Object.entries(catalog)) {
      expect(message.trim(), `${locale} ${key}`).not.toBe('');
    }
  });
});

describe('messages are valid ICU with the same placeholders as English', () => {
  it.each(LOCALES)('%s', (locale) => {
    const tag = localeData(locale).tag;
    const catalog = resolveCatalog(locale);
    const categories = integerCategories(tag);
    const problems: string[] = [];
    for (const key of englishKeys) {
      const message = catalog[key as keyof typeof catalog];
      let ast: ReturnType<typeof parseMessage>;
      try {
        ast = parseMessage(message, tag);
      } catch (error) {
        problems.push(`${key}: does not parse (${String(error)})`);
        continue;
      }
      const expected = [...argumentNames(parseMessage(en[key as keyof typeof en], 'en'))].sort();
      const actual = [...argumentNames(ast)].sort();
      if (expected.join() !== actual.join())
        problems.push(`${key}: placeholders ${actual} instead of ${expected}`);
      for (const options of pluralOptionSets(ast)) {
        const missing = [...categories].filter((category) => !options.includes(category));
        if (missing.length > 0) problems.push(`${key}: plural lacks ${missing.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('value sets, countries and status labels are all labelled', () => {
  const sets: [string, readonly string[]][] = [
    ['offer_type', OFFER_TYPES],
    ['property_type', PROPERTY_TYPES],
    ['disposition', DISPOSITIONS],
    ['bathrooms', BATHROOMS],
    ['room_type', ROOM_TYPES],
    ['furnishing', FURNISHINGS],
    ['other_param', OTHER_PARAMS],
    ['ownership', OWNERSHIPS],
    ['reconstruction', RECONSTRUCTIONS],
    ['building_type', BUILDING_TYPES],
    ['heating', HEATING_TYPES],
    ['parking', PARKING_TYPES],
    ['energy_class', ENERGY_CLASSES],
    ['seller_type', SELLER_TYPES],
    ['tag', TAGS],
    ['rent_price_period', RENT_PRICE_PERIODS],
    ['price_variant', PRICE_VARIANTS],
    ['property_state', PROPERTY_STATES],
  ];
  it.each(sets)('value.%s.*', (set, values) => {
    for (const value of values)
      expect(Object.hasOwn(en, `value.${set}.${value}`), `${set}.${value}`).toBe(true);
  });
  it('country.*', () => {
    for (const code of COUNTRY_CODES) expect(Object.hasOwn(en, `country.${code}`), code).toBe(true);
  });
  it('status.* for every API error code (spec 8)', () => {
    for (const code of ErrorCodeSchema.options) expect(Object.hasOwn(en, `status.${code}`), code).toBe(true);
    expect(en['status.validation_errors']).toBe('Validation Error');
    expect(en['error.page_not_found_path']).toBe('Page Not Found: {path}');
  });
  // The domain schemas report message keys, not sentences (CONVENTIONS habit 5); a key added there
  // without a message here would reach users as a raw key in 30 locales.
  it('validation.* for every key the domain schemas emit', () => {
    const missing = VALIDATION_MESSAGE_KEYS.filter((key) => !Object.hasOwn(en, key));
    expect(missing).toEqual([]);
    expect(VALIDATION_MESSAGE_KEYS.length).toBeGreaterThan(0);
  });
  it('screen.* for every screen of spec 2', () => {
    expect(SCREENS.length).toBe(29);
    for (const screen of SCREENS) expect(Object.hasOwn(en, `screen.${screen}`), screen).toBe(true);
  });
});

describe('catalogs are real translations', () => {
  // Proper nouns, codes and units that legitimately read the same in every language.
  const sameEverywhere = (key: string, message: string) =>
    key === 'meta.site_name' ||
    /^value\.energy_class\.[a-g]$/.test(key) ||
    // Messages that are only placeholders, digits and units ({floor}/{total}, {area} m²).
    !/\p{L}{3,}/u.test(literalText(parseMessage(message, 'en')));

  const languages = Object.keys(BASE_CATALOGS).filter((language) => language !== 'en');

  it('has a catalog for every language of the 30 locales', () => {
    const needed = new Set(LOCALES.map((locale) => locale.split('-')[0]));
    expect([...needed].sort()).toEqual(['en', ...languages].sort());
  });

  it.each(languages)('%s: under 15% of the strings equal the English ones', (language) => {
    const catalog = BASE_CATALOGS[language]!;
    const keys = englishKeys.filter((key) => !sameEverywhere(key, en[key as keyof typeof en]));
    const identical = keys.filter(
      (key) => catalog[key as keyof typeof catalog] === en[key as keyof typeof en],
    );
    expect(identical.length / keys.length, identical.join(', ')).toBeLessThan(0.15);
  });

  const scripts: [Locale, RegExp][] = [
    ['el-GR', /\p{Script=Greek}/u],
    ['el-CY', /\p{Script=Greek}/u],
    ['bg', /\p{Script=Cyrillic}/u],
    ['ar', /\p{Script=Arabic}/u],
  ];
  it.each(scripts)('%s is written in its own script', (locale, script) => {
    const catalog = resolveCatalog(locale);
    const latinOnly = englishKeys.filter((key) => {
      const message = catalog[key as keyof typeof catalog];
      return !sameEverywhere(key, en[key as keyof typeof en]) && !script.test(message);
    });
    expect(latinOnly.length / englishKeys.length, latinOnly.join(', ')).toBeLessThan(0.03);
  });

  it.each(['sr', 'sr-ME', 'bs', 'hr'] as const)('%s is written in Latin script', (locale) => {
    const cyrillic = Object.entries(resolveCatalog(locale)).filter(([, message]) =>
      /\p{Script=Cyrillic}/u.test(message),
    );
    expect(cyrillic).toEqual([]);
  });

  it('de-CH writes ss instead of ß', () => {
    expect(Object.values(resolveCatalog('de-CH')).filter((message) => message.includes('ß'))).toEqual([]);
    expect(Object.values(resolveCatalog('de')).some((message) => message.includes('ß'))).toBe(true);
  });

  it.each(['en-GB', 'en-MT', 'en-AE'] as const)('%s uses British spelling', (locale) => {
    const catalog = resolveCatalog(locale);
    expect(Object.values(catalog).filter((message) => /\bfavorite/i.test(message))).toEqual([]);
    expect(catalog['nav.favorites']).toBe('Favourites');
    expect(catalog['auth.zip']).toBe('Postcode');
  });
});

// Issue 38 point 8: the lists of the account and admin screens each count their own thing, with
// the plural forms of every language (checked above for every plural message).
describe('list counts are plural messages of their own', () => {
  const keys = [
    'account.leads',
    'nav.favorites_count',
    'account.watch_dogs_count',
    'account.properties_count',
    'admin.reports_count',
    'admin.redirects_count',
  ] as const;
  it.each(LOCALES)('%s', (locale: Locale) => {
    const catalog = resolveCatalog(locale);
    for (const key of keys) {
      expect(pluralOptionSets(parseMessage(catalog[key], localeData(locale).tag)).length, key).toBe(1);
    }
    expect(new Set(keys.map((key) => catalog[key])).size).toBe(keys.length);
  });
});
