// Issue 10 "create a saved search and see its alert e-mail", in Chromium against the real API: a
// person saves the results they are looking at as a watch-dog (the results page's "save this
// search"), finds it among their watch-dogs, a new matching offer goes live, the alert run of the
// API's job worker e-mails it, and the e-mail is read in the dev mailbox with a link to the offer.

import { users } from '@estately/db';
import { translate } from '@estately/i18n';
import { formatEmailText } from '@estately/i18n/emails';
import { describe, expect, it } from 'vitest';
import { runSavedSearchAlerts } from '../../api/src/features/saved-searches/run-saved-search-alerts.ts';
import { insertOffer } from '../../api/test/support/helpers.ts';
import { signIn, startAccountHarness } from './account-helpers.ts';
import { harnessPerFile, PERSON_UA } from './browser-setup.ts';

const h = harnessPerFile(startAccountHarness);

describe('a watch-dog and its alert e-mail', () => {
  it('saves the search from the results page, then reads the alert with the new offer in the dev mailbox', async () => {
    const email = 'hlidaci-pes@example.com';
    await h.signUpByApi(email);
    // Without scripts the save form posts to the results page's action (this harness's API does
    // not allow the test's web origin for the browser's own calls).
    const context = await h.browser.newContext({
      javaScriptEnabled: false,
      userAgent: PERSON_UA,
      extraHTTPHeaders: { 'Accept-Language': 'en' },
    });
    const page = await context.newPage();
    await signIn(page, h.web.url, email);

    // Save the results being looked at: flats for sale with three rooms.
    const results = '/en/search/sale?dispositions=3';
    await page.goto(`${h.web.url}${results}`);
    await page.getByTestId('save-search').locator('summary').click();
    await page.getByTestId('save-search-name').fill('Three rooms to buy');
    await page.getByTestId('save-search-frequency').selectOption('instant');
    await page.getByTestId('save-search-form').locator('button[type="submit"]').click();
    await page.waitForLoadState('domcontentloaded');
    expect(await page.getByTestId('save-search-saved').textContent()).toContain(
      translate('en', 'account.watch_dog_saved'),
    );

    // It is among the watch-dogs, opening the same search.
    await page.goto(`${h.web.url}/en/account/watch-dogs`);
    const dog = page.getByTestId('watch-dog');
    expect(await dog.getByTestId('watch-dog-name').textContent()).toBe('Three rooms to buy');
    expect(
      await dog.getByRole('link', { name: translate('en', 'account.open_search') }).getAttribute('href'),
    ).toBe(results);

    // A new matching offer goes live after the search was saved.
    const [seller] = await h.db
      .insert(users)
      .values({ email: 'novy-prodejce@example.com', passwordHash: 'not-a-real-hash' })
      .returning({ id: users.id });
    const offerId = await insertOffer(h.db, {
      ownerId: seller!.id,
      publishedAt: new Date(),
      price: 7_450_000,
    });

    // The alert run, as the API's job worker runs it; the worker then sends the queued e-mail.
    const run = await runSavedSearchAlerts({
      db: h.db,
      now: new Date(Date.now() + 1000),
      frequencies: ['instant'],
      publicWebUrl: h.web.url,
      publicApiUrl: h.api.url,
      keys: h.api.app.config.jwt.keys,
      storage: h.api.app.storage,
    });
    expect(run.emails).toBe(1);

    // The dev mailbox lists it; its page links to the offer.
    const subject = formatEmailText('en', 'watchdog.subject', { count: 1, name: 'Three rooms to buy' });
    const mailbox = await context.newPage();
    await expect
      .poll(
        async () => {
          await mailbox.goto(`${h.api.url}/dev/mailbox`);
          return mailbox.getByRole('link', { name: subject }).count();
        },
        { timeout: 45_000, interval: 500 },
      )
      .toBe(1);
    const row = mailbox.locator('tr', { has: mailbox.getByRole('link', { name: subject }) });
    expect(await row.textContent()).toContain(email);
    await mailbox.getByRole('link', { name: subject }).click();
    await mailbox.waitForURL(/\/dev\/mailbox\/\d+$/);
    const offerLink = mailbox.locator(`a[href="${h.web.url}/en/property/${offerId}"]`).first();
    expect(await offerLink.count()).toBe(1);

    // Following the e-mail's link opens the new offer.
    await offerLink.click();
    await mailbox.waitForURL(`${h.web.url}/en/property/${offerId}`);
    expect(await mailbox.locator('h1').count()).toBe(1);
    await context.close();
  });
});
