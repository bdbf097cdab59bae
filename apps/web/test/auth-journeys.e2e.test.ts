// Sign-in and sign-up journeys in Chromium against the real API (issue 10): a new person signs
// up on /auth, confirms the address from the dev mailbox, signs out (the refresh token is
// revoked) and back in through the account guard's return path; recovers a forgotten password
// through the mailbox link; signs in with the keyboard alone and without scripts; and an Arabic
// form lays out right to left with its errors in Arabic.

import { translate } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import { axeViolations, signIn, startAccountHarness, tokenOf } from './account-helpers.ts';
import { harnessPerFile, hydrated, PASSWORD } from './browser-setup.ts';

const h = harnessPerFile(startAccountHarness);

describe('sign-up, confirmation, sign-out and sign-in', () => {
  it('walks the whole journey of a new person', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    const email = 'nova.osoba@example.com';
    await page.goto(`${h.web.url}/en/auth`);
    const signup = page.getByTestId('signup-form');
    await signup.getByLabel('E-mail', { exact: true }).fill(email);
    // A password the shared policy refuses: the browser says so under the field, nothing is sent.
    await signup.locator('input[name="password"]').fill('12345678');
    await signup.locator('button[type="submit"]').click();
    expect(await signup.getByTestId('error-password').textContent()).toBe(
      translate('en', 'validation.password_too_common'),
    );
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
    expect(page.url()).toBe(`${h.web.url}/en/auth`);

    await signup.locator('input[name="password"]').fill(PASSWORD);
    await signup.locator('button[type="submit"]').click();
    await page.waitForURL(`${h.web.url}/en/account`);
    await expect
      .poll(() => page.getByTestId('toast').allTextContents())
      .toContain(translate('en', 'auth.account_created'));
    expect(await tokenOf(context)).toBeTruthy();
    expect(await page.getByTestId('user-menu').textContent()).toContain(email);

    // The confirmation link from the dev mailbox.
    const link = await h.mailLink(email, '/auth/confirm-email/');
    await page.goto(`${h.web.url}${link}`);
    await page.getByTestId('confirm-email-form').locator('button[type="submit"]').click();
    await expect
      .poll(() => page.getByTestId('form-done').textContent())
      .toBe(translate('en', 'auth.email_confirmed'));
    const me = await fetch(`${h.api.url}/user/me`, {
      headers: { authorization: `Bearer ${await tokenOf(context)}` },
    });
    expect(((await me.json()) as { verified: boolean }).verified).toBe(true);

    // Signing out revokes this device's refresh token and expires both cookies.
    const refresh = (await context.cookies()).find((cookie) => cookie.name === 'refresh_token')?.value;
    await page.goto(`${h.web.url}/en/account`);
    await page.getByTestId('sign-out').click();
    await page.waitForURL(`${h.web.url}/en`);
    expect(await tokenOf(context)).toBeNull();
    await expect.poll(() => page.getByTestId('sign-in-link').isVisible()).toBe(true);
    const reuse = await fetch(`${h.api.url}/api/token/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: refresh }),
    });
    expect(reuse.status).toBe(401);

    // The account guard sends the guest to /auth with the return path; signing in goes back there.
    await page.goto(`${h.web.url}/en/account/watch-dogs`);
    expect(page.url()).toBe(`${h.web.url}/en/auth?redirect=${encodeURIComponent('/en/account/watch-dogs')}`);
    const signin = page.getByTestId('signin-form');
    await signin.getByLabel('E-mail', { exact: true }).fill(email);
    await signin.locator('input[name="password"]').fill('not-the-password');
    await signin.locator('button[type="submit"]').click();
    await expect
      .poll(() => signin.getByRole('alert').textContent())
      .toContain(translate('en', 'auth.invalid_credentials'));
    await signin.locator('input[name="password"]').fill(PASSWORD);
    await signin.locator('button[type="submit"]').click();
    await page.waitForURL(`${h.web.url}/en/account/watch-dogs`);
    await expect
      .poll(() => page.getByTestId('toast').allTextContents())
      .toContain(translate('en', 'auth.signed_in'));
    await context.close();
  });

  it('refuses a return path to another site', async () => {
    await h.signUpByApi('elsewhere@example.com');
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/en/auth/signin?redirect=${encodeURIComponent('//evil.example/x')}`);
    await page.getByTestId('signin-form').getByLabel('E-mail', { exact: true }).fill('elsewhere@example.com');
    await page.getByTestId('signin-form').locator('input[name="password"]').fill(PASSWORD);
    await page.getByTestId('signin-form').locator('button[type="submit"]').click();
    await page.waitForURL(`${h.web.url}/en/account`);
    await context.close();
  });
});

