// Browser test of issue 39 point 17, in cs and en: with a machine-translation service configured
// (a LibreTranslate-compatible service on 127.0.0.1, the remote side of the API's calls), an
// offer written in another language shows a "Translate" control; clicking it shows the
// translation, marked as a machine translation naming the original's language, and "Show
// original" brings the original back; the same works without JavaScript through `?translate=1`;
// the service is asked once per language; a failing service leaves the page whole with the
// original. Without a service: no control, and neither the browser nor the web server asks for a
// translation (nothing failed in the page's network log, no warning in the server's log).

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { offers, properties } from '@estately/db';
import type { SearchOffersResponse } from '@estately/domain';
import { translate } from '@estately/i18n';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningApi, startApi } from '../../api/src/server.ts';
import { type RunningWeb, startWeb } from '../server/server.ts';
import { freePort, hydrated, testApiConfig } from './browser-setup.ts';
import { type SearchHarness, startSearchHarness } from './search-e2e-harness.ts';

const LOCALES = ['cs', 'en'] as const;
/** Written in German, so both pages' languages differ from it. */
const WRITTEN = 'Helle Wohnung mit Balkon, ruhige Lage nahe dem Park.';
/** A description the translation service fails on. */
const UNTRANSLATABLE = 'Gemütliches Haus mit Garten. [fail]';
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

/** The remote side: LibreTranslate's POST /translate {q, source, target, format} -> {translatedText}. */
interface Translator {
  url: string;
  requests: { source: string; target: string; q: string }[];
  close(): Promise<void>;
}
async function startTranslator(): Promise<Translator> {
  const requests: Translator['requests'] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const body = JSON.parse(raw || '{}') as { q?: string; source?: string; target?: string };
      if (request.method !== 'POST' || request.url !== '/translate' || !body.q || !body.target) {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: 'Invalid request' }));
        return;
      }
      requests.push({ source: body.source ?? '', target: body.target, q: body.q });
      if (body.q.includes('[fail]')) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: 'Translation failed' }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ translatedText: `[${body.target}] ${body.q}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let h: SearchHarness;
let translator: Translator;
/** The API with the translation service, on the harness's database, and a web server before it. */
let translatingApi: RunningApi;
let translatingWeb: RunningWeb;
let dataDir: string;
let offerId: number;
let failingOfferId: number;
/** Paths of the requests the harness's API (no translation service) received. */
const plainApiPaths: string[] = [];

beforeAll(async () => {
  h = await startSearchHarness({ offers: 12, seed: 'issue-39-translation' });
  const found = await h.apiGet<SearchOffersResponse>('/public/offers?per_page=10');
  const [first, second] = found.data;
  if (!first || !second) throw new Error('no two seeded offers');
  offerId = first.id;
  failingOfferId = second.id;
  // Before anything asked for them (the API keeps encoded details). The language is the
  // property's and its public row's.
  const { db } = h.database;
  for (const [id, text] of [
    [offerId, WRITTEN],
    [failingOfferId, UNTRANSLATABLE],
  ] as const) {
    await db.update(properties).set({ description: text, locale: 'de' }).where(eq(properties.id, id));
    await db.update(offers).set({ locale: 'de' }).where(eq(offers.id, id));
  }

  translator = await startTranslator();
  dataDir = mkdtempSync(join(tmpdir(), 'estately-translation-e2e-'));
  const webPort = await freePort();
  translatingApi = await startApi({
    config: testApiConfig({
      dataDir,
      apiPort: await freePort(),
      webPort,
      env: { TRANSLATION_PROVIDER: `libretranslate:${translator.url}` },
    }),
    db: h.database,
  });
  translatingWeb = await startWeb({ port: webPort, host: '127.0.0.1', apiUrl: translatingApi.url, env: {} });
  h.api.app.server.on('request', (request: IncomingMessage) => plainApiPaths.push(request.url ?? ''));
}, 240_000);

afterAll(async () => {
  await translatingWeb?.close();
  await translatingApi?.close();
  await translator?.close();
  await h?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const description = (page: Page) =>
  page.locator('[data-testid="offer-description"], [data-testid="offer-translation"]');

describe('with a translation service', () => {
  for (const locale of LOCALES) {
    it(`translates the description in place and shows the original again (${locale})`, async () => {
      const context = await h.visitor();
      const page = await context.newPage();
      const answers: { url: string; status: number }[] = [];
      page.on('response', (response) => answers.push({ url: response.url(), status: response.status() }));
      await page.goto(`${translatingWeb.url}/${locale}/property/${offerId}`);
      await hydrated(page, 'translate-description');
      // The description as written, in its language, and the control in the page's language.
      expect(await page.getByTestId('offer-description').textContent()).toBe(WRITTEN);
      expect(await page.getByTestId('offer-description').getAttribute('lang')).toBe('de');
      const control = page.getByTestId('translate-description');
      expect(await control.textContent()).toBe(translate(locale, 'offer.translate'));
      expect(await control.getAttribute('href')).toBe(
        `/${locale}/property/${offerId}?translate=1#description-heading`,
      );
      const url = page.url();

      // By keyboard: the translation replaces the text in place (no navigation), marked.
      await control.focus();
      await page.keyboard.press('Enter');
      const translated = page.getByTestId('offer-translation');
      await translated.waitFor();
      expect(await translated.textContent()).toBe(`[${locale}] ${WRITTEN}`);
      expect(await translated.getAttribute('lang')).toBe(locale);
      expect(page.url()).toBe(url);
      const language = new Intl.DisplayNames([locale], { type: 'language' }).of('de')!;
      expect(await page.getByTestId('translation-note').textContent()).toBe(
        `${translate(locale, 'offer.machine_translation')} · ${translate(locale, 'offer.original_language', { language })}`,
      );
      const showOriginal = page.getByTestId('show-original');
      expect(await showOriginal.textContent()).toBe(translate(locale, 'offer.show_original'));
      // Focus stays on the control, which now offers the original.
      expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe(
        'show-original',
      );
      const asked = answers.filter((answer) => answer.url.includes('/offer_translation'));
      expect(asked).toHaveLength(1);
      expect(asked[0]!.status).toBe(200);

      // One click back to the original, without asking anything.
      await showOriginal.click();
      await poll(() => page.getByTestId('offer-description').textContent()).toBe(WRITTEN);
      expect(await page.getByTestId('offer-translation').count()).toBe(0);
      expect(await page.getByTestId('translation-note').count()).toBe(0);
      // And to the translation again: the one already fetched.
      await page.getByTestId('translate-description').click();
      await poll(() => description(page).textContent()).toBe(`[${locale}] ${WRITTEN}`);
      expect(answers.filter((answer) => answer.url.includes('/offer_translation'))).toHaveLength(1);
      await context.close();
    });

    it(`renders the translation without JavaScript and asks the service once (${locale})`, async () => {
      const context = await h.visitor({ javaScript: false });
      const page = await context.newPage();
      await page.goto(`${translatingWeb.url}/${locale}/property/${offerId}`);
      await page.getByTestId('translate-description').click();
      await page.waitForURL(/\?translate=1/);
      expect(await page.getByTestId('offer-translation').textContent()).toBe(`[${locale}] ${WRITTEN}`);
      const back = page.getByTestId('show-original');
      expect(await back.getAttribute('href')).toBe(`/${locale}/property/${offerId}#description-heading`);
      await back.click();
      await page.waitForURL((address) => !address.search.includes('translate'));
      expect(await page.getByTestId('offer-description').textContent()).toBe(WRITTEN);
      // The browser test before and this page asked the API; the API asked the service once.
      expect(translator.requests.filter((request) => request.target === locale)).toEqual([
        { source: 'de', target: locale, q: WRITTEN },
      ]);
      await context.close();
    });

    it(`keeps the page whole with the original when the service fails (${locale})`, async () => {
      const context = await h.visitor({ javaScript: false });
      const page = await context.newPage();
      const response = await page.goto(
        `${translatingWeb.url}/${locale}/property/${failingOfferId}?translate=1`,
      );
      expect(response?.status()).toBe(200);
      expect(await page.getByTestId('offer-description').textContent()).toBe(UNTRANSLATABLE);
      expect(await page.getByTestId('offer-translation').count()).toBe(0);
      expect(await page.getByTestId('translation-status').textContent()).toBe(
        translate(locale, 'offer.translation_unavailable'),
      );
      // The control stays, to try again.
      expect(await page.getByTestId('translate-description').count()).toBe(1);
      expect(translator.requests.some((request) => request.q === UNTRANSLATABLE)).toBe(true);
      await context.close();
    });
  }
});

