import { LOCALES } from '@estately/domain';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import {
  createTranslator,
  formatArea,
  formatDate,
  formatDateLong,
  formatDateTime,
  formatNumber,
  formatPrice,
  formatTime,
  getMessages,
  localeData,
  translate,
  translateDynamic,
  translateFrom,
  valueLabel,
} from './index.ts';
import { argumentNames } from './test-helpers.ts';

// Intl separates groups and currency signs with no-break spaces; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatPrice', () => {
  it('shows whole amounts without decimals', () => {
    expect(plain(formatPrice(1_250_000, 'CZK', 'cs'))).toBe('1 250 000 Kč');
    expect(formatPrice(1_250_000, 'GBP', 'en-GB')).toBe('£1,250,000');
    expect(formatPrice(2500, 'USD', 'en')).toBe('$2,500');
    expect(plain(formatPrice(350_000, 'EUR', 'de'))).toBe('350.000 €');
  });
  it('keeps the cents of amounts that have them', () => {
    expect(plain(formatPrice(1234.5, 'EUR', 'de'))).toBe('1.234,50 €');
    expect(formatPrice(99.99, 'GBP', 'en-GB')).toBe('£99.99');
  });
});

describe('formatArea and formatNumber', () => {
  it('uses the locale separators and at most one decimal', () => {
    expect(formatArea(75, 'cs')).toBe('75 m²');
    expect(plain(formatArea(1234.56, 'cs'))).toBe('1 234,6 m²');
    expect(formatArea(1234.5, 'en-GB')).toBe('1,234.5 m²');
    expect(plain(formatNumber(1_000_000, 'fr'))).toBe('1 000 000');
  });
});

describe('formatDate (spec 9)', () => {
  const date = new Date(Date.UTC(2026, 10, 22, 15, 5));
  it('cs is DD.MM.YYYY and en-GB DD/MM/YYYY', () => {
    expect(formatDate(date, 'cs')).toBe('22.11.2026');
    expect(formatDate(date, 'en-GB')).toBe('22/11/2026');
    expect(formatDate('2026-03-05', 'cs')).toBe('05.03.2026');
    expect(formatDate('2026-03-05', 'en-GB')).toBe('05/03/2026');
  });
  it('other locales follow national usage', () => {
    expect(formatDate(date, 'en')).toBe('11/22/2026');
    expect(formatDate(date, 'hr')).toBe('22.11.2026.');
    expect(formatDate(date, 'nl')).toBe('22-11-2026');
    expect(formatDate(date, 'bg')).toBe('22.11.2026 г.');
  });
  it('reads the calendar day in the requested time zone', () => {
    const lateEvening = new Date(Date.UTC(2026, 10, 22, 23, 30));
    expect(formatDate(lateEvening, 'cs')).toBe('22.11.2026');
    expect(formatDate(lateEvening, 'cs', { timeZone: 'Europe/Prague' })).toBe('23.11.2026');
  });
  it('rejects an invalid date', () => {
    expect(() => formatDate('not a date', 'cs')).toThrow(RangeError);
  });
  it('writes the month out in long dates', () => {
    expect(formatDateLong('2026-11-22', 'cs')).toBe('22. listopadu 2026');
    expect(formatDateLong('2026-11-22', 'en-GB')).toBe('22 November 2026');
  });
  it('uses 24 hours for cs and en-GB, 12 hours for en', () => {
    expect(formatTime(date, 'cs')).toBe('15:05');
    expect(formatTime(date, 'en-GB')).toBe('15:05');
    expect(plain(formatTime(date, 'en'))).toBe('3:05 PM');
    expect(formatDateTime(date, 'cs')).toBe('22.11.2026 15:05');
  });
});

