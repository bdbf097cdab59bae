// Issue 39 point 13 in Chromium: on a phone (390 x 844) the offer page keeps a contact bar at the
// bottom of the screen while the visitor scrolls, in cs and in ar (right to left). Call reveals
// the seller's phone the way the seller box does (`?contact=1`) and is then a `tel:` link to it;
// Message moves the focus to the message form's first field, in view above the bar. The bar is
// not shown on a wide screen nor in print.

import { join } from 'node:path';
import type { OfferContact, SearchOffersResponse } from '@estately/domain';
import { translate } from '@estately/i18n';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_UA } from './browser-setup.ts';
import { axeViolations, type SearchHarness, startSearchHarness } from './search-e2e-harness.ts';

let h: SearchHarness;
let offerId: number;
let phone: string;

const PHONE = { width: 390, height: 844 };
/** A folder to keep a picture of the phone's offer page in each locale (optional). */
const SHOTS = process.env.CONTACT_BAR_SCREENSHOTS;

beforeAll(async () => {
  h = await startSearchHarness({ offers: 12, seed: 'contact-bar-e2e' });
  const offers = await h.apiGet<SearchOffersResponse>('/public/offers?per_page=12');
  for (const offer of offers.data) {
    const contact = await h.apiGet<OfferContact>(`/public/offers/${offer.id}/contact`);
    if (contact.contact_phone) {
      offerId = offer.id;
      phone = contact.contact_phone;
      break;
    }
  }
  if (offerId === undefined) throw new Error('no seeded offer with a contact phone');
}, 240_000);

afterAll(async () => {
  await h?.close();
});

async function phonePage(): Promise<Page> {
  const context = await h.browser.newContext({
    userAgent: PERSON_UA,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

/** The bar's box and position, and the viewport's height. */
function barPlacement(page: Page) {
  return page.getByTestId('contact-bar').evaluate((bar) => {
    const box = bar.getBoundingClientRect();
    return {
      position: getComputedStyle(bar).position,
      top: box.top,
      bottom: box.bottom,
      left: box.left,
      right: box.right,
      viewportHeight: window.innerHeight,
      viewportWidth: document.documentElement.clientWidth,
    };
  });
}

describe.each(['cs', 'ar'] as const)('the phone contact bar in %s', (locale) => {
  it('stays at the bottom while scrolling, Call reveals and then calls the phone, Message focuses the form', async () => {
    const page = await phonePage();
    await page.goto(`${h.web.url}/${locale}/property/${offerId}`);
    expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    const bar = page.getByRole('navigation', { name: translate(locale, 'offer.contact_seller') });
    expect(await bar.isVisible()).toBe(true);

    // Fixed at the bottom edge across the whole width, before and after scrolling halfway down.
    for (const fraction of [0, 0.5]) {
      await page.evaluate((part) => window.scrollTo(0, document.body.scrollHeight * part), fraction);
      const placed = await barPlacement(page);
      expect(placed.position).toBe('fixed');
      expect(Math.abs(placed.bottom - placed.viewportHeight)).toBeLessThanOrEqual(1);
      expect(placed.left).toBe(0);
      expect(Math.abs(placed.right - placed.viewportWidth)).toBeLessThanOrEqual(1);
    }
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `phone-detail-${locale}.png`) });

    // Call: first the reveal link of the seller box; followed, the phone is shown and called.
    const call = bar.getByRole('link', { name: translate(locale, 'offer.call') });
    expect(await call.getAttribute('href')).toBe(`/${locale}/property/${offerId}?contact=1#contact`);
    await call.click();
    await page.waitForURL(/\?contact=1#contact$/);
    await page.getByTestId('offer-contact').waitFor();
    const tel = `tel:${phone.replace(/[^+\d]/g, '')}`;
    expect(await bar.getByRole('link', { name: translate(locale, 'offer.call') }).getAttribute('href')).toBe(
      tel,
    );

    // Message: the message form's name field has the focus and is in view above the bar.
    await bar.getByRole('link', { name: translate(locale, 'offer.write_message') }).click();
    const field = page.getByTestId('message-form').getByLabel(translate(locale, 'offer.your_name'));
    await expect.poll(() => field.evaluate((node) => node === document.activeElement)).toBe(true);
    const fieldBox = await field.evaluate((node) => node.getBoundingClientRect().bottom);
    const placed = await barPlacement(page);
    expect(fieldBox).toBeGreaterThan(0);
    expect(fieldBox).toBeLessThanOrEqual(placed.top);
    // Typing starts at once.
    await page.keyboard.type('Jana');
    expect(await field.inputValue()).toBe('Jana');

    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('the contact bar elsewhere', () => {
  it('is not shown on a wide screen nor in print', async () => {
    const wide = await (await h.visitor({ width: 1280 })).newPage();
    await wide.goto(`${h.web.url}/cs/property/${offerId}`);
    expect(await wide.getByTestId('contact-bar').count()).toBe(1);
    expect(await wide.getByTestId('contact-bar').isVisible()).toBe(false);
    await wide.context().close();

    const page = await phonePage();
    await page.goto(`${h.web.url}/en/property/${offerId}`);
    expect(await page.getByTestId('contact-bar').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('contact-bar').isVisible()).toBe(false);
    await page.context().close();
  });
});
