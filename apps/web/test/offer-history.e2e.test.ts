// Issue 43 point 1 in Chromium against the real API (decision 063): an offer listed 40 days ago,
// reduced by 4 %, withdrawn and back on the market shows its timeline with dates and prices in
// the page's locale and days on market (cs, en, ar right to left, with the seller's price beside
// a converted one), and its card says "reduced by 4 %"; the page passes axe.

import { join } from 'node:path';
import { offers, priceHistory, propertyStateHistory } from '@estately/db';
import { formatDateLong, translate } from '@estately/i18n';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  czechSaleFlat,
  offerCardOf,
  type SearchHarness,
  startSearchHarness,
} from './search-e2e-harness.ts';

let h: SearchHarness;
let offerId: number;
const listedAt = new Date(Date.now() - 40 * 86_400_000);
const reducedAt = new Date(Date.now() - 10 * 86_400_000);

beforeAll(async () => {
  h = await startSearchHarness({ offers: 40, seed: 'offer-history-e2e' });
  const db = h.database.db;
  offerId = (await czechSaleFlat(db)).id;
  // Listed at 5,200,000 CZK, reduced by 4 % to 4,992,000, withdrawn, back on the market.
  await db.delete(priceHistory).where(eq(priceHistory.propertyId, offerId));
  await db.insert(priceHistory).values([
    {
      propertyId: offerId,
      price: 5_200_000,
      currency: 'CZK',
      changedAt: new Date(listedAt.getTime() - 3_600_000),
    },
    { propertyId: offerId, price: 4_992_000, currency: 'CZK', changedAt: reducedAt },
  ]);
  await db.insert(propertyStateHistory).values([
    {
      propertyId: offerId,
      kind: 'listed',
      state: 'active',
      price: 5_200_000,
      currency: 'CZK',
      changedAt: listedAt,
    },
    {
      propertyId: offerId,
      kind: 'withdrawn',
      state: 'paused',
      price: 4_992_000,
      currency: 'CZK',
      changedAt: new Date(Date.now() - 8 * 86_400_000),
    },
    {
      propertyId: offerId,
      kind: 'back_on_market',
      state: 'active',
      price: 4_992_000,
      currency: 'CZK',
      changedAt: new Date(Date.now() - 5 * 86_400_000),
    },
  ]);
  await db
    .update(offers)
    .set({
      price: 4_992_000,
      isPriceReduced: true,
      priceReducedPercent: 4,
      priceReducedAt: reducedAt,
      publishedAt: listedAt,
      activatedAt: sql`now() - interval '1 hour'`,
    })
    .where(eq(offers.id, offerId));
});

afterAll(async () => {
  await h?.close();
});

/** A folder to save screenshots of the timeline into, when set. */
const SHOTS = process.env.HISTORY_SCREENSHOTS;

const plain = (text: string | null) =>
  text
    ?.replace(/[\u00a0\u202f\u200e\u200f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim() ?? '';

describe('the price and state timeline', () => {
  it('shows each change with its date and price, and days on market (cs, en)', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/cs/property/${offerId}`);
    const history = page.getByTestId('offer-history');
    expect(await history.getByRole('heading').textContent()).toBe('Historie ceny a stavu');
    const entries = history.getByTestId('offer-history-entry');
    expect(await entries.evaluateAll((items) => items.map((item) => item.getAttribute('data-kind')))).toEqual(
      ['listed', 'price_change', 'withdrawn', 'back_on_market'],
    );
    expect(plain(await entries.nth(0).textContent())).toBe(
      plain(`${formatDateLong(listedAt, 'cs')}: Zveřejněno za 5 200 000 Kč`),
    );
    expect(plain(await entries.nth(1).textContent())).toContain('Cena snížena o 4 % na 4 992 000 Kč');
    expect(plain(await entries.nth(2).textContent())).toContain('Staženo z nabídky');
    expect(plain(await entries.nth(3).textContent())).toContain('Opět v nabídce');
    expect(await entries.nth(0).locator('time').getAttribute('datetime')).toBe(listedAt.toISOString());
    expect(plain(await history.getByTestId('offer-days-on-market').textContent())).toBe(
      plain(`V nabídce 40 dní, poprvé zveřejněno ${formatDateLong(listedAt, 'cs')}`),
    );
    if (SHOTS) await history.screenshot({ path: join(SHOTS, 'history-cs.png') });
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${h.web.url}/en/property/${offerId}`);
    const english = page.getByTestId('offer-history');
    expect(await english.getByRole('heading').textContent()).toBe(translate('en', 'offer.history'));
    const reduced = plain(await english.getByTestId('offer-history-entry').nth(1).textContent());
    // Converted into dollars (the currency of en), with the seller's price beside.
    expect(reduced).toMatch(/Price reduced by 4% to \$[\d,]+ \(in the seller’s currency CZK 4,992,000\)$/);
    if (SHOTS) await english.screenshot({ path: join(SHOTS, 'history-en.png') });
    await context.close();
  });

  it('reads right to left in Arabic', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/ar/property/${offerId}`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const history = page.getByTestId('offer-history');
    expect(await history.getByRole('heading').textContent()).toBe(translate('ar', 'offer.history'));
    const first = history.getByTestId('offer-history-entry').first();
    expect(plain(await first.textContent())).toContain(plain(formatDateLong(listedAt, 'ar')));
    // The date leads each line from the right edge.
    const [line, date] = await Promise.all([first.boundingBox(), first.locator('time').boundingBox()]);
    expect(Math.abs(line!.x + line!.width - (date!.x + date!.width))).toBeLessThan(4);
    if (SHOTS) await history.screenshot({ path: join(SHOTS, 'history-ar.png') });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('the card says by how much the price fell (cs)', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/cs/hledani/prodej/byty/cesko`);
    const card = offerCardOf(page, 'cs', offerId);
    expect(plain(await card.getByTestId('card-badge-reduced').textContent())).toBe('Zlevněno o 4 %');
    await context.close();
  });
});
