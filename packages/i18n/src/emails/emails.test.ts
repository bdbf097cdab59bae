import { LOCALES } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { localeData } from '../locale-data.ts';
import { argumentNames, literalText, parseMessage, pluralOptionSets } from '../test-helpers.ts';
import { en } from './en.ts';
import { EMAIL_LANGUAGE_CATALOGS, emailCatalog, formatEmailText } from './index.ts';

const englishKeys = Object.keys(en).sort();

function integerCategories(tag: string): Set<string> {
  const rules = new Intl.PluralRules(tag);
  const categories = new Set<string>();
  for (let n = 0; n <= 1000; n++) categories.add(rules.select(n));
  return categories;
}

describe('e-mail texts: every locale has every text with the placeholders of English', () => {
  it.each(LOCALES)('%s', (locale) => {
    const tag = localeData(locale).tag;
    const catalog = emailCatalog(locale);
    expect(Object.keys(catalog).sort()).toEqual(englishKeys);
    const categories = integerCategories(tag);
    const problems: string[] = [];
    for (const key of englishKeys) {
      const message = catalog[key as keyof typeof catalog];
      if (!message?.trim()) {
        problems.push(`${key}: empty`);
        continue;
      }
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

describe('e-mail texts are real translations', () => {
  const languages = Object.keys(EMAIL_LANGUAGE_CATALOGS).filter((language) => language !== 'en');

  it('has texts for every language of the 30 locales', () => {
    const needed = new Set(LOCALES.map((locale) => locale.split('-')[0]));
    expect([...needed].sort()).toEqual(['en', ...languages].sort());
  });

  it.each(languages)('%s is not a copy of English', (language) => {
    const catalog = EMAIL_LANGUAGE_CATALOGS[language]!;
    // Short labels such as "E-mail" or "Telefon" may read the same as English; sentences may not.
    const copied = englishKeys.filter((key) => {
      const english = en[key as keyof typeof en];
      return (
        catalog[key as keyof typeof catalog] === english &&
        /\p{L}{3,}.*\s.*\p{L}{3,}/u.test(literalText(parseMessage(english, 'en')))
      );
    });
    expect(copied).toEqual([]);
  });

  it('Swiss German writes ss, Montenegrin is ijekavian, British English says flat', () => {
    expect(Object.values(emailCatalog('de-CH')).join(' ')).not.toContain('ß');
    expect(emailCatalog('de')['confirm.intro']).toBe(emailCatalog('de-CH')['confirm.intro']);
    expect(emailCatalog('de-CH').sign_off).toBe('Freundliche Grüsse');
    expect(emailCatalog('sr-ME')['password_changed.subject']).toContain('promijenjena');
    expect(emailCatalog('sr')['password_changed.subject']).toContain('promenjena');
    expect(emailCatalog('en-GB')['message.offer.sale_apartment']).toBe('Flat for sale');
  });
});

describe('formatEmailText', () => {
  it('fills placeholders and plurals by the locale rules', () => {
    expect(formatEmailText('en', 'watchdog.subject', { count: 1, name: 'Prague' })).toBe(
      '1 new offer for your watch-dog “Prague”',
    );
    expect(formatEmailText('cs', 'confirm.expiry', { hours: 24 })).toContain('24');
    expect(formatEmailText('cs', 'confirm.expiry', { hours: 1 })).not.toBe(
      formatEmailText('cs', 'confirm.expiry', { hours: 5 }).replace('5', '1'),
    );
  });

  it('refuses a missing value instead of sending a half-written text', () => {
    expect(() => formatEmailText('en', 'change.intro', {})).toThrow();
  });
});
