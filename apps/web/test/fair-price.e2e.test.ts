// Issue 43 point 6 in Chromium against the real API (decision 064): a sale flat priced 12 % above
// the median of twelve comparable flats in its town shows the price in context (the sentence, the
// median, the distribution with its own bar marked) and an indicative mortgage whose rate and
// term a visitor changes with the keyboard alone; a monthly rent shows its monthly cost. In cs,
// en and ar (right to left); the page passes axe.

import { join } from 'node:path';
import { INDICATIVE_MORTGAGE_RATES, MORTGAGE_DEFAULTS, monthlyMortgagePayment } from '@estately/domain';
import { formatNumber, formatPrice, translate } from '@estately/i18n';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOwner } from '../../api/test/support/helpers.ts';
import { insertSearchOffer, insertSearchOffers } from '../../api/test/support/search-helpers.ts';
import { axeViolations, type SearchHarness, startSearchHarness } from './search-e2e-harness.ts';

let h: SearchHarness;
let saleId: number;
let rentId: number;

/** A town the demo data does not list: its comparable offers are the ones below alone. */
const TELC = { city: 'Telč', latitude: 49.184, longitude: 15.453, currency: 'CZK' } as const;
/** Twelve two-room 50 m² flats from 94,000 to 105,000 CZK per m²: their median is 99,500. */
const PER_AREA = Array.from({ length: 12 }, (_, index) => 94_000 + index * 1_000);
/** 111,440 CZK per m², 12 % above that median. */
const SALE_PRICE = 111_440 * 50;
const RENT = 18_500;

beforeAll(async () => {
  h = await startSearchHarness({ offers: 40, seed: 'fair-price-e2e' });
  const db = h.database.db;
  const ownerId = await insertOwner(db);
  const flat = { ...TELC, disposition: '2', usefulAreaMeters: 50 } as const;
  await insertSearchOffers(
    db,
    { ownerId },
    PER_AREA.map((perArea) => ({ ...flat, price: perArea * 50 })),
  );
  saleId = await insertSearchOffer(db, { ownerId }, { ...flat, price: SALE_PRICE });
  rentId = await insertSearchOffer(
    db,
    { ownerId },
    { ...flat, offerType: 'rent', rentPricePeriod: 'month', price: RENT },
  );
});

afterAll(async () => {
  await h?.close();
});

/** A folder to save screenshots of the section into, when set. */
const SHOTS = process.env.FAIR_PRICE_SCREENSHOTS;

