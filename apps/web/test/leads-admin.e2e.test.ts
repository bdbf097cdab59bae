// The leads inbox and the admin area in Chromium against the real API (issue 10): a visitor writes
// to a seller from the offer page and the seller reads it as a lead (reply link, marked read with
// the keyboard); an admin handles a report, strikes an offer (gone from search, its page a 404),
// lifts the strike, verifies it and keeps the redirects table; anyone else gets the 404 page.

import { users } from '@estately/db';
import { translate } from '@estately/i18n';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insertOffer } from '../../api/test/support/helpers.ts';
import { axeViolations, signIn, startAccountHarness } from './account-helpers.ts';
import { harnessPerFile, PERSON_UA } from './browser-setup.ts';

const h = harnessPerFile(startAccountHarness);

const en = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) =>
  translate('en', key, values);

/** An account that can sign in through the form; its id. */
async function account(email: string, options: { admin?: boolean } = {}): Promise<number> {
  await h.signUpByApi(email);
  const [row] = await h.db
    .update(users)
    .set({ isAdmin: options.admin === true, firstName: null })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  return row!.id;
}

async function signedIn(email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.visitor();
  const page = await context.newPage();
  await signIn(page, h.web.url, email);
  return { context, page };
}

async function publicIds(): Promise<number[]> {
  const response = await fetch(`${h.api.url}/public/offers?per_page=100`);
  return ((await response.json()) as { data: { id: number }[] }).data.map((offer) => offer.id);
}

