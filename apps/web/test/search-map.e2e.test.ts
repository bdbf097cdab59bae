// Browser tests of the results page's map mode (issue 9): the real API on a seeded database, the
// built web app and Chromium. The map is not loaded before it is opened; its clusters and counts
// are the API's for the viewport; zooming and panning search the area (bbox in the URL, the list
// follows) and the back button walks back; a single offer opens its card; a shared map URL opens
// the map; without WebGL the same answer is an accessible list. The offline basemap is served by
// the web server itself, and no request leaves our two origins.

import type { BoundingBox, OfferMapResponse, SearchOffersResponse } from '@estately/domain';
import { translate } from '@estately/i18n';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated } from './browser-setup.ts';
import { axeViolations, type SearchHarness, startSearchHarness } from './search-e2e-harness.ts';

let h: SearchHarness;

beforeAll(async () => {
  h = await startSearchHarness({ offers: 80, seed: 'search-map-e2e' });
}, 240_000);

afterAll(async () => {
  await h?.close();
});

const MAP_CODE = /maplibre|map-view/;

interface Watched {
  page: Page;
  requests: string[];
  /** Uncaught errors and console errors of the page. */
  errors: string[];
  violations: () => Promise<string[]>;
}

/** A page that records every request and every CSP violation. */
async function watchedPage(context: BrowserContext): Promise<Watched> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      ),
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

const urlOf = (page: Page) => new URL(page.url());
// Area searches wait for a pause after the move, then for the loader: give polls time.
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

function bboxOf(page: Page): BoundingBox | null {
  const raw = urlOf(page).searchParams.get('bbox');
  if (!raw) return null;
  const [south, west, north, east] = raw.split(',').map(Number) as [number, number, number, number];
  return { south, west, north, east };
}

async function listTotal(query: string): Promise<number> {
  return (await h.apiGet<SearchOffersResponse>(`/public/offers?${query}`)).meta.total;
}

/** The map's viewport and zoom, read from MapLibre through its container. */
async function viewport(page: Page): Promise<{ box: BoundingBox; zoom: number }> {
  return page.evaluate(() => {
    const node = document.querySelector('[data-testid="map-canvas"]') as HTMLElement & {
      maplibreMap: {
        getBounds(): { getSouth(): number; getWest(): number; getNorth(): number; getEast(): number };
        getZoom(): number;
      };
    };
    const bounds = node.maplibreMap.getBounds();
    return {
      box: {
        south: bounds.getSouth(),
        west: bounds.getWest(),
        north: bounds.getNorth(),
        east: bounds.getEast(),
      },
      zoom: node.maplibreMap.getZoom(),
    };
  });
}

/** Cluster counts and point ids shown on the map, sorted. */
async function shown(page: Page): Promise<{ clusters: number[]; points: number[] }> {
  return page.evaluate(() => ({
    clusters: [...document.querySelectorAll<HTMLElement>('[data-testid="map-cluster"]')]
      .map((node) => Number(node.dataset.count))
      .sort((a, b) => a - b),
    points: [...document.querySelectorAll<HTMLElement>('[data-testid="map-point"]')]
      .map((node) => Number(node.dataset.offerId))
      .sort((a, b) => a - b),
  }));
}

async function mapTotal(page: Page): Promise<number> {
  await page.getByTestId('map-total').waitFor();
  return Number(await page.getByTestId('map-total').getAttribute('data-total'));
}

