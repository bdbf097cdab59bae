// Shared set-up of the web shell's browser tests: the real API on a fresh test database with a few
// offers, articles, blog posts and redirects; a session API in front of it that answers the
// account calls of spec 7 (GET /user/me, favourite ids, token refresh, PATCH /users/me) with
// the contract's exact shapes and passes everything else to the real API; the built web app;
// Debian's Chromium.

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { articles, blogPosts, type Db, redirects, users } from '@estately/db';
import { createTestDatabase, type TestDatabase } from '@estately/db/testing';
import { LOCALES } from '@estately/domain';
import type { Browser, BrowserContext } from 'playwright-core';
import { type RunningApi, startApi } from '../../api/src/server.ts';
import { insertOffer, setRates } from '../../api/test/support/helpers.ts';
import { type RunningWeb, startWeb } from '../server/server.ts';
import { ensureWebBuild, freePort, PERSON_UA, testApiConfig } from './browser-setup.ts';
import { launchChromium } from './chromium.ts';

export const CRAWLER_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** The signed-in user the session API knows, as GET /user/me answers (camelCase, spec 3). */
export const TEST_USER = {
  id: 42,
  email: 'jana.novakova@example.com',
  firstName: 'Jana',
  lastName: 'Nováková',
  displayName: 'Jana Nováková',
  preferredLanguage: 'cs',
  preferredCurrency: 'EUR',
  isAdmin: false,
};
export const FAVORITE_IDS = [11, 12, 13];

/**
 * The account half of the API as the web app sees it. Access tokens are valid while listed in
 * `validTokens`; refresh tokens rotate (single use). Counts what the web app asked.
 */
export interface SessionApi {
  url: string;
  validTokens: Set<string>;
  refreshTokens: Set<string>;
  refreshCalls: number;
  patches: unknown[];
  meCalls: { authorization: string | undefined; statsToken: string | undefined; timestamp: string | null }[];
  /** Issues a fresh pair, as a login would. */
  login(): { token: string; refreshToken: string };
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startSessionApi(realApiUrl: string): Promise<SessionApi> {
  let counter = 0;
  const issue = () => {
    counter++;
    const pair = {
      token: `access-${counter}-${Math.random().toString(36).slice(2)}`,
      refreshToken: `refresh-${counter}-${Math.random().toString(36).slice(2)}`,
    };
    state.validTokens.add(pair.token);
    state.refreshTokens.add(pair.refreshToken);
    return pair;
  };
  const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });
  const server: Server = createHttpServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'authorization, content-type, x-stats-token, accept-language',
      'access-control-allow-methods': 'GET, POST, PATCH, DELETE, OPTIONS',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, '');
    const authorized = bearer !== undefined && state.validTokens.has(bearer);
    let answer: { status: number; body: string } | null = null;
    if (url.pathname === '/user/me' && req.method === 'GET') {
      state.meCalls.push({
        authorization: req.headers.authorization,
        statsToken: req.headers['x-stats-token'] as string | undefined,
        timestamp: url.searchParams.get('timestamp'),
      });
      answer = authorized
        ? json(200, TEST_USER)
        : json(401, { code: 'unauthorized', message: 'Unauthorized' });
    } else if (url.pathname === '/user/favorite_offers/ids' && req.method === 'GET') {
      answer = authorized
        ? json(200, FAVORITE_IDS)
        : json(401, { code: 'unauthorized', message: 'Unauthorized' });
    } else if (url.pathname === '/lead_threads/unread' && req.method === 'GET') {
      // The account navigation's unread badge: read with the session's token like /user/me.
      answer = authorized
        ? json(200, { messages: 0 })
        : json(401, { code: 'unauthorized', message: 'Unauthorized' });
    } else if (url.pathname === '/api/token/refresh' && req.method === 'POST') {
      state.refreshCalls++;
      const body = JSON.parse((await readBody(req)) || '{}') as { refresh_token?: string };
      if (body.refresh_token && state.refreshTokens.delete(body.refresh_token)) {
        const pair = issue();
        answer = json(200, { token: pair.token, refresh_token: pair.refreshToken });
      } else {
        answer = json(401, { code: 'unauthorized', message: 'Unauthorized' });
      }
    } else if (url.pathname === '/users/me' && req.method === 'PATCH') {
      const body = JSON.parse((await readBody(req)) || '{}') as unknown;
      if (authorized) {
        state.patches.push(body);
        answer = json(200, { ...TEST_USER, ...(body as object) });
      } else {
        answer = json(401, { code: 'unauthorized', message: 'Unauthorized' });
      }
    }
    if (answer) {
      res.writeHead(answer.status, { 'content-type': 'application/json', ...cors });
      res.end(answer.body);
      return;
    }
    // Everything else is the real API's.
    const upstream = await fetch(`${realApiUrl}${url.pathname}${url.search}`, {
      method: req.method,
      headers: { accept: 'application/json', 'accept-language': req.headers['accept-language'] ?? '' },
    });
    res.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'application/json',
      ...cors,
    });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const state: SessionApi = {
    url: `http://127.0.0.1:${address.port}`,
    validTokens: new Set(),
    refreshTokens: new Set(),
    refreshCalls: 0,
    patches: [],
    meCalls: [],
    login: issue,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return state;
}

