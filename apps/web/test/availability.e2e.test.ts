// Issue 43 point 5 in Chromium against the real API (decision 065): the offer page shows the
// seller's reply figures and "not confirmed recently" (cs, en, ar right to left), the card says
// so too, and the "still available?" link's page names the offer, answers with one button,
// refuses a used or forged link, and passes axe.

import { join } from 'node:path';
import { availabilityChecks, offers, properties, users } from '@estately/db';
import { translate } from '@estately/i18n';
import { and, eq, ne } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAvailabilityToken } from '../../api/src/features/availability/availability-token.ts';
import {
  axeViolations,
  czechSaleFlat,
  offerCardOf,
  type SearchHarness,
  startSearchHarness,
} from './search-e2e-harness.ts';

let h: SearchHarness;
let offerId: number;
let askedId: number;

/** A folder to save screenshots into, when set. */
const SHOTS = process.env.RESPONSIVENESS_SCREENSHOTS;

const plain = (text: string | null) =>
  text
    ?.replace(/[\u00a0\u202f\u200e\u200f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim() ?? '';

/** The offer's heading badges and the seller card in one picture, saved when SHOTS is set. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  const boxes = await Promise.all(
    ['offer-badge-unconfirmed', 'seller-card'].map((id) => page.getByTestId(id).boundingBox()),
  );
  const left = Math.min(...boxes.map((box) => box!.x)) - 16;
  const top = Math.min(...boxes.map((box) => box!.y)) - 16;
  const right = Math.max(...boxes.map((box) => box!.x + box!.width)) + 16;
  const bottom = Math.max(...boxes.map((box) => box!.y + box!.height)) + 16;
  await page.screenshot({
    path: join(SHOTS, name),
    fullPage: true,
    clip: { x: Math.max(0, left), y: Math.max(0, top), width: right - left, height: bottom - top },
  });
}

beforeAll(async () => {
  h = await startSearchHarness({ offers: 40, seed: 'availability-e2e' });
  const db = h.database.db;
  offerId = (await czechSaleFlat(db)).id;
  const [offer] = await db.select({ ownerId: offers.ownerId }).from(offers).where(eq(offers.id, offerId));
  // The owner's stored reply figures, as the roll-up writes them; the offer marked by the sweep.
  await db
    .update(users)
    .set({ replyThreads: 12, replyRatePercent: 92, replyMedianMinutes: 180, replyStatsAt: new Date() })
    .where(eq(users.id, offer!.ownerId));
  await db
    .update(properties)
    .set({ availabilityUnconfirmedAt: new Date(Date.now() + 60_000) })
    .where(eq(properties.id, offerId));
  await db.update(offers).set({ isUnconfirmed: true }).where(eq(offers.id, offerId));
  // Another public offer with an open question, for the link's page.
  const [other] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.isPublic, true), eq(offers.isReserved, false), ne(offers.id, offerId)))
    .limit(1);
  askedId = other!.id;
});

afterAll(async () => {
  await h?.close();
});

async function link(choice: 'available' | 'sold', expiresAt = new Date(Date.now() + 30 * 86_400_000)) {
  const [check] = await h.database.db
    .insert(availabilityChecks)
    .values({ propertyId: askedId, sentAt: new Date() })
    .onConflictDoNothing()
    .returning({ id: availabilityChecks.id });
  const id =
    check?.id ??
    (
      await h.database.db.select().from(availabilityChecks).where(eq(availabilityChecks.propertyId, askedId))
    )[0]!.id;
  return signAvailabilityToken(h.api.app.config.jwt.keys, { checkId: id, choice, expiresAt });
}

describe('the offer page', () => {
  it('shows the reply figures and "not confirmed recently" (cs, en)', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/cs/property/${offerId}`);
    expect(plain(await page.getByTestId('seller-responsiveness').textContent())).toBe(
      'Odpovídá na 92 % zpráv, obvyklá doba odpovědi: 3 hodiny',
    );
    expect(plain(await page.getByTestId('offer-badge-unconfirmed').textContent())).toBe(
      'Nedávno nepotvrzeno',
    );
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'responsiveness-cs.png');

    await page.goto(`${h.web.url}/en/property/${offerId}`);
    expect(plain(await page.getByTestId('seller-responsiveness').textContent())).toBe(
      'Replies to 92% of messages, usual reply time: 3 hours',
    );
    expect(plain(await page.getByTestId('offer-badge-unconfirmed').textContent())).toBe(
      translate('en', 'offer.badge_unconfirmed'),
    );
    await shot(page, 'responsiveness-en.png');
    await context.close();
  });

  it('reads right to left in Arabic', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/ar/property/${offerId}`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const line = page.getByTestId('seller-responsiveness');
    expect(plain(await line.textContent())).toContain('يرد على');
    expect(await line.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'responsiveness-ar.png');
    await context.close();
  });

  it('the card says "not confirmed recently" (cs)', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/cs/hledani/prodej/byty/cesko`);
    const card = offerCardOf(page, 'cs', offerId);
    expect(plain(await card.getByTestId('card-badge-unconfirmed').textContent())).toBe('Nedávno nepotvrzeno');
    await context.close();
  });
});

describe('the link of the "still available?" e-mail', () => {
  it('names the offer, answers with one button, and refuses to answer twice', async () => {
    const token = await link('available');
    const context = await h.visitor();
    const page = await context.newPage();
    const response = await page.goto(`${h.web.url}/cs/availability/${token}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Je nabídka stále aktuální?');
    expect(plain(await page.getByTestId('availability-offer').textContent())).not.toBe('');
    // Opening the page answered nothing.
    const [before] = await h.database.db.select().from(properties).where(eq(properties.id, askedId));
    expect(before?.availabilityConfirmedAt).toBeNull();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Ano, stále je k dispozici' }).click();
    await page.getByTestId('availability-done').waitFor();
    expect(plain(await page.getByTestId('availability-done').textContent())).toBe(
      'Děkujeme. Inzerát zůstává zveřejněný a je potvrzený jako aktuální.',
    );
    const [after] = await h.database.db.select().from(properties).where(eq(properties.id, askedId));
    expect(after?.availabilityConfirmedAt).not.toBeNull();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${h.web.url}/cs/availability/${token}`);
    expect(plain(await page.getByTestId('availability-problem').textContent())).toBe(
      'Tento odkaz už byl použit.',
    );
    expect(await page.getByTestId('availability-submit').count()).toBe(0);
    await context.close();
  });

  it('says so for a forged or expired link (en, ar)', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    const token = await link('sold');
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const response = await page.goto(`${h.web.url}/en/availability/${forged}`);
    expect(response?.status()).toBe(404);
    expect(plain(await page.getByTestId('availability-problem').textContent())).toBe(
      translate('en', 'availability.invalid'),
    );
    const expired = await link('sold', new Date(Date.now() - 1_000));
    const gone = await page.goto(`${h.web.url}/ar/availability/${expired}`);
    expect(gone?.status()).toBe(410);
    expect(plain(await page.getByTestId('availability-problem').textContent())).toBe(
      translate('ar', 'availability.expired'),
    );
    expect(await axeViolations(page)).toEqual([]);
    // Nothing was sold.
    const [row] = await h.database.db.select().from(properties).where(eq(properties.id, askedId));
    expect(row?.state).toBe('active');
    await context.close();
  });
});