describe('password recovery', () => {
  it('sends a reset link, sets a new password through it and signs in with that', async () => {
    const email = 'zapomnela@example.com';
    await h.signUpByApi(email);
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/en/auth/lost-password`);
    await page.getByTestId('email-request-form').getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByTestId('email-request-form').locator('button[type="submit"]').click();
    await expect
      .poll(() => page.getByTestId('form-done').textContent())
      .toBe(translate('en', 'auth.reset_link_sent', { email }));

    const link = await h.mailLink(email, '/auth/reset-password/');
    await page.goto(`${h.web.url}${link}`);
    const form = page.getByTestId('new-password-form');
    const newPassword = 'Modry-kocour-na-strese-7';
    await form.locator('input[name="password"]').fill(newPassword);
    await form.locator('input[name="password_confirmation"]').fill(`${newPassword}x`);
    await form.locator('button[type="submit"]').click();
    expect(await form.getByTestId('error-password_confirmation').textContent()).toBe(
      translate('en', 'validation.passwords_do_not_match'),
    );
    await form.locator('input[name="password_confirmation"]').fill(newPassword);
    await form.locator('button[type="submit"]').click();
    await page.waitForURL(`${h.web.url}/en/auth/signin`);
    await expect
      .poll(() => page.getByTestId('toast').allTextContents())
      .toContain(translate('en', 'auth.password_changed'));
    // The link was single use.
    await page.goto(`${h.web.url}${link}`);
    await form.locator('input[name="password"]').fill('Jiny-uplne-novy-kocour-8');
    await form.locator('input[name="password_confirmation"]').fill('Jiny-uplne-novy-kocour-8');
    await form.locator('button[type="submit"]').click();
    await expect
      .poll(() => form.getByRole('alert').textContent())
      .toContain(translate('en', 'auth.link_invalid'));

    await signIn(page, h.web.url, email, newPassword);
    await context.close();
  });
});

describe('company accounts, the classic forms and the second recovery flow', () => {
  it('signs a company up, resends its confirmation, recovers through recover-password and signs in on the classic form', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/en/auth/company`);
    const form = page.getByTestId('company-signup-form');
    const email = 'kancelar@reality-example.cz';
    await form.getByLabel('Company name').fill('Reality Vltava s.r.o.');
    await form.getByLabel('Company registration number').fill('12345678');
    await form.getByLabel('Street').fill('Na Příkopě');
    await form.getByLabel('ZIP code').fill('110 00');
    await form.getByLabel('City').fill('Praha');
    await form.getByLabel('First name').fill('Petr');
    await form.getByLabel('Last name').fill('Svoboda');
    await form.getByLabel('E-mail', { exact: true }).fill(email);
    await form.locator('input[name="password"]').fill(PASSWORD);
    // The house number is optional; a postal code the contract refuses is reported under its field.
    await form.getByLabel('ZIP code').fill('1');
    await form.locator('button[type="submit"]').click();
    expect(await form.getByTestId('error-address_zip').textContent()).toBe(
      translate('en', 'validation.invalid_value'),
    );
    await form.getByLabel('ZIP code').fill('110 00');
    await form.locator('button[type="submit"]').click();
    await page.waitForURL(`${h.web.url}/en/account`);
    const me = await fetch(`${h.api.url}/user/me`, {
      headers: { authorization: `Bearer ${await tokenOf(context)}` },
    });
    expect(await me.json()).toMatchObject({
      accountType: 'company',
      companyName: 'Reality Vltava s.r.o.',
      verified: false,
    });
    // The account home points an unconfirmed account at a new confirmation e-mail.
    await page.getByTestId('account-unverified').getByRole('link').click();
    await page.waitForURL(`${h.web.url}/en/auth/send-confirm-email`);
    await page.getByTestId('email-request-form').getByLabel('E-mail').fill(email);
    await page.getByTestId('email-request-form').locator('button[type="submit"]').click();
    await expect
      .poll(() => page.getByTestId('form-done').textContent())
      .toBe(translate('en', 'auth.confirmation_sent', { email }));

    // The second recovery flow: its own request screen, completed with the link's token.
    const other = await h.visitor();
    const guest = await other.newPage();
    await guest.goto(`${h.web.url}/en/auth/recover-password`);
    await guest.getByTestId('email-request-form').getByLabel('E-mail').fill(email);
    await guest.getByTestId('email-request-form').locator('button[type="submit"]').click();
    await expect.poll(() => guest.getByTestId('form-done').isVisible()).toBe(true);
    const link = await h.mailLink(email, '/auth/reset-password/');
    const token = link.split('/').pop();
    await guest.goto(`${h.web.url}/en/auth/recover-password?token=${token}`);
    await guest
      .getByTestId('new-password-form')
      .locator('input[name="newPassword"]')
      .fill('Firemni-heslo-na-zimu-9');
    await guest.getByTestId('new-password-form').locator('button[type="submit"]').click();
    await guest.waitForURL(`${h.web.url}/en/auth/signin`);
    // The classic sign-in form runs the same flow.
    await guest.goto(`${h.web.url}/en/auth/signin_old`);
    expect(await guest.locator('.auth-page--classic').count()).toBe(1);
    await guest.locator('input[name="email"]').fill(email);
    await guest.locator('input[name="password"]').fill('Firemni-heslo-na-zimu-9');
    await guest.locator('button[type="submit"]').click();
    await guest.waitForURL(`${h.web.url}/en/account`);
    await other.close();
    await context.close();
  });
});

