import { LOCALES } from '@estately/domain';
import { localeData } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import { newPropertyValues } from './editor.server.ts';

// A new offer starts priced in the seller's locale's currency (decision 050): a Swiss seller
// would otherwise publish in the database's default, CZK, without noticing.

describe('newPropertyValues', () => {
  it('prices a new offer in francs, lira or dinars for the Swiss, Turkish and Serbian locales', () => {
    expect(newPropertyValues('de-CH')).toMatchObject({ country_code: 'CH', currency_iso_code: 'CHF' });
    expect(newPropertyValues('fr-CH')).toMatchObject({ country_code: 'CH', currency_iso_code: 'CHF' });
    expect(newPropertyValues('it-CH')).toMatchObject({ country_code: 'CH', currency_iso_code: 'CHF' });
    expect(newPropertyValues('tr')).toMatchObject({ country_code: 'TR', currency_iso_code: 'TRY' });
    expect(newPropertyValues('sr')).toMatchObject({ country_code: 'RS', currency_iso_code: 'RSD' });
    expect(newPropertyValues('sr-ME')).toMatchObject({ country_code: 'ME', currency_iso_code: 'EUR' });
  });

  it('starts every locale with a sale of a flat in its own currency', () => {
    for (const locale of LOCALES) {
      expect(newPropertyValues(locale), locale).toEqual({
        offer_type: 'sale',
        property_type: 'apartment',
        country_code: expect.stringMatching(/^[A-Z]{2}$/),
        currency_iso_code: localeData(locale).currency,
      });
    }
    expect(newPropertyValues('cs').currency_iso_code).toBe('CZK');
    expect(newPropertyValues('pl').currency_iso_code).toBe('PLN');
  });
});
