// Browser test of the price map layer (issue 44 point 5, decision 073): the real API on a seeded
// database (the seed computes the figures as the worker's job does), the built web app and
// Chromium. The layer's code is not fetched until its switch is pressed; then the figures of the
// API stand on the map as labelled markers, with a legend that gives each colour its range in
// words, the minimum, how fresh the figures are and a list of the same figures; zooming in
// switches to towns; sale or rent follows the search; axe finds nothing.

import { join } from 'node:path';
import { composeSearchPath, type PriceMapResponse, type SearchFilters } from '@estately/domain';
import { translate } from '@estately/i18n';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, type SearchHarness, startSearchHarness } from './search-e2e-harness.ts';

let h: SearchHarness;
/** A folder to write the layer's screenshot to (docs/screenshots), when set. */
const SHOTS = process.env.PRICE_MAP_SCREENSHOTS;

beforeAll(async () => {
  h = await startSearchHarness({ offers: 400, seed: 'price-map-e2e' });
}, 300_000);

afterAll(async () => {
  await h?.close();
});

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

/** The price map asks of the page so far, newest last. */
function priceAsks(requests: string[]): URL[] {
  return requests.filter((url) => url.includes('/public/price_map?')).map((url) => new URL(url));
}

async function openMap(page: Page, path: string): Promise<void> {
  await page.goto(`${h.web.url}${path}`);
  await page.getByTestId('map-canvas').waitFor({ timeout: 20_000 });
  await page.getByTestId('price-layer-toggle').waitFor();
}

