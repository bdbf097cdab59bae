// Issue 43 point 6 in Chromium against the real API (decision 074): a monthly rent whose seller
// states service charges and a utilities estimate shows its true monthly cost beside the price in
// context: the total and each part, in the visitor's currency. A rent that includes utilities
// adds nothing for them; one that states nothing says so. In cs, en (dollars) and ar (right to
// left); the page passes axe.

import { properties } from '@estately/db';
import { type OfferDetail, shownPrice } from '@estately/domain';
import { formatPrice, translate } from '@estately/i18n';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOwner } from '../../api/test/support/helpers.ts';
import { insertSearchOffer } from '../../api/test/support/search-helpers.ts';
import { axeViolations, type SearchHarness, startSearchHarness } from './search-e2e-harness.ts';

let h: SearchHarness;
let statedId: number;
let includedId: number;

const FLAT = {
  city: 'Jihlava',
  latitude: 49.396,
  longitude: 15.591,
  currency: 'CZK',
  disposition: '2',
  usefulAreaMeters: 52,
  offerType: 'rent',
  rentPricePeriod: 'month',
} as const;

beforeAll(async () => {
  h = await startSearchHarness({ offers: 20, seed: 'monthly-cost-e2e' });
  const db = h.database.db;
  const ownerId = await insertOwner(db);
  statedId = await insertSearchOffer(db, { ownerId }, { ...FLAT, price: 16_500 });
  includedId = await insertSearchOffer(db, { ownerId }, { ...FLAT, price: 21_000, latitude: 49.401 });
  // The seller's statements, as the editor or a feed writes them (the detail reads them from the property).
  await db
    .update(properties)
    .set({ monthlyFees: 2_400, monthlyUtilities: 1_900, utilitiesIncluded: false })
    .where(eq(properties.id, statedId));
  await db
    .update(properties)
    .set({ monthlyFees: 1_500, monthlyUtilities: null, utilitiesIncluded: true })
    .where(eq(properties.id, includedId));
});

afterAll(async () => {
  await h?.close();
});

const plain = (text: string | null) =>
  text
    ?.replace(/[\u00a0\u202f\u200e\u200f\u2066-\u2069]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim() ?? '';

async function offerPage(locale: string, id: number) {
  const context = await h.visitor();
  const page = await context.newPage();
  await page.goto(`${h.web.url}/${locale}/property/${id}`);
  return { context, page };
}

async function parts(page: Page): Promise<string[]> {
  return (await page.getByTestId('monthly-cost-parts').getByRole('listitem').allTextContents()).map(plain);
}

describe('the true monthly cost of a rent', () => {
  it('adds the stated fees and utilities to the rent and lists each part (cs)', async () => {
    const { context, page } = await offerPage('cs', statedId);
    const cost = page.getByTestId('monthly-cost');
    expect(await cost.getByRole('heading', { level: 3 }).textContent()).toBe('Měsíční náklady');
    expect(plain(await page.getByTestId('monthly-cost-total').textContent())).toBe(
      'Skutečné měsíční náklady: 20 800 Kč měsíčně',
    );
    expect(await parts(page)).toEqual([
      'Nájem: 16 500 Kč',
      'Poplatky za služby: 2 400 Kč',
      'Energie (odhad pronajímatele): 1 900 Kč',
    ]);
    expect(await page.getByTestId('monthly-cost-note').count()).toBe(0);
    // The section sits with the price in context, under its heading.
    expect(await page.getByTestId('price-context').getByTestId('monthly-cost').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('adds nothing for utilities the rent includes, in the visitor’s currency (en, dollars)', async () => {
    const detail = await h.apiGet<OfferDetail>(`/public/offers/${includedId}?currency=USD`);
    expect(detail.utilities_included).toBe(true);
    const { context, page } = await offerPage('en', includedId);
    const usd = (amount: number) => plain(formatPrice(shownPrice(amount, true), 'USD', 'en'));
    expect(plain(await page.getByTestId('monthly-cost-total').textContent())).toBe(
      `True monthly cost: ${usd(detail.price! + detail.monthly_fees!)} per month`,
    );
    expect(await parts(page)).toEqual([
      `Rent: ${usd(detail.price!)}`,
      `Service charges and fees: ${usd(detail.monthly_fees!)}`,
      'Utilities: included in the rent',
    ]);
    expect(plain(await page.getByTestId('monthly-cost').textContent())).toContain(
      translate('en', 'offer.monthly_cost_converted', { currency: 'CZK' }),
    );
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('reads right to left in Arabic', async () => {
    const { context, page } = await offerPage('ar', statedId);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(plain(await page.getByTestId('monthly-cost-total').textContent())).toContain(
      plain(translate('ar', 'offer.monthly_cost_total', { price: '' }))
        .replace(/\s*شهريًا$/, '')
        .trim(),
    );
    expect(await parts(page)).toHaveLength(3);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
