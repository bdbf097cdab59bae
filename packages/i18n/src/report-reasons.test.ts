import { LOCALES, OFFER_REPORT_REASONS } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { resolveCatalog } from './catalogs.ts';
import { en } from './messages/en.ts';

// The offer page's report form and the admin report queue label a reason with
// `offer.report_reason.<reason>`: every reason the API accepts needs that label in every locale,
// or the form would show the raw key.
describe('every report reason of the contract has a label in every locale', () => {
  it.each(LOCALES)('%s', (locale) => {
    const catalog = resolveCatalog(locale) as Record<string, string | undefined>;
    const missing = OFFER_REPORT_REASONS.filter((reason) => {
      const label = catalog[`offer.report_reason.${reason}`];
      return typeof label !== 'string' || label.trim() === '' || label.includes('offer.report_reason');
    });
    expect(missing, `${locale} lacks labels`).toEqual([]);
  });

  it('a label outside English is a translation, not a copy of the English text', () => {
    for (const locale of LOCALES.filter((l) => !l.startsWith('en'))) {
      const catalog = resolveCatalog(locale) as Record<string, string>;
      for (const reason of OFFER_REPORT_REASONS) {
        const key = `offer.report_reason.${reason}` as keyof typeof en;
        expect(catalog[key], `${locale} ${key}`).not.toBe(en[key]);
      }
    }
  });
});
