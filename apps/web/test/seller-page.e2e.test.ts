// Issue 39 point 15 in Chromium: a visitor opens an offer of a private seller, follows the seller
// box's link to the seller's page (cs and en), reads the name, the seller type, the date since
// when the seller is on Estately and the seller's offers, then searches them by a place and by
// offer type: the page lists what the API answers for that search, keeps the search in its
// address and form, and says so when nothing matches. A company account's seller address leads
// to its company page.

import { join } from 'node:path';
import { users } from '@estately/db';
import type { OfferDetail, PublicSellerPage, SearchOffersResponse } from '@estately/domain';
import { formatDate, translate } from '@estately/i18n';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, type SearchHarness, startSearchHarness } from './search-e2e-harness.ts';

let h: SearchHarness;
let offer: OfferDetail;
let seller: PublicSellerPage;
/** A folder to keep a picture of the seller page in each locale (optional). */
const SHOTS = process.env.SELLER_PAGE_SCREENSHOTS;

beforeAll(async () => {
  h = await startSearchHarness({ offers: 60, seed: 'seller-page-e2e' });
  // An offer of a private person whose other offers lie in more than one city.
  const list = await h.apiGet<SearchOffersResponse>('/public/offers?per_page=60');
  for (const card of list.data) {
    const detail = await h.apiGet<OfferDetail>(`/public/offers/${card.id}`);
    if (detail.creator.account_type !== 'person') continue;
    const page = await h.apiGet<PublicSellerPage>(`/public/sellers/${detail.creator.id}?per_page=50`);
    if (new Set(page.offers.data.map((o) => o.city)).size >= 2) {
      offer = detail;
      seller = page;
      break;
    }
  }
  if (!offer) throw new Error('no seeded private seller with offers in two cities');
}, 240_000);

afterAll(async () => {
  await h?.close();
});

/** Ids of the offer cards the page lists, in order. */
async function listedIds(page: Page): Promise<number[]> {
  const hrefs = await page
    .getByTestId('seller-page-offers')
    .locator('a[href*="/property/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs.map((href) => Number(/\/property\/(\d+)/.exec(href)?.[1])))];
}

describe.each(['cs', 'en'] as const)('the seller page in %s', (locale) => {
  it('is reached from the offer, shows the seller and the offers, and searches them', async () => {
    const t = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
      translate(locale, key, values);
    const page = await (await h.visitor()).newPage();
    await page.goto(`${h.web.url}/${locale}/property/${offer.id}`);
    const link = page.getByTestId('seller-card').getByRole('link', { name: t('seller_page.link') });
    expect(await link.getAttribute('href')).toBe(`/${locale}/seller/${seller.slug}`);
    await link.click();
    await page.waitForURL(new RegExp(`/${locale}/seller/${seller.slug}$`));

    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(seller.name);
    expect(await page.title()).toContain(seller.name);
    expect(await page.getByTestId('seller-page-facts').textContent()).toContain(
      t(`value.seller_type.${seller.sellerType}`),
    );
    expect(await page.getByTestId('seller-page-since').textContent()).toBe(
      t('company.member_since', { date: formatDate(seller.memberSince.slice(0, 10), locale) }),
    );
    const offers = page.getByTestId('seller-page-offers');
    expect(await offers.locator('h2').first().textContent()).toBe(
      t('company.offers_heading', { count: seller.offers.meta.total }),
    );
    expect(await listedIds(page)).toEqual(seller.offers.data.slice(0, 12).map((o) => o.id));
    expect(await listedIds(page)).toContain(offer.id);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `seller-page-${locale}.png`), fullPage: true });

    // Search by the city of one offer, typed in lower case: the API's answer for that search.
    const city = seller.offers.data.find((o) => o.city !== offer.city)?.city ?? offer.city;
    const search = page.getByRole('search', { name: t('seller_page.search_heading') });
    await search.getByLabel(t('seller_page.search')).fill(city.toLowerCase());
    await search.getByRole('button', { name: t('action.search') }).click();
    await page.waitForURL(/[?&]q=/);
    const expected = await h.apiGet<PublicSellerPage>(
      `/public/sellers/${seller.id}?q=${encodeURIComponent(city.toLowerCase())}`,
    );
    expect(expected.offers.data.length).toBeGreaterThan(0);
    expect(expected.offers.meta.total).toBeLessThan(seller.offers.meta.total);
    expect(await listedIds(page)).toEqual(expected.offers.data.map((o) => o.id));
    expect(await search.getByLabel(t('seller_page.search')).inputValue()).toBe(city.toLowerCase());

    // The offer type narrows it further; a type no offer of the place has says so.
    const types = new Set(expected.offers.data.map((o) => o.offer_type));
    const missing = (['sale', 'rent'] as const).find((type) => !types.has(type));
    const chosen = missing ?? 'sale';
    await search.getByLabel(t('filter.offer_type')).selectOption(chosen);
    await search.getByRole('button', { name: t('action.search') }).click();
    await page.waitForURL(new RegExp(`offer_type=${chosen}`));
    const typed = await h.apiGet<PublicSellerPage>(
      `/public/sellers/${seller.id}?q=${encodeURIComponent(city.toLowerCase())}&offer_type=${chosen}`,
    );
    expect(await listedIds(page)).toEqual(typed.offers.data.map((o) => o.id));
    if (missing) {
      expect(await page.getByTestId('seller-page-offers-empty').textContent()).toBe(
        t('seller_page.no_match'),
      );
    }
    expect(await search.getByLabel(t('filter.offer_type')).inputValue()).toBe(chosen);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('the seller page address', () => {
  it('sends another slug, ?page=1 and a page past the last to the page’s own address', async () => {
    const page = await (await h.visitor()).newPage();
    const own = `/cs/seller/${seller.slug}`;
    await page.goto(`${h.web.url}/cs/seller/${seller.id}-old-name?page=1`);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(own);
    // The search is kept; the last page of an offer type is page 1 here.
    await page.goto(`${h.web.url}${own}?offer_type=sale&page=99`);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`${own}?offer_type=sale`);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`${own}$`));
    await page.context().close();
  });
});

describe('the seller page of a company account', () => {
  it('leads to its company page, and an unknown seller is the 404 page', async () => {
    const [company] = await h.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.accountType, 'company'))
      .limit(1);
    const page = await (await h.visitor()).newPage();
    await page.goto(`${h.web.url}/en/seller/${company!.id}`);
    expect(page.url()).toMatch(new RegExp(`/en/company/${company!.id}(-[a-z0-9-]+)?$`));
    const missing = await page.goto(`${h.web.url}/en/seller/999999999`);
    expect(missing?.status()).toBe(404);
    await page.context().close();
  });
});
