// Browser test of the first slice (issue 3): the real API on a fresh test database, the built web
// app served by server.ts, and Debian's Chromium driven by playwright-core.
//
// It needs apps/web/build: `npm test` and CI build first; when the build is missing, beforeAll
// builds it (ensureWebBuild).

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, users } from '@estately/db';
import { createTestDatabase, type TestDatabase } from '@estately/db/testing';
import { type Currency, type FeaturedPropertiesResponse, LOCALES, shownPrice } from '@estately/domain';
import { formatPrice, translate } from '@estately/i18n';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config.ts';
import { type RunningApi, startApi } from '../../api/src/server.ts';
import { insertOffer, setRates } from '../../api/test/support/helpers.ts';
import { toOfferCardView } from '../app/ui/offers/offer-card-view.server.ts';
import { type RunningWeb, startWeb } from '../server/server.ts';
import { ensureWebBuild } from './browser-setup.ts';
import { launchChromium } from './chromium.ts';

const SEEDED_OFFERS = 9;
// Headless Chromium names itself HeadlessChrome, which isbot counts as a crawler; crawlers get no
// error page (spec 2). The visitor is a person, so the browser presents itself as plain Chrome.
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

let database: TestDatabase;
let dataDir: string;
let api: RunningApi;
let web: RunningWeb;
let browser: Browser;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A small SVG as a stored photo variant, so cards load real images from the API's media folder. */
function writePhoto(mediaDir: string, key: string, hue: number): void {
  const path = join(mediaDir, key);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(
    path,
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="hsl(${hue} 60% 60%)"/></svg>`,
  );
}

async function seed(db: Db, mediaDir: string): Promise<void> {
  const [owner] = await db
    .insert(users)
    .values({ email: 'web-e2e-owner@example.com', passwordHash: 'not-a-real-hash' })
    .returning({ id: users.id });
  await setRates(db, { EUR: 25, AED: 6.3, USD: 23, GBP: 29 });
  for (let index = 0; index < SEEDED_OFFERS; index++) {
    const variants = {
      thumb: `e2e/${index}/thumb.svg`,
      card: `e2e/${index}/card.svg`,
      gallery: `e2e/${index}/gallery.svg`,
      full: `e2e/${index}/full.svg`,
    };
    for (const key of Object.values(variants)) writePhoto(mediaDir, key, index * 40);
    await insertOffer(db, {
      ownerId: owner!.id,
      publishedAt: new Date(Date.UTC(2026, 10, 1 + index)),
      price: 4_000_000 + index * 250_000,
      currency: 'CZK',
      city: index % 2 === 0 ? 'Praha' : 'Brno',
      mainPhoto: { id: 1000 + index, variants },
    });
  }
}

async function featured(currency: Currency): Promise<FeaturedPropertiesResponse['data']> {
  const response = await fetch(`${api.url}/properties?currency=${currency}`);
  return ((await response.json()) as FeaturedPropertiesResponse).data;
}

/** A browser context as a visitor with these language preferences and cookies. */
async function visitor(
  options: { acceptLanguage?: string; localeCookie?: string } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    userAgent: PERSON_UA,
    ...(options.acceptLanguage ? { extraHTTPHeaders: { 'Accept-Language': options.acceptLanguage } } : {}),
  });
  if (options.localeCookie) {
    await context.addCookies([{ name: 'locale', value: options.localeCookie, url: web.url }]);
  }
  return context;
}

beforeAll(async () => {
  ensureWebBuild();
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'estately-web-e2e-'));
  const apiPort = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    API_PORT: String(apiPort),
    API_HOST: '127.0.0.1',
    PUBLIC_API_URL: `http://127.0.0.1:${apiPort}`,
  });
  await seed(database.db, config.mediaDir);
  api = await startApi({ config, db: database });
  web = await startWeb({ port: 0, host: '127.0.0.1', apiUrl: api.url, env: {} });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await web?.close();
  await api?.close();
  await database?.cleanup();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('home page in the browser', () => {
  it('renders / in Czech by default, with <html lang="cs">', async () => {
    // Without cookie or Accept-Language the product's default locale applies (decision 002).
    const response = await fetch(`${web.url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html lang="cs" dir="ltr"/);
    expect(html).toContain(translate('cs', 'home.hero_heading'));
    expect(html).toContain(`<link rel="canonical" href="${web.url}/cs"/>`);

    const context = await visitor({ acceptLanguage: 'cs-CZ,cs;q=0.9' });
    const page = await context.newPage();
    await page.goto(`${web.url}/`);
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('cs');
    expect(await page.locator('h1').textContent()).toBe(translate('cs', 'home.hero_heading'));
    expect(await page.title()).toBe(
      `${translate('cs', 'screen.home')} | ${translate('cs', 'meta.site_name')}`,
    );
    await context.close();
  });

  it('renders /ar right to left in Arabic', async () => {
    const context = await visitor();
    const page = await context.newPage();
    await page.goto(`${web.url}/ar`);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    const heading = await page.locator('h1').textContent();
    expect(heading).toBe(translate('ar', 'home.hero_heading'));
    expect(heading).toMatch(/[\u0600-\u06FF]/);
    // Logical properties mirror the layout: the header's logo sits on the right in rtl.
    const logo = await page.locator('.site-logo').boundingBox();
    const viewport = page.viewportSize();
    expect(logo && viewport && logo.x > viewport.width / 2).toBe(true);
    await context.close();
  });

  it('shows the 8 newest featured offers on /de with prices in EUR formatted for de', async () => {
    const expected = await featured('EUR');
    expect(expected).toHaveLength(8);
    const context = await visitor();
    const page = await context.newPage();
    await page.goto(`${web.url}/de`);
    const cards = page.getByTestId('offer-card');
    await expect.poll(() => cards.count()).toBe(8);
    const prices = await page.getByTestId('offer-price').allTextContents();
    // A price converted into euros shows three significant figures; a euro price to the unit.
    expect(prices).toEqual(
      expected.map((offer) =>
        formatPrice(shownPrice(offer.price!, offer.original_currency_iso_code !== 'EUR'), 'EUR', 'de'),
      ),
    );
    expect(prices.every((price) => price.includes('€'))).toBe(true);

    const first = cards.first();
    const image = first.locator('img');
    expect(await image.getAttribute('width')).toBeTruthy();
    expect(await image.getAttribute('height')).toBeTruthy();
    // The first photo is the largest paint on a phone: loaded at once with high priority; the others lazily.
    expect(await image.getAttribute('loading')).toBe('eager');
    expect(await image.getAttribute('fetchpriority')).toBe('high');
    expect(await cards.nth(1).locator('img').getAttribute('loading')).toBe('lazy');
    expect(await image.getAttribute('alt')).toContain(translate('de', 'offer.title.sale_apartment'));
    // The title names the layout in German words, never the derived code (issue 38 point 5).
    expect(await first.textContent()).toContain(toOfferCardView(expected[0]!, 'de', '').title);
    expect(await first.textContent()).not.toMatch(/\+KK/);
    expect(await first.locator('a').getAttribute('href')).toBe(`/de/property/${expected[0]!.id}`);
    // The photo really loads from the API's media folder.
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(480);
    await context.close();
  });

  it('connects the largest-paint photo’s host from <head> and asks for no other locale’s routes', async () => {
    // Issue 9 "Performance" (docs/benchmarks.md, 2026-11-26). The photos' host (the API's,
    // another origin than the page's) is connected before the stylesheet is read.
    const html = await (await fetch(`${web.url}/en`, { headers: { 'User-Agent': PERSON_UA } })).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const preconnect = head.indexOf(`<link rel="preconnect" href="${new URL(api.url).origin}"/>`);
    expect(preconnect).toBeGreaterThan(-1);
    expect(preconnect).toBeLessThan(head.indexOf('<style'));
    // The scripts are asked for once the page has loaded (decision 032): no preload in the head.
    expect(head).not.toContain('rel="modulepreload"');

    const context = await visitor();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const priorities = new Map<string, string>();
    const manifestPaths: string[] = [];
    cdp.on('Network.requestWillBeSent', (event) => {
      const url = new URL(event.request.url);
      priorities.set(url.pathname, event.request.initialPriority);
      if (url.pathname === '/__manifest')
        manifestPaths.push(...(url.searchParams.get('paths') ?? '').split(','));
    });
    await cdp.send('Network.enable');
    await page.goto(`${web.url}/en`);
    const photo = await page.getByTestId('offer-card').first().locator('img').getAttribute('src');
    await expect.poll(() => priorities.get(new URL(photo ?? '', web.url).pathname)).toBe('High');
    // Hydrated (React's props on the header's link): the locale switcher's links are discovered
    // when clicked, so React Router asks for no manifest of the other locales' routes.
    await page.waitForFunction(() => {
      const logo = document.querySelector('.site-logo');
      return logo !== null && Object.keys(logo).some((key) => key.startsWith('__reactProps'));
    });
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.locale-switcher a').count()).toBe(LOCALES.length);
    expect(manifestPaths.filter((path) => /^\/(de|cs|ar)(\/|$)/.test(path))).toEqual([]);
    expect(await page.locator('link[rel="preconnect"]').count()).toBe(1);
    await context.close();
  });

  it('negotiates / from Accept-Language: de-AT gives German', async () => {
    const context = await visitor({ acceptLanguage: 'de-AT,de;q=0.9,en;q=0.5' });
    const page = await context.newPage();
    const response = await page.goto(`${web.url}/`);
    expect(response?.headers().vary).toMatch(/Accept-Language/);
    expect(await page.getAttribute('html', 'lang')).toBe('de-AT');
    expect(await page.locator('h1').textContent()).toBe(translate('de-AT', 'home.hero_heading'));
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${web.url}/de-AT`);
    await context.close();
  });

  it('lets the locale cookie win over Accept-Language', async () => {
    const context = await visitor({ acceptLanguage: 'de-AT', localeCookie: 'fr' });
    const page = await context.newPage();
    await page.goto(`${web.url}/`);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await page.locator('h1').textContent()).toBe(translate('fr', 'home.hero_heading'));
    await context.close();
  });

  it('switches locale from the header and remembers the choice in the cookie', async () => {
    const context = await visitor({ acceptLanguage: 'cs' });
    const page = await context.newPage();
    await page.goto(`${web.url}/cs`);
    await page.waitForLoadState('networkidle');
    const switcher = page.locator('.locale-switcher');
    await switcher.locator('summary').click();
    const links = switcher.locator('a');
    expect(await links.count()).toBe(LOCALES.length);
    await switcher.locator('a[hreflang="pl"]').click();
    await page.waitForURL(`${web.url}/pl`);
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('pl');
    expect(await page.locator('h1').textContent()).toBe(translate('pl', 'home.hero_heading'));
    const cookie = (await context.cookies()).find((c) => c.name === 'locale');
    expect(cookie?.value).toBe('pl');
    // About a year (spec 9: 365 days).
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    await page.goto(`${web.url}/`);
    expect(await page.getAttribute('html', 'lang')).toBe('pl');
    await context.close();
  });

  it('answers an unknown locale prefix with the 404 page', async () => {
    const context = await visitor({ acceptLanguage: 'cs' });
    const page = await context.newPage();
    const response = await page.goto(`${web.url}/xx-unknown`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe(translate('cs', 'error.not_found_title'));
    expect(await page.getByTestId('not-found').textContent()).toContain(
      translate('cs', 'error.page_not_found_path', { path: '/xx-unknown' }),
    );
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
    await context.close();
  });

  it('does not render the error page for crawlers (spec 2)', async () => {
    const response = await fetch(`${web.url}/xx-unknown`, {
      headers: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    });
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).not.toContain('<html');
    expect(body).not.toContain('Page Not Found');
  });

  it('logs no console errors on the home page', async () => {
    const context = await visitor({ acceptLanguage: 'de' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${web.url}/de`);
    await page.waitForLoadState('networkidle');
    await page.mouse.wheel(0, 4000);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('makes the skip link the first tab stop, leading to the main content', async () => {
    const context = await visitor({ acceptLanguage: 'en' });
    const page = await context.newPage();
    await page.goto(`${web.url}/en`);
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => ({
      className: document.activeElement?.className,
      text: document.activeElement?.textContent,
    }));
    expect(focused.className).toBe('skip-link');
    expect(focused.text).toBe(translate('en', 'nav.skip_to_content'));
    expect(await page.locator('.skip-link').isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    await context.close();
  });

  it('lists hreflang alternates for all 30 locales plus x-default', async () => {
    const html = await (await fetch(`${web.url}/it`)).text();
    for (const locale of LOCALES) {
      expect(html).toContain(`<link rel="alternate" hrefLang="${locale}" href="${web.url}/${locale}"/>`);
    }
    expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${web.url}/"/>`);
    expect(html).toContain(`<link rel="canonical" href="${web.url}/it"/>`);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
  });

  it('serves hashed client assets with immutable caching', async () => {
    const html = await (await fetch(`${web.url}/en`)).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeDefined();
    const response = await fetch(`${web.url}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect((await fetch(`${web.url}/assets/..%2Fserver%2Findex.js`)).status).toBe(404);
  });
});

describe('home page without the API', () => {
  it('still renders, with a friendly message instead of offers', async () => {
    const closedPort = await freePort();
    const offline = await startWeb({
      port: 0,
      host: '127.0.0.1',
      apiUrl: `http://127.0.0.1:${closedPort}`,
      env: {},
    });
    try {
      const context = await visitor();
      const page = await context.newPage();
      const response = await page.goto(`${offline.url}/en`);
      expect(response?.status()).toBe(200);
      expect(await page.locator('h1').textContent()).toBe(translate('en', 'home.hero_heading'));
      expect(await page.getByTestId('offers-unavailable').textContent()).toBe(
        translate('en', 'home.offers_unavailable'),
      );
      expect(await page.getByTestId('offer-card').count()).toBe(0);
      await context.close();
    } finally {
      await offline.close();
    }
  });
});
