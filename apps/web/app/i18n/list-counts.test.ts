import { LOCALES } from '@estately/domain';
import { translate } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import { type CountedList, LIST_COUNT_KEYS } from './list-counts.ts';

// Issue 38 point 8: each list of the account and admin screens counts its own thing.

const lists = Object.keys(LIST_COUNT_KEYS) as CountedList[];
const count = (locale: (typeof LOCALES)[number], list: CountedList, n: number) =>
  translate(locale, LIST_COUNT_KEYS[list], { count: n });
// Numbers that pick every plural category of the 30 locales (Arabic's six, Slavic few/many).
const NUMBERS = [0, 1, 2, 3, 5, 11, 21, 22, 25, 100, 101, 102, 111];

describe('list counts', () => {
  it.each([
    ['cs', 'leads', 1, '1 poptávka'],
    ['cs', 'leads', 3, '3 poptávky'],
    ['cs', 'redirects', 2, '2 přesměrování'],
    ['cs', 'reports', 0, 'Žádná hlášení'],
    ['cs', 'watchDogs', 3, '3 hlídací psi'],
    ['cs', 'myOffers', 5, '5 nemovitostí'],
    ['en', 'leads', 1, '1 enquiry'],
    ['en', 'redirects', 2, '2 redirects'],
    ['en', 'reports', 0, 'No reports'],
    ['en', 'favorites', 1, '1 favorite'],
    ['ar', 'leads', 1, 'طلب واحد'],
    ['ar', 'redirects', 2, 'تحويلان'],
    ['ar', 'reports', 0, 'لا توجد بلاغات'],
    ['ar', 'myOffers', 11, '11 عقارًا'],
    ['pl', 'reports', 5, '5 zgłoszeń'],
    ['pl', 'watchDogs', 22, '22 alerty'],
  ] as const)('%s %s %i: %s', (locale, list, n, text) => {
    expect(count(locale, list, n)).toBe(text);
  });

  it.each(LOCALES)('%s: every list names its own thing, never the search’s offers', (locale) => {
    const problems: string[] = [];
    for (const n of NUMBERS) {
      const offers = translate(locale, 'results.count', { count: n });
      const seen = new Map<string, CountedList>();
      for (const list of lists) {
        const text = count(locale, list, n);
        const other = seen.get(text);
        if (other) problems.push(`${n}: ${list} reads like ${other} (${text})`);
        seen.set(text, list);
        // My offers are offers of a kind (some languages say "homes" for both); the rest never.
        if (list !== 'myOffers' && text === offers) problems.push(`${n}: ${list} counts offers (${text})`);
        if (n > 0 && !text.includes(String(n)) && !(locale === 'ar' && n <= 2))
          problems.push(`${n}: ${list} lacks the number (${text})`);
      }
    }
    expect(problems).toEqual([]);
  });
});
