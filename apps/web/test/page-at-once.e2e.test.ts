// Pages rendered at once (decision 033) are the streaming renderer's pages: the built app's two
// document handlers (`handleRequest`, and `handleRequestStreaming` which always streams) answer
// the same requests, on the real API and demo data, with the same documents byte for byte once
// the per-response nonce is set aside and the loader data taken out, and with the same loader
// data (written in a data block at once, as React Router's script literals when streamed). Also
// checks that the loader data still reaches the browser in the form React Router's client reads.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { seed } from '@estately/db/seed';
import { LocalMediaStorage } from '@estately/db/storage';
import { createTestDatabase, type TestDatabase } from '@estately/db/testing';
import { buildPath, composeSearchPath, defaultFilters } from '@estately/domain';
import { createRequestHandler, type ServerBuild, UNSAFE_decodeViaTurboStream } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from '../../api/src/server.ts';
import { INLINE_STYLES_SLOT } from '../app/document/inline-styles.server.ts';
import { LOADER_DATA_TYPE } from '../app/document/page-at-once.server.ts';
import type { WebConfig } from '../app/web-config.ts';
import { readWebConfig } from '../app/web-config.ts';
import { BUILD_DIR } from '../server/server.ts';
import { ensureWebBuild, freePort, PERSON_UA, signUpByApi, testApiConfig } from './browser-setup.ts';

// The longest two-byte string V8 allocates among the others rather than in a space of its own.
const REGULAR_STRING_CHARS = 65_500;

type Handler = ReturnType<typeof createRequestHandler>;
type LoadContextFactory = (config: WebConfig) => Parameters<Handler>[1];

let database: TestDatabase;
let api: RunningApi;
let dataDir: string;
let config: WebConfig;
let atOnce: Handler;
let streaming: Handler;
let loadContext: LoadContextFactory;
let detailPath: string;
let token: { token: string; refresh_token: string };

beforeAll(async () => {
  ensureWebBuild();
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'estately-at-once-'));
  const apiConfig = testApiConfig({ dataDir, apiPort: await freePort() });
  await seed({
    handle: database,
    storage: new LocalMediaStorage({ root: apiConfig.mediaDir }),
    offers: 40,
    seed: 'page-at-once',
    photos: 2,
    method: 'copy',
  });
  api = await startApi({ config: apiConfig, db: database });
  process.env.NODE_ENV ??= 'production';
  const build = (await import(pathToFileURL(join(BUILD_DIR, 'server', 'index.js')).href)) as ServerBuild;
  const entry = build.entry.module as ServerBuild['entry']['module'] & {
    handleRequestStreaming: ServerBuild['entry']['module']['default'];
    createLoadContext: LoadContextFactory;
  };
  loadContext = entry.createLoadContext;
  atOnce = createRequestHandler(build, 'production');
  streaming = createRequestHandler(
    { ...build, entry: { ...build.entry, module: { ...entry, default: entry.handleRequestStreaming } } },
    'production',
  );
  config = readWebConfig({ API_URL: api.url, PUBLIC_API_URL: api.url, WEB_PORT: '3000' }, {});
  const offers = (await (await fetch(`${api.url}/public/offers?per_page=1`)).json()) as {
    data: { id: number }[];
  };
  detailPath = `/en/property/${offers.data[0]?.id}`;
  token = await signUpByApi(api.url, 'at-once@example.test');
}, 180_000);

afterAll(async () => {
  await api?.close();
  await database?.cleanup();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function page(handler: Handler, path: string, cookie?: string) {
  const headers: Record<string, string> = { 'user-agent': PERSON_UA, accept: 'text/html' };
  if (cookie) headers.cookie = cookie;
  const response = await handler(
    new Request(`http://localhost:3000${path}`, { headers }),
    loadContext(config),
  );
  const html = await response.text();
  const nonce = /<script nonce="([^"]+)"/.exec(html)?.[1];
  expect(nonce, `${path} has scripts with a nonce`).toBeTruthy();
  return { status: response.status, html: html.replaceAll(nonce ?? '', 'NONCE') };
}

/** Each line of a turbo-stream text, its JSON read (a deferred value's line keeps its prefix). */
function streamLines(text: string): unknown[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const prefix = /^P\d+:/.exec(line)?.[0] ?? '';
      return [prefix, JSON.parse(line.slice(prefix.length))];
    });
}

