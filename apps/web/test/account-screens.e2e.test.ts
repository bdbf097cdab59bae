// The account screens in Chromium against the real API (issue 10): a new person edits the
// profile (an error under its field, then saved), uploads a picture with a preview, keeps
// favourites (paged by 10, filtered by offer type, removed), manages a watch-dog (rename,
// pause, delete), sees what needs attention on the account home, switches the language (the
// same screen in the new locale) and changes the password (signed out, then in with it).

import { translate } from '@estately/i18n';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { axeViolations, signIn, startAccountHarness, tokenOf } from './account-helpers.ts';
import { apiAs, fillSignInForm, harnessPerFile, PASSWORD } from './browser-setup.ts';

const h = harnessPerFile(startAccountHarness);

const api = (token: string | null, method: string, path: string, body?: unknown) =>
  apiAs(h.api.url, token, method, path, body);

describe('personal settings', () => {
  it('shows a field error, then saves the profile and the picture', async () => {
    const email = 'profil@example.com';
    await h.signUpByApi(email);
    const context = await h.visitor();
    const page = await context.newPage();
    await signIn(page, h.web.url, email);
    await page.goto(`${h.web.url}/en/account/settings/personal`);
    const form = page.getByTestId('profile-form');
    await form.getByLabel('First name').fill('Jana');
    await form.getByLabel('Last name').fill('Dvořáková');
    await form.getByLabel('Phone').fill('call me maybe');
    await form.locator('button[type="submit"]').click();
    expect(await form.getByTestId('error-phoneNumber').textContent()).toBe(
      translate('en', 'validation.invalid_phone'),
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('phoneNumber');
    // Nothing was sent.
    expect((await api(await tokenOf(context), 'GET', '/user/me')).firstName).toBeNull();

    await form.getByLabel('Phone').fill('+420 601 234 567');
    await form.locator('button[type="submit"]').click();
    await expect
      .poll(() => form.getByTestId('form-done').textContent())
      .toBe(translate('en', 'account.profile_saved'));
    const me = await api(await tokenOf(context), 'GET', '/user/me');
    expect(me).toMatchObject({ firstName: 'Jana', lastName: 'Dvořáková', phoneNumber: '+420 601 234 567' });
    await page.reload();
    expect(await page.getByTestId('profile-form').getByLabel('Phone').inputValue()).toBe('+420 601 234 567');
    expect(await page.getByTestId('user-menu').textContent()).toContain('Jana Dvořáková');

    // A picture: previewed from the file before it is sent, then shown from the API.
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const picture = page.getByTestId('picture-form');
    await picture
      .locator('input[type="file"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    expect(await page.getByTestId('picture-preview').getAttribute('src')).toMatch(/^blob:/);
    await picture.locator('button[type="submit"]').click();
    await expect
      .poll(() => picture.getByTestId('form-done').textContent())
      .toBe(translate('en', 'account.profile_saved'));
    await page.reload();
    expect(await page.getByTestId('picture-preview').getAttribute('src')).toContain(
      h.api.url.replace('http://', ''),
    );
    await context.close();
  });
});

describe('an expired session', () => {
  it('keeps what was typed in a form through signing in again', async () => {
    const email = 'vyprsela@example.com';
    await h.signUpByApi(email);
    const context = await h.visitor();
    const page = await context.newPage();
    await signIn(page, h.web.url, email);
    await page.goto(`${h.web.url}/en/account/settings/personal`);
    const form = page.getByTestId('profile-form');
    await form.getByLabel('First name').fill('Karel');
    await form.getByLabel('City').fill('Brno');
    // The session ends while the form is open (both tokens gone).
    await context.clearCookies();
    await form.locator('button[type="submit"]').click();
    await page.waitForURL(
      `${h.web.url}/en/auth?redirect=${encodeURIComponent('/en/account/settings/personal')}`,
    );
    await fillSignInForm(page, email);
    await page.waitForURL(`${h.web.url}/en/account/settings/personal`);
    await expect
      .poll(() => page.getByTestId('profile-form').getByLabel('First name').inputValue())
      .toBe('Karel');
    expect(await page.getByTestId('profile-form').getByLabel('City').inputValue()).toBe('Brno');
    await context.close();
  });
});

describe('favourites and watch-dogs', () => {
  it('pages favourites by 10, filters them by offer type and removes one', async () => {
    const email = 'oblibene@example.com';
    const pair = await h.signUpByApi(email);
    // Eleven favourites: the nine offers for sale and two for rent.
    for (const id of h.offerIds.slice(0, 11))
      await api(pair.token, 'POST', `/user/offers/${id}/favorite_offer`);
    const context = await h.visitor();
    const page = await context.newPage();
    await signIn(page, h.web.url, email);
    await page.goto(`${h.web.url}/en/account/favorites`);
    expect(await page.getByTestId('favorites-total').textContent()).toBe(
      translate('en', 'nav.favorites_count', { count: 11 }),
    );
    expect(await page.getByTestId('favorite-item').count()).toBe(10);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: translate('en', 'results.next') }).click();
    await page.waitForURL(`${h.web.url}/en/account/favorites?page=2`);
    await expect.poll(() => page.getByTestId('favorite-item').count()).toBe(1);

    await page.goto(`${h.web.url}/en/account/favorites`);
    await page.getByLabel(translate('en', 'filter.offer_type')).selectOption('rent');
    await page.waitForURL(`${h.web.url}/en/account/favorites?offer_type=rent`);
    await expect.poll(() => page.getByTestId('favorite-item').count()).toBe(2);
    await page
      .getByTestId('favorite-item')
      .first()
      .getByRole('button', { name: new RegExp(`^${translate('en', 'offer.remove_favorite')}`) })
      .click();
    await expect.poll(() => page.getByTestId('favorite-item').count()).toBe(1);
    const ids = await api(await tokenOf(context), 'GET', '/user/favorite_offers/ids');
    expect((ids.data as number[]).length).toBe(10);
    // The header's count follows.
    expect(await page.getByTestId('favorites-count').textContent()).toBe(
      translate('en', 'nav.favorites_count', { count: 10 }),
    );
    await context.close();
  });

  it('renames, pauses and deletes a watch-dog, and the account home counts it', async () => {
    const email = 'hlidaci@example.com';
    const pair = await h.signUpByApi(email);
    await api(pair.token, 'POST', '/saved_searches', {
      name: 'Byty v Praze',
      filters: { offer_type: 'sale' },
      search_path: '/en/listings?offer_type=sale',
      frequency: 'daily',
    });
    const context = await h.visitor();
    const page = await context.newPage();
    await signIn(page, h.web.url, email);
    expect(await page.getByTestId('attention-watch-dogs').textContent()).toBe(
      translate('en', 'account.active_watch_dogs', { count: 1 }),
    );
    await page.getByTestId('attention-watch-dogs').getByRole('link').click();
    await page.waitForURL(`${h.web.url}/en/account/watch-dogs`);
    const dog = page.getByTestId('watch-dog');
    expect(await axeViolations(page)).toEqual([]);
    expect(
      await dog.getByRole('link', { name: translate('en', 'account.open_search') }).getAttribute('href'),
    ).toBe('/en/listings?offer_type=sale');

    // An empty name is refused under the field; a new one is saved.
    const rename = dog.getByTestId('watch-dog-rename');
    await rename.getByLabel(translate('en', 'account.watch_dog_name')).fill('  ');
    await rename.locator('button[type="submit"]').click();
    expect(await rename.getByTestId('error-name').textContent()).toBe(translate('en', 'validation.required'));
    await rename.getByLabel(translate('en', 'account.watch_dog_name')).fill('Dvoupokojové byty');
    await rename.locator('button[type="submit"]').click();
    await expect.poll(() => dog.getByTestId('watch-dog-name').textContent()).toBe('Dvoupokojové byty');

    await dog.getByTestId('watch-dog-pause').click();
    await expect
      .poll(() => dog.getByTestId('watch-dog-frequency').textContent())
      .toContain(translate('en', 'account.frequency.off'));
    const [saved] = (await api(pair.token, 'GET', '/saved_searches')).data as {
      name: string;
      frequency: string;
    }[];
    expect(saved).toMatchObject({ name: 'Dvoupokojové byty', frequency: 'off' });

    page.once('dialog', (dialog) => void dialog.accept());
    await dog.getByTestId('watch-dog-delete').click();
    await expect
      .poll(() => page.getByText(translate('en', 'account.watch_dogs_empty')).isVisible())
      .toBe(true);
    expect(((await api(pair.token, 'GET', '/saved_searches')).data as unknown[]).length).toBe(0);
    await context.close();
  });
});

