// Browser tests of drawn search areas (issue 44 point 1, decision 069): the real API on a seeded
// database, the built web app and Chromium with WebGL. A polygon drawn with the mouse and taps,
// a circle left out and a polygon drawn with the keyboard alone (corners added under the cross,
// moved with the arrow keys, removed with Delete) go into the URL in their compact form; the list
// and the map count what the API counts for them; the areas are listed with buttons and removed;
// axe finds nothing while drawing and after.

import { join } from 'node:path';
import {
  composeSearchPath,
  type DrawnArea,
  decodeAreas,
  type OfferMapResponse,
  type SearchFilters,
  type SearchOffersResponse,
} from '@estately/domain';
import { translate } from '@estately/i18n';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, type SearchHarness, startSearchHarness } from './search-e2e-harness.ts';

let h: SearchHarness;
/** A folder to write the drawing's screenshots to (docs/screenshots), when set. */
const SHOTS = process.env.DRAW_AREAS_SCREENSHOTS;
/** A viewport around the seed's densest cluster. */
let bbox = '';

beforeAll(async () => {
  h = await startSearchHarness({ offers: 80, seed: 'search-draw-e2e' });
  const world = await h.apiGet<OfferMapResponse>('/public/offers/map?bbox=-85,-180,85,180&zoom=4');
  const biggest = [...world.clusters].sort((a, b) => b.count - a.count)[0];
  if (!biggest) throw new Error('the seed has no cluster');
  const { south, west, north, east } = biggest.bounds;
  const pad = 0.05;
  bbox = [south - pad, west - pad, north + pad, east + pad].map((value) => value.toFixed(4)).join(',');
}, 240_000);

afterAll(async () => {
  await h?.close();
});

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
const urlOf = (page: Page) => new URL(page.url());

function areasOf(page: Page): DrawnArea[] | null {
  const raw = urlOf(page).searchParams.get('areas');
  return raw ? decodeAreas(raw) : null;
}

async function listTotal(query: string): Promise<number> {
  return (await h.apiGet<SearchOffersResponse>(`/public/offers?${query}`)).meta.total;
}

/**
 * The results count shows what the API counts for the page's areas, and so does the map's count
 * when the areas searched in lie in its view (`inView`); areas left out alone leave the whole world.
 */
async function expectCountsOfUrl(page: Page, inView = true) {
  const areas = urlOf(page).searchParams.get('areas') ?? '';
  const total = await listTotal(areas ? `areas=${areas}` : '');
  await poll(() => page.getByTestId('results-count').textContent()).toBe(
    translate('en', 'results.count', { count: total }),
  );
  if (inView)
    await poll(async () => Number(await page.getByTestId('map-total').getAttribute('data-total'))).toBe(
      total,
    );
  return total;
}

async function openMap(page: Page, locale: 'en' | 'cs' | 'ar' = 'en') {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const path = locale === 'en' ? '/en/search' : composeSearchPath(locale, {} as SearchFilters);
  await page.goto(`${h.web.url}${path}${path.includes('?') ? '&' : '?'}bbox=${bbox}&map=1`);
  await page
    .getByTestId('map-canvas')
    .waitFor({ timeout: 60_000 })
    .catch(async (error: unknown) => {
      console.log(
        errors,
        await page
          .getByTestId('search-map')
          .innerHTML()
          .catch(() => 'no map section'),
      );
      throw error;
    });
  await page.getByTestId('draw-polygon').waitFor();
  // The style is in: drawing adds its layers to it.
  await poll(() =>
    page.evaluate(() => {
      const node = document.querySelector('[data-testid="map-canvas"]') as HTMLElement & {
        maplibreMap?: { isStyleLoaded(): boolean };
      };
      return node.maplibreMap?.isStyleLoaded() === true;
    }),
  ).toBe(true);
}

