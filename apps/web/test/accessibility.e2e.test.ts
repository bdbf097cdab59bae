// axe-core's WCAG 2.1 A and AA rules on the shell's screens, in a left-to-right and the
// right-to-left locale, as a guest and signed in, including the error page and a toast.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { type Harness, startHarness } from './shell-harness.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

describe('accessibility (axe, WCAG 2.1 AA)', () => {
  it('finds no violations on the guest screens in cs and ar', async () => {
    const context = await harness.visitor();
    const page = await context.newPage();
    const paths = [
      '/cs',
      '/cs/inzeraty',
      `/cs/property/${harness.offerIds[0]}`,
      '/cs/blog',
      '/cs/article/terms',
      '/cs/auth/signin',
      '/ar',
      '/ar/results',
      '/ar/blog',
      '/cs/property/nonexistent',
    ];
    const problems: string[] = [];
    for (const path of paths) {
      await page.goto(`${harness.web.url}${path}`);
      await page.waitForLoadState('networkidle');
      for (const problem of await axeViolations(page)) problems.push(`${path}: ${problem}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('finds no violations on account pages, with the user menu and a toast open', async () => {
    const { token, refreshToken } = harness.session.login();
    const context = await harness.visitor({ cookies: { token, refresh_token: refreshToken } });
    const page = await context.newPage();
    const problems: string[] = [];
    for (const path of ['/en/account', '/en/account/settings/language-currency', '/ar/account/favorites']) {
      await page.goto(`${harness.web.url}${path}`);
      await page.waitForLoadState('networkidle');
      await page.getByTestId('user-menu').locator('summary').click();
      await page.getByTestId('currency-switcher').selectOption('GBP');
      await expect.poll(() => page.getByTestId('toast').count()).toBeGreaterThan(0);
      for (const problem of await axeViolations(page)) problems.push(`${path}: ${problem}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