/** The document without its loader data, and that data's lines, from a page of either renderer. */
function splitLoaderData(html: string): { document: string; data: unknown[] } {
  // Rendered at once: the data block, then the script that hands it over.
  const block = new RegExp(
    `<script nonce="NONCE" type="${LOADER_DATA_TYPE}">([^<]*)</script><script nonce="NONCE">[^<]*</script>`,
  ).exec(html);
  if (block) return { document: html.replace(block[0], ''), data: streamLines(block[1] ?? '') };
  // Streamed: React Router's StreamTransfer, from its first boundary to the end of the body.
  const start = html.indexOf('<!--$--><script nonce="NONCE">window.__reactRouterContext.streamController');
  const end = html.lastIndexOf('</body>');
  expect(start, 'the page has loader data').toBeGreaterThan(0);
  const chunks = [
    ...html.slice(start, end).matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/g),
  ].map((match) => JSON.parse(match[1] ?? '""') as string);
  return { document: html.slice(0, start) + html.slice(end), data: streamLines(chunks.join('')) };
}

/** The two renderings of a page agree: the same document around the same loader data. */
function expectSamePage(fast: string, streamed: string, path: string) {
  const [a, b] = [splitLoaderData(fast), splitLoaderData(streamed)];
  expect(a.data.length, path).toBeGreaterThan(0);
  expect(a.data, path).toEqual(b.data);
  expect(a.document, path).toBe(b.document);
}

/**
 * The stylesheet's slot was filled with the stylesheet, and what React wrote of the page stays a
 * string V8 keeps with the others (decision 035).
 */
function expectLeanDocument(html: string, path: string) {
  const css = /<style id="site-styles"[^>]*>(.*?)<\/style>/s.exec(html)?.[1] ?? '';
  expect(css.length, path).toBeGreaterThan(10_000);
  expect(html, path).not.toContain(INLINE_STYLES_SLOT);
  expect(splitLoaderData(html).document.length - css.length, path).toBeLessThan(REGULAR_STRING_CHARS);
}

describe('pages rendered at once', () => {
  it('are the streaming renderer’s pages for guests in several locales', async () => {
    const paths = [
      '/en',
      composeSearchPath('en', { ...defaultFilters(), offer_type: 'sale' }),
      composeSearchPath('ar', { ...defaultFilters(), offer_type: 'rent', property_type: 'apartment' }),
      `${composeSearchPath('de-AT', { ...defaultFilters(), offer_type: 'sale' })}?map=1`,
      detailPath,
      buildPath('blog', 'el-GR'),
      '/en/auth',
      '/en/no-such-page',
    ];
    for (const path of paths) {
      // Once first, so that a part loaded on first use (the map) is there for both.
      await page(atOnce, path);
      const [fast, streamed] = [await page(atOnce, path), await page(streaming, path)];
      expect(fast.status, path).toBe(streamed.status);
      expect(fast.html.length, path).toBeGreaterThan(10_000);
      expect(fast.html, `${path} is rendered at once`).toContain(`type="${LOADER_DATA_TYPE}"`);
      expectSamePage(fast.html, streamed.html, path);
      expectLeanDocument(fast.html, path);
    }
  });

  it('are the same for a signed-in visitor, whose results page has a part loaded on first use', async () => {
    const cookie = `token=${token.token}`;
    const path = composeSearchPath('en', { ...defaultFilters(), offer_type: 'sale' });
    // The first page may wait for the signed-in "save this search" module: the streaming
    // renderer takes it. After that both ways render it in place.
    for (let i = 0; i < 2; i++) {
      const [fast, streamed] = [await page(atOnce, path, cookie), await page(streaming, path, cookie)];
      expect(fast.html).toContain('data-testid="save-search-form"');
      expectSamePage(fast.html, streamed.html, path);
      expectLeanDocument(fast.html, path);
    }
  });

  it('carry loader data React Router’s client decodes, with the packed page data in it', async () => {
    const { html } = await page(atOnce, composeSearchPath('en', { ...defaultFilters(), offer_type: 'sale' }));
    const block = new RegExp(`<script nonce="NONCE" type="${LOADER_DATA_TYPE}">([^<]*)</script>`).exec(
      html,
    )?.[1];
    expect(block).toBeDefined();
    // What the browser's textContent gives the stream: the text as written, escapes and all.
    const body = new TextEncoder().encode(block ?? '');
    const decoded = await UNSAFE_decodeViaTurboStream(
      new ReadableStream({
        start(controller) {
          controller.enqueue(body);
          controller.close();
        },
      }),
      globalThis,
    );
    const state = decoded.value as { loaderData: Record<string, { page?: { json: string }; json?: string }> };
    const root = JSON.parse(state.loaderData.root?.json ?? '{}') as { locale: string };
    expect(root.locale).toBe('en');
    const results = Object.values(state.loaderData).find((data) => data.page)?.page;
    const view = JSON.parse(results?.json ?? '{}') as { results: { offers: unknown[] } };
    expect(view.results.offers.length).toBeGreaterThan(0);
  });
});
