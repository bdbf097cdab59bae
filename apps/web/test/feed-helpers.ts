// What the feeds browser tests share (issue 42): a company account made through the API as its
// sign-up form would make it, and the wait for a run's page to show the run finished.

import { users } from '@estately/db';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AccountHarness } from './account-helpers.ts';
import { PASSWORD } from './browser-setup.ts';

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
