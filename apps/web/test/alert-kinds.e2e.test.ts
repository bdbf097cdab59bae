// Issue 44 point 2 (decision 070) in Chromium against the real API: the watch-dog list says what
// each watch-dog reports and changes it (at least one kind, the error under the group), and the
// notification settings hold the switch of favourite alerts, on by default and turned off there.

import { SAVED_SEARCH_ALERT_KINDS, type SavedSearchAlertKind } from '@estately/domain';
import { translate } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import { axeViolations, signIn, startAccountHarness, tokenOf } from './account-helpers.ts';
import { apiAs, harnessPerFile } from './browser-setup.ts';

const h = harnessPerFile(startAccountHarness);

const api = (token: string | null, method: string, path: string, body?: unknown) =>
  apiAs(h.api.url, token, method, path, body);

describe('what alerts are about', () => {
  it('shows and changes the kinds of a watch-dog, refusing none', async () => {
    const email = 'druhy@example.com';
    const pair = await h.signUpByApi(email);
    await api(pair.token, 'POST', '/saved_searches', {
      name: 'Byty',
      filters: { offer_type: 'sale' },
      frequency: 'daily',
    });
    const context = await h.visitor();
    const page = await context.newPage();
    await signIn(page, h.web.url, email);
    await page.goto(`${h.web.url}/en/account/watch-dogs`);
    const dog = page.getByTestId('watch-dog');
    const label = (kind: SavedSearchAlertKind) => translate('en', `account.alert_kind.${kind}`);
    expect(await dog.getByTestId('watch-dog-kinds').textContent()).toBe(
      `${translate('en', 'account.watch_dog_kinds')}: ${label('new')}, ${label('price_drop')}, ${label('back_on_market')}`,
    );
    expect(await axeViolations(page)).toEqual([]);

    const form = dog.getByTestId('watch-dog-kinds-form');
    for (const kind of SAVED_SEARCH_ALERT_KINDS) await form.getByLabel(label(kind)).uncheck();
    await form.locator('button[type="submit"]').click();
    await expect
      .poll(() => form.getByTestId('error-alert_kinds').textContent())
      .toBe(translate('en', 'validation.required'));
    const [unchanged] = (await api(pair.token, 'GET', '/saved_searches')).data as { alert_kinds: string[] }[];
    expect(unchanged?.alert_kinds).toEqual(['new', 'price_drop', 'back_on_market']);

    // Keyboard only: tab to a box, space to tick it.
    await form.getByLabel(label('back_on_market')).focus();
    await page.keyboard.press('Space');
    await form.getByLabel(label('price_drop')).check();
    await form.locator('button[type="submit"]').click();
    await expect
      .poll(() => dog.getByTestId('watch-dog-kinds').textContent())
      .toBe(
        `${translate('en', 'account.watch_dog_kinds')}: ${label('price_drop')}, ${label('back_on_market')}`,
      );
    const [saved] = (await api(pair.token, 'GET', '/saved_searches')).data as { alert_kinds: string[] }[];
    expect(saved?.alert_kinds).toEqual(['price_drop', 'back_on_market']);

    // The same list in Arabic, right to left, labelled in its language.
    await page.goto(`${h.web.url}/ar/account/watch-dogs`);
    expect(await page.getByTestId('watch-dog-kinds').textContent()).toBe(
      `${translate('ar', 'account.watch_dog_kinds')}: ${translate('ar', 'account.alert_kind.price_drop')}, ${translate('ar', 'account.alert_kind.back_on_market')}`,
    );
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('favourite alerts are on by default and turned off in the notification settings', async () => {
    const email = 'oblibene@example.com';
    await h.signUpByApi(email);
    const context = await h.visitor();
    const page = await context.newPage();
    await signIn(page, h.web.url, email);
    await page.goto(`${h.web.url}/en/account/settings/notifications`);
    const form = page.getByTestId('notifications-form');
    const toggle = form.getByLabel(translate('en', 'account.notify_offer_updates'));
    expect(await toggle.isChecked()).toBe(true);
    await toggle.uncheck();
    await form.locator('button[type="submit"]').click();
    await expect
      .poll(
        async () =>
          ((await api(await tokenOf(context), 'GET', '/user/me')) as { notifyOfferUpdates: boolean })
            .notifyOfferUpdates,
      )
      .toBe(false);
    await page.reload();
    expect(
      await page
        .getByTestId('notifications-form')
        .getByLabel(translate('en', 'account.notify_offer_updates'))
        .isChecked(),
    ).toBe(false);
    await context.close();
  });
});