async function seedContent(db: Db): Promise<number[]> {
  const [owner] = await db
    .insert(users)
    .values({ email: 'web-shell-owner@example.com', passwordHash: 'not-a-real-hash' })
    .returning({ id: users.id });
  await setRates(db, { EUR: 25, AED: 6.3, USD: 23, GBP: 29 });
  const ids: number[] = [];
  for (let index = 0; index < 3; index++) {
    ids.push(
      await insertOffer(db, {
        ownerId: owner!.id,
        publishedAt: new Date(Date.UTC(2026, 10, 1 + index)),
        price: 5_000_000 + index * 100_000,
        currency: 'CZK',
        city: 'Praha',
      }),
    );
  }
  await db.insert(articles).values(
    (['terms', 'cookie-policy', 'privacy-policy'] as const).flatMap((key) => [
      { key, locale: 'cs', slug: key, title: `Článek ${key}`, body: `## Úvod\n\nČeský text článku ${key}.` },
      {
        key,
        locale: 'en',
        slug: key,
        title: `Article ${key}`,
        body: `## Introduction\n\nEnglish text of ${key}.`,
      },
    ]),
  );
  await db.insert(blogPosts).values([
    {
      groupKey: 'first',
      locale: 'cs',
      slug: 'prvni-hypoteka',
      title: 'Jak na první hypotéku',
      excerpt: 'Co si připravit.',
      body: 'Text.',
      publishedAt: new Date(Date.UTC(2026, 9, 1)),
    },
    {
      groupKey: 'first',
      locale: 'en',
      slug: 'first-mortgage',
      title: 'Your first mortgage',
      excerpt: 'What to prepare.',
      body: 'Text.',
      publishedAt: new Date(Date.UTC(2026, 9, 1)),
    },
  ]);
  await db.insert(redirects).values([
    { fromPath: '/cs/nabidky', toUrl: '/cs/inzeraty', statusCode: 301 },
    { fromPath: '/en/partner', toUrl: 'https://partner.example.org/welcome', statusCode: 302 },
  ]);
  return ids;
}

export interface Harness {
  api: RunningApi;
  session: SessionApi;
  web: RunningWeb;
  browser: Browser;
  offerIds: number[];
  visitor(options?: { acceptLanguage?: string; cookies?: Record<string, string> }): Promise<BrowserContext>;
  close(): Promise<void>;
}

export async function startHarness(options: { browser?: boolean } = {}): Promise<Harness> {
  ensureWebBuild();
  const database: TestDatabase = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'estately-web-shell-'));
  const config = testApiConfig({ dataDir, apiPort: await freePort() });
  const offerIds = await seedContent(database.db);
  const api = await startApi({ config, db: database });
  const session = await startSessionApi(api.url);
  const web = await startWeb({ port: 0, host: '127.0.0.1', apiUrl: session.url, env: {} });
  const browser = options.browser === false ? (null as unknown as Browser) : await launchChromium();
  return {
    api,
    session,
    web,
    browser,
    offerIds,
    async visitor(visit = {}) {
      const context = await browser.newContext({
        userAgent: PERSON_UA,
        ...(visit.acceptLanguage ? { extraHTTPHeaders: { 'Accept-Language': visit.acceptLanguage } } : {}),
      });
      const cookies = Object.entries(visit.cookies ?? {}).map(([name, value]) => ({
        name,
        value,
        url: web.url,
      }));
      if (cookies.length > 0) await context.addCookies(cookies);
      return context;
    },
    async close() {
      await browser?.close();
      await web?.close();
      await session?.close();
      await api?.close();
      await database.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export { LOCALES };
