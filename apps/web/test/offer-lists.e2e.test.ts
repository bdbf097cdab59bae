// Browser tests of issue 44 points 4 and 6 (decision 072): picking three offers to compare from
// the results, the compare table with distances to a typed place and its print layout; hiding an
// offer with "Undo" and "Show again" as a guest; a guest's viewed and hidden offers joining the
// account at sign-in, and a signed-in person's hidden offers left out of their results. axe on
// every page, in en, cs and ar.

import { join } from 'node:path';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@estately/db/seed';
import {
  buildPath,
  composeSearchPath,
  defaultFilters,
  type Locale,
  type SearchOffersResponse,
} from '@estately/domain';
import { translate } from '@estately/i18n';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePath, hiddenOffersPath, offerListsActionPath } from '../app/routing/offer-lists-paths.ts';
import { apiAs, fillSignInForm, signUpByApi } from './browser-setup.ts';
import { axeViolations, type SearchHarness, startSearchHarness } from './search-e2e-harness.ts';

let h: SearchHarness;
/** A folder to write the pages' screenshots to (docs/screenshots), when set. */
const SHOTS = process.env.OFFER_LISTS_SCREENSHOTS;

beforeAll(async () => {
  h = await startSearchHarness({ offers: 40, seed: 'offer-lists-e2e' });
}, 240_000);

afterAll(async () => {
  await h?.close();
});

const resultsOf = (locale: Locale) => composeSearchPath(locale, defaultFilters());

/** Ids of the cards on the page, in order. */
async function cardIds(page: Page): Promise<number[]> {
  const hrefs = await page
    .locator('.offer-grid [data-testid="offer-card"] a[href*="/property/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs.map((href) => Number(/\/property\/(\d+)/.exec(href)?.[1])))];
}

/** The card's list item of an offer on a results page. */
function cardItem(page: Page, locale: Locale, id: number) {
  return page
    .locator('.offer-grid > li')
    .filter({ has: page.locator(`a[href="/${locale}/property/${id}"]`) });
}

/** A card's compare button ("Compare", or "Remove from comparison" once picked). */
function compareButton(page: Page, locale: Locale, id: number) {
  return cardItem(page, locale, id).locator(`button[value="compare:${id}"], button[value="uncompare:${id}"]`);
}

/** Whether a card's compare button says the offer is picked (it then removes it). */
async function isPicked(page: Page, locale: Locale, id: number): Promise<boolean> {
  return (await compareButton(page, locale, id).getAttribute('value'))?.startsWith('uncompare:') ?? false;
}

/** A card's "Hide this offer" button. */
function hideButton(page: Page, locale: Locale, id: number) {
  return cardItem(page, locale, id).locator(`button[value="hide:${id}"]`);
}

async function apiSearchTotal(token?: string): Promise<number> {
  const response = await fetch(`${h.api.url}/public/offers`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return ((await response.json()) as SearchOffersResponse).meta.total;
}

describe('compare (issue 44 point 4)', () => {
  it('picks three offers from the results, shows them side by side with distances, and prints the table alone', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    const locale: Locale = 'en';
    await page.goto(`${h.web.url}${resultsOf(locale)}`);
    const ids = (await cardIds(page)).slice(0, 3);
    expect(ids).toHaveLength(3);
    for (const [index, id] of ids.entries()) {
      expect(await isPicked(page, locale, id)).toBe(false);
      expect(await compareButton(page, locale, id).textContent()).toBe(
        translate(locale, 'offer_lists.compare'),
      );
      await compareButton(page, locale, id).click();
      await expect.poll(() => isPicked(page, locale, id)).toBe(true);
      expect(new URL(page.url()).pathname).toBe(resultsOf(locale));
      expect(await compareButton(page, locale, id).textContent()).toBe(
        translate(locale, 'offer_lists.compare_remove'),
      );
      expect(await page.getByTestId('compare-tray').textContent()).toContain(
        translate(locale, 'offer_lists.tray_count', { count: index + 1 }),
      );
    }
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'compare-tray-en.png') });

    await page.getByTestId('compare-open').click();
    await page.waitForURL((url) => url.pathname === comparePath(locale));
    expect(new URL(page.url()).searchParams.get('ids')).toBe(ids.join('.'));
    const table = page.getByTestId('compare-table');
    expect(await table.locator('thead th').count()).toBe(3);
    for (const id of ids)
      expect(await table.locator(`thead a[href="/${locale}/property/${id}"]`).count()).toBe(1);
    for (const row of ['price', 'price_per_m2', 'layout', 'area', 'floor', 'parameters', 'energy', 'trust'])
      expect(await table.locator(`tr[data-row="${row}"] td`).count(), row).toBe(3);
    // Prices in the visitor's currency: the header's choice (CZK by default for en) on every column.
    expect(await table.locator('tr[data-row="price"] th').textContent()).toBe(
      translate(locale, 'compare.row_price'),
    );
    expect(await table.locator('tr[data-row="distance"]').count()).toBe(0);

    // A place typed and picked from the suggestions: the distances row appears, in km.
    const box = page.getByTestId('compare-place');
    await box.click();
    await box.pressSequentially('Prag', { delay: 40 });
    const option = page.getByTestId('compare-place-option').first();
    await option.waitFor();
    await Promise.all([page.waitForURL((url) => url.searchParams.has('lat')), option.click()]);
    const distances = await table.locator('tr[data-row="distance"] td').allTextContents();
    expect(distances).toHaveLength(3);
    for (const text of distances) expect(text).toMatch(/\d.* km$/);
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'compare-en.png'), fullPage: true });

    // Printed: the table without the site's frame, the place form and the buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await table.isVisible()).toBe(true);
    expect(await page.locator('.site-header').isVisible()).toBe(false);
    expect(await page.getByTestId('compare-place-form').isVisible()).toBe(false);
    expect(await page.getByTestId('compare-print').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    expect(await page.locator('.site-header').isVisible()).toBe(true);
    await context.close();
  });

  it('works in Czech and Arabic (right to left) at their own addresses, and removes an offer', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}${resultsOf('en')}`);
    const ids = (await cardIds(page)).slice(3, 5);
    for (const locale of ['cs', 'ar'] as const) {
      await page.goto(`${h.web.url}${comparePath(locale, ids)}`);
      expect(new URL(page.url()).pathname).toBe(comparePath(locale));
      expect(await page.locator('h1').textContent()).toBe(translate(locale, 'compare.title'));
      expect(await page.getByTestId('compare-table').locator('thead th').count()).toBe(2);
      expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      expect(await axeViolations(page), locale).toEqual([]);
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `compare-${locale}.png`), fullPage: true });
    }
    // "Remove" leaves one offer: the page then asks for another.
    await page.locator('.compare-remove button').first().click();
    await page.getByTestId('compare-empty').waitFor();
    expect(await page.getByTestId('compare-empty').textContent()).toBe(translate('ar', 'compare.empty'));
    await context.close();
  });

  it('refuses a fifth offer with a notice', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}${resultsOf('en')}`);
    const ids = (await cardIds(page)).slice(0, 5);
    await page.goto(`${h.web.url}${comparePath('en', ids.slice(0, 4))}`);
    await page.goto(`${h.web.url}${resultsOf('en')}`);
    await compareButton(page, 'en', ids[4]!).click();
    await page.getByTestId('offer-lists-notice').waitFor();
    expect(await page.getByTestId('offer-lists-notice').textContent()).toBe(
      translate('en', 'offer_lists.compare_full', { max: 4 }),
    );
    expect(await isPicked(page, 'en', ids[4]!)).toBe(false);
    await context.close();
  });
});

