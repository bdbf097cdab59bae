// Browser tests of issue 39 point 11, above the results, in cs, en and ar: the sort control beside
// the count reorders the list at once with JavaScript (filters and map mode kept, page 1 again)
// and as a plain form without; the active filters are chips whose links remove one filter each
// (the count grows) and "clear all"; the page's title and heading say the count with what is
// searched.

import {
  composeSearchPath,
  defaultFilters,
  type Locale,
  type SearchFilters,
  type SearchOffersResponse,
  serializeFilters,
  valueMessageKey,
} from '@estately/domain';
import { formatNumber, translate, translateDynamic } from '@estately/i18n';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyDetailPath } from '../app/routing/site-paths.ts';
import { axeViolations, type SearchHarness, startSearchHarness } from './search-e2e-harness.ts';

let h: SearchHarness;

beforeAll(async () => {
  h = await startSearchHarness({ offers: 80, seed: 'results-above-list-e2e' });
}, 240_000);

afterAll(async () => {
  await h?.close();
});

const LOCALES: Locale[] = ['cs', 'en', 'ar'];

const filters = (extra: Partial<SearchFilters>): SearchFilters => ({ ...defaultFilters(), ...extra });

async function search(extra: Partial<SearchFilters>): Promise<SearchOffersResponse> {
  return h.apiGet<SearchOffersResponse>(`/public/offers?${serializeFilters(filters(extra))}`);
}

/** Waits until React has hydrated the document (a choice before that sends the plain form). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber')));
}

/** The offers the list shows, in its order, as their detail paths. */
async function listed(page: Page): Promise<string[]> {
  return page
    .locator('.offer-grid .offer-card__title a')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
}

async function expectedOrder(locale: Locale, extra: Partial<SearchFilters>): Promise<string[]> {
  const answer = await search(extra);
  return answer.data.map((offer) => propertyDetailPath(locale, offer.id));
}

const here = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

describe('the sort control above the results', () => {
  it('reorders the list at once, keeping the filters and map mode, on page 1 (JavaScript)', async () => {
    const sale = await search({ offer_type: 'sale' });
    // Page 2 must exist for the reset to page 1 to be seen.
    expect(sale.meta.total_pages).toBeGreaterThan(1);
    const context = await h.visitor();
    const page = await context.newPage();
    for (const locale of LOCALES) {
      const start = composeSearchPath(locale, filters({ offer_type: 'sale', page: 2 }));
      // Map mode is part of the address and survives the new order (en; the map's code is large).
      const map = locale === 'en';
      await page.goto(`${h.web.url}${start}${map ? '&map=1' : ''}`);
      await hydrated(page);
      const sort = page.getByRole('combobox', { name: translate(locale, 'sort.label') });
      expect(await sort.inputValue(), locale).toBe('activated_at_desc');
      await sort.focus();
      await sort.selectOption('price_asc');
      const target = composeSearchPath(locale, filters({ offer_type: 'sale', sort: 'price_asc' }));
      await page.waitForURL((url) => url.pathname + url.search === `${target}${map ? '&map=1' : ''}`);
      await expect
        .poll(() => listed(page), { timeout: 10_000 })
        .toEqual(await expectedOrder(locale, { offer_type: 'sale', sort: 'price_asc' }));
      expect(await listed(page)).not.toEqual(await expectedOrder(locale, { offer_type: 'sale', page: 2 }));
      // The select keeps focus for a keyboard user choosing again, and the panel searches in this order.
      expect(await sort.evaluate((element) => element === document.activeElement), locale).toBe(true);
      expect(await sort.inputValue(), locale).toBe('price_asc');
      await page.keyboard.press('ArrowDown');
      await page.waitForURL((url) => url.searchParams.get('sort') === 'price_desc');
      await expect
        .poll(() => listed(page), { timeout: 10_000 })
        .toEqual(await expectedOrder(locale, { offer_type: 'sale', sort: 'price_desc' }));
      await page.getByTestId('filter-verified_only').check();
      await page.waitForURL((url) => url.searchParams.has('verified_only'));
      expect(new URL(page.url()).searchParams.get('sort'), locale).toBe('price_desc');
    }
    await context.close();
  });

  it('works as a plain form without JavaScript (the old search too)', async () => {
    const context = await h.visitor({ javaScript: false });
    const page = await context.newPage();
    for (const locale of LOCALES) {
      await page.goto(`${h.web.url}${composeSearchPath(locale, filters({ offer_type: 'rent', page: 2 }))}`);
      await page.getByRole('combobox', { name: translate(locale, 'sort.label') }).selectOption('price_desc');
      await page.getByRole('button', { name: translate(locale, 'sort.apply') }).click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'price_desc');
      expect(here(page), locale).toBe(
        composeSearchPath(locale, filters({ offer_type: 'rent', sort: 'price_desc' })),
      );
      expect(await listed(page)).toEqual(
        await expectedOrder(locale, { offer_type: 'rent', sort: 'price_desc' }),
      );
    }
    // The old search's simple form has no sort field of its own: the control above its list sorts it.
    await page.goto(`${h.web.url}/en/oldsearch?offer_type=sale`);
    await page.getByRole('combobox', { name: translate('en', 'sort.label') }).selectOption('area_desc');
    await page.getByRole('button', { name: translate('en', 'sort.apply') }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'area_desc');
    expect(new URL(page.url()).pathname).toBe('/en/oldsearch');
    expect(new URL(page.url()).searchParams.get('offer_type')).toBe('sale');
    expect(await listed(page)).toEqual(await expectedOrder('en', { offer_type: 'sale', sort: 'area_desc' }));
    await context.close();
  });
});

