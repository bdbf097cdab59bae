// Shared set-up of the sign-in and account browser tests (issue 10): the REAL API on a fresh test
// database (sign-up, mail through the outbox into the dev mailbox, tokens, favourites, saved
// searches), the built web app pointed at it, and Debian's Chromium. Helpers act as a person
// would: sign up through the API or the form, read links from the mailbox, sign in by the form.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, devMailbox, offers, properties, users } from '@estately/db';
import { createTestDatabase, type TestDatabase } from '@estately/db/testing';
import { and, desc, eq, ilike } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type RunningApi, startApi } from '../../api/src/server.ts';
import { insertOffer, setRates } from '../../api/test/support/helpers.ts';
import { type RunningWeb, startWeb } from '../server/server.ts';
import {
  ensureWebBuild,
  fillSignInForm,
  freePort,
  PASSWORD,
  PERSON_UA,
  signUpByApi,
  testApiConfig,
} from './browser-setup.ts';
import { launchChromium } from './chromium.ts';

export interface AccountHarness {
  db: Db;
  api: RunningApi;
  web: RunningWeb;
  browser: Browser;
  /** Public offers: nine for sale, then three for rent. */
  offerIds: number[];
  visitor(options?: { locale?: string }): Promise<BrowserContext>;
  /** The newest link to `pathPart` (e.g. `/auth/confirm-email/`) in mail to `to`, as a web path. */
  mailLink(to: string, pathPart: string): Promise<string>;
  /** Creates an account through the API (as the sign-up form would) and answers its tokens. */
  signUpByApi(email: string, password?: string): Promise<{ token: string; refresh_token: string }>;
  close(): Promise<void>;
}

/**
 * `apiEnv` adds to or replaces the test API's settings (FEED_ALLOWED_NETWORKS); `browserCallsApi`
 * lets the page's scripts call the API themselves (CORS allows the web's origin: a board's live
 * stream, issue 44 point 3).
 */
export async function startAccountHarness(
  options: { apiEnv?: Record<string, string>; browserCallsApi?: boolean } = {},
): Promise<AccountHarness> {
  ensureWebBuild();
  const database: TestDatabase = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'estately-web-account-'));
  const webPort = options.browserCallsApi ? await freePort() : undefined;
  const config = testApiConfig({
    dataDir,
    apiPort: await freePort(),
    webPort,
    env: { JOBS_IN_PROCESS: 'true', DEV_MAILBOX: 'on', ...options.apiEnv },
  });
  const db = database.db;
  const [owner] = await db
    .insert(users)
    .values({ email: 'web-account-owner@example.com', passwordHash: 'not-a-real-hash' })
    .returning({ id: users.id });
  await setRates(db, { EUR: 25, USD: 23 });
  const offerIds: number[] = [];
  for (let index = 0; index < 12; index++) {
    const id = await insertOffer(db, {
      ownerId: owner!.id,
      publishedAt: new Date(Date.UTC(2026, 10, 1 + index)),
      price: 4_000_000 + index * 100_000,
      currency: 'CZK',
      city: 'Praha',
    });
    if (index >= 9) {
      await db.update(properties).set({ offerType: 'rent' }).where(eq(properties.id, id));
      await db.update(offers).set({ offerType: 'rent' }).where(eq(offers.id, id));
    }
    offerIds.push(id);
  }
  const api = await startApi({ config, db: database });
  const web = await startWeb({ port: webPort ?? 0, host: '127.0.0.1', apiUrl: api.url, env: {} });
  const browser = await launchChromium();
  return {
    db,
    api,
    web,
    browser,
    offerIds,
    visitor: (options = {}) =>
      browser.newContext({
        userAgent: PERSON_UA,
        extraHTTPHeaders: { 'Accept-Language': options.locale ?? 'en' },
      }),
    async mailLink(to, pathPart) {
      // The outbox worker sends within a few seconds; the dev mailbox keeps the mail.
      const deadline = Date.now() + 45_000;
      while (Date.now() < deadline) {
        const [mail] = await db
          .select({ text: devMailbox.text, html: devMailbox.html })
          .from(devMailbox)
          .where(and(eq(devMailbox.toAddress, to), ilike(devMailbox.text, `%${pathPart}%`)))
          .orderBy(desc(devMailbox.id))
          .limit(1);
        const found = mail?.text?.match(new RegExp(`/[A-Za-z-]+${pathPart}[A-Za-z0-9._~-]+`));
        if (found) return found[0];
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`no mail to ${to} with ${pathPart}`);
    },
    signUpByApi: (email, password) => signUpByApi(api.url, email, password),
    async close() {
      await browser?.close();
      await web?.close();
      await api?.close();
      await database.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the sign-in form of `locale` and waits for the account guard's target. */
export async function signIn(page: Page, base: string, email: string, password = PASSWORD, locale = 'en') {
  await page.goto(`${base}/${locale}/auth/signin`);
  await fillSignInForm(page, email, password);
  await page.waitForURL(new RegExp(`/${locale}/account$`));
}

/** The API's answer to a call with the page's access token (what the browser holds). */
export async function tokenOf(context: BrowserContext): Promise<string | null> {
  const cookies = await context.cookies();
  return cookies.find((cookie) => cookie.name === 'token')?.value ?? null;
}

export { axeViolations } from './axe.ts';