describe('drawn search areas', () => {
  it('draws in Czech and Arabic: the controls and announcements in the language, right to left in Arabic', async () => {
    for (const locale of ['cs', 'ar'] as const) {
      const context = await h.visitor();
      const page = await context.newPage();
      await openMap(page, locale);
      expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      // The count of offers in view stays clear of the zoom buttons, which stay at the top right.
      const count = (await page.getByTestId('map-total').boundingBox())!;
      const zoom = (await page.locator('.maplibregl-ctrl-top-right').boundingBox())!;
      expect(count.x + count.width <= zoom.x || count.y >= zoom.y + zoom.height, locale).toBe(true);
      const draw = page.getByTestId('draw-polygon');
      expect((await draw.textContent())?.trim()).toBe(translate(locale, 'map.draw.polygon'));
      await draw.click();
      const box = (await page.getByTestId('map-canvas').boundingBox())!;
      for (const [x, y] of [
        [0.3, 0.25],
        [0.7, 0.3],
        [0.5, 0.65],
      ] as const)
        await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
      await poll(() => page.getByTestId('map-vertex').count()).toBe(3);
      expect(await page.getByTestId('map-draw-announcement').textContent()).toBe(
        translate(locale, 'map.draw.point_added', { n: 3 }),
      );
      expect(await axeViolations(page)).toEqual([]);
      if (SHOTS)
        await page.getByTestId('search-map').screenshot({ path: join(SHOTS, `draw-areas-${locale}.png`) });
      await context.close();
    }
  });

  it('draws a polygon with the mouse, searches in it, lists it and removes it', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await openMap(page);
    const inView = await listTotal(`bbox=${bbox}`);

    await page.getByTestId('draw-polygon').click();
    const canvas = page.getByTestId('map-canvas');
    const box = (await canvas.boundingBox())!;
    const corners: [number, number][] = [
      [0.3, 0.25],
      [0.7, 0.25],
      [0.75, 0.6],
      [0.3, 0.65],
    ];
    for (const [x, y] of corners) await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
    await poll(() => page.getByTestId('map-vertex').count()).toBe(4);
    expect(await page.getByTestId('map-draw-announcement').textContent()).toBe('Corner 4 added.');
    expect(await page.getByTestId('map-vertex').nth(2).getAttribute('aria-label')).toBe('Corner 3 of 4');
    // Moving the map while drawing searches no viewport.
    expect(urlOf(page).searchParams.get('bbox')).toBe(bbox);
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) await page.getByTestId('search-map').screenshot({ path: join(SHOTS, 'draw-areas-en.png') });

    await page.getByTestId('draw-finish').click();
    await page.waitForURL((url) => url.searchParams.has('areas'));
    const areas = areasOf(page);
    expect(areas).toHaveLength(1);
    expect(areas![0]).toMatchObject({ shape: 'polygon', exclude: false });
    expect((areas![0] as { points: unknown[] }).points).toHaveLength(4);
    // The areas are the place now: no viewport, the map stays open.
    expect(urlOf(page).searchParams.has('bbox')).toBe(false);
    expect(urlOf(page).searchParams.get('map')).toBe('1');
    const inArea = await expectCountsOfUrl(page);
    expect(inArea).toBeLessThanOrEqual(inView);
    await poll(() => page.getByTestId('map-vertex').count()).toBe(0);
    expect(await page.getByTestId('drawn-area').textContent()).toContain('Area 1 (searched)');
    expect(await axeViolations(page)).toEqual([]);

    // A self-crossing polygon is refused with the rule's message, nothing changes.
    await page.getByTestId('draw-polygon').click();
    for (const [x, y] of [
      [0.2, 0.2],
      [0.6, 0.6],
      [0.6, 0.2],
      [0.2, 0.6],
    ] as const)
      await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
    await poll(() => page.getByTestId('map-vertex').count()).toBe(4);
    await page.getByTestId('draw-finish').click();
    expect(await page.getByTestId('draw-error').textContent()).toBe(
      translate('en', 'validation.area_self_intersecting'),
    );
    expect(areasOf(page)).toEqual(areas);
    await page.getByTestId('draw-cancel').click();

    // Removing the area searches without it.
    await page.getByTestId('drawn-area-remove').click();
    await page.waitForURL((url) => !url.searchParams.has('areas'));
    await expectCountsOfUrl(page, false);
    await context.close();
  });

  it('draws with the keyboard alone: a circle left out, a polygon with a corner moved and one removed', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await openMap(page);
    const canvas = page.getByTestId('map-canvas').locator('canvas');
    const centre = () =>
      page.evaluate(() => {
        const node = document.querySelector('[data-testid="map-canvas"]') as HTMLElement & {
          maplibreMap: { getCenter(): { lat: number; lng: number } };
        };
        return node.maplibreMap.getCenter();
      });

    // A circle around the map's centre, left out.
    await page.getByTestId('draw-exclude').focus();
    await page.keyboard.press('Space');
    await page.getByTestId('draw-circle').focus();
    await page.keyboard.press('Enter');
    await canvas.focus();
    await page.keyboard.press('Enter');
    await poll(() => page.getByTestId('map-draw-announcement').textContent()).toBe(
      'Centre of the circle set.',
    );
    const at = await centre();
    await page.getByTestId('draw-radius').fill('3');
    await page.getByTestId('draw-finish').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.has('areas'));
    const [circle] = areasOf(page)!;
    expect(circle).toMatchObject({ shape: 'circle', exclude: true, radius_m: 3000 });
    expect((circle as { lat: number }).lat).toBeCloseTo(at.lat, 4);
    expect((circle as { lng: number }).lng).toBeCloseTo(at.lng, 4);
    await expectCountsOfUrl(page, false);

    // A polygon: a corner under the cross, the map moved with the arrow keys, and again.
    await page.getByTestId('draw-polygon').focus();
    await page.keyboard.press('Enter');
    await canvas.focus();
    for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) {
      await page.keyboard.press('Enter');
      const before = await centre();
      // MapLibre pans with an easing: wait until the map has moved.
      await page.keyboard.press(key);
      await poll(async () => JSON.stringify(await centre()) !== JSON.stringify(before)).toBe(true);
      await page.waitForTimeout(400);
    }
    await page.keyboard.press('Enter');
    await poll(() => page.getByTestId('map-vertex').count()).toBe(5);
    expect(await page.getByTestId('map-draw-announcement').textContent()).toBe('Corner 5 added.');

    // The last corner is the same as the first after a round trip: remove it with Delete.
    const last = page.getByTestId('map-vertex').nth(4);
    await last.focus();
    await page.keyboard.press('Delete');
    await poll(() => page.getByTestId('map-vertex').count()).toBe(4);
    expect(await page.getByTestId('map-draw-announcement').textContent()).toBe('Corner 5 removed.');
    // Move the second corner with the arrow keys: its position in the drawing changes.
    const positionOf = async (n: number) =>
      page.evaluate((index) => {
        const node = document.querySelectorAll<HTMLElement>('[data-testid="map-vertex"]')[index]!;
        const rect = node.getBoundingClientRect();
        return { x: rect.x, y: rect.y };
      }, n);
    const from = await positionOf(1);
    await page.getByTestId('map-vertex').nth(1).focus();
    // A key at a time, as a person presses them: each move draws the corners again.
    let x = from.x;
    for (let i = 0; i < 3; i++) {
      const before = x;
      await page.keyboard.press('ArrowLeft');
      await poll(async () => (await positionOf(1)).x).toBeLessThan(before - 5);
      x = (await positionOf(1)).x;
    }
    expect(x).toBeLessThan(from.x - 20);
    // Three keys at once, faster than the corners are drawn again: each moves the corner its
    // step (10 px) from where the one before left it; none is lost.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await poll(async () => (await positionOf(1)).x).toBeGreaterThan(x + 25);
    await page.waitForTimeout(300);
    expect((await positionOf(1)).x - x).toBeCloseTo(30, -1);
    expect(await page.getByTestId('map-draw-announcement').textContent()).toBe('Corner 2 moved.');
    // Focus stays on the corner being moved.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('map-vertex');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByTestId('draw-finish').focus();
    await page.keyboard.press('Enter');
    await poll(() => areasOf(page)?.length).toBe(2);
    const [kept, polygon] = areasOf(page)!;
    expect(kept).toEqual(circle);
    expect(polygon).toMatchObject({ shape: 'polygon', exclude: true });
    expect((polygon as { points: unknown[] }).points).toHaveLength(4);
    await expectCountsOfUrl(page, false);
    expect(await page.getByTestId('drawn-area').allTextContents()).toEqual([
      expect.stringContaining('Area 1 (left out)'),
      expect.stringContaining('Area 2 (left out)'),
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('draws with taps on a phone', async () => {
    const context = await h.browser.newContext({
      viewport: { width: 390, height: 800 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await openMap(page);
    await page.getByTestId('draw-polygon').tap();
    const box = (await page.getByTestId('map-canvas').boundingBox())!;
    for (const [x, y] of [
      [0.3, 0.2],
      [0.7, 0.25],
      [0.5, 0.45],
    ] as const)
      await page.touchscreen.tap(box.x + box.width * x, box.y + box.height * y);
    await poll(() => page.getByTestId('map-vertex').count()).toBe(3);
    await page.getByTestId('draw-finish').tap();
    await page.waitForURL((url) => url.searchParams.has('areas'));
    expect(areasOf(page)).toEqual([expect.objectContaining({ shape: 'polygon' })]);
    await context.close();
  });
});
