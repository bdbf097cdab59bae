// Browser tests of issue 39 defects 7, 9 and 10, in cs, en and ar: the full-screen gallery has a
// visible close button (keyboard and touch) and moves by swipe on a phone; favourites keep a
// card's width when there is one; user texts (the description, the seller's name) are isolated
// with dir="auto" so a left-to-right text keeps its full stop at its end in Arabic; and the results
// map opened from its URL (?map=1) is fitted to the results, or to the searched place.

import { properties, propertyTranslations } from '@estately/db';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@estately/db/seed';
import {
  type BoundingBox,
  buildPath,
  type OfferDetail,
  type OfferMapResponse,
  type SearchOffersResponse,
} from '@estately/domain';
import { translate } from '@estately/i18n';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './account-helpers.ts';
import { hydrated } from './browser-setup.ts';
import { type SearchHarness, startSearchHarness } from './search-e2e-harness.ts';

let h: SearchHarness;
let offerId: number;
let photoCount: number;
/** An offer whose description the test writes before anything asked for it (answers are cached). */
let textOfferId: number;

const LOCALES = ['cs', 'en', 'ar'] as const;
/** The offer's description: written left to right, ending with a full stop. */
const WRITTEN = 'Bright flat near the park, newly renovated.';
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

beforeAll(async () => {
  h = await startSearchHarness({ offers: 40, seed: 'issue-39-gallery' });
  const candidates = await h.apiGet<SearchOffersResponse>('/public/offers?photos_min=3&per_page=25');
  for (const candidate of candidates.data) {
    const detail = await h.apiGet<OfferDetail>(`/public/offers/${candidate.id}`);
    const gallery = detail.photos.filter((photo) => !photo.is_floor_plan).length;
    if (gallery >= 3 && detail.description) {
      offerId = candidate.id;
      photoCount = gallery;
      break;
    }
  }
  if (offerId === undefined) throw new Error('no seeded offer with three photos and a description');
  // Before anything asked for it: the description as its seller wrote it, in English.
  const last = candidates.data.at(-1)!;
  if (last.id === offerId) throw new Error('no second seeded offer');
  textOfferId = last.id;
  const { db } = h.database;
  await db
    .update(properties)
    .set({ description: WRITTEN, locale: 'en' })
    .where(eq(properties.id, textOfferId));
  await db.delete(propertyTranslations).where(eq(propertyTranslations.propertyId, textOfferId));
}, 240_000);

afterAll(async () => {
  await h?.close();
});

const fullScreenTestId = (page: Page) =>
  page.evaluate(() => (document.fullscreenElement as HTMLElement | null)?.dataset.testid ?? null);
const focusedTestId = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? null);

/** A finger swipe across the photo, as touch events from the browser (a phone context). */
async function swipe(page: Page, from: number, to: number): Promise<void> {
  await page.getByTestId('gallery-stage').evaluate(
    (stage, [start, end]) => {
      const box = stage.getBoundingClientRect();
      const y = box.top + box.height / 2;
      const touch = (x: number) =>
        new Touch({ identifier: 1, target: stage, clientX: box.left + box.width * x, clientY: y });
      const first = touch(start as number);
      const last = touch(end as number);
      stage.dispatchEvent(
        new TouchEvent('touchstart', {
          touches: [first],
          changedTouches: [first],
          bubbles: true,
          cancelable: true,
        }),
      );
      stage.dispatchEvent(
        new TouchEvent('touchmove', {
          touches: [last],
          changedTouches: [last],
          bubbles: true,
          cancelable: true,
        }),
      );
      stage.dispatchEvent(
        new TouchEvent('touchend', { touches: [], changedTouches: [last], bubbles: true, cancelable: true }),
      );
    },
    [from, to],
  );
}