describe('keyboard, no scripts and right to left', () => {
  it('signs in with the keyboard alone', async () => {
    const email = 'klavesnice@example.com';
    await h.signUpByApi(email);
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/en/auth/signin`);
    // Tab from the top of the page until the e-mail field has focus.
    let reached = false;
    for (let step = 0; step < 40 && !reached; step++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(
        () =>
          document.activeElement?.closest('[data-testid="signin-form"]') !== null &&
          document.activeElement?.getAttribute('name') === 'email',
      );
    }
    expect(reached).toBe(true);
    // Sending it empty: the errors are announced and focus goes to the first field in error.
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('form-summary').textContent())
      .toBe(translate('en', 'validation.summary', { count: 2 }));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    expect(await page.locator('input[name="email"]').getAttribute('aria-invalid')).toBe('true');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${h.web.url}/en/account`);
    await context.close();
  });

  it('works before the scripts load: the server checks the form and signs in', async () => {
    const email = 'bez-skriptu@example.com';
    await h.signUpByApi(email);
    const context = await h.browser.newContext({
      javaScriptEnabled: false,
      userAgent: 'Mozilla/5.0 Chrome/140',
    });
    const page = await context.newPage();
    await page.goto(`${h.web.url}/en/auth/signin`);
    await page.locator('input[name="email"]').fill('not an e-mail');
    await page.locator('button[type="submit"]').click();
    await page.waitForLoadState();
    expect(await page.getByTestId('error-email').textContent()).toBe(
      translate('en', 'validation.invalid_email'),
    );
    expect(await page.getByTestId('error-password').textContent()).toBe(
      translate('en', 'validation.required'),
    );
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(`${h.web.url}/en/account`);
    expect(await tokenOf(context)).toBeTruthy();
    await context.close();
  });

  it('lays an Arabic form out right to left, with its errors in Arabic', async () => {
    const context = await h.visitor({ locale: 'ar' });
    const page = await context.newPage();
    await page.goto(`${h.web.url}/ar/auth/signin`);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    const form = page.getByTestId('signin-form');
    // The scripts' checks are what this test reads (the server's: "works before the scripts load").
    await hydrated(page, 'signin-form');
    await form.locator('button[type="submit"]').click();
    expect(await form.getByTestId('error-email').textContent()).toBe(translate('ar', 'validation.required'));
    // Labels start at the inline start: on the right in Arabic, flush with their field's edge.
    const edges = await form.evaluate((element) => {
      const label = element.querySelector('label');
      const input = element.querySelector('input[name="email"]');
      if (!label?.firstChild || !input) return null;
      const range = document.createRange();
      range.selectNodeContents(label);
      const text = range.getBoundingClientRect();
      const field = input.getBoundingClientRect();
      return { textLeft: text.left, textRight: text.right, fieldLeft: field.left, fieldRight: field.right };
    });
    expect(edges).not.toBeNull();
    expect(Math.abs(edges!.textRight - edges!.fieldRight)).toBeLessThan(2);
    expect(edges!.textLeft - edges!.fieldLeft).toBeGreaterThan(50);
    // No WCAG 2.1 AA findings on the forms with their errors shown, in Arabic and English.
    const problems = await axeViolations(page);
    await page.goto(`${h.web.url}/en/auth/company`);
    await hydrated(page, 'company-signup-form');
    await page.getByTestId('company-signup-form').locator('button[type="submit"]').click();
    await expect.poll(() => page.getByTestId('form-summary').count(), { timeout: 10_000 }).toBe(1);
    problems.push(...(await axeViolations(page)));
    expect(problems).toEqual([]);
    await context.close();
  });
});