describe('the price map layer', () => {
  it('loads its code when switched on and shows the API figures per country with a legend and a list', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('pageerror', (error) => errors.push(error.message));
    await openMap(page, '/en/search/sale?map=1');
    const toggle = page.getByTestId('price-layer-toggle');
    expect(await toggle.textContent()).toBe('Price per m²');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    // Neither the layer's code nor its figures before the switch.
    expect(requests.filter((url) => /price-layer(?!-switch)/.test(url))).toEqual([]);
    expect(priceAsks(requests)).toEqual([]);

    // Switched on from the keyboard.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('price-legend').waitFor();
    expect(requests.some((url) => /\/price-layer-[\w-]+\.js$/.test(url))).toBe(true);
    expect(requests.some((url) => url.startsWith(`${h.web.url}/map/price-texts?locale=en`))).toBe(true);
    await poll(() => page.getByTestId('price-legend').getAttribute('data-level')).toBe('country');

    // The page asked for the search's offer type in its currency and locale; the API's answer is on the map.
    const ask = priceAsks(requests).at(-1)!;
    expect(ask.searchParams.get('offer_type')).toBe('sale');
    expect(ask.searchParams.get('level')).toBe('country');
    expect(ask.searchParams.get('locale')).toBe('en');
    const answer = await h.apiGet<PriceMapResponse>(`${ask.pathname}${ask.search}`);
    expect(answer.data.length).toBeGreaterThan(0);
    expect(answer.computed_at).not.toBeNull();
    await poll(() => page.getByTestId('price-marker').count()).toBe(answer.data.length);
    const top = answer.data[0]!;
    const marker = page.locator(`[data-testid="price-marker"][data-location-id="${top.location_id}"]`);
    expect(await marker.getAttribute('data-price-class')).toBe(String(top.price_class));
    const label = (await marker.getAttribute('aria-label')) ?? '';
    // The visible figure starts the name, then the place, the figure and the offers behind it.
    expect(label.startsWith(`${await marker.textContent()}, ${top.name}: `)).toBe(true);
    expect(label).toContain(`per m², median of ${top.offers} offer`);
    expect(await marker.textContent()).toMatch(/\/m²$/);

    // The legend: one line per colour class with its range in words, the minimum and the freshness.
    const scale = page.getByTestId('price-scale').locator('li');
    await poll(() => scale.count()).toBe(answer.scale.length + 1);
    expect(await scale.first().textContent()).toMatch(/^under /);
    expect(await scale.last().textContent()).toMatch(/ and more$/);
    expect(await page.getByTestId('price-hidden').textContent()).toMatch(
      new RegExp(`^Not shown where fewer than ${answer.min_offers} offers stand behind the figure: `),
    );
    expect(await page.getByTestId('price-as-of').textContent()).toMatch(
      /^From our own offers, as of .+; recomputed every 6 hours\.$/,
    );

    // The list alternative: every figure in words, opened from the keyboard.
    const list = page.getByTestId('price-list');
    expect(await list.isVisible()).toBe(false);
    await page.locator('.price-legend__list summary').focus();
    await page.keyboard.press('Enter');
    await poll(() => list.isVisible()).toBe(true);
    const items = await list.locator('li').allTextContents();
    expect(items).toHaveLength(answer.data.length);
    expect(items.some((item) => item === label.slice(label.indexOf(`${top.name}: `)))).toBe(true);

    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) await page.getByTestId('search-map').screenshot({ path: join(SHOTS, 'price-map-en.png') });

    // Zoomed in, the figures are the towns in view.
    await page.evaluate(
      ([lng, lat]) => {
        const node = document.querySelector('[data-testid="map-canvas"]') as HTMLElement & {
          maplibreMap: { jumpTo(options: { center: [number, number]; zoom: number }): void };
        };
        node.maplibreMap.jumpTo({ center: [lng as number, lat as number], zoom: 8 });
      },
      [top.longitude, top.latitude],
    );
    await poll(() => page.getByTestId('price-legend').getAttribute('data-level')).toBe('locality');
    const townAsk = priceAsks(requests).at(-1)!;
    expect(townAsk.searchParams.get('level')).toBe('locality');
    expect(townAsk.searchParams.get('bbox')).toMatch(/^-?[\d.]+,-?[\d.]+,-?[\d.]+,-?[\d.]+$/);
    const towns = await h.apiGet<PriceMapResponse>(`${townAsk.pathname}${townAsk.search}`);
    await poll(() => page.getByTestId('price-marker').count()).toBe(towns.data.length);
    expect(await page.getByTestId('price-hidden').textContent()).toContain(
      towns.hidden === 0 ? 'no place here' : `${towns.hidden} place`,
    );

    // Switched off: markers and legend go.
    await toggle.click();
    await poll(() => page.getByTestId('price-marker').count()).toBe(0);
    expect(await page.getByTestId('price-legend').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('speaks Czech and Arabic: the switch, the legend and the figures in the language, right to left in Arabic', async () => {
    for (const locale of ['cs', 'ar'] as const) {
      const context = await h.visitor();
      const page = await context.newPage();
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      const path = composeSearchPath(locale, { offer_type: 'sale' } as SearchFilters);
      await openMap(page, `${path}${path.includes('?') ? '&' : '?'}map=1`);
      expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      const toggle = page.getByTestId('price-layer-toggle');
      expect(await toggle.textContent()).toBe(translate(locale, 'map.price_layer'));
      await toggle.click();
      await page.getByTestId('price-legend').waitFor();
      expect(await page.locator('#price-legend-title').textContent()).toBe(
        translate(locale, 'map.price_title_sale'),
      );
      await poll(() => priceAsks(requests).length).toBeGreaterThan(0);
      const ask = priceAsks(requests).at(-1)!;
      expect(ask.searchParams.get('locale')).toBe(locale);
      const answer = await h.apiGet<PriceMapResponse>(`${ask.pathname}${ask.search}`);
      await poll(() => page.getByTestId('price-marker').count()).toBe(answer.data.length);
      expect(await axeViolations(page)).toEqual([]);
      if (SHOTS)
        await page.getByTestId('search-map').screenshot({ path: join(SHOTS, `price-map-${locale}.png`) });
      await context.close();
    }
  });

  it('shows rents for a rent search', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await openMap(page, '/en/search/rent?map=1');
    await page.getByTestId('price-layer-toggle').click();
    await page.getByTestId('price-legend').waitFor();
    await poll(() => priceAsks(requests).length).toBeGreaterThan(0);
    expect(priceAsks(requests).at(-1)!.searchParams.get('offer_type')).toBe('rent');
    expect(await page.locator('#price-legend-title').textContent()).toBe('Median asking rent per m² a month');
    await context.close();
  });
});