describe('the full-screen gallery (defect 7)', () => {
  for (const locale of LOCALES) {
    it(`has a visible close button reached by keyboard, and the keys keep moving (${locale})`, async () => {
      const context = await h.visitor();
      const page = await context.newPage();
      await page.goto(`${h.web.url}/${locale}/property/${offerId}`);
      await hydrated(page, 'gallery-full-screen');
      const counter = page.getByTestId('gallery-counter');
      // Not in full screen: no close button in the page.
      expect(await page.getByTestId('gallery-close').count()).toBe(0);

      await page.getByTestId('gallery-full-screen').focus();
      await page.keyboard.press('Enter');
      await poll(() => fullScreenTestId(page)).toBe('gallery-stage');
      const close = page.getByTestId('gallery-close');
      await close.waitFor();
      expect(await close.isVisible()).toBe(true);
      expect(await close.getAttribute('aria-label')).toBe(translate(locale, 'offer.exit_full_screen'));
      // Focus moves to the close button, inside the full-screen view, in the photo's top corner.
      await poll(() => focusedTestId(page)).toBe('gallery-close');
      const box = (await close.boundingBox())!;
      const view = page.viewportSize()!;
      expect(box.y).toBeLessThan(view.height / 4);
      expect(locale === 'ar' ? box.x < view.width / 4 : box.x > (view.width * 3) / 4).toBe(true);
      // The arrow keys still move (mirrored in right-to-left).
      await page.keyboard.press(locale === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      await poll(() => counter.textContent()).toBe(`2 / ${photoCount}`);

      // Enter on the close button leaves full screen, and focus returns to the button that opened it.
      await page.keyboard.press('Enter');
      await poll(() => fullScreenTestId(page)).toBe(null);
      await poll(() => focusedTestId(page)).toBe('gallery-full-screen');
      await poll(() => close.count()).toBe(0);
      await context.close();
    });

    it(`swipes on a phone and closes full screen with a tap (${locale})`, async () => {
      const context = await h.browser.newContext({
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: true,
      });
      const page = await context.newPage();
      await page.goto(`${h.web.url}/${locale}/property/${offerId}`);
      await hydrated(page, 'gallery-full-screen');
      const counter = page.getByTestId('gallery-counter');
      // "1 / 3" in every page: laid out right to left it would read "3 / 1".
      expect(await counter.evaluate((node) => getComputedStyle(node).direction)).toBe('ltr');
      await page.getByTestId('gallery-full-screen').tap();
      await poll(() => fullScreenTestId(page)).toBe('gallery-stage');
      // A swipe towards the start of the line shows the next photo: leftwards in ltr, rightwards in rtl.
      const [from, to] = locale === 'ar' ? [0.2, 0.8] : [0.8, 0.2];
      await swipe(page, from, to);
      await poll(() => counter.textContent()).toBe(`2 / ${photoCount}`);
      await swipe(page, to, from);
      await poll(() => counter.textContent()).toBe(`1 / ${photoCount}`);
      // A short touch is no swipe.
      await swipe(page, 0.5, 0.52);
      expect(await counter.textContent()).toBe(`1 / ${photoCount}`);

      const close = page.getByTestId('gallery-close');
      const box = (await close.boundingBox())!;
      // A touch target of at least 44 px.
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
      await close.tap();
      await poll(() => fullScreenTestId(page)).toBe(null);
      await poll(() => close.count()).toBe(0);
      await context.close();
    });
  }
});

describe('favourites and user texts (defect 9)', () => {
  it('keeps a single favourite at a card’s width (cs, en, ar)', async () => {
    const login = await fetch(`${h.api.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.person, password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const ids = await fetch(`${h.api.url}/user/favorite_offers/ids`, {
      headers: { authorization: `Bearer ${token}` },
    });
    for (const id of ((await ids.json()) as { data: number[] }).data) {
      await fetch(`${h.api.url}/user/offers/${id}/favorite_offer`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
    }
    const added = await fetch(`${h.api.url}/user/offers/${offerId}/favorite_offer`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(added.ok).toBe(true);

    const context = await h.visitor();
    const page = await context.newPage();
    await signIn(page, h.web.url, DEMO_ACCOUNTS.person, DEMO_PASSWORD);
    for (const locale of LOCALES) {
      await page.goto(`${h.web.url}/${locale}/account/favorites`);
      expect(await page.getByTestId('favorite-item').count()).toBe(1);
      const list = (await page.getByTestId('favorites-list').boundingBox())!;
      const item = (await page.getByTestId('favorite-item').boundingBox())!;
      // The results' card columns (16 rem and up): a lone card does not stretch over the page.
      expect(item.width).toBeGreaterThanOrEqual(16 * 16 - 1);
      expect(item.width).toBeLessThan(list.width / 2);
      // It starts on the line's start side: the left in cs and en, the right in ar.
      if (locale === 'ar') expect(Math.abs(item.x + item.width - (list.x + list.width))).toBeLessThan(2);
      else expect(Math.abs(item.x - list.x)).toBeLessThan(2);
    }
    await context.close();
  });

  it('isolates the description and the seller’s name with dir="auto" (ar, cs, en)', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    for (const locale of LOCALES) {
      await page.goto(`${h.web.url}/${locale}/property/${textOfferId}`);
      // The description as written, or the page's translation of it (the same English here).
      const description = page
        .locator('[data-testid="offer-description"], [data-testid="offer-translation"]')
        .first();
      expect(await description.textContent()).toBe(WRITTEN);
      expect(await description.getAttribute('dir')).toBe('auto');
      // The text takes its own direction: in ar the full stop stays at the end of the sentence
      // (on its right), not at the start of the right-to-left line.
      expect(await description.evaluate((node) => node.matches(':dir(ltr)'))).toBe(true);
      expect(await page.getByTestId('seller-name').getAttribute('dir')).toBe('auto');
      if (locale === 'ar') {
        const ends = await description.evaluate((node) => {
          const text = node.firstChild as Text;
          const range = document.createRange();
          range.setStart(text, text.length - 1);
          range.setEnd(text, text.length);
          const stop = range.getBoundingClientRect();
          range.setStart(text, 0);
          range.setEnd(text, 1);
          const first = range.getBoundingClientRect();
          return { stop: stop.left, first: first.left };
        });
        expect(ends.stop).toBeGreaterThan(ends.first);
      }
    }
    await context.close();
  });
});

/** The map's viewport, read from MapLibre through its container. */
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

/** Every result's bounds, from the API's world-wide clusters and points. */
async function extentOfResults(query: string): Promise<BoundingBox | null> {
  const world = await h.apiGet<OfferMapResponse>(`/public/offers/map?bbox=-85,-180,85,180&zoom=2${query}`);
  let box: BoundingBox | null = null;
  const add = (south: number, west: number, north: number, east: number) => {
    box = box
      ? {
          south: Math.min(box.south, south),
          west: Math.min(box.west, west),
          north: Math.max(box.north, north),
          east: Math.max(box.east, east),
        }
      : { south, west, north, east };
  };
  for (const cluster of world.clusters)
    add(cluster.bounds.south, cluster.bounds.west, cluster.bounds.north, cluster.bounds.east);
  for (const point of world.points) add(point.lat, point.lng, point.lat, point.lng);
  return box;
}

const holds = (outer: BoundingBox, inner: BoundingBox, slack = 1e-4) =>
  outer.south <= inner.south + slack &&
  outer.west <= inner.west + slack &&
  outer.north >= inner.north - slack &&
  outer.east >= inner.east - slack;

async function openedMap(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${h.web.url}${path}`);
  await page.getByTestId('map-canvas').waitFor({ timeout: 20_000 });
  return page;
}

describe('the results map opened from its URL (defect 10)', () => {
  for (const locale of LOCALES) {
    it(`is fitted to the results on open (${locale})`, async () => {
      const extent = (await extentOfResults(''))!;
      const context = await h.visitor();
      const page = await openedMap(context, `${buildPath('search', locale)}?map=1`);
      // Not the world: the results fill the view (at least a third of its width or height).
      await poll(async () => {
        const { box } = await viewport(page);
        const width = (extent.east - extent.west) / (box.east - box.west);
        const height = (extent.north - extent.south) / (box.north - box.south);
        return holds(box, extent) && Math.max(width, height) > 1 / 3;
      }).toBe(true);
      expect((await viewport(page)).zoom).toBeGreaterThan(2);
      // The opening fit is no search of an area of its own.
      expect(new URL(page.url()).searchParams.get('bbox')).toBe(null);
      await context.close();
    });
  }

  it('is fitted to the searched place when nothing is found there (cs, en, ar)', async () => {
    // A place with a radius and no offers (the seed has none in the middle of the Baltic sea).
    const place = { lat: 55.5, lng: 18.5, radius_km: 20 };
    const query = `lat=${place.lat}&lng=${place.lng}&radius_km=${place.radius_km}`;
    expect(await extentOfResults(`&${query}`)).toBe(null);
    const context = await h.visitor();
    for (const locale of LOCALES) {
      const page = await openedMap(context, `${buildPath('search', locale)}?${query}&map=1`);
      await poll(async () => {
        const { box } = await viewport(page);
        const latSpan = place.radius_km / 111.32;
        const lngSpan = latSpan / Math.cos((place.lat * Math.PI) / 180);
        const circle = {
          south: place.lat - latSpan,
          west: place.lng - lngSpan,
          north: place.lat + latSpan,
          east: place.lng + lngSpan,
        };
        // The circle in view, and not much more than it.
        return holds(box, circle) && box.north - box.south < latSpan * 2 * 3;
      }).toBe(true);
      await page.close();
    }
    await context.close();
  });
});
