// What a visitor sees when the API refuses them for asking too often, or is not there (issue 36
// point 3): the real API with a small request budget, spent by the test; the built web app;
// Debian's Chromium. A page whose API call got 429 answers 429 with the API's Retry-After and says
// in the visitor's language how long to wait (a document and a client navigation alike); a call
// the browser makes itself (the favourite toggle) shows that as a toast; an API that cannot be
// reached makes the page a 503 with Retry-After in the visitor's language.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { users } from '@estately/db';
import { createTestDatabase, type TestDatabase } from '@estately/db/testing';
import { buildPath, type Locale } from '@estately/domain';
import { translate } from '@estately/i18n';
import type { Browser, BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from '../../api/src/server.ts';
import { insertOffer, setRates } from '../../api/test/support/helpers.ts';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '../app/api/tokens.ts';
import { RETRY_AFTER_SECONDS } from '../app/routing/unavailable.server.ts';
import { type RunningWeb, startWeb } from '../server/server.ts';
import {
  ensureWebBuild,
  freePort,
  harnessPerFile,
  hydrated,
  PERSON_UA,
  signUpByApi,
  testApiConfig,
} from './browser-setup.ts';
import { launchChromium } from './chromium.ts';

/** Requests a minute per client: enough to set the test up, few enough to spend at once. */
const BUDGET = 150;

interface Harness {
  api: RunningApi;
  web: RunningWeb;
  /** A web server whose API is a closed port. */
  offline: RunningWeb;
  browser: Browser;
  offerIds: number[];
  close(): Promise<void>;
}

const h = harnessPerFile<Harness>(async () => {
  ensureWebBuild();
  const database: TestDatabase = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'estately-rate-limited-'));
  const webPort = await freePort();
  const config = testApiConfig({
    dataDir,
    apiPort: await freePort(),
    webPort,
    env: { RATE_LIMIT_MAX: String(BUDGET) },
  });
  const [owner] = await database.db
    .insert(users)
    .values({ email: 'rate-limited-owner@example.com', passwordHash: 'not-a-real-hash' })
    .returning({ id: users.id });
  await setRates(database.db, { EUR: 25, AED: 6.3, USD: 23, GBP: 29 });
  const offerIds: number[] = [];
  for (let index = 0; index < 4; index++) {
    offerIds.push(
      await insertOffer(database.db, {
        ownerId: owner!.id,
        publishedAt: new Date(Date.UTC(2026, 10, 1 + index)),
        city: 'Praha',
      }),
    );
  }
  const api = await startApi({ config, db: database });
  const web = await startWeb({ port: webPort, host: '127.0.0.1', apiUrl: api.url, env: {} });
  const offline = await startWeb({
    port: 0,
    host: '127.0.0.1',
    apiUrl: `http://127.0.0.1:${await freePort()}`,
    env: {},
  });
  const browser = await launchChromium();
  return {
    api,
    web,
    offline,
    browser,
    offerIds,
    async close() {
      await browser?.close();
      await web?.close();
      await offline?.close();
      await api?.close();
      await database.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

/** A person's browser (headless Chromium would count as a crawler and get no error page). */
function visitor(): Promise<BrowserContext> {
  return h.browser.newContext({ userAgent: PERSON_UA });
}

/**
 * Asks the API until it refuses; answers the refusal's Retry-After (seconds). With `token` the
 * calls are the signed-in visitor's (the API may keep an account's budget apart from the
 * address's), else a guest's.
 */
async function spendBudget(token?: string): Promise<number> {
  for (let attempt = 0; attempt <= BUDGET; attempt++) {
    const response = token
      ? await fetch(`${h.api.url}/user/me`, { headers: { authorization: `Bearer ${token}` } })
      : await fetch(`${h.api.url}/public/offers/${h.offerIds[3]}`);
    await response.arrayBuffer();
    if (response.status === 429) {
      const seconds = Number(response.headers.get('retry-after'));
      expect(seconds).toBeGreaterThan(0);
      return seconds;
    }
  }
  throw new Error(`the API never refused within ${BUDGET + 1} requests`);
}

/** The wait `text` names, as the locale's "too many requests" message writes it. */
function waitNamedIn(locale: Locale, text: string): number | null {
  for (let seconds = 0; seconds <= 3600; seconds++) {
    if (text.includes(translate(locale, 'error.too_many_requests_text', { seconds }))) return seconds;
  }
  return null;
}

async function getPage(url: string) {
  const response = await fetch(url, { headers: { 'user-agent': PERSON_UA } });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

describe('a visitor the API refuses for asking too often', () => {
  it('gets 429 pages with Retry-After and the wait in their language, and a toast for their own calls', async () => {
    // Signed in, on an offer's page in Arabic (right to left), before the budget is spent.
    const account = await signUpByApi(h.api.url, 'too-many@example.com');
    const context = await visitor();
    await context.addCookies([
      { name: ACCESS_TOKEN_COOKIE, value: account.token, url: h.web.url },
      { name: REFRESH_TOKEN_COOKIE, value: account.refresh_token, url: h.web.url },
    ]);
    const page = await context.newPage();
    const offerId = h.offerIds[0]!;
    const first = await page.goto(`${h.web.url}${buildPath('propertyDetail', 'ar', { id: offerId })}`);
    expect(first?.status()).toBe(200);
    await hydrated(page, 'favorite-toggle');

    // The address's budget (the guests' pages) and the account's (the signed-in browser's calls).
    const apiWait = Math.max(await spendBudget(), await spendBudget(account.token));

    // The browser's own call over the budget: a toast in Arabic naming the wait.
    await page.getByTestId('favorite-toggle').first().click();
    const toast = page.getByTestId('toast').filter({ hasText: translate('ar', 'status.too_many_requests') });
    await expect.poll(() => toast.count()).toBe(1);
    const toastWait = waitNamedIn('ar', (await toast.textContent()) ?? '');
    expect(toastWait).not.toBeNull();
    expect(toastWait).toBeLessThanOrEqual(apiWait);

    // A client navigation (the `.data` request of another offer) shows the 429 page in place.
    await page.evaluate(() => {
      window.__navigatedInPlace = true;
    });
    const dataAnswer = page.waitForResponse((response) => response.url().includes('.data'));
    await page.getByTestId('search-entry').click();
    const data = await dataAnswer;
    expect(data.status()).toBe(429);
    expect(Number(data.headers()['retry-after'])).toBeGreaterThan(0);
    await page.getByTestId('too-many-requests').waitFor();
    expect(await page.evaluate(() => window.__navigatedInPlace)).toBe(true);
    expect(await page.locator('h1').textContent()).toBe(translate('ar', 'status.too_many_requests'));
    expect(
      waitNamedIn('ar', (await page.getByTestId('too-many-requests').textContent()) ?? ''),
    ).not.toBeNull();
    await context.close();

    // Documents in Czech, English and Arabic: 429, the API's wait as Retry-After, never a 500.
    for (const locale of ['cs', 'en', 'ar'] as const) {
      const answer = await getPage(
        `${h.web.url}${buildPath('propertyDetail', locale, { id: h.offerIds[1]! })}`,
      );
      expect(answer.status, locale).toBe(429);
      const retryAfter = Number(answer.headers.get('retry-after'));
      expect(retryAfter, locale).toBeGreaterThan(0);
      expect(retryAfter, locale).toBeLessThanOrEqual(apiWait);
      expect(answer.headers.get('cache-control'), locale).toBe('no-store');
      expect(answer.html, locale).toContain('data-testid="too-many-requests"');
      expect(answer.html, locale).toContain(`<h1>${translate(locale, 'status.too_many_requests')}</h1>`);
      // The page's message (the catalog sent with the page holds every form of the message too).
      const message = /<p class="error-page__message">([^<]*)<\/p>/.exec(answer.html)?.[1] ?? '';
      const named = waitNamedIn(locale, message);
      expect(named, locale).not.toBeNull();
      expect(Math.abs((named ?? 0) - retryAfter), locale).toBeLessThanOrEqual(1);
      if (locale === 'ar') expect(answer.html).toContain('<html lang="ar" dir="rtl">');
    }
    // The other screens whose API call is refused say the same: results, home, blog, an article.
    for (const path of [
      buildPath('results', 'cs'),
      '/en',
      buildPath('blog', 'en'),
      buildPath('articleTerms', 'cs'),
    ]) {
      const answer = await getPage(`${h.web.url}${path}`);
      expect(answer.status, path).toBe(429);
      expect(answer.headers.get('retry-after'), path).toMatch(/^[1-9]\d*$/);
      expect(answer.html, path).toContain('data-testid="too-many-requests"');
    }
  }, 60_000);
});

describe('a visitor whose page has no API to ask', () => {
  it('gets a 503 with Retry-After and "try again shortly" in their language', async () => {
    for (const locale of ['cs', 'en', 'ar'] as const) {
      const answer = await getPage(`${h.offline.url}${buildPath('propertyDetail', locale, { id: 1 })}`);
      expect(answer.status, locale).toBe(503);
      expect(answer.headers.get('retry-after'), locale).toBe(String(RETRY_AFTER_SECONDS));
      expect(answer.html, locale).toContain('data-testid="unavailable"');
      expect(answer.html, locale).toContain(`<h1>${translate(locale, 'status.service_unavailable')}</h1>`);
      expect(answer.html, locale).toContain(translate(locale, 'error.unavailable_text'));
    }
  });
});

declare global {
  interface Window {
    __navigatedInPlace?: boolean;
  }
}
