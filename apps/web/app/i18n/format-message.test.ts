import { LOCALES } from '@estately/domain';
import { getMessages, localeData } from '@estately/i18n';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it, vi } from 'vitest';
import { compileMessage, isSmallCount, MessageSyntaxError } from './format-message.ts';

// The browser's formatter against the ICU engine the server uses (intl-messageformat): every
// message of every catalog, with numbers that reach every plural category, must read the same.

const COUNTS = [0, 1, 2, 3, 5, 11, 21, 22, 101, 1000, 1234567, 1.5];

function argumentNames(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([\p{L}\p{N}_]+)\s*[,}]/gu)].map((match) => match[1] ?? ''))];
}

function icu(message: string, tag: string, values: Record<string, string | number>): string {
  const result = new IntlMessageFormat(message, tag, undefined, { ignoreTag: true }).format(values);
  return Array.isArray(result) ? result.join('') : String(result);
}

describe('format-message', () => {
  it('formats every catalog message of every locale as the ICU engine does', () => {
    let compared = 0;
    for (const locale of LOCALES) {
      const { tag } = localeData(locale);
      for (const [key, message] of Object.entries(getMessages(locale) as Record<string, unknown>)) {
        if (typeof message !== 'string') continue;
        const names = argumentNames(message);
        const format = compileMessage(message, tag);
        const engine = new IntlMessageFormat(message, tag, undefined, { ignoreTag: true });
        const samples: Record<string, string | number>[] = message.includes('plural')
          ? COUNTS.map((count) => Object.fromEntries(names.map((name) => [name, count])))
          : [
              Object.fromEntries(names.map((name) => [name, 'Praha 2'])),
              Object.fromEntries(names.map((name) => [name, 7])),
            ];
        for (const values of names.length > 0 ? samples : [{}]) {
          const expected = engine.format(values);
          expect(format(values), `${locale} ${key} with ${JSON.stringify(values)}`).toBe(
            Array.isArray(expected) ? expected.join('') : String(expected),
          );
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(10_000);
  }, 60_000);

  it('picks exact matches before plural categories and nests arguments in branches', () => {
    const format = compileMessage(
      '{n, plural, =0 {none} one {# item in {place}} other {# items in {place}}}',
      'en',
    );
    expect(format({ n: 0, place: 'Brno' })).toBe('none');
    expect(format({ n: 1, place: 'Brno' })).toBe('1 item in Brno');
    expect(format({ n: 1234, place: 'Brno' })).toBe('1,234 items in Brno');
    expect(compileMessage('{n, plural, one {# den} few {# dny} other {# dní}}', 'cs')({ n: 3 })).toBe(
      '3 dny',
    );
    expect(compileMessage('{n, plural, one {# يوم} other {# يوم}}', 'ar')({ n: 12 })).toBe(
      icu('{n, plural, one {# يوم} other {# يوم}}', 'ar', { n: 12 }),
    );
  });

  it('throws on a missing value and on syntax it does not support', () => {
    expect(() => compileMessage('Hello {name}', 'en')({})).toThrow(MessageSyntaxError);
    expect(() => compileMessage('{kind, select, a {A} other {B}}', 'en')).toThrow(MessageSyntaxError);
    expect(() => compileMessage('{n, plural, one {x}}', 'en')).toThrow(MessageSyntaxError);
    expect(() => compileMessage('{n, plural, one {x} other {y}', 'en')).toThrow(MessageSyntaxError);
  });

  it('writes counts below 1,000 as every locale writes them, without Intl.NumberFormat', () => {
    // The premise of the shortcut: each locale writes 0-999 as ASCII digits, ungrouped.
    for (const locale of LOCALES) {
      const numbers = new Intl.NumberFormat(localeData(locale).tag);
      for (let count = 0; count < 1000; count++) {
        if (numbers.format(count) !== String(count)) {
          expect.fail(`${locale} writes ${count} as ${numbers.format(count)}`);
        }
      }
    }
    expect([0, 7, 999].every(isSmallCount)).toBe(true);
    expect([1000, -1, -0, 1.5, Number.NaN, Number.POSITIVE_INFINITY].some(isSmallCount)).toBe(false);

    const format = compileMessage('{count, plural, one {# favorite} other {# favorites}}', 'de-CH');
    const constructed = vi.spyOn(Intl, 'NumberFormat');
    try {
      expect(format({ count: 3 })).toBe('3 favorites');
      expect(constructed).not.toHaveBeenCalled();
      // Above 999 the locale's grouping applies (de-CH: an apostrophe).
      expect(format({ count: 1234 })).toBe(`${new Intl.NumberFormat('de-CH').format(1234)} favorites`);
      expect(format({ count: 1234 })).toBe("1'234 favorites");
    } finally {
      constructed.mockRestore();
    }
  });
});
