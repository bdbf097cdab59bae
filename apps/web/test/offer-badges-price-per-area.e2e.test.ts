// Issue 39 points 12 and 14 in Chromium against the real API: a sale flat published today whose
// price was cut shows its price per m² and the "new" and "reduced" badges on its card (cs), and
// on its page the same with the energy label: the A-G scale with its class marked, said in
// words for screen readers (cs, ar).

import { join } from 'node:path';
import { offers } from '@estately/db';
import { translate } from '@estately/i18n';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { czechSaleFlat, type SearchHarness, startSearchHarness } from './search-e2e-harness.ts';

let h: SearchHarness;
let offerId: number;
let price: number;
let area: number;

beforeAll(async () => {
  h = await startSearchHarness({ offers: 40, seed: 'offer-badges-e2e' });
  const db = h.database.db;
  const offer = await czechSaleFlat(db);
  offerId = offer.id;
  price = offer.price;
  area = offer.area;
  // Published an hour ago (first in the newest-first list), its price cut, energy class C.
  await db
    .update(offers)
    .set({
      isPriceReduced: true,
      penb: 'c',
      publishedAt: sql`now() - interval '1 hour'`,
      activatedAt: sql`now() - interval '1 hour'`,
    })
    .where(eq(offers.id, offerId));
});

afterAll(async () => {
  await h?.close();
});

/** A folder to save screenshots of the card, the heading and the label into, when set. */
const SHOTS = process.env.BADGES_SCREENSHOTS;

const plain = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, ' ').trim() ?? '';

describe('price per m², badges and the energy label', () => {
  it('a card shows the price per m² and the new and reduced badges (cs)', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/cs/hledani/prodej/byty/cesko`);
    const card = page
      .getByTestId('offer-card')
      .filter({ has: page.locator(`a[href="/cs/property/${offerId}"]`) });
    expect(await card.count()).toBe(1);
    const perArea = Math.round(price / area)
      .toLocaleString('cs-CZ')
      .replace(/[\u00a0\u202f]/g, ' ');
    expect(plain(await card.getByTestId('offer-price-per-area').textContent())).toBe(`${perArea} Kč/m²`);
    expect(await card.getByTestId('card-badge-new').textContent()).toBe(translate('cs', 'offer.badge_new'));
    expect(await card.getByTestId('card-badge-reduced').textContent()).toBe(
      translate('cs', 'offer.badge_reduced'),
    );
    // An offer published long ago and never reduced has neither badge.
    if (SHOTS) await card.screenshot({ path: join(SHOTS, 'card-cs.png') });
    const older = page.getByTestId('offer-card').nth(1);
    expect(await older.getByTestId('card-badge-new').count()).toBe(0);
    await context.close();
  });

  it('the offer page shows them by the price and draws the energy label (cs, ar)', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/cs/property/${offerId}`);
    expect(plain(await page.getByTestId('offer-detail-price-per-area').textContent())).toMatch(
      /^[\d ]+ Kč\/m²$/,
    );
    expect(await page.getByTestId('offer-badge-new').textContent()).toBe('Novinka');
    expect(await page.getByTestId('offer-badge-reduced').textContent()).toBe('Zlevněno');
    const label = page.getByTestId('energy-label');
    expect(await label.getAttribute('data-energy-class')).toBe('c');
    expect(await label.locator('[data-current="true"] .energy-label__marker').textContent()).toBe('C');
    expect(await label.locator('.visually-hidden').textContent()).toBe(
      'Energetická třída C (stupnice A až G)',
    );

    await page.goto(`${h.web.url}/ar/property/${offerId}`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.getByTestId('offer-detail-price-per-area').textContent()).toContain('/م²');
    const arabic = page.getByTestId('energy-label');
    expect(await arabic.locator('.visually-hidden').textContent()).toBe(
      translate('ar', 'offer.energy_label', { letter: 'C' }),
    );
    // Mirrored: the marker stands left of the marked bar.
    const [bar, marker] = await Promise.all([
      arabic.locator('[data-current="true"] .energy-label__bar').boundingBox(),
      arabic.locator('.energy-label__marker').boundingBox(),
    ]);
    expect(marker!.x + marker!.width).toBeLessThan(bar!.x);
    if (SHOTS) {
      await page
        .getByTestId('offer-detail')
        .locator('header')
        .screenshot({ path: join(SHOTS, 'detail-header-ar.png') });
      await arabic.screenshot({ path: join(SHOTS, 'energy-label-ar-page.png') });
    }
    await context.close();
  });
});
