// What the feeds browser tests share (issue 42): a company account made through the API as its
// sign-up form would make it, signed in on its feeds page, and the wait for a run's page to show
// the run finished.

import { users } from '@estately/db';
import { translate } from '@estately/i18n';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { type AccountHarness, signIn } from './account-helpers.ts';
import { hydrated, PASSWORD } from './browser-setup.ts';

/** A text of the Czech catalog, as the company's pages say it. */
export const cs = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
  translate('cs', key, values);

/** A Czech agency's account (its language `cs`); answers its user id. */
export async function signUpCompany(h: AccountHarness, email: string): Promise<number> {
  const response = await fetch(`${h.api.url}/auth/signup/company`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: PASSWORD,
      locale: 'cs',
      company_name: 'Reality Vltava s.r.o.',
      registration_number: '27082440',
      address_street: 'Národní',
      address_street_numbers: '10',
      address_zip: '11000',
      address_city: 'Praha',
      contact_first_name: 'Petr',
      contact_last_name: 'Dvořák',
    }),
  });
  if (response.status !== 201)
    throw new Error(`company sign-up ${response.status}: ${await response.text()}`);
  const [user] = await h.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

/** A new company signed in on its feeds page, once the page's scripts run. */
export async function companyOnFeedsPage(h: AccountHarness, email: string) {
  await signUpCompany(h, email);
  const context = await h.visitor({ locale: 'cs' });
  const page = await context.newPage();
  await signIn(page, h.web.url, email, undefined, 'cs');
  await page.goto(`${h.web.url}/cs/account/feeds`);
  await hydrated(page, 'feed-add-form');
  return { context, page };
}

/** Waits until the run's page shows it finished (the page asks again every 2 s by itself). */
export async function runFinished(page: Page, reload = false): Promise<string> {
  const run = page.getByTestId('feed-run');
  await expect
    .poll(
      async () => {
        if (reload) await page.reload();
        return run.getAttribute('data-state');
      },
      { timeout: 60_000, interval: 1000 },
    )
    .toMatch(/^(succeeded|failed)$/);
  return (await run.getAttribute('data-state')) ?? '';
}

/** A number of the run's counts (`created`, `rejected`, ...) as the page shows it. */
export async function runCount(page: Page, name: string): Promise<string | null> {
  return page.getByTestId('run-counts').getByTestId(`run-count-${name}`).locator('dd').textContent();
}
