// Issue 39 point 18 in Chromium against the real API: the Swiss locales show prices in francs,
// tr in lira and sr in dinars without any choice made (decision 050); sr-ME keeps the euro of
// Montenegro. The header's switch, the filter's currency field and every price on the results
// page name the locale's currency, and an offer priced in that currency shows its own price.

import {
  type Currency,
  composeSearchPath,
  defaultFilters,
  type Locale,
  type SearchFilters,
  type SearchOffersResponse,
  serializeFilters,
} from '@estately/domain';
import { formatPrice, localeData } from '@estately/i18n';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchHarness, startSearchHarness } from './search-e2e-harness.ts';

let h: SearchHarness;

beforeAll(async () => {
  // Enough demo offers that Switzerland and Turkey have some (about 1.5 % of offers each).
  h = await startSearchHarness({ offers: 300, seed: 'locale-currencies-e2e' });
}, 240_000);

afterAll(async () => {
  await h?.close();
});

/** The currency sign a price in `currency` carries in `locale` ("CHF", "₺", "RSD", "€"). */
function currencySign(currency: Currency, locale: Locale): string {
  const parts = new Intl.NumberFormat(localeData(locale).tag, { style: 'currency', currency }).formatToParts(
    1,
  );
  const sign = parts.find((part) => part.type === 'currency')?.value;
  if (!sign) throw new Error(`no sign for ${currency}`);
  return sign;
}

async function prices(page: Page): Promise<string[]> {
  return page.getByTestId('offer-price').allTextContents();
}

const DEFAULTS: readonly (readonly [Locale, Currency])[] = [
  ['de-CH', 'CHF'],
  ['fr-CH', 'CHF'],
  ['it-CH', 'CHF'],
  ['tr', 'TRY'],
  ['sr', 'RSD'],
  ['sr-ME', 'EUR'],
];

describe('the locale’s own currency by default (decision 050)', () => {
  it.each(DEFAULTS)(
    'a %s visitor sees %s in the header, the filter and every price',
    async (locale, currency) => {
      const context = await h.visitor();
      const page = await context.newPage();
      await page.goto(`${h.web.url}${composeSearchPath(locale, defaultFilters())}`);
      expect(await page.getByTestId('currency-switcher').inputValue()).toBe(currency);
      expect(await page.getByTestId('filter-currency').inputValue()).toBe(currency);
      // The switch offers the added currencies beside the others.
      const offered = await page.getByTestId('currency-switcher').locator('option').allTextContents();
      expect(offered).toEqual(expect.arrayContaining(['CZK', 'EUR', 'CHF', 'TRY', 'RSD']));
      const shown = await prices(page);
      expect(shown.length).toBeGreaterThan(0);
      const sign = currencySign(currency, locale);
      for (const price of shown) expect(price).toContain(sign);
      // Nothing in euros on a page in another currency.
      if (currency !== 'EUR') for (const price of shown) expect(price).not.toContain('€');
      await context.close();
    },
  );
});

describe('an offer priced in the visitor’s currency', () => {
  it.each([
    ['de-CH', 'CHF', 'CH'],
    ['tr', 'TRY', 'TR'],
  ] as const)(
    'shows its own price to a %s visitor, found by a price filter in %s',
    async (locale, currency, country) => {
      // The country's demo offers are priced in its currency; the dearest one bounds the filter.
      const all = await h.apiGet<SearchOffersResponse>(
        `/public/offers?country_code=${country}&offer_type=sale&currency=${currency}&per_page=50`,
      );
      const own = all.data.filter(
        (offer) => offer.original_currency_iso_code === currency && offer.price !== null,
      );
      expect(own.length, `${country} sale offers in ${currency}`).toBeGreaterThan(0);
      const bound = Math.max(...own.map((offer) => offer.price as number));
      const filters: SearchFilters = {
        ...defaultFilters(),
        country_code: country,
        offer_type: 'sale',
        price_to: bound,
        currency,
      };
      const answer = await h.apiGet<SearchOffersResponse>(`/public/offers?${serializeFilters(filters)}`);
      const first = answer.data[0];
      if (!first || first.price === null) throw new Error('no offer within the bound');
      expect(first.currency_iso_code).toBe(currency);
      expect(first.original_currency_iso_code).toBe(currency);

      const context = await h.visitor();
      const page = await context.newPage();
      await page.goto(`${h.web.url}${composeSearchPath(locale, filters)}`);
      expect(await page.getByTestId('filter-currency').inputValue()).toBe(currency);
      expect(await page.getByTestId('filter-price_to').inputValue()).toBe(String(bound));
      // Not converted: exactly the seller's price, in the locale's way of writing it.
      expect((await prices(page))[0]).toContain(formatPrice(first.price, currency, locale));
      await context.close();
    },
  );
});