describe('the list action refuses what its buttons never send', () => {
  it('answers 400 and sets no list cookie for an unknown kind, a missing, malformed or extra id', async () => {
    for (const intent of [
      '',
      'compare',
      'compare:',
      'compare:abc',
      'compare:-3',
      'compare:1:2',
      'steal:1',
      'hide:1e3',
    ]) {
      const response = await fetch(`${h.web.url}${offerListsActionPath('en')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: h.web.url },
        body: new URLSearchParams({ intent, back: '/en' }),
        redirect: 'manual',
      });
      expect(response.status, intent).toBe(400);
      expect(response.headers.get('set-cookie') ?? '', intent).not.toMatch(/compare_offers|hidden_offers/);
    }
  });
});

describe('compare from the favourites (issue 44 point 4)', () => {
  it('picks two favourites for comparison on the favourites page and opens them side by side', async () => {
    const email = 'compare.favourites@example.test';
    const { token } = await signUpByApi(h.api.url, email);
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}${resultsOf('en')}`);
    const ids = (await cardIds(page)).slice(0, 2);
    for (const id of ids) await apiAs(h.api.url, token, 'POST', `/user/offers/${id}/favorite_offer`);
    await page.goto(`${h.web.url}/en/auth/signin`);
    await fillSignInForm(page, email);
    await page.waitForURL(/\/en\/account$/);

    const favourites = buildPath('accountFavorites', 'en');
    await page.goto(`${h.web.url}${favourites}`);
    const item = (id: number) =>
      page.getByTestId('favorite-item').filter({ has: page.locator(`a[href="/en/property/${id}"]`) });
    for (const [index, id] of ids.entries()) {
      // A favourite is kept on purpose: compare, but no "Hide this offer".
      expect(await item(id).locator(`button[value="hide:${id}"]`).count()).toBe(0);
      await item(id).locator(`button[value="compare:${id}"]`).click();
      await expect.poll(() => item(id).locator(`button[value="uncompare:${id}"]`).count()).toBe(1);
      expect(new URL(page.url()).pathname).toBe(favourites);
      expect(await page.getByTestId('compare-tray').textContent()).toContain(
        translate('en', 'offer_lists.tray_count', { count: index + 1 }),
      );
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('compare-open').click();
    await page.waitForURL((url) => url.pathname === comparePath('en'));
    expect(await page.getByTestId('compare-table').locator('thead th').count()).toBe(2);
    await context.close();
  });
});

describe('hide this offer and recently viewed (issue 44 point 6)', () => {
  it('a guest hides an offer, undoes it, hides it again and shows it again from the hidden offers page', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    const locale: Locale = 'en';
    await page.goto(`${h.web.url}${resultsOf(locale)}`);
    const countText = await page.getByTestId('results-count').textContent();
    const [id] = await cardIds(page);
    await hideButton(page, locale, id!).click();
    await page.getByTestId('offer-lists-notice').waitFor();
    expect(await page.getByTestId('offer-lists-notice').textContent()).toContain(
      translate(locale, 'offer_lists.hidden_notice'),
    );
    expect(await cardIds(page)).not.toContain(id);
    expect(await page.getByTestId('results-count').textContent()).not.toBe(countText);
    expect(await axeViolations(page)).toEqual([]);
    // The notice is shown once.
    await page.reload();
    expect(await page.getByTestId('offer-lists-notice').count()).toBe(0);
    expect(await cardIds(page)).not.toContain(id);

    // Undo brings it back.
    const second = (await cardIds(page))[0]!;
    await hideButton(page, locale, second).click();
    await page.getByTestId('undo-hide').waitFor();
    expect(await page.getByTestId('undo-hide').getAttribute('value')).toBe(`unhide:${second}`);
    await page.getByTestId('undo-hide').click();
    await page.waitForLoadState('load');
    expect(await cardIds(page)).toContain(second);

    // The hidden offers page lists the first one; "Show again" brings it back to the results.
    await page.goto(`${h.web.url}${hiddenOffersPath(locale)}`);
    expect(await page.getByTestId('hidden-offer').count()).toBe(1);
    expect(
      await page.getByTestId('hidden-offer').locator(`a[href="/${locale}/property/${id}"]`).count(),
    ).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('show-again').click();
    await page.getByTestId('hidden-empty').waitFor();
    await page.goto(`${h.web.url}${resultsOf(locale)}`);
    expect(await cardIds(page)).toContain(id);
    expect(await page.getByTestId('results-count').textContent()).toBe(countText);
    await context.close();
  });

  it("a guest's viewed and hidden offers show on home and join the account at sign-in; signed in, hidden offers stay out", async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    const locale: Locale = 'cs';
    await page.goto(`${h.web.url}${resultsOf(locale)}`);
    const [hiddenId, viewedId] = await cardIds(page);
    // Viewing an offer records it (the page's pixel), hiding another leaves it out.
    await page.goto(`${h.web.url}/${locale}/property/${viewedId}`);
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'recently_viewed')?.value)
      .toBe(String(viewedId));
    await page.goto(`${h.web.url}${resultsOf(locale)}`);
    await hideButton(page, locale, hiddenId!).click();
    await page.getByTestId('offer-lists-notice').waitFor();
    // Home shows the viewed offer once the page has run.
    await page.goto(`${h.web.url}/${locale}`);
    const recent = page.getByTestId('recently-viewed');
    await recent.waitFor();
    expect(await recent.locator('h2').textContent()).toBe(translate(locale, 'recent.title'));
    expect(await recent.locator(`a[href="/${locale}/property/${viewedId}"]`).count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);

    // Signing in moves both lists into the account and clears the browser's.
    await page.goto(`${h.web.url}/${locale}/auth/signin`);
    await fillSignInForm(page, DEMO_ACCOUNTS.person, DEMO_PASSWORD);
    await page.waitForURL(new RegExp(`/${locale}/account$`));
    const token = (await context.cookies()).find((cookie) => cookie.name === 'token')?.value ?? '';
    const names = (await context.cookies()).map((cookie) => cookie.name);
    expect(names).not.toContain('hidden_offers');
    expect(names).not.toContain('recently_viewed');
    const hidden = await fetch(`${h.api.url}/user/hidden_offers`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(
      ((await hidden.json()) as { data: { offer_id: number }[] }).data.map((item) => item.offer_id),
    ).toEqual([hiddenId]);
    const viewed = await fetch(`${h.api.url}/user/recently_viewed`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await viewed.json()) as { data: { id: number }[] }).data.map((card) => card.id)).toContain(
      viewedId,
    );

    // Signed in, the account's hidden offer stays out of the results (no cookie carries it now).
    await page.goto(`${h.web.url}${resultsOf(locale)}`);
    expect(await cardIds(page)).not.toContain(hiddenId);
    expect(await apiSearchTotal(token)).toBe((await apiSearchTotal()) - 1);
    // Home shows the account's recently viewed offers.
    await page.goto(`${h.web.url}/${locale}`);
    await page.getByTestId('recently-viewed').waitFor();
    // And "Show again" on the hidden offers page, as the account.
    await page.goto(`${h.web.url}${hiddenOffersPath(locale)}`);
    await page.getByTestId('show-again').click();
    await page.getByTestId('hidden-empty').waitFor();
    expect(await apiSearchTotal(token)).toBe(await apiSearchTotal());
    await context.close();
  });
});