describe('translate', () => {
  it('formats plurals by the rules of each language', () => {
    expect(translate('cs', 'nav.favorites_count', { count: 0 })).toBe('Žádné oblíbené');
    expect(translate('cs', 'nav.favorites_count', { count: 1 })).toBe('1 oblíbená');
    expect(translate('cs', 'nav.favorites_count', { count: 3 })).toBe('3 oblíbené');
    expect(translate('cs', 'nav.favorites_count', { count: 7 })).toBe('7 oblíbených');
    expect(translate('en-GB', 'nav.favorites_count', { count: 2 })).toBe('2 favourites');
    expect(translate('pl', 'results.count', { count: 5 })).toBe('5 ofert');
    expect(translate('pl', 'results.count', { count: 22 })).toBe('22 oferty');
  });
  it('fills placeholders', () => {
    expect(translate('en', 'error.page_not_found_path', { path: '/cs/nope' })).toBe(
      'Page Not Found: /cs/nope',
    );
    expect(translate('de', 'footer.copyright', { year: 2026 })).toContain('2026');
    expect(translate('cs', 'offer.floor', { floor: 3, total: 8 })).toBe('3/8');
  });
  it('binds a locale in createTranslator', () => {
    const t = createTranslator('fr');
    expect(t.locale).toBe('fr');
    expect(t('nav.search')).toBe(translate('fr', 'nav.search'));
    expect(t.dynamic('validation.required')).toBe(translate('fr', 'validation.required'));
  });
  it('labels value-set values', () => {
    expect(valueLabel('cs', 'heating', 'heat_pump')).toBe('Tepelné čerpadlo');
    expect(valueLabel('de', 'offer_type', 'rent')).toBe(translate('de', 'value.offer_type.rent'));
  });
  it('falls back to English for a key the catalog lacks, and to the key when nobody has it', () => {
    expect(translateFrom('cs', {}, 'nav.search')).toBe('Search');
    expect(translateFrom('cs', { 'nav.search': 'Hledat' }, 'nav.search')).toBe('Hledat');
    expect(translateDynamic('cs', 'no.such.key')).toBe('no.such.key');
    expect(translateFrom('cs', {}, 'toString')).toBe('toString');
  });
  it('never throws on missing values or broken messages', () => {
    expect(() => translate('cs', 'offer.floor')).not.toThrow();
    expect(translateFrom('cs', { broken: 'Ahoj {name' }, 'broken')).toBe('Ahoj {name');
  });
});

describe('translate without the ICU formatter', () => {
  // Plain messages compile to their text, `{name}` messages and counts' plurals to a join
  // (index.ts): every message of every catalog must read as intl-messageformat writes it, for
  // counts of every plural category of the 30 languages, values missing included.
  it('gives what intl-messageformat gives, for every message of every locale', { timeout: 60_000 }, () => {
    const counts = [1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101, 111, 1_000_000, 1.5, -1, '7'];
    const samples = (names: string[]): (Record<string, unknown> | undefined)[] => [
      undefined,
      Object.fromEntries(names.map((name) => [name, 'Žluť & <b>'])),
      Object.fromEntries(names.map((name) => [name, 1234.5])),
      Object.fromEntries(names.map((name) => [name, 0])),
      Object.fromEntries(names.map((name) => [name, null])),
      Object.fromEntries(names.map((name) => [name, true])),
      Object.fromEntries(names.slice(1).map((name) => [name, 2])),
      ...counts.map((count) => Object.fromEntries(names.map((name) => [name, count]))),
    ];
    let differing = 0;
    for (const locale of LOCALES) {
      const tag = localeData(locale).tag;
      for (const [key, message] of Object.entries(getMessages(locale))) {
        if (typeof message !== 'string') continue;
        const icu = new IntlMessageFormat(message, tag, undefined, { ignoreTag: true });
        for (const values of samples([
          ...argumentNames(icu.getAst() as Parameters<typeof argumentNames>[0]),
        ])) {
          let expected: string;
          try {
            const result = icu.format(values as Record<string, string>);
            expected = Array.isArray(result) ? result.join('') : String(result);
          } catch {
            expected = message;
          }
          if (translateDynamic(locale, key, values as Record<string, string>) !== expected) differing++;
        }
      }
    }
    expect(differing).toBe(0);
  });
});

describe('a map cluster’s name holds the count it shows', () => {
  // The cluster button shows the count as a number and is named by `map.cluster`: the name must
  // contain what is seen (WCAG 2.5.3, axe's label-content-name-mismatch). Arabic's dual and
  // singular once said "two properties" without the number.
  it('in every locale, for counts of 1 to 12 and some larger ones', () => {
    for (const locale of LOCALES) {
      for (const count of [1, 2, 3, 5, 11, 12, 100, 101]) {
        const seen = new Intl.NumberFormat(locale, { notation: 'compact' }).format(count);
        expect(translate(locale, 'map.cluster', { count }), `${locale} ${count}`).toContain(seen);
      }
    }
  });
});
