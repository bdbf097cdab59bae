// Browser tests of the self-hosted street basemap (docs/decisions/051): with MAP_PMTILES_URL the
// results map and the offer detail's map read a PMTiles file in byte ranges from its own host
// (here a small archive the test builds, served with ranges and CORS on a port of its own, as a
// CDN or a bucket would) and draw its tiles with Protomaps' layers, no console error, no CSP
// violation; the detail page's static map image is covered by the live map once in view, with
// the offer's pin and its nearby places. Without it the detail page keeps the image and loads no
// map code.

import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { PointsOfInterestResponse, SearchOffersResponse } from '@estately/domain';
import { translate } from '@estately/i18n';
import type { BrowserContext, Page } from 'playwright-core';
import { FetchSource, PMTiles, type RangeResponse, type Source } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticMapPlaces } from '../app/features/offer-detail/static-map-view.server.ts';
import { type RunningWeb, startWeb } from '../server/server.ts';
import { hydrated } from './browser-setup.ts';
import { buildPmtiles } from './fixtures/pmtiles-archive.ts';
import { axeViolations, type SearchHarness, startSearchHarness } from './search-e2e-harness.ts';

/** Screenshots of both maps over the test archive. */
const SCREENS = '/tmp/screens';
const archive = buildPmtiles(3);
/** Range headers the tile host was asked for, and the statuses it answered. */
const ranges: { range: string | null; status: number }[] = [];
let tileHost: Server;
let fileUrl: string;
let h: SearchHarness;
/** The same site without a street basemap. */
let plainWeb: RunningWeb;
let offerId: number;
/** How many nearby places the static map of that offer marks. */
let places: number;

function serveArchive(): Server {
  return createServer((request, response) => {
    // As a CDN or a bucket with CORS for the site: byte ranges, cross-origin readable.
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', 'Range, If-Match');
    response.setHeader('Access-Control-Expose-Headers', 'Content-Range, Content-Length, ETag');
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    if (request.url !== '/tiles/test.pmtiles') {
      response.writeHead(404).end();
      return;
    }
    const range = request.headers.range ?? null;
    const match = range ? /^bytes=(\d+)-(\d*)$/.exec(range) : null;
    if (!match) {
      ranges.push({ range, status: 200 });
      response.writeHead(200, { 'Content-Type': 'application/octet-stream', ETag: '"v1"' }).end(archive);
      return;
    }
    const start = Number(match[1]);
    const end = Math.min(match[2] ? Number(match[2]) : archive.length - 1, archive.length - 1);
    ranges.push({ range, status: 206 });
    response
      .writeHead(206, {
        'Content-Type': 'application/octet-stream',
        'Content-Range': `bytes ${start}-${end}/${archive.length}`,
        ETag: '"v1"',
      })
      .end(archive.subarray(start, end + 1));
  });
}

beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
  tileHost = serveArchive();
  tileHost.listen(0, '127.0.0.1');
  await once(tileHost, 'listening');
  fileUrl = `http://127.0.0.1:${(tileHost.address() as AddressInfo).port}/tiles/test.pmtiles`;
  h = await startSearchHarness({ offers: 30, seed: 'pmtiles-e2e', webEnv: { MAP_PMTILES_URL: fileUrl } });
  plainWeb = await startWeb({ port: 0, host: '127.0.0.1', apiUrl: h.api.url, env: {} });
  // An offer with nearby places (the seed puts them around the larger cities): they are drawn too.
  const candidates = await h.apiGet<SearchOffersResponse>('/public/offers?per_page=30');
  for (const candidate of candidates.data) {
    const answer = await h.apiGet<PointsOfInterestResponse>(
      `/public/offers/${candidate.id}/points_of_interest`,
    );
    if (staticMapPlaces(answer).length > 0) {
      offerId = candidate.id;
      places = staticMapPlaces(answer).length;
      break;
    }
  }
  if (offerId === undefined) throw new Error('no seeded offer with points of interest');
}, 240_000);

afterAll(async () => {
  await plainWeb?.close();
  await h?.close();
  tileHost?.close();
});

interface Watched {
  page: Page;
  requests: string[];
  errors: string[];
  violations: () => Promise<string[]>;
}

/** A page that records every request, console error and CSP violation. */
async function watchedPage(context: BrowserContext): Promise<Watched> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return {
    page,
    requests,
    errors,
    violations: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  };
}

/** How many features of the PMTiles layers the map in `selector` has drawn. */
function drawnFeatures(page: Page, selector: string): Promise<{ earth: number; roads: number }> {
  return page.evaluate((css) => {
    const node = document.querySelector(css) as
      | (HTMLElement & {
          maplibreMap?: {
            loaded(): boolean;
            queryRenderedFeatures(options: { layers: string[] }): unknown[];
            getLayer(id: string): unknown;
          };
        })
      | null;
    const map = node?.maplibreMap;
    if (!map?.getLayer('earth')) return { earth: 0, roads: 0 };
    const roadLayers = ['roads_highway', 'roads_major'].filter((id) => map.getLayer(id));
    return {
      earth: map.queryRenderedFeatures({ layers: ['earth'] }).length,
      roads: map.queryRenderedFeatures({ layers: roadLayers }).length,
    };
  }, selector);
}

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });
const tileRequests = (requests: string[]) => requests.filter((url) => url === fileUrl);