describe('language and password', () => {
  it('moves to the same screen in the new language, then changes the password', async () => {
    const email = 'jazyk@example.com';
    await h.signUpByApi(email);
    const context = await h.visitor();
    const page = await context.newPage();
    await signIn(page, h.web.url, email);
    await page.goto(`${h.web.url}/en/account/settings/language-currency`);
    const form = page.getByTestId('language-currency-form');
    await form.getByLabel(translate('en', 'account.preferred_language')).selectOption('de');
    await form.getByLabel(translate('en', 'account.preferred_currency')).selectOption('EUR');
    await form.locator('button[type="submit"]').click();
    await page.waitForURL(`${h.web.url}/de/account/settings/language-currency?saved=1`);
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('de');
    await expect.poll(() => page.getByTestId('form-done').textContent()).toBe(translate('de', 'toast.saved'));
    expect(await api(await tokenOf(context), 'GET', '/user/me')).toMatchObject({
      preferredLanguage: 'de',
      preferredCurrency: 'EUR',
    });

    await page.goto(`${h.web.url}/en/account/settings/personal`);
    const password = page.getByTestId('password-form');
    await password.getByLabel(translate('en', 'auth.current_password')).fill('wrong-password-1');
    await password.getByLabel(translate('en', 'auth.new_password')).fill('Zluty-slunecnik-v-zahrade-3');
    await password.locator('button[type="submit"]').click();
    await expect
      .poll(() => password.getByTestId('error-currentPassword').textContent())
      .toBe(translate('en', 'validation.current_password_wrong'));
    await password.getByLabel(translate('en', 'auth.current_password')).fill(PASSWORD);
    await password.locator('button[type="submit"]').click();
    await page.waitForURL(`${h.web.url}/en/auth/signin`);
    await expect
      .poll(() => page.getByTestId('toast').allTextContents())
      .toContain(translate('en', 'auth.password_changed'));
    expect(await tokenOf(context)).toBeNull();
    await signIn(page, h.web.url, email, 'Zluty-slunecnik-v-zahrade-3');
    await context.close();
  });
});
