// axe-core's WCAG 2.1 A and AA rules on the shell's screens, in a left-to-right and the
// right-to-left locale, as a guest and signed in, including the error page and a toast.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './shell-harness.ts';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

async function violations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (rightly) does not apply to it.
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    return axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
  });
  return (result.violations as Violation[]).map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

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
      for (const problem of await violations(page)) problems.push(`${path}: ${problem}`);
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
      for (const problem of await violations(page)) problems.push(`${path}: ${problem}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
