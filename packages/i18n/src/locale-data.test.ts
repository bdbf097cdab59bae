import { CURRENCIES, LOCALES } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { LOCALE_DATA, localeData } from './locale-data.ts';

describe('LOCALE_DATA', () => {
  it('lists the 30 locales in the spec order with unique labels', () => {
    expect(LOCALE_DATA.map((row) => row.locale)).toEqual([...LOCALES]);
    expect(new Set(LOCALE_DATA.map((row) => row.label)).size).toBe(LOCALES.length);
  });

  it('ar is right-to-left and every other locale left-to-right', () => {
    for (const row of LOCALE_DATA) expect(row.dir, row.locale).toBe(row.locale === 'ar' ? 'rtl' : 'ltr');
  });

  it('offers only supported currencies (spec 9)', () => {
    for (const row of LOCALE_DATA) expect(CURRENCIES, row.locale).toContain(row.currency);
    expect(localeData('cs').currency).toBe('CZK');
    expect(localeData('en-GB').currency).toBe('GBP');
    expect(localeData('en-AE').currency).toBe('AED');
    expect(localeData('bs').currency).toBe('BAM');
    expect(localeData('pl').currency).toBe('PLN');
    expect(localeData('de').currency).toBe('EUR');
  });

  it('shows the Swiss locales francs, tr lira and sr dinars; Montenegro and Cyprus euros', () => {
    for (const locale of ['de-CH', 'fr-CH', 'it-CH'] as const)
      expect(localeData(locale).currency, locale).toBe('CHF');
    expect(localeData('tr').currency).toBe('TRY');
    expect(localeData('sr').currency).toBe('RSD');
    expect(localeData('sr-ME').currency).toBe('EUR');
    expect(localeData('el-CY').currency).toBe('EUR');
    expect(localeData('tr-CY').currency).toBe('EUR');
  });

  it('fixes the cs and en-GB conventions of spec 9', () => {
    expect(localeData('cs')).toMatchObject({ weekStart: 1, hourCycle: 'h23', datePattern: 'DD.MM.YYYY' });
    expect(localeData('en-GB')).toMatchObject({ weekStart: 1, hourCycle: 'h23', datePattern: 'DD/MM/YYYY' });
  });

  it('has canonical tags whose CLDR week start and hour cycle it follows', () => {
    for (const row of LOCALE_DATA) {
      expect(Intl.getCanonicalLocales(row.tag)[0], row.locale).toBe(row.tag);
      const intlLocale = new Intl.Locale(row.tag) as Intl.Locale & { getWeekInfo(): { firstDay: number } };
      expect(row.weekStart, row.locale).toBe(intlLocale.getWeekInfo().firstDay);
      const hourCycle = new Intl.DateTimeFormat(row.tag, { hour: 'numeric' }).resolvedOptions().hourCycle;
      expect(row.hourCycle, row.locale).toBe(hourCycle);
    }
  });

  it('uses the Latin script for Serbian and Bosnian dates', () => {
    expect(localeData('sr').tag).toBe('sr-Latn-RS');
    expect(localeData('sr-ME').tag).toBe('sr-Latn-ME');
    expect(localeData('bs').tag).toBe('bs-Latn-BA');
  });
});