describe('map mode of the results', () => {
  it('loads no map code until opened, then shows the API clusters with counts on the offline basemap', async () => {
    const context = await h.visitor();
    const { page, requests, errors, violations } = await watchedPage(context);
    await page.goto(`${h.web.url}/en/search`);
    await hydrated(page, 'map-toggle');
    const all = await listTotal('');
    // The list's first load carries no map code: neither MapLibre nor the map component.
    expect(requests.filter((url) => MAP_CODE.test(url))).toEqual([]);
    const preloads = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"], script[src]')].map(
        (node) => node.getAttribute('href') ?? node.getAttribute('src'),
      ),
    );
    expect(preloads.some((href) => MAP_CODE.test(href ?? ''))).toBe(false);
    expect(await page.getByTestId('map-toggle').getAttribute('aria-pressed')).toBe('false');

    await page.getByTestId('map-toggle').click();
    await page.waitForURL((url) => url.searchParams.get('map') === '1');
    await poll(() => page.getByTestId('map-toggle').getAttribute('aria-pressed')).toBe('true');
    await page
      .getByTestId('map-canvas')
      .waitFor({ timeout: 15_000 })
      .catch(async (error: unknown) => {
        console.log(errors, await page.getByTestId('search-map').innerHTML());
        throw error;
      });
    // The map opens on every result: its viewport holds them all, in clusters and points.
    await poll(() => mapTotal(page)).toBe(all);
    await poll(async () => {
      const { clusters, points } = await shown(page);
      return clusters.reduce((sum, count) => sum + count, 0) + points.length;
    }).toBe(all);
    expect((await shown(page)).clusters.length).toBeGreaterThan(0);

    // The same clusters and points as the API gives for this viewport and zoom, once it settled.
    await poll(async () => {
      const { box, zoom } = await viewport(page);
      const clip = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
      const bbox = [clip(box.south, 90), clip(box.west, 180), clip(box.north, 90), clip(box.east, 180)];
      const answer = await h.apiGet<OfferMapResponse>(
        `/public/offers/map?bbox=${bbox.map((value) => value.toFixed(5)).join(',')}&zoom=${Math.floor(zoom)}`,
      );
      return (
        JSON.stringify(await shown(page)) ===
        JSON.stringify({
          clusters: answer.clusters.map((cluster) => cluster.count).sort((a, b) => a - b),
          points: answer.points.map((point) => point.id).sort((a, b) => a - b),
        })
      );
    }).toBe(true);
    // Cluster buttons are labelled with their count in the page's language.
    const first = page.getByTestId('map-cluster').first();
    const count = Number(await first.getAttribute('data-count'));
    expect(await first.getAttribute('aria-label')).toBe(`${count} offers here, zoom in`);

    // MapLibre came only now, its worker from our own origin, the basemap from our server.
    expect(requests.some((url) => /maplibre-setup-.*\.js$/.test(url))).toBe(true);
    expect(requests.some((url) => /maplibre-gl-worker-.*\.mjs/.test(url))).toBe(true);
    expect(requests.some((url) => url === `${h.web.url}/map/style.json`)).toBe(true);
    expect(requests.some((url) => url === `${h.web.url}/map/land.geojson`)).toBe(true);
    const origins = new Set(requests.filter((url) => /^https?:/.test(url)).map((url) => new URL(url).origin));
    expect([...origins].sort()).toEqual([h.web.url, h.api.url].map((url) => new URL(url).origin).sort());
    expect(await violations()).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('searches the area when the map moves: bbox in the URL, the list follows, the back button walks back', async () => {
    const context = await h.visitor();
    const { page } = await watchedPage(context);
    await page.goto(`${h.web.url}/en/search/sale?map=1`);
    await page.getByTestId('map-canvas').waitFor();
    const sale = await listTotal('offer_type=sale');
    await poll(() => mapTotal(page)).toBe(sale);
    // Opening the map alone searches no area.
    expect(bboxOf(page)).toBeNull();

    // A cluster zooms in to its offers, and that area becomes the search.
    const cluster = page.getByTestId('map-cluster').first();
    const clusterCount = Number(await cluster.getAttribute('data-count'));
    await cluster.click();
    await page.waitForURL((url) => url.searchParams.has('bbox'), { timeout: 15_000 });
    expect(urlOf(page).pathname).toBe('/en/search/sale');
    expect(urlOf(page).searchParams.get('map')).toBe('1');
    const zoomedIn = bboxOf(page) as BoundingBox;
    const inArea = await listTotal(`offer_type=sale&bbox=${urlOf(page).searchParams.get('bbox')}`);
    expect(inArea).toBeGreaterThanOrEqual(clusterCount);
    expect(inArea).toBeLessThan(sale);
    await poll(() => page.getByTestId('results-count').textContent()).toBe(
      translate('en', 'results.count', { count: inArea }),
    );
    await poll(() => mapTotal(page)).toBe(inArea);

    // The arrow keys pan the map (its own keyboard shortcuts): the new area is searched too.
    await page.getByTestId('map-canvas').locator('canvas').focus();
    await page.keyboard.press('ArrowRight');
    await poll(() => bboxOf(page)?.west).toBeGreaterThan(zoomedIn.west + 1e-4);
    const panned = bboxOf(page) as BoundingBox;
    expect(panned.west).toBeGreaterThan(zoomedIn.west);
    const inPanned = await listTotal(`offer_type=sale&bbox=${urlOf(page).searchParams.get('bbox')}`);
    await poll(() => page.getByTestId('results-count').textContent()).toBe(
      translate('en', 'results.count', { count: inPanned }),
    );

    // The keyboard zooms out (the map's own shortcut), another area search.
    await page.getByTestId('map-canvas').locator('canvas').focus();
    await page.keyboard.press('-');
    await poll(() => (bboxOf(page)?.east ?? 0) - (bboxOf(page)?.west ?? 0)).toBeGreaterThan(
      panned.east - panned.west,
    );

    // Back: the previous area, in the URL, the list and the map's viewport.
    await page.goBack();
    await poll(() => bboxOf(page)).toEqual(panned);
    await poll(() => page.getByTestId('results-count').textContent()).toBe(
      translate('en', 'results.count', { count: inPanned }),
    );
    await poll(async () => {
      const { box } = await viewport(page);
      return box.south <= panned.south + 1e-4 && box.north >= panned.north - 1e-4;
    }).toBe(true);
    await page.goBack();
    await poll(() => bboxOf(page)).toEqual(zoomedIn);
    // Back to the search without an area: the map shows all of its results again.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('bbox'));
    await poll(() => mapTotal(page)).toBe(sale);
    await page.goForward();
    await poll(() => bboxOf(page)).toEqual(zoomedIn);

    // A filter changed in the panel keeps the map open and its area.
    await page.getByTestId('filter-verified_only').check();
    await page.waitForURL((url) => url.searchParams.get('verified_only') === '1');
    expect(urlOf(page).searchParams.get('map')).toBe('1');
    expect(bboxOf(page)).toEqual(zoomedIn);

    // Closing the map drops its area: the same filters anywhere.
    await page.getByTestId('map-toggle').click();
    await page.waitForURL((url) => !url.searchParams.has('map'));
    expect(urlOf(page).searchParams.has('bbox')).toBe(false);
    await poll(() => page.getByTestId('search-map').count()).toBe(0);
    await context.close();
  });

  it('opens a single offer as a card from a shared map URL, and closes it with Escape', async () => {
    // Find a lone offer: the API's points, at the zoom where one first stands alone.
    const world = await h.apiGet<OfferMapResponse>('/public/offers/map?bbox=-85,-180,85,180&zoom=2');
    const extent = world.clusters.reduce(
      (box, cluster) => ({
        south: Math.min(box.south, cluster.bounds.south),
        west: Math.min(box.west, cluster.bounds.west),
        north: Math.max(box.north, cluster.bounds.north),
        east: Math.max(box.east, cluster.bounds.east),
      }),
      { south: 90, west: 180, north: -90, east: -180 },
    );
    let point = world.points[0];
    for (let zoom = 6; !point && zoom <= 16; zoom += 2) {
      const answer = await h.apiGet<OfferMapResponse>(
        `/public/offers/map?bbox=${extent.south},${extent.west},${extent.north},${extent.east}&zoom=${zoom}`,
      );
      point = answer.points[0];
    }
    if (!point) throw new Error('the seed has no offer standing alone');
    const near = 0.0005;
    const bbox = [point.lat - near, point.lng - near, point.lat + near, point.lng + near]
      .map((value) => value.toFixed(5))
      .join(',');

    const context = await h.visitor({ width: 700 });
    const { page, violations } = await watchedPage(context);
    await page.goto(`${h.web.url}/en/search?bbox=${bbox}&map=1`);
    // Narrow screen: the map instead of the list.
    await page.getByTestId('map-canvas').waitFor();
    expect(await page.locator('.results-layout__list').isVisible()).toBe(false);
    const marker = page.locator(`[data-testid="map-point"][data-offer-id="${point.id}"]`);
    await marker.waitFor({ timeout: 20_000 });
    expect(await marker.getAttribute('aria-label')).toMatch(
      /^(.+, Offer for .+|Offer with price on request), show the card$/,
    );
    await marker.focus();
    await page.keyboard.press('Enter');
    const card = page.getByTestId('map-card');
    await card.getByTestId('offer-card').waitFor();
    expect(await card.getByRole('link').getAttribute('href')).toBe(`/en/property/${point.id}`);
    expect(await card.getByTestId('offer-price').textContent()).not.toBe('');
    expect(await card.locator('.offer-card__photo').count()).toBe(1);
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'map-card',
    );
    await page.keyboard.press('Escape');
    await poll(() => card.count()).toBe(0);
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.offerId)).toBe(
      String(point.id),
    );
    expect(await violations()).toEqual([]);

    // The card's server resource answers a bad request with 422 and a gone offer with 404.
    expect((await fetch(`${h.web.url}/map/card?id=x&lat=1&lng=1&locale=en&currency=CZK`)).status).toBe(422);
    expect(
      (
        await fetch(
          `${h.web.url}/map/card?id=999999&lat=${point.lat}&lng=${point.lng}&locale=en&currency=CZK`,
        )
      ).status,
    ).toBe(404);
    await context.close();
  });

  it('lists the clusters as buttons when the browser has no WebGL, with the same API answer and area search', async () => {
    const context = await h.visitor();
    await context.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (
        this: HTMLCanvasElement,
        type: string,
        ...rest: unknown[]
      ) {
        if (type.startsWith('webgl') || type === 'experimental-webgl') return null;
        return (original as (...args: unknown[]) => unknown).call(this, type, ...rest);
      } as typeof original;
    });
    const { page, requests, violations } = await watchedPage(context);
    await page.goto(`${h.web.url}/en/search/rent?map=1`);
    await page.getByTestId('map-fallback').waitFor();
    const rent = await listTotal('offer_type=rent');
    await poll(() => mapTotal(page)).toBe(rent);
    const { clusters, points } = await shown(page);
    expect(clusters.reduce((sum, count) => sum + count, 0) + points.length).toBe(rent);
    // MapLibre is never fetched when it could not draw.
    expect(requests.filter((url) => /maplibre/.test(url))).toEqual([]);

    const cluster = page.getByTestId('map-cluster').first();
    const count = Number(await cluster.getAttribute('data-count'));
    await cluster.click();
    await page.waitForURL((url) => url.searchParams.has('bbox'));
    const inArea = await listTotal(`offer_type=rent&bbox=${urlOf(page).searchParams.get('bbox')}`);
    expect(inArea).toBeGreaterThanOrEqual(count);
    await poll(() => page.getByTestId('results-count').textContent()).toBe(
      translate('en', 'results.count', { count: inArea }),
    );
    await poll(() => mapTotal(page)).toBe(inArea);
    // Back to the whole map; the list follows.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('bbox'));
    await poll(() => page.getByTestId('results-count').textContent()).toBe(
      translate('en', 'results.count', { count: rent }),
    );
    expect(await violations()).toEqual([]);
    await poll(() => page.locator('.results-layout__list').getAttribute('aria-busy')).toBe('false');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('serves the offline basemap as a style and compressed GeoJSON from Natural Earth', async () => {
    const style = (await (await fetch(`${h.web.url}/map/style.json`)).json()) as {
      version: number;
      sources: Record<string, { type: string; data: string }>;
      layers: Array<{ id: string }>;
    };
    expect(style.version).toBe(8);
    expect(style.sources.land?.data).toBe(`${h.web.url}/map/land.geojson`);
    expect(style.layers.map((layer) => layer.id)).toEqual(['water', 'land', 'borders']);
    const land = await fetch(`${h.web.url}/map/land.geojson`, { headers: { 'Accept-Encoding': 'br' } });
    expect(land.headers.get('content-type')).toBe('application/geo+json');
    const geojson = (await land.json()) as { type: string; features: unknown[] };
    expect(geojson.type).toBe('FeatureCollection');
    expect(geojson.features.length).toBeGreaterThan(0);
    const borders = (await (await fetch(`${h.web.url}/map/borders.geojson`)).json()) as { type: string };
    expect(borders.type).toBe('MultiLineString');
    expect((await fetch(`${h.web.url}/map/unknown.geojson`)).status).toBe(404);
  });
});