describe('the active filters as chips', () => {
  it('removes one filter per chip (the count grows) and all of them at once', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    const chosen: Partial<SearchFilters> = {
      offer_type: 'sale',
      dispositions: ['2', '3'],
      sort: 'price_asc',
    };
    const withoutSale: Partial<SearchFilters> = { dispositions: ['2', '3'], sort: 'price_asc' };
    const before = (await search(chosen)).meta.total;
    const after = (await search(withoutSale)).meta.total;
    const all = (await search({})).meta.total;
    expect(after).toBeGreaterThan(before);
    for (const locale of LOCALES) {
      await page.goto(`${h.web.url}${composeSearchPath(locale, filters(chosen))}`);
      await hydrated(page);
      const chips = page.getByTestId('filter-chips');
      expect(await chips.getAttribute('aria-label'), locale).toBe(
        translate(locale, 'results.active_filters'),
      );
      // One chip per value: the offer type and each of the two layouts.
      expect(await chips.getByTestId('filter-chip').count(), locale).toBe(3);
      const two = translateDynamic(locale, valueMessageKey('disposition', '2'));
      expect(
        await chips
          .getByRole('link', { name: translate(locale, 'results.remove_filter', { filter: two }) })
          .count(),
        locale,
      ).toBe(1);
      expect(await page.getByTestId('results-count').textContent(), locale).toBe(
        translate(locale, 'results.count', { count: before }),
      );
      const sale = translate(locale, 'value.offer_type.sale');
      await chips
        .getByRole('link', { name: translate(locale, 'results.remove_filter', { filter: sale }) })
        .click();
      await page.waitForURL(
        (url) => url.pathname + url.search === composeSearchPath(locale, filters(withoutSale)),
      );
      await expect
        .poll(() => page.getByTestId('results-count').textContent())
        .toBe(translate(locale, 'results.count', { count: after }));
      if (locale === 'ar') expect(await axeViolations(page)).toEqual([]);
      await page.getByTestId('filter-chips-clear').click();
      await page.waitForURL(
        (url) => url.pathname + url.search === composeSearchPath(locale, filters({ sort: 'price_asc' })),
      );
      await expect
        .poll(() => page.getByTestId('results-count').textContent())
        .toBe(translate(locale, 'results.count', { count: all }));
      expect(await page.getByTestId('filter-chips').count(), locale).toBe(0);
    }
    await context.close();
  });
});

describe('the count in the title', () => {
  it('says count and what is searched in the title and the heading', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    const { total } = (await search({ offer_type: 'sale', property_type: 'apartment' })).meta;
    expect(total).toBeGreaterThan(2);
    for (const locale of LOCALES) {
      await page.goto(
        `${h.web.url}${composeSearchPath(locale, filters({ offer_type: 'sale', property_type: 'apartment' }))}`,
      );
      const found = translate(locale, 'results.found.sale_apartment', { count: total });
      expect(found).toContain(formatNumber(total, locale));
      expect(await page.title(), locale).toBe(`${found} | ${translate(locale, 'meta.site_name')}`);
      expect(await page.locator('h1').textContent(), locale).toBe(found);
    }
    await context.close();
  });
});
