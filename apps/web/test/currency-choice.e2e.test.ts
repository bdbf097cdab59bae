// Issue 39 defects 5 and 6 in Chromium against the real API, in cs, en and ar.
// 5: the price in the seller's own currency is labelled as such ("Price in the seller’s currency:
//    €170,000"), never as an earlier price ("Originally", ar "السعر السابق").
// 6: one currency choice (decision 048): choosing a currency in the filter panel makes it the
//    header's currency too, and switching the header re-expresses the price bounds in the new
//    currency, so the list, the filter and the header always name the same one.

import {
  type Currency,
  composeSearchPath,
  defaultFilters,
  type Locale,
  type SearchFilters,
  type SearchOffersResponse,
  serializeFilters,
  shownPrice,
} from '@estately/domain';
import { formatPrice, translate } from '@estately/i18n';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyDetailPath } from '../app/routing/site-paths.ts';
import { type SearchHarness, startSearchHarness } from './search-e2e-harness.ts';

let h: SearchHarness;

beforeAll(async () => {
  h = await startSearchHarness({ offers: 60, seed: 'currency-choice-e2e' });
}, 240_000);

afterAll(async () => {
  await h?.close();
});

const LOCALES: readonly Locale[] = ['cs', 'en', 'ar'];

/** The first card's price as the list of these filters shows it in `currency`. */
async function firstPrice(filters: SearchFilters, currency: Currency, locale: Locale): Promise<string> {
  const answer = await h.apiGet<SearchOffersResponse>(
    `/public/offers?${serializeFilters({ ...filters, currency })}&currency=${currency}`,
  );
  const first = answer.data[0];
  const price = first?.price;
  if (!first || price === null || price === undefined) throw new Error('the first offer has no price');
  // A converted price shows three significant figures, the seller's own to the unit.
  return formatPrice(shownPrice(price, first.original_currency_iso_code !== currency), currency, locale);
}

async function headerCurrency(page: Page): Promise<string> {
  return page.getByTestId('currency-switcher').inputValue();
}

describe('the price in the seller’s currency (issue 39 defect 5)', () => {
  it.each(LOCALES)('is labelled as the seller’s own price in %s', async (locale) => {
    // An offer priced in EUR (Slovakia), shown in CZK: its EUR price is the seller's.
    const answer = await h.apiGet<SearchOffersResponse>(
      '/public/offers?country_code=SK&currency=CZK&per_page=1',
    );
    const offer = answer.data[0];
    expect(offer?.original_currency_iso_code).toBe('EUR');
    if (!offer || offer.original_price === null) throw new Error('no Slovak offer with a price');
    const context = await h.visitor();
    await context.addCookies([{ name: 'currency', value: 'CZK', url: h.web.url }]);
    const page = await context.newPage();
    await page.goto(`${h.web.url}${propertyDetailPath(locale, offer.id)}`);
    const label = await page.getByTestId('offer-original-price').textContent();
    expect(label).toBe(
      translate(locale, 'offer.original_price', {
        price: formatPrice(offer.original_price, 'EUR', locale),
      }),
    );
    // Not an earlier price: the words of the old label are gone.
    expect(label).not.toMatch(/Originally|Původně|السعر السابق/);
    await context.close();
  });
});

describe('one currency for the filter and the header (issue 39 defect 6)', () => {
  it.each(LOCALES)(
    'filter currency sets the header’s, and the header re-expresses the bounds, in %s',
    async (locale) => {
      const context = await h.visitor();
      const page = await context.newPage();
      const base = defaultFilters();
      await page.goto(`${h.web.url}${composeSearchPath(locale, base)}`);
      await page.waitForLoadState('networkidle');
      // The filter panel's currency field is the visitor's currency choice.
      await page.getByTestId('filter-currency').selectOption('EUR');
      await expect.poll(() => headerCurrency(page)).toBe('EUR');
      // A price bound in EUR: the URL keeps it with its currency, the list and the header say EUR.
      await page.getByTestId('filter-price_to').fill('400000');
      await page.waitForURL((url) => url.searchParams.get('price_to') === '400000');
      expect(new URL(page.url()).searchParams.get('currency')).toBe('EUR');
      const inEur = { ...base, price_to: 400_000, currency: 'EUR' as const };
      await expect
        .poll(() => page.getByTestId('offer-price').first().textContent())
        .toContain(await firstPrice(inEur, 'EUR', locale));
      expect(await headerCurrency(page)).toBe('EUR');

      // The header's switch: the bounds follow into CZK (rounded up, no offer of the range lost).
      await page.getByTestId('currency-switcher').selectOption('CZK');
      await page.waitForURL((url) => url.searchParams.get('currency') === 'CZK');
      const to = Number(new URL(page.url()).searchParams.get('price_to'));
      expect(to).toBeGreaterThanOrEqual(400_000 * 20);
      expect(to).toBeLessThanOrEqual(400_000 * 30);
      // The URL changes before the page's new data has rendered: wait for the fields.
      await expect.poll(() => page.getByTestId('filter-currency').inputValue()).toBe('CZK');
      await expect.poll(() => page.getByTestId('filter-price_to').inputValue()).toBe(String(to));
      await expect.poll(() => headerCurrency(page)).toBe('CZK');
      const inCzk = { ...base, price_to: to, currency: 'CZK' as const };
      await expect
        .poll(() => page.getByTestId('offer-price').first().textContent())
        .toContain(await firstPrice(inCzk, 'CZK', locale));
      await context.close();
    },
  );

  it('takes the plain GET form’s currency as the choice without JavaScript', async () => {
    const context = await h.visitor({ javaScript: false });
    const page = await context.newPage();
    await page.goto(`${h.web.url}${composeSearchPath('cs', defaultFilters())}`);
    await page.getByTestId('filter-currency').selectOption('EUR');
    await page.getByTestId('filter-price_to').fill('300000');
    await page.getByTestId('filter-submit').click();
    await page.waitForURL((url) => url.searchParams.get('price_to') === '300000');
    expect(new URL(page.url()).searchParams.get('currency')).toBe('EUR');
    expect(await headerCurrency(page)).toBe('EUR');
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'currency')?.value).toBe('EUR');
    await context.close();
  });
});
