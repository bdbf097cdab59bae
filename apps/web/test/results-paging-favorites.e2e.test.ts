// Browser tests of issue 39 defects 3 and 4 on the results list, in cs, en and ar: a page past
// the last one is a 302 to the last page with the same filters (and map mode), never a page saying
// "N offers", "no offer matches" and "page 999 of 3" at once; and a heart toggled on the list
// changes the header's favourites count at once, its aria-pressed and its name with it.

import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@estately/db/seed';
import {
  composeSearchPath,
  defaultFilters,
  type Locale,
  type SearchFilters,
  type SearchOffersResponse,
  serializeFilters,
} from '@estately/domain';
import { translate } from '@estately/i18n';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toFavoriteIds } from '../app/session/session.ts';
import { type SearchHarness, startSearchHarness } from './search-e2e-harness.ts';

let h: SearchHarness;

beforeAll(async () => {
  h = await startSearchHarness({ offers: 60, seed: 'paging-favorites-e2e' });
}, 240_000);

afterAll(async () => {
  await h?.close();
});

const LOCALES: Locale[] = ['cs', 'en', 'ar'];

const filters = (extra: Partial<SearchFilters>): SearchFilters => ({ ...defaultFilters(), ...extra });

async function meta(extra: Partial<SearchFilters>): Promise<SearchOffersResponse['meta']> {
  const answer = await h.apiGet<SearchOffersResponse>(`/public/offers?${serializeFilters(filters(extra))}`);
  return answer.meta;
}

