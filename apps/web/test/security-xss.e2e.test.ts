// Issue 11 item 8, browser part: stored XSS. Twenty payloads are stored through the real API in
// the places people type text others read (offer description, street, city and city part, the
// contact and seller names, account names, messages to sellers, watch-dog names, reports), then
// Debian Chromium opens every page that shows them (home, results, offer detail, favourites,
// watch-dogs, account home and settings, my offers and the editor, the leads inbox, the admin
// reports). Each payload calls `__xss(n)`, a function the test exposes to every frame; alert,
// confirm and prompt are dialogs the test also counts. Goal: 0 executions, the payloads shown
// as text, and no inline-script CSP violation (which would mean markup got through escaping
// and only the CSP stopped it). A control run on a page without any protection proves the
// detector sees an execution when there is one.

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sellers, users } from '@estately/db';
import { createTestDatabase, type TestDatabase } from '@estately/db/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../api/src/config.ts';
import { signAccessToken } from '../../api/src/lib/jwt.ts';
import { hashPassword } from '../../api/src/lib/passwords.ts';
import { type RunningApi, startApi } from '../../api/src/server.ts';
import { ensurePropertyPhoto } from '../../api/test/support/helpers.ts';
import { type RunningWeb, startWeb } from '../server/server.ts';
import { ensureWebBuild, freePort, PERSON_UA } from './browser-setup.ts';
import { launchChromium } from './chromium.ts';

/** Twenty classic and parser-confusion payloads; each names itself XSS<n> and calls __xss(n). */
const PAYLOADS = [
  `<script>__xss(0)</script>XSS0`,
  `<img src=x onerror="__xss(1)">XSS1`,
  `<svg onload="__xss(2)">XSS2</svg>`,
  `"><script>__xss(3)</script>XSS3`,
  `'><img src=x onerror=__xss(4)>XSS4`,
  `javascript:__xss(5)//XSS5`,
  `<iframe srcdoc="<script>parent.__xss(6)</script>"></iframe>XSS6`,
  `<a href="javascript:__xss(7)" id="xss7">XSS7</a>`,
  `</textarea><script>__xss(8)</script><textarea>XSS8`,
  `</title><script>__xss(9)</script>XSS9`,
  `<details open ontoggle="__xss(10)">XSS10</details>`,
  `{{constructor.constructor('__xss(11)')()}}XSS11`,
  `<math><mtext><table><mglyph><style><img src=x onerror=__xss(12)>XSS12`,
  `</script><script>__xss(13)</script>XSS13`,
  `\u2028\u2029</script><svg onload=__xss(14)>XSS14`,
  `<input autofocus onfocus="__xss(15)" value="XSS15">`,
  `<video><source onerror="__xss(16)"></video>XSS16`,
  `<object data="javascript:__xss(17)"></object>XSS17`,
  `<!--<img src="--><img src=x onerror=__xss(18)//">XSS18`,
  `<style>*{background:url("javascript:__xss(19)")}</style><body onload=alert(19)>XSS19`,
];
const MARKERS = PAYLOADS.map((_, index) => `XSS${index}`);
const payload = (index: number) => PAYLOADS[index % PAYLOADS.length]!;

let database: TestDatabase;
let dataDir: string;
let config: Config;
let api: RunningApi;
let web: RunningWeb;
let browser: Browser;
let owner: number;
let buyer: number;
let admin: number;
const propertyIds: number[] = [];

/** What the detector saw, per page visited. */
const executions: { page: string; what: string }[] = [];
const violations: { page: string; directive: string; blocked: string; sample: string }[] = [];
const markersSeen = new Set<string>();

function tokenOf(userId: number): string {
  const now = Math.floor(Date.now() / 1000);
  return signAccessToken(config.jwt.keys, {
    sub: userId,
    iat: now,
    exp: now + 3600,
    jti: randomUUID(),
    fam: randomUUID(),
  });
}