describe('without a translation service', () => {
  for (const locale of LOCALES) {
    it(`shows no control and asks for no translation (${locale})`, async () => {
      const warnings = vi.spyOn(console, 'warn');
      const errors = vi.spyOn(console, 'error');
      try {
        const context = await h.visitor();
        const page = await context.newPage();
        const failed: string[] = [];
        const requested: string[] = [];
        page.on('request', (request) => requested.push(request.url()));
        page.on('requestfailed', (request) => failed.push(request.url()));
        page.on('response', (response) => {
          if (response.status() >= 400) failed.push(response.url());
        });
        const from = plainApiPaths.length;
        for (const path of [`/${locale}/property/${offerId}`, `/${locale}/property/${offerId}?translate=1`]) {
          await page.goto(`${h.web.url}${path}`);
          await hydrated(page, 'favorite-toggle');
          expect(await page.getByTestId('offer-description').textContent(), path).toBe(WRITTEN);
          expect(await page.getByTestId('translate-description').count(), path).toBe(0);
          expect(await page.getByTestId('offer-translation').count(), path).toBe(0);
        }
        expect(failed).toEqual([]);
        expect(requested.filter((url) => url.includes('translation'))).toEqual([]);
        // The web server asked the API whether it translates, and for no translation.
        const asked = plainApiPaths.slice(from);
        expect(asked.some((path) => path.startsWith(`/public/offers/${offerId}?`))).toBe(true);
        expect(asked.filter((path) => path.includes('offer_translation'))).toEqual([]);
        const logged = [...warnings.mock.calls, ...errors.mock.calls].map((call) => call.join(' '));
        expect(logged.filter((line) => /translation/i.test(line))).toEqual([]);
        await context.close();
      } finally {
        warnings.mockRestore();
        errors.mockRestore();
      }
    });
  }
});