describe('self-hosted PMTiles basemap', () => {
  it('builds an archive that the PMTiles reader reads: header, directory and vector tiles', async () => {
    const source: Source = {
      getKey: () => 'test.pmtiles',
      getBytes: async (offset: number, length: number): Promise<RangeResponse> => {
        const bytes = archive.subarray(offset, offset + length);
        return {
          data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
        };
      },
    };
    const reader = new PMTiles(source);
    const header = await reader.getHeader();
    expect(header.specVersion).toBe(3);
    expect([header.minZoom, header.maxZoom, header.numAddressedTiles]).toEqual([0, 3, 1 + 4 + 16 + 64]);
    const tile = await reader.getZxy(3, 4, 2);
    expect(tile?.data.byteLength).toBeGreaterThan(20);
    expect(await reader.getZxy(4, 0, 0)).toBeUndefined();
    expect(((await reader.getMetadata()) as { name: string }).name).toBe('Estately test basemap');
    // Over HTTP too, in ranges, as the browser reads it.
    const remote = new PMTiles(new FetchSource(fileUrl));
    expect((await remote.getZxy(0, 0, 0))?.data.byteLength).toBeGreaterThan(20);
    expect(ranges.some((entry) => entry.status === 206)).toBe(true);
  });

  it('serves the street style over the file and lets the pages fetch from its host', async () => {
    const style = (await (await fetch(`${h.web.url}/map/style.json`)).json()) as {
      sources: Record<string, { url: string }>;
      layers: { id: string }[];
    };
    expect(style.sources.protomaps?.url).toBe(`pmtiles://${fileUrl}`);
    expect(style.layers.map((layer) => layer.id)).toContain('roads_highway');
    const page = await fetch(`${h.web.url}/en/search`);
    expect(page.headers.get('content-security-policy')).toContain(
      `connect-src 'self' ${h.api.url} ${new URL(fileUrl).origin}`,
    );
    const plain = await fetch(`${plainWeb.url}/en/search`);
    expect(plain.headers.get('content-security-policy')).not.toContain(new URL(fileUrl).origin);
  });

  it('draws the results map from byte ranges of the file, with no error', async () => {
    const context = await h.visitor();
    const { page, requests, errors, violations } = await watchedPage(context);
    await page.goto(`${h.web.url}/en/search`);
    await hydrated(page, 'map-toggle');
    // The PMTiles reader is not part of the list's first load.
    expect(requests.filter((url) => /pmtiles|maplibre/.test(url))).toEqual([]);
    const before = ranges.length;
    await page.getByTestId('map-toggle').click();
    await page.getByTestId('map-canvas').waitFor({ timeout: 15_000 });
    await poll(() =>
      drawnFeatures(page, '[data-testid="map-canvas"]').then((drawn) => drawn.earth),
    ).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="map-canvas"] canvas').count()).toBe(1);
    await page.screenshot({ path: join(SCREENS, 'pmtiles-results-en.png') });
    // The file was read in ranges by the page (its header and directory, then tiles).
    expect(tileRequests(requests).length).toBeGreaterThan(0);
    const asked = ranges.slice(before);
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(asked.every((entry) => entry.status === 206 && /^bytes=\d+-\d+$/.test(entry.range ?? ''))).toBe(
      true,
    );
    expect(errors).toEqual([]);
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('covers the detail page static map with a live street map once in view (en and ar)', async () => {
    for (const locale of ['en', 'ar'] as const) {
      const context = await h.visitor({ width: 412 });
      const { page, requests, errors, violations } = await watchedPage(context);
      await page.goto(`${h.web.url}/${locale}/property/${offerId}`);
      await hydrated(page, 'static-map');
      // Out of view: nothing of the map is loaded yet.
      expect(requests.filter((url) => /maplibre|pmtiles/.test(url))).toEqual([]);
      const image = page.getByTestId('static-map-image');
      const box = await image.boundingBox();
      const before = ranges.length;
      await image.scrollIntoViewIfNeeded();
      const live = page.locator('[data-testid="offer-street-map"].offer-street-map--live');
      await live.waitFor({ timeout: 15_000 });
      await poll(() =>
        drawnFeatures(page, '[data-testid="offer-street-map"]').then((drawn) => drawn.earth),
      ).toBeGreaterThan(0);
      expect(await live.locator('canvas').count()).toBe(1);
      // The offer's pin on the map, the map in the image's box (nothing moved).
      expect(await live.locator('.offer-street-map__pin').count()).toBe(1);
      expect(await live.locator('.offer-street-map__place').count()).toBe(places);
      await page.screenshot({ path: join(SCREENS, `pmtiles-detail-${locale}.png`) });
      const mapBox = await live.boundingBox();
      expect(mapBox?.width).toBeCloseTo(box?.width ?? 0, 0);
      expect(mapBox?.height).toBeCloseTo(box?.height ?? 0, 0);
      expect(ranges.length).toBeGreaterThan(before);
      expect(tileRequests(requests).length).toBeGreaterThan(0);
      // Zoom buttons are labelled in the page's language.
      expect(await live.locator('.maplibregl-ctrl-zoom-in').getAttribute('aria-label')).toBe(
        translate(locale, 'map.control_zoom_in'),
      );
      expect(errors).toEqual([]);
      expect(await violations()).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    }
  });

  it('keeps the static map image without a street basemap, and loads no map code', async () => {
    const context = await h.visitor();
    const { page, requests } = await watchedPage(context);
    await page.goto(`${plainWeb.url}/en/property/${offerId}`);
    // Without a street basemap the map is markup the server rendered as it is (no code of its
    // own): the page's code is live once the offer's article is.
    await hydrated(page, 'offer-detail');
    const image = page.getByTestId('static-map-image');
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth))
      .toBe(640);
    await page.waitForTimeout(500);
    expect(await image.isVisible()).toBe(true);
    expect(await page.getByTestId('offer-street-map').count()).toBe(0);
    expect(requests.filter((url) => /maplibre|pmtiles|offer-street-map/.test(url))).toEqual([]);
    await context.close();
  });
});