describe('leads', () => {
  it('a visitor’s message and a contact request reach the seller’s inbox, unread first, marked read by keyboard', async () => {
    const sellerId = await account('prodejce@example.com');
    const offerId = await insertOffer(h.db, { ownerId: sellerId, publishedAt: new Date(), city: 'Brno' });

    // A guest writes from the offer page (without scripts the form posts to the page's action;
    // this harness's API does not allow the test's web origin for the browser's own calls).
    const visitor = await h.browser.newContext({
      javaScriptEnabled: false,
      userAgent: PERSON_UA,
      extraHTTPHeaders: { 'Accept-Language': 'en' },
    });
    const guestPage = await visitor.newPage();
    await guestPage.goto(`${h.web.url}/en/property/${offerId}`);
    const form = guestPage.getByTestId('message-form');
    await form.locator('[name="name"]').fill('Jana Nováková');
    await form.locator('[name="email"]').fill('jana@example.com');
    await form.locator('[name="text"]').fill('Is the flat still available?\nCould I see it on Friday?');
    await form.getByRole('button').click();
    await guestPage.getByTestId('message-sent').waitFor();
    await visitor.close();
    // Then a signed-in buyer asks for contact, with a phone number to call back on.
    const buyer = await h.signUpByApi('kupec@example.com');
    const asked = await fetch(`${h.api.url}/leads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ offer_id: offerId, message: 'Please call me.', phone: '+420 777 123 456' }),
    });
    expect(asked.status, await asked.text()).toBe(201);

    const { context, page } = await signedIn('prodejce@example.com');
    // The account home counts them and leads to the inbox.
    const attention = page.getByTestId('attention-leads');
    expect(await attention.textContent()).toBe(en('account.new_leads', { count: 2 }));
    await attention.getByRole('link').click();
    await page.waitForURL(`${h.web.url}/en/account/leads`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(en('leads.title'));
    // The account navigation links the inbox.
    expect(
      await page
        .getByRole('navigation', { name: en('nav.account_navigation') })
        .getByRole('link', { name: en('leads.title') })
        .getAttribute('aria-current'),
    ).toBe('page');

    const leads = page.getByTestId('lead');
    await expect.poll(() => leads.count()).toBe(2);
    const sender = (index: number) => leads.nth(index).getByTestId('lead-sender').textContent();
    // Both unread: newest first.
    expect([await sender(0), await sender(1)]).toEqual(['kupec@example.com', 'Jana Nováková']);
    const request = leads.nth(0);
    // One conversation per buyer (issue 38 point 10): a message, not a viewing request.
    expect(await request.getByTestId('lead-source').textContent()).toBe(en('leads.source.offer_message'));
    expect(await request.getByTestId('lead-phone').textContent()).toBe('+420 777 123 456');
    expect(await request.getByTestId('lead-phone').getAttribute('href')).toBe('tel:+420777123456');

    const lead = leads.filter({ hasText: 'Jana Nováková' });
    expect(await lead.getAttribute('data-read')).toBe('false');
    expect(await lead.getByTestId('lead-new').textContent()).toBe(en('leads.new'));
    expect(await lead.getByTestId('lead-offer').textContent()).toBe(en('offer.title.sale_apartment'));
    expect(await lead.getByTestId('lead-offer').getAttribute('href')).toBe(`/en/property/${offerId}`);
    expect(await lead.textContent()).toContain('Vinohradská 12, Brno');
    expect(await lead.getByTestId('lead-source').textContent()).toBe(en('leads.source.offer_message'));
    expect(await lead.getByTestId('lead-email').textContent()).toBe('jana@example.com');
    // The last message on one line; the status and the unread count beside it.
    expect(await lead.getByTestId('lead-message').textContent()).toBe(
      'Is the flat still available? Could I see it on Friday?',
    );
    expect(await lead.getByTestId('lead-status').textContent()).toBe(en('lead_thread.status.new'));
    expect(await lead.getByTestId('lead-unread').textContent()).toBe(en('lead_thread.unread', { count: 1 }));
    // Replying happens in the conversation (issue 38 point 10).
    expect(await lead.getByTestId('lead-reply').getAttribute('href')).toMatch(/^\/en\/account\/leads\/\d+$/);
    expect(await axeViolations(page)).toEqual([]);

    // Keyboard only: from the request's reply link, Tab reaches "Mark as read", Enter presses it.
    await request.getByTestId('lead-reply').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'lead-toggle-read',
    );
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('form-done').textContent()).toBe(en('leads.marked_read'));
    // Newest activity first, whatever is read: the request stays on top, read now.
    await expect.poll(() => leads.nth(0).getAttribute('data-read')).toBe('true');
    expect(await sender(0)).toBe('kupec@example.com');
    expect(await leads.nth(0).getByTestId('lead-new').count()).toBe(0);
    expect(await leads.nth(0).getByTestId('lead-toggle-read').textContent()).toContain(
      en('leads.mark_unread'),
    );

    const token = (await context.cookies()).find((cookie) => cookie.name === 'token')?.value;
    const inbox = await fetch(`${h.api.url}/leads`, { headers: { authorization: `Bearer ${token}` } });
    const stored = ((await inbox.json()) as { data: { read: boolean; sender: { email: string } }[] }).data;
    expect(stored.map((item) => [item.sender.email, item.read])).toEqual([
      ['kupec@example.com', true],
      ['jana@example.com', false],
    ]);

    // Only the guest's message is left under "Unread only".
    await page.getByRole('link', { name: en('leads.filter_unread') }).click();
    await page.waitForURL(`${h.web.url}/en/account/leads?show=unread`);
    await expect.poll(() => leads.count()).toBe(1);
    expect(await sender(0)).toBe('Jana Nováková');
    await context.close();
  });

  it('shows the inbox in another language, right to left in Arabic', async () => {
    const { context, page } = await signedIn('prodejce@example.com');
    await page.goto(`${h.web.url}/ar/account/leads`);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.locator('h1').textContent()).toBe(translate('ar', 'leads.title'));
    expect(await page.getByTestId('lead-toggle-read').nth(0).textContent()).toContain(
      translate('ar', 'leads.mark_unread'),
    );
    await context.close();
  });
});

describe('admin', () => {
  it('handles the report queue, strikes an offer out of search and back, and verifies it', async () => {
    const ownerId = await account('majitel@example.com');
    const offerId = await insertOffer(h.db, { ownerId, publishedAt: new Date(), city: 'Olomouc' });
    const reported = await fetch(`${h.api.url}/public/offers/${offerId}/offer_report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        offer_report: {
          reason: 'fraud',
          text: 'Asks for a deposit before any viewing.',
          email: 'nahlasil@example.com',
        },
      }),
    });
    expect(reported.status, await reported.text()).toBe(201);
    expect(await publicIds()).toContain(offerId);
    // Another offer is reported as a duplicate by someone who left no address.
    const otherId = await insertOffer(h.db, { ownerId, publishedAt: new Date(), city: 'Zlín' });
    const duplicate = await fetch(`${h.api.url}/public/offers/${otherId}/offer_report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ offer_report: { reason: 'duplicate' } }),
    });
    expect(duplicate.status, await duplicate.text()).toBe(201);

    await account('spravce@example.com', { admin: true });
    const { context, page } = await signedIn('spravce@example.com');
    await page
      .getByRole('navigation', { name: en('nav.account_navigation') })
      .getByRole('link', { name: en('admin.title') })
      .click();
    await page.waitForURL(`${h.web.url}/en/account/admin`);
    expect(await page.getByTestId('admin-home').textContent()).toContain(
      en('admin.open_reports', { count: 2 }),
    );
    expect(await axeViolations(page)).toEqual([]);

    await page
      .getByTestId('admin-home')
      .getByRole('link', { name: new RegExp(en('admin.reports')) })
      .click();
    await page.waitForURL(`${h.web.url}/en/account/admin/reports`);
    await expect.poll(() => page.getByTestId('report').count()).toBe(2);
    const reportOf = (id: number, reason: string) =>
      page.getByTestId('report').filter({
        has: page.getByRole('heading', {
          name: `${en('admin.offer_number', { id })}: ${reason}`,
          exact: true,
        }),
      });
    const report = reportOf(offerId, en('offer.report_reason.fraud'));
    const other = reportOf(otherId, en('offer.report_reason.duplicate'));
    expect(await other.textContent()).toContain(en('admin.reporter_unknown'));
    // The account navigation's admin link stays current inside the area.
    expect(
      await page
        .getByRole('navigation', { name: en('nav.account_navigation') })
        .getByRole('link', { name: en('admin.title') })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(await report.getByTestId('report-message').textContent()).toBe(
      'Asks for a deposit before any viewing.',
    );
    expect(await report.textContent()).toContain('nahlasil@example.com');
    expect(await axeViolations(page)).toEqual([]);

    // Strike the offer from its moderation page: a reason is required.
    await report.getByRole('link', { name: new RegExp(en('admin.moderate')) }).click();
    await page.waitForURL(`${h.web.url}/en/account/admin/offers?id=${offerId}`);
    const moderated = page.getByTestId('moderated-offer');
    expect(await moderated.getByTestId('offer-strike').textContent()).toBe(en('admin.not_struck'));
    expect(await axeViolations(page)).toEqual([]);
    const strike = page.getByTestId('offer-strike-form');
    await strike.locator('button[type="submit"]').click();
    expect(await strike.getByTestId('error-reason').textContent()).toBe(en('validation.required'));
    expect(await publicIds()).toContain(offerId);
    await strike.getByLabel(en('admin.strike_reason')).fill('Fraudulent offer: deposit requested up front.');
    await strike.locator('button[type="submit"]').click();
    await expect
      .poll(() => moderated.getByTestId('offer-strike').textContent())
      .toBe(en('admin.struck', { reason: 'Fraudulent offer: deposit requested up front.' }));
    expect(await page.getByTestId('form-done').first().textContent()).toBe(en('admin.struck_done'));

    // Gone from search, and its page is the 404 page for everyone else.
    expect(await publicIds()).not.toContain(offerId);
    const guest = await h.visitor();
    const guestPage = await guest.newPage();
    const detail = await guestPage.goto(`${h.web.url}/en/property/${offerId}`);
    expect(detail?.status()).toBe(404);
    await guest.close();

    // The fraud report is upheld and the duplicate one dismissed; each moves to its tab.
    await page.goto(`${h.web.url}/en/account/admin/reports`);
    await report.getByTestId('report-resolve').locator('button[type="submit"]').click();
    await expect.poll(() => page.getByTestId('form-done').textContent()).toBe(en('admin.report_resolved'));
    await expect.poll(() => page.getByTestId('report').count()).toBe(1);
    await other.getByTestId('report-dismiss').click();
    await expect.poll(() => page.getByTestId('form-done').textContent()).toBe(en('admin.report_dismissed'));
    await expect.poll(() => page.getByTestId('report').count()).toBe(0);
    await page.getByRole('link', { name: en('admin.status.resolved') }).click();
    await page.waitForURL(`${h.web.url}/en/account/admin/reports?status=resolved`);
    await expect.poll(() => report.count()).toBe(1);
    expect(await page.getByTestId('report').count()).toBe(1);
    expect(await report.getByTestId('report-resolve').count()).toBe(0);
    // The offer is struck at this point, and the queue says so.
    expect(await report.getByTestId('report-struck').textContent()).toBe(en('admin.struck_short'));
    await page.getByRole('link', { name: en('admin.status.dismissed') }).click();
    await page.waitForURL(`${h.web.url}/en/account/admin/reports?status=dismissed`);
    await expect.poll(() => other.count()).toBe(1);
    // Dismissing cost the other offer nothing: it is still public.
    expect(await publicIds()).toContain(otherId);

    // Lift the strike and verify the listing: public again, with the badge.
    await page.goto(`${h.web.url}/en/account/admin/offers?id=${offerId}`);
    await page.getByTestId('offer-lift').click();
    await expect.poll(() => moderated.getByTestId('offer-strike').textContent()).toBe(en('admin.not_struck'));
    expect(await publicIds()).toContain(offerId);
    await page.getByTestId('offer-verify').click();
    await expect.poll(() => moderated.getByTestId('offer-verified').textContent()).toBe(en('admin.verified'));
    const verified = await fetch(`${h.api.url}/public/offers/${offerId}`);
    expect(((await verified.json()) as { is_verified: boolean }).is_verified).toBe(true);

    // An unknown number says so.
    await page.goto(`${h.web.url}/en/account/admin/offers`);
    await page.getByLabel(en('admin.offer_id')).fill('987654');
    await page.getByRole('button', { name: en('admin.find_offer') }).click();
    await page.waitForURL(`${h.web.url}/en/account/admin/offers?id=987654`);
    expect(await page.getByTestId('offer-not-found').textContent()).toBe(en('admin.offer_not_found'));
    await context.close();
  });

  it('keeps the redirects table: add (the site follows it), refuse a bad rule, edit, delete', async () => {
    await account('presmerovani@example.com', { admin: true });
    const { context, page } = await signedIn('presmerovani@example.com');
    await page.goto(`${h.web.url}/en/account/admin/redirects`);
    expect(await page.getByTestId('redirects-total').textContent()).toBe(
      en('admin.redirects_count', { count: 0 }),
    );
    const add = page.getByTestId('redirect-add-form');
    // Home cannot move, and the message is the form's own.
    await add.getByLabel(en('admin.redirect_from')).fill('/');
    await add.getByLabel(en('admin.redirect_to')).fill('/en/blog');
    await add.locator('button[type="submit"]').click();
    expect(await add.getByTestId('error-from_path').textContent()).toBe(en('redirects.invalid_from_path'));
    // Keyboard only from here: focus went to the field in error; typing and Enter send the form.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('from_path');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('/en/old-news/');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('redirect').count()).toBe(1);
    expect(await page.getByTestId('redirect-from').textContent()).toBe('/en/old-news');
    expect(await page.getByTestId('redirect-status').textContent()).toBe(en('admin.redirect_status.301'));
    // The form is empty again for the next rule.
    expect(await add.getByLabel(en('admin.redirect_from')).inputValue()).toBe('');
    expect(await axeViolations(page)).toEqual([]);

    // The site follows it.
    const visitor = await h.visitor();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${h.web.url}/en/old-news`);
    expect(new URL(visitorPage.url()).pathname).toBe('/en/blog');

    // A rule that comes back to its own path is refused by the API, beside its field.
    await add.getByLabel(en('admin.redirect_from')).fill('/en/blog');
    await add.getByLabel(en('admin.redirect_to')).fill('/en/old-news');
    await add.locator('button[type="submit"]').click();
    await expect.poll(() => add.getByTestId('error-to_url').textContent()).toBe(en('redirects.loop'));
    expect(await page.getByTestId('redirect').count()).toBe(1);

    // Edit: a temporary redirect to home.
    await page.getByTestId('redirect-edit-link').click();
    const edit = page.getByTestId('redirect-edit-form');
    expect(await edit.getByLabel(en('admin.redirect_from')).inputValue()).toBe('/en/old-news');
    await edit.getByLabel(en('admin.redirect_to')).fill('/en');
    await edit.getByLabel(en('admin.redirect_status')).selectOption('302');
    await edit.locator('button[type="submit"]').click();
    await page.waitForURL(`${h.web.url}/en/account/admin/redirects?done=saved`);
    expect(await page.getByTestId('form-done').textContent()).toBe(en('admin.redirect_saved'));
    await expect.poll(() => page.getByTestId('redirect-to').textContent()).toBe('/en');
    expect(await page.getByTestId('redirect-status').textContent()).toBe(en('admin.redirect_status.302'));
    // A fresh browser: the first one keeps the permanent (301) answer, as browsers do.
    await visitor.close();
    const second = await h.visitor();
    const secondPage = await second.newPage();
    await secondPage.goto(`${h.web.url}/en/old-news`);
    expect(new URL(secondPage.url()).pathname).toBe('/en');

    // Delete (confirmed): the old path is the 404 page again.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('redirect-delete').click();
    await expect.poll(() => page.getByTestId('redirect').count()).toBe(0);
    const third = await h.visitor();
    const gone = await (await third.newPage()).goto(`${h.web.url}/en/old-news`);
    expect(gone?.status()).toBe(404);
    await third.close();
    await second.close();
    await context.close();
  });

  it('is the 404 page for anyone who is not an admin, and sends a guest to sign in', async () => {
    await account('bezny@example.com');
    const { context, page } = await signedIn('bezny@example.com');
    expect(
      await page
        .getByRole('navigation', { name: en('nav.account_navigation') })
        .getByRole('link', { name: en('admin.title') })
        .count(),
    ).toBe(0);
    for (const path of ['', '/reports', '/offers?id=1', '/redirects']) {
      const response = await page.goto(`${h.web.url}/en/account/admin${path}`);
      expect(response?.status(), path).toBe(404);
      expect(await page.locator('h1').textContent(), path).toBe(en('error.not_found_title'));
    }
    // A form posted anyway changes nothing.
    const posted = await page.request.post(`${h.web.url}/en/account/admin/redirects`, {
      form: { intent: 'redirect_add', from_path: '/en/x', to_url: '/en' },
    });
    expect(posted.status()).toBe(404);
    await context.close();

    const guest = await h.visitor();
    const guestPage = await guest.newPage();
    await guestPage.goto(`${h.web.url}/en/account/admin/reports`);
    expect(new URL(guestPage.url()).pathname).toBe('/en/auth');
    expect(new URL(guestPage.url()).searchParams.get('redirect')).toBe('/en/account/admin/reports');
    await guest.close();
  });
});