/** Waits until React has hydrated the document (a click before that does nothing). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber')));
}

describe('paging past the last page (issue 39 defect 3)', () => {
  it('redirects to the last page with the filters and map mode kept, in cs, en and ar', async () => {
    const { total, total_pages: last } = await meta({});
    expect(last).toBeGreaterThan(1);
    const context = await h.visitor();
    const page = await context.newPage();
    for (const locale of LOCALES) {
      const target = composeSearchPath(locale, filters({ page: last }));
      // The answer itself: a temporary redirect (the page may exist tomorrow), straight to a page
      // that exists, which answers 200 (a crawler following it never loops).
      const first = await fetch(`${h.web.url}${composeSearchPath(locale, filters({ page: 999 }))}`, {
        redirect: 'manual',
      });
      expect(first.status, locale).toBe(302);
      expect(first.headers.get('location'), locale).toBe(target);
      const second = await fetch(`${h.web.url}${target}`, { redirect: 'manual' });
      expect(second.status, locale).toBe(200);

      await page.goto(`${h.web.url}${composeSearchPath(locale, filters({ page: 999 }))}`);
      expect(new URL(page.url()).pathname + new URL(page.url()).search, locale).toBe(target);
      expect(await page.getByTestId('results-count').textContent()).toBe(
        translate(locale, 'results.count', { count: total }),
      );
      expect(await page.getByTestId('results-empty').count(), locale).toBe(0);
      expect(await page.locator('.offer-grid > li').count(), locale).toBeGreaterThan(0);
      expect(
        await page.getByTestId('pagination').locator('[aria-current="page"]').textContent(),
        locale,
      ).toBe(translate(locale, 'results.page', { page: last, pages: last }));
    }
    await context.close();
  });

  it('keeps the filters and the map, and sends an empty search past its end to its first page', async () => {
    const rent = await meta({ offer_type: 'rent' });
    expect(rent.total).toBeGreaterThan(0);
    const lastRent = Math.max(rent.total_pages, 1);
    const past = composeSearchPath('en', filters({ offer_type: 'rent', page: lastRent + 5 }));
    const withMap = `${past}${past.includes('?') ? '&' : '?'}map=1`;
    const answer = await fetch(`${h.web.url}${withMap}`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location') ?? '', h.web.url);
    expect(location.pathname).toBe(
      new URL(composeSearchPath('en', filters({ offer_type: 'rent' })), h.web.url).pathname,
    );
    expect(location.searchParams.get('map')).toBe('1');
    expect(Number(location.searchParams.get('page') ?? '1')).toBe(lastRent);

    // A search that matches nothing: page 4 of nothing is its first page, saying it is empty.
    const none = filters({ area_from: 999_999, page: 4 });
    expect((await meta({ area_from: 999_999 })).total).toBe(0);
    const context = await h.visitor();
    const page = await context.newPage();
    for (const locale of LOCALES) {
      await page.goto(`${h.web.url}${composeSearchPath(locale, none)}`);
      const url = new URL(page.url());
      expect(url.searchParams.get('page'), locale).toBeNull();
      expect(url.pathname + url.search, locale).toBe(
        composeSearchPath(locale, filters({ area_from: 999_999 })),
      );
      expect(await page.getByTestId('results-empty').count(), locale).toBe(1);
      expect(await page.getByTestId('pagination').count(), locale).toBe(0);
    }
    // The results list's own address (not a search path) is sent to the last page too.
    const listing = await fetch(`${h.web.url}/en/listings?page=999`, { redirect: 'manual' });
    expect(listing.status).toBe(302);
    expect(listing.headers.get('location')).toBe(
      composeSearchPath('en', filters({ page: (await meta({})).total_pages })),
    );
    await context.close();
  });
});

describe('the heart on the results list (issue 39 defect 4)', () => {
  it('changes the header count at once, with aria-pressed and a matching name, in cs, en and ar', async () => {
    const login = await fetch(`${h.api.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.person, password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const tokens = (await login.json()) as { token: string; refresh_token: string };
    const favoriteIds = async () => {
      const response = await fetch(`${h.api.url}/user/favorite_offers/ids`, {
        headers: { authorization: `Bearer ${tokens.token}` },
      });
      return toFavoriteIds(await response.json());
    };
    const context = await h.visitor();
    await context.addCookies([
      { name: 'token', value: tokens.token, url: h.web.url },
      { name: 'refresh_token', value: tokens.refresh_token, url: h.web.url },
    ]);
    const page = await context.newPage();
    for (const locale of LOCALES) {
      const count = (await favoriteIds()).length;
      await page.goto(`${h.web.url}${composeSearchPath(locale, defaultFilters())}`);
      await hydrated(page);
      const header = page.getByTestId('favorites-count');
      expect(await header.textContent(), locale).toBe(translate(locale, 'nav.favorites_count', { count }));
      const heart = page.locator('.offer-grid [data-testid="favorite-toggle"][aria-pressed="false"]').first();
      const card = await heart.evaluate((element) => {
        element.setAttribute('data-picked', 'yes');
        return true;
      });
      expect(card).toBe(true);
      const picked = page.locator('[data-picked="yes"]');
      expect(await picked.getAttribute('aria-label'), locale).toBe(translate(locale, 'offer.add_favorite'));

      await picked.click();
      await expect.poll(() => picked.getAttribute('aria-pressed')).toBe('true');
      // The header counts it at once (before: only after the next navigation).
      await expect
        .poll(() => header.textContent())
        .toBe(translate(locale, 'nav.favorites_count', { count: count + 1 }));
      // Its name says what pressing it does now (before: "add to favourites" while pressed).
      expect(await picked.getAttribute('aria-label'), locale).toBe(
        translate(locale, 'offer.remove_favorite'),
      );
      await expect.poll(async () => (await favoriteIds()).length).toBe(count + 1);

      // Pressed again: the favourite goes, the count and the name with it.
      await picked.click();
      await expect.poll(() => picked.getAttribute('aria-pressed')).toBe('false');
      expect(await picked.getAttribute('aria-label'), locale).toBe(translate(locale, 'offer.add_favorite'));
      await expect.poll(() => header.textContent()).toBe(translate(locale, 'nav.favorites_count', { count }));
      await expect.poll(async () => (await favoriteIds()).length).toBe(count);
    }
    await context.close();
  });
});