async function call(userId: number | null, method: string, path: string, body?: unknown) {
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers: {
      ...(userId ? { authorization: `Bearer ${tokenOf(userId)}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function insertUser(values: Partial<typeof users.$inferInsert>): Promise<number> {
  const [row] = await database.db
    .insert(users)
    .values({
      email: `xss-${randomUUID().slice(0, 8)}@example.com`,
      passwordHash: await hashPassword('Kopretina-na-louce-42'),
      preferredLanguage: 'en',
      ...values,
    })
    .returning({ id: users.id });
  return row!.id;
}

/** A browser context signed in as `userId` (or a guest), with the detector installed. */
async function visitor(userId: number | null): Promise<BrowserContext> {
  const context = await browser.newContext({
    userAgent: PERSON_UA,
    extraHTTPHeaders: { 'Accept-Language': 'en' },
  });
  let current = 'setup';
  context.on('page', (page) => {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) current = new URL(frame.url()).pathname;
    });
    page.on('dialog', (dialog) => {
      executions.push({ page: current, what: `dialog ${dialog.type()}: ${dialog.message()}` });
      void dialog.dismiss();
    });
  });
  await context.exposeFunction('__xss', (id: number) => {
    executions.push({ page: current, what: `__xss(${id})` });
  });
  await context.exposeFunction('__cspViolation', (directive: string, blocked: string, sample: string) => {
    violations.push({ page: current, directive, blocked, sample });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __cspViolation: (...a: string[]) => void }).__cspViolation(
        event.effectiveDirective,
        event.blockedURI,
        event.sample,
      );
    });
  });
  if (userId !== null) {
    const url = new URL(web.url);
    await context.addCookies([
      { name: 'token', value: tokenOf(userId), domain: url.hostname, path: '/', sameSite: 'Lax' },
    ]);
  }
  return context;
}

/**
 * Opens a page, lets it hydrate and settle, focuses and clicks through what a person might
 * (links, details, inputs), and records which payload markers it shows as text.
 */
async function visit(page: Page, path: string): Promise<{ status: number; markers: string[] }> {
  const response = await page.goto(`${web.url}${path}`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle').catch(() => {});
  // Interaction: hover and focus every text field, open every <details>.
  await page.evaluate(() => {
    for (const element of document.querySelectorAll('input, textarea')) (element as HTMLElement).focus();
    for (const details of document.querySelectorAll('details')) details.open = true;
  });
  await page.waitForTimeout(150);
  const text = await page.evaluate(() => {
    const values = [...document.querySelectorAll('input, textarea')].map(
      (element) => (element as HTMLInputElement).value,
    );
    // innerText, not textContent: rendered text only, not the loader data in <script> elements.
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
    return `${document.body.innerText}\n${values.join('\n')}\n${document.title}`;
  });
  // Data islands (JSON-LD of the offer) must stay JSON: a payload that broke out of one would
  // leave it unparsable.
  const brokenIslands = await page.evaluate(
    () =>
      [...document.querySelectorAll('script[type="application/ld+json"]')].filter((script) => {
        try {
          JSON.parse(script.textContent ?? '');
          return false;
        } catch {
          return true;
        }
      }).length,
  );
  if (brokenIslands > 0) executions.push({ page: path, what: `${brokenIslands} broken JSON-LD island(s)` });
  const markers = MARKERS.filter((marker) => new RegExp(`${marker}(?!\\d)`).test(text));
  for (const marker of markers) markersSeen.add(marker);
  return { status: response?.status() ?? 0, markers };
}

beforeAll(async () => {
  ensureWebBuild();
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'estately-xss-e2e-'));
  const apiPort = await freePort();
  config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    API_PORT: String(apiPort),
    API_HOST: '127.0.0.1',
    PUBLIC_API_URL: `http://127.0.0.1:${apiPort}`,
    RATE_LIMIT_MAX: '0',
    LOG_LEVEL: 'warn',
  });
  api = await startApi({ config, db: database });
  web = await startWeb({ port: 0, host: '127.0.0.1', apiUrl: api.url, env: {} });
  browser = await launchChromium();

  // Names: the seller's public name, account names of the owner, the buyer and an admin.
  const [seller] = await database.db
    .insert(sellers)
    .values({ name: payload(1), sellerType: 'agency', website: payload(5) })
    .returning({ id: sellers.id });
  owner = await insertUser({ firstName: payload(2), lastName: payload(3), sellerId: seller!.id });
  buyer = await insertUser({ firstName: payload(4), lastName: payload(5), companyName: payload(6) });
  admin = await insertUser({ firstName: payload(7), isAdmin: true });

  // Offers through the real API: every text field of the form carries a payload.
  for (let index = 0; index < PAYLOADS.length; index += 1) {
    const saved = await call(owner, 'POST', '/v1/property/save', {
      offer_type: 'sale',
      property_type: 'apartment',
      price: 4_000_000 + index * 10_000,
      currency_iso_code: 'CZK',
      disposition: '2',
      room: ['living_room', 'bedroom', 'kitchen'],
      useful_area: 50 + index,
      description: `${payload(index)} ${payload(index + 10)}`,
      street: payload(index + 1),
      zip: '110 00',
      city: payload(index + 2),
      city_part: payload(index + 3),
      country_code: 'CZ',
      latitude: 50.08 + index / 1000,
      longitude: 14.42 + index / 1000,
      contact: { contact_name: payload(index + 4), contact_email: 'seller@example.com' },
    });
    const id = saved.data.id as number;
    // Publishing needs a photo (issue 38 defect 9); its files are not what this test is about.
    await ensurePropertyPhoto(database.db, id);
    await call(owner, 'POST', `/v1/properties/set-state/${id}`, { state: 'active' });
    propertyIds.push(id);
  }

  // The buyer's favourites, a watch-dog, messages to the seller and a report.
  for (const id of propertyIds) await call(buyer, 'POST', '/my/favorite/properties', { property_id: id });
  await call(buyer, 'POST', '/saved_searches', {
    name: payload(8).slice(0, 100),
    filters: { offer_type: 'sale', country_code: 'cz' },
    search_path: '/en/search/sale',
  });
  for (const index of [9, 10, 11, 12]) {
    await call(buyer, 'POST', `/public/offers/${propertyIds[index]}/offer_message`, {
      offer_message: {
        name: payload(index),
        email: 'buyer@example.com',
        text: `${payload(index + 4)} Is it free?`,
      },
    });
  }
  await call(buyer, 'POST', `/public/offers/${propertyIds[0]}/offer_report`, {
    offer_report: { reason: 'other', text: payload(17) },
  });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await web?.close();
  await api?.close();
  await database?.cleanup();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('stored XSS in Chromium', () => {
  it('the detector sees payloads run on a page without escaping or CSP (control)', async () => {
    const before = executions.length;
    const context = await visitor(null);
    const page = await context.newPage();
    await page.setContent(`<div>${PAYLOADS[1]}${PAYLOADS[2]}${PAYLOADS[19]}</div>`);
    await page.waitForTimeout(300);
    await context.close();
    const seen = executions.splice(before).map((hit) => hit.what);
    expect(seen).toEqual(expect.arrayContaining(['__xss(1)', '__xss(2)']));
    expect(seen.some((what) => what.startsWith('dialog alert'))).toBe(true);
  });

  it('runs none of 20 payloads on any page that shows them, and shows them as text', async () => {
    const guest = await (await visitor(null)).newPage();
    const pages: { role: string; page: Page; path: string }[] = [
      { role: 'guest', page: guest, path: '/en' },
      { role: 'guest', page: guest, path: '/en/search/sale' },
      { role: 'guest', page: guest, path: '/en/search/sale?page=2' },
      ...propertyIds.slice(0, 6).map((id) => ({ role: 'guest', page: guest, path: `/en/property/${id}` })),
    ];
    const buyerPage = await (await visitor(buyer)).newPage();
    pages.push(
      { role: 'buyer', page: buyerPage, path: '/en/account' },
      { role: 'buyer', page: buyerPage, path: '/en/account/favorites' },
      { role: 'buyer', page: buyerPage, path: '/en/account/favorites?page=2' },
      { role: 'buyer', page: buyerPage, path: '/en/account/watch-dogs' },
      { role: 'buyer', page: buyerPage, path: '/en/account/settings/personal' },
      { role: 'buyer', page: buyerPage, path: `/en/property/${propertyIds[13]}` },
    );
    const ownerPage = await (await visitor(owner)).newPage();
    pages.push(
      { role: 'owner', page: ownerPage, path: '/en/account/leads' },
      { role: 'owner', page: ownerPage, path: '/en/account/my-offers' },
      { role: 'owner', page: ownerPage, path: `/en/account/my-offers/${propertyIds[5]}` },
      { role: 'owner', page: ownerPage, path: `/en/property/${propertyIds[7]}` },
    );
    const adminPage = await (await visitor(admin)).newPage();
    pages.push(
      { role: 'admin', page: adminPage, path: '/en/account/admin/reports' },
      { role: 'admin', page: adminPage, path: '/en/account/admin/offers' },
    );

    const report: string[] = [];
    for (const { role, page, path } of pages) {
      const { status, markers } = await visit(page, path);
      report.push(`${role} ${path}: ${status}, ${markers.length} payloads shown as text`);
    }
    // Client-side navigation too: from the results to a detail and back, hydrated.
    await guest.goto(`${web.url}/en/search/sale`);
    const card = guest.locator(`a[href*="/en/property/"]`).first();
    if ((await card.count()) > 0) {
      await card.click();
      await guest.waitForURL(/\/en\/property\//);
      await guest.goBack();
      await guest.waitForLoadState('networkidle').catch(() => {});
    }
    // A payload that is a link must not become a javascript: URL a click would run.
    const javascriptLinks = await Promise.all(
      [guest, buyerPage, ownerPage, adminPage].map((page) =>
        page.evaluate(
          () =>
            [...document.querySelectorAll('a[href], iframe[src], object[data]')].filter((element) =>
              /^\s*javascript:/i.test(
                element.getAttribute('href') ??
                  element.getAttribute('src') ??
                  element.getAttribute('data') ??
                  '',
              ),
            ).length,
        ),
      ),
    );
    console.log(`[xss] ${pages.length} page visits:\n  ${report.join('\n  ')}`);
    console.log(
      `[xss] payloads shown as text somewhere: ${markersSeen.size}/${PAYLOADS.length}; executions: ${executions.length}; CSP violations: ${violations.length}`,
    );
    const kinds = new Map<string, number>();
    for (const v of violations) {
      const kind = `${v.directive} ${v.blocked} ${v.sample} on ${v.page}`;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    for (const [kind, count] of kinds) console.log(`[xss]   violation x${count}: ${kind}`);

    expect(executions).toEqual([]);
    expect(javascriptLinks).toEqual([0, 0, 0, 0]);
    // Markup that reached the DOM as markup would show up as a blocked inline script, handler or
    // URL; the pages themselves cause none (zod runs without its eval probe, decision 016).
    expect(violations).toEqual([]);
    // The payloads were really on the pages, as text: every one of the twenty somewhere.
    expect([...markersSeen].sort()).toEqual([...MARKERS].sort());
  });
});
