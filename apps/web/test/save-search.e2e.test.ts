// Browser tests of "save this search" (issue 9): a guest is sent to sign in and comes back to the
// same results URL, then saves the search with an edited name and a frequency (success toast, the
// watch-dog stored with the page's filters); without JavaScript the form posts to the results
// page's action, an empty name is refused beside its field and nothing is stored.

import { composeSearchPath, defaultFilters, type SavedSearch, type SavedSearchList } from '@estately/domain';
import { translate } from '@estately/i18n';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillSignInForm, harnessPerFile, hydrated, signUpByApi } from './browser-setup.ts';
import { axeViolations, startSearchHarness } from './search-e2e-harness.ts';

const h = harnessPerFile(() => startSearchHarness({ offers: 12, seed: 'save-search-e2e' }), 240_000);

const signUp = async (email: string) => (await signUpByApi(h.api.url, email)).token;

async function savedSearches(token: string): Promise<SavedSearch[]> {
  const response = await fetch(`${h.api.url}/saved_searches`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as SavedSearchList).data;
}

async function signInFirst(context: BrowserContext, email: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${h.web.url}/en/auth/signin`);
  await fillSignInForm(page, email);
  await page.waitForURL((url) => url.pathname === '/en/account');
  return page;
}

describe('save this search', () => {
  it('sends a guest to sign in and back, then saves the search with its filters (toast)', async () => {
    const email = 'watchdog-guest@example.com';
    const token = await signUp(email);
    const context = await h.visitor();
    const page = await context.newPage();
    const results = '/en/search/sale?dispositions=2,3';
    await page.goto(`${h.web.url}${results}`);
    // A guest has no form, only the way to sign in that comes back here.
    expect(await page.getByTestId('save-search-form').count()).toBe(0);
    await page.getByTestId('save-search-sign-in').click();
    await page.waitForURL((url) => url.pathname === '/en/auth');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(results);
    await fillSignInForm(page, email);
    await page.waitForURL((url) => url.pathname === '/en/search/sale' && url.search === '?dispositions=2,3');

    // The control's code comes after the page's first load (results-page.tsx): until then the
    // form the server wrote would post to the page's action, without the toast.
    await hydrated(page, 'save-search-form');
    await page.getByTestId('save-search').locator('summary').click();
    const name = page.getByTestId('save-search-name');
    // The default name is made of the search itself, in the page's language.
    expect(await name.inputValue()).toBe(
      [
        translate('en', 'value.offer_type.sale'),
        `${translate('en', 'value.disposition.2')}, ${translate('en', 'value.disposition.3')}`,
      ].join(' · '),
    );
    expect(await axeViolations(page)).toEqual([]);
    await name.fill('Two and three rooms to buy');
    await page.getByTestId('save-search-frequency').selectOption('weekly');
    await page.getByTestId('save-search-form').locator('button[type="submit"]').click();
    await expect
      .poll(() => page.locator('.toast-list').textContent())
      .toContain(translate('en', 'account.watch_dog_saved'));
    expect(await page.getByTestId('save-search-saved').isVisible()).toBe(true);

    const [saved, ...others] = await savedSearches(token);
    expect(others).toEqual([]);
    expect(saved).toMatchObject({
      name: 'Two and three rooms to buy',
      frequency: 'weekly',
      filters: { offer_type: 'sale', dispositions: ['2', '3'] },
      search_path: results,
    });
    await context.close();
  });

  it('works without JavaScript: the form posts to the results page, an empty name changes nothing', async () => {
    const email = 'watchdog-nojs@example.com';
    const token = await signUp(email);
    const context = await h.visitor({ javaScript: false });
    const page = await signInFirst(context, email);
    const results = composeSearchPath('en', {
      ...defaultFilters(),
      offer_type: 'rent',
      property_type: 'apartment',
    });
    await page.goto(`${h.web.url}${results}`);
    const form = page.getByTestId('save-search-form');
    await page.getByTestId('save-search').locator('summary').click();
    expect(await page.getByTestId('save-search-name').inputValue()).toBe(
      `${translate('en', 'value.offer_type.rent')} · ${translate('en', 'value.property_type.apartment')}`,
    );

    await page.getByTestId('save-search-name').fill('   ');
    await form.locator('button[type="submit"]').click();
    await page.waitForLoadState('domcontentloaded');
    expect(await page.getByTestId('save-search-error-name').textContent()).toBe(
      translate('en', 'validation.required'),
    );
    expect(await savedSearches(token)).toEqual([]);

    await page.getByTestId('save-search-name').fill('Flats to rent');
    await page.getByTestId('save-search-frequency').selectOption('instant');
    await form.locator('button[type="submit"]').click();
    await page.waitForLoadState('domcontentloaded');
    expect(await page.getByTestId('save-search-saved').textContent()).toContain(
      translate('en', 'account.watch_dog_saved'),
    );
    expect(new URL(page.url()).pathname).toBe(results);
    const saved = await savedSearches(token);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      name: 'Flats to rent',
      frequency: 'instant',
      filters: { offer_type: 'rent', property_type: 'apartment' },
      search_path: results,
    });
    await context.close();
  });
});