const plain = (text: string | null) =>
  text
    ?.replace(/[\u00a0\u202f\u200e\u200f\u2066-\u2069]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim() ?? '';

const textOf = async (page: Page, testId: string) => plain(await page.getByTestId(testId).textContent());

/** A fresh visitor on the offer page of `locale`. */
async function offerPage(locale: string, id: number) {
  const context = await h.visitor();
  const page = await context.newPage();
  await page.goto(`${h.web.url}/${locale}/property/${id}`);
  return { context, page };
}

describe('the price in context', () => {
  it('places the price among comparable offers and recalculates the mortgage from the keyboard (cs)', async () => {
    const { context, page } = await offerPage('cs', saleId);
    const section = page.getByTestId('price-context');
    expect(await section.getByRole('heading', { level: 2 }).textContent()).toBe('Cena v souvislostech');
    expect(await textOf(page, 'fair-price-summary')).toBe(
      plain(
        `${formatNumber(0.12, 'cs', { style: 'percent' })} nad mediánem 12 srovnatelných nabídek v lokalitě Telč`,
      ),
    );
    expect(await textOf(page, 'fair-price-median')).toBe(
      plain(`Medián ceny: ${formatPrice(99_500, 'CZK', 'cs')}/m²`),
    );
    // Six bars whose counts add up to the twelve offers; this offer's (the dearest) is the last.
    const bars = section.getByTestId('fair-price-bar');
    expect(await bars.count()).toBe(6);
    const counts = await bars.evaluateAll((items) =>
      items.map((item) => Number(item.querySelector('meter')?.getAttribute('value'))),
    );
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(12);
    expect(await bars.evaluateAll((items) => items.map((item) => item.hasAttribute('data-own')))).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(plain(await bars.last().textContent())).toContain('(tato nabídka)');

    // The default mortgage: the CZK indicative rate, 30 years, 20 % down.
    const payment = (rate: number, years: number) =>
      plain(
        `${formatPrice(
          Math.round(
            monthlyMortgagePayment({
              price: SALE_PRICE,
              downPaymentPercent: MORTGAGE_DEFAULTS.downPaymentPercent,
              ratePercent: rate,
              years,
            }),
          ),
          'CZK',
          'cs',
        )} měsíčně`,
      );
    expect(await textOf(page, 'mortgage-payment')).toBe(
      payment(INDICATIVE_MORTGAGE_RATES.CZK, MORTGAGE_DEFAULTS.years),
    );
    // Rate 4.2 % and 25 years typed in, Enter sends the form: the page answers with the new payment.
    await page.getByLabel('Úroková sazba (% ročně)').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('4.2');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('25');
    await Promise.all([page.waitForURL(/years=25/), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).searchParams.get('rate')).toBe('4.2');
    expect(await textOf(page, 'mortgage-payment')).toBe(payment(4.2, 25));
    expect(await textOf(page, 'mortgage-summary')).toContain('na 25 let');
    expect(await page.getByLabel('Doba splácení (roky)').inputValue()).toBe('25');
    expect(await section.isVisible()).toBe(true);
    if (SHOTS) await section.screenshot({ path: join(SHOTS, 'fair-price-cs.png') });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("shows a rent's monthly cost, and the sale's context in English", async () => {
    const { context, page } = await offerPage('en', rentId);
    const cost = page.getByTestId('monthly-cost');
    expect(await cost.getByRole('heading').textContent()).toBe('Monthly cost');
    // The rent in the page's currency (dollars for en), and that the offer states no fees.
    expect(plain(await cost.textContent())).toMatch(/\$[\d,]+ per month/);
    expect(plain(await cost.textContent())).toContain(translate('en', 'offer.monthly_cost_fees_not_stated'));
    expect(await page.getByTestId('mortgage').count()).toBe(0);

    await page.goto(`${h.web.url}/en/property/${saleId}`);
    expect(await textOf(page, 'fair-price-summary')).toBe(
      '12% above the median of 12 comparable offers in Telč',
    );
    expect(await page.getByTestId('monthly-cost').count()).toBe(0);
    if (SHOTS) await page.getByTestId('price-context').screenshot({ path: join(SHOTS, 'fair-price-en.png') });
    // A term out of bounds in the address: the default payment, and the field says why.
    const standard = await textOf(page, 'mortgage-payment');
    await page.goto(`${h.web.url}/en/property/${saleId}?years=400#price-context`);
    expect(await textOf(page, 'mortgage-payment')).toBe(standard);
    const years = page.getByLabel('Term (years)');
    expect(await years.getAttribute('aria-invalid')).toBe('true');
    expect(await years.inputValue()).toBe('400');
    expect(plain(await page.locator('#mortgage-years-error').textContent())).toBe(
      'The value must be at most 40.',
    );
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('reads right to left in Arabic, the bars filling from the right', async () => {
    const { context, page } = await offerPage('ar', saleId);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const section = page.getByTestId('price-context');
    expect(await section.getByRole('heading', { level: 2 }).textContent()).toBe(
      translate('ar', 'offer.fair_price'),
    );
    expect(await textOf(page, 'fair-price-summary')).toContain('Telč');
    // Each bar leads its line from the right: the meter lies right of its text.
    const bar = section.getByTestId('fair-price-bar').first();
    const [meter, text] = await Promise.all([
      bar.locator('meter').boundingBox(),
      bar.locator('span').boundingBox(),
    ]);
    expect(meter!.x).toBeGreaterThan(text!.x + text!.width - 1);
    if (SHOTS) await section.screenshot({ path: join(SHOTS, 'fair-price-ar.png') });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
