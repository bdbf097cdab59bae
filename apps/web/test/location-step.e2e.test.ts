// The editor's location step (issue 38 defect 6) in Chromium against the real API: a map (the
// results map's MapLibre and offline basemap, its code loaded only on this step) with a pin the
// seller drags with the mouse or moves with the arrow keys; the hidden latitude and longitude
// follow, and the city and city part are filled from the gazetteer by reverse lookup without
// overwriting what the seller typed ("Use …" instead). The place search suggests city parts
// ("Brno-Kr" gives "Brno-Královo Pole, Brno") below the input, covering no label. Without
// scripts the coordinates are plain fields. The names of the places in view are drawn over the
// offline basemap. Screenshots in en and ar go to /tmp/screens.

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@estately/db/testing';
import { type Locale, ReverseLocationResponseSchema } from '@estately/domain';
import { translate } from '@estately/i18n';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from '../../api/src/server.ts';
import { setRates } from '../../api/test/support/helpers.ts';
import { editPropertyPath } from '../app/routing/editor-paths.ts';
import { type RunningWeb, startWeb } from '../server/server.ts';
import { signIn } from './account-helpers.ts';
import { apiAs, freePort, harnessPerFile, PERSON_UA, signUpByApi, testApiConfig } from './browser-setup.ts';
import { launchChromium } from './chromium.ts';
import { insertCzechGazetteer, privateBuildCopy } from './private-build.ts';

const SCREENS = '/tmp/screens';

interface Harness {
  api: RunningApi;
  web: RunningWeb;
  browser: Browser;
  close(): Promise<void>;
}

// The real API on a fresh database with the seed's gazetteer of Czechia (Brno and its districts
// included) named in cs, en and ar, and the built web app.
async function start(): Promise<Harness> {
  const buildDir = await privateBuildCopy('estately-location-e2e');
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const web = await startWeb({
    port: webPort,
    host: '127.0.0.1',
    apiUrl: `http://127.0.0.1:${apiPort}`,
    env: {},
    buildDir,
  });
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'estately-location-e2e-'));
  const db = database.db;
  await setRates(db, { EUR: 25 });
  await insertCzechGazetteer(db, ['cs', 'en', 'ar']);
  const api = await startApi({ config: testApiConfig({ dataDir, apiPort, webPort }), db: database });
  const browser = await launchChromium();
  return {
    api,
    web,
    browser,
    async close() {
      await browser.close();
      await web.close();
      await api.close();
      await database.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(buildDir, { recursive: true, force: true });
    },
  };
}

const h = harnessPerFile(start);

const text = (locale: Locale, key: Parameters<typeof translate>[1], values?: Record<string, string>) =>
  translate(locale, key, values);

interface OwnView {
  data: { city: string | null; city_part: string | null; latitude: number | null; longitude: number | null };
}

/** A signed-in seller on the location step of a new Czech draft. */
async function onLocationStep(email: string, locale: Locale, javaScript = true) {
  const { token } = await signUpByApi(h.api.url, email);
  const draft = await apiAs<{ data: { id: number } }>(h.api.url, token, 'POST', '/v1/property/save', {
    offer_type: 'sale',
    property_type: 'apartment',
    country_code: 'CZ',
  });
  const context = await h.browser.newContext({
    userAgent: PERSON_UA,
    javaScriptEnabled: javaScript,
    extraHTTPHeaders: { 'Accept-Language': locale },
    viewport: { width: 1280, height: 1000 },
  });
  const page = await context.newPage();
  await signIn(page, h.web.url, email, undefined, locale);
  await page.goto(`${h.web.url}${editPropertyPath(locale, draft.data.id, 'location')}`);
  return { token, id: draft.data.id, context, page, form: page.getByTestId('step-form-location') };
}

/** The hidden coordinates the form sends. */
async function coordinates(page: Page) {
  const form = page.getByTestId('step-form-location');
  return {
    lat: Number(await form.locator('input[name="latitude"]').inputValue()),
    lng: Number(await form.locator('input[name="longitude"]').inputValue()),
  };
}

/** What the API's reverse lookup names at a point: the step must have filled the same. */
async function reverse(point: { lat: number; lng: number }, locale: Locale) {
  const response = await fetch(
    `${h.api.url}/public/locations/reverse?lat=${point.lat}&lng=${point.lng}&locale=${locale}`,
  );
  return ReverseLocationResponseSchema.parse(await response.json()).data;
}

const field = (page: Page, name: string) =>
  page.getByTestId('step-form-location').locator(`input[name="${name}"]`);

/** The map is drawn: MapLibre's canvas is there and its style has loaded. */
async function mapReady(page: Page) {
  await page.getByTestId('location-map-canvas').locator('canvas').waitFor();
  await page.waitForFunction(() => {
    const node = document.querySelector('[data-testid="location-map-canvas"]') as
      | (HTMLElement & { maplibreMap?: { loaded(): boolean } })
      | null;
    return node?.maplibreMap?.loaded() === true;
  });
}

describe('the location step', () => {
  it('suggests city parts under the input, drags the pin, moves it by keyboard and fills the city part', async () => {
    const { token, id, context, page, form } = await onLocationStep('mapa-en@example.com', 'en');
    // The map's code is not in the page's first load: it comes on this step only.
    await mapReady(page);
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    expect(scripts.some((name) => /location-map-[\w-]+\.js/.test(name))).toBe(true);
    // The raw numbers are folded away (the pin sets them).
    expect(await page.getByTestId('location-coordinates').getAttribute('open')).toBeNull();
    expect(await field(page, 'latitude').isVisible()).toBe(false);

    // "Brno-Kr" suggests the district with its city, in a list right under the input.
    const search = page.getByTestId('address-search');
    await search.fill('Brno-Kr');
    const option = page.getByRole('option', { name: 'Brno-Královo Pole, Brno' });
    await option.waitFor();
    const input = (await search.boundingBox())!;
    const list = (await page.getByRole('listbox').boundingBox())!;
    const searchLabel = (await form
      .getByText(text('en', 'editor.address_search'), { exact: true })
      .boundingBox())!;
    const cityLabel = (await form.getByText(text('en', 'auth.city'), { exact: true }).boundingBox())!;
    expect(list.y).toBeGreaterThanOrEqual(input.y + input.height - 1);
    expect(searchLabel.y + searchLabel.height).toBeLessThanOrEqual(list.y);
    // The city's label is below the list, not under it.
    expect(cityLabel.y).toBeGreaterThanOrEqual(list.y + list.height);
    await option.click();
    expect(await field(page, 'city').inputValue()).toBe('Brno');
    expect(await field(page, 'city_part').inputValue()).toBe('Brno-Královo Pole');
    const picked = await coordinates(page);
    expect(picked.lat).toBeCloseTo(49.2275, 3);
    expect(picked.lng).toBeCloseTo(16.5955, 3);
    const pin = page.getByTestId('location-pin');
    await pin.waitFor();
    // The offline basemap has no names: the places in view are drawn over it.
    await expect
      .poll(() => page.getByTestId('location-map-label').allTextContents())
      .toEqual(expect.arrayContaining(['Brno-Královo Pole', 'Brno-Medlánky', 'Brno-Žabovřesky']));

    // Drag the pin with the mouse, west and south: the hidden coordinates follow and the city
    // part is that of the new point.
    const box = (await pin.boundingBox())!;
    const tip = { x: box.x + box.width / 2, y: box.y + box.height - 2 };
    await page.mouse.move(tip.x, tip.y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(tip.x - 22 * step, tip.y + 12 * step);
    await page.mouse.up();
    await expect.poll(async () => (await coordinates(page)).lng).toBeLessThan(picked.lng - 0.001);
    const dragged = await coordinates(page);
    expect(dragged.lat).toBeLessThan(picked.lat);
    const atDrag = await reverse(dragged, 'en');
    expect(atDrag.city?.name).toBe('Brno');
    await expect.poll(() => field(page, 'city_part').inputValue()).toBe(atDrag.city_part?.name);
    await expect
      .poll(() => page.getByTestId('location-found').textContent())
      .toBe(text('en', 'editor.location_pin_in', { place: `${atDrag.city_part?.name}, Brno` }));

    // The keyboard: the map is one tab stop; the arrows move the pin (not the map).
    await page.getByTestId('location-map').focus();
    expect(await page.getByTestId('location-map').getAttribute('aria-label')).toBe(
      text('en', 'editor.map_pin'),
    );
    for (let press = 0; press < 6; press++) await page.keyboard.press('Shift+ArrowUp');
    await expect.poll(async () => (await coordinates(page)).lat).toBeGreaterThan(dragged.lat + 0.002);
    const keyed = await coordinates(page);
    expect(keyed.lng).toBeCloseTo(dragged.lng, 4);
    const atKeys = await reverse(keyed, 'en');
    await expect.poll(() => field(page, 'city_part').inputValue()).toBe(atKeys.city_part?.name);

    // A city part typed by hand is kept: moving the pin offers its district instead.
    await field(page, 'city_part').fill('U Lužánek');
    await page.getByTestId('location-map').focus();
    for (let press = 0; press < 4; press++) await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(async () => (await coordinates(page)).lng).toBeGreaterThan(keyed.lng + 0.001);
    const atOffer = await reverse(await coordinates(page), 'en');
    const use = page.getByTestId('use-city_part');
    await use.waitFor();
    expect(await use.textContent()).toBe(
      text('en', 'editor.location_use_city_part', { place: atOffer.city_part?.name ?? '' }),
    );
    expect(await field(page, 'city_part').inputValue()).toBe('U Lužánek');
    await use.click();
    expect(await field(page, 'city_part').inputValue()).toBe(atOffer.city_part?.name);

    await page.screenshot({ path: join(SCREENS, 'location-step-en.png'), fullPage: true });

    // Saved: the API has what the step showed.
    const sent = await coordinates(page);
    await form.getByRole('button', { name: text('en', 'editor.save_continue') }).click();
    await page.waitForURL(/step=parameters/);
    const saved = (await apiAs<OwnView>(h.api.url, token, 'GET', `/properties/${id}`)).data;
    expect(saved).toMatchObject({ city: 'Brno', city_part: atOffer.city_part?.name });
    expect(saved.latitude).toBeCloseTo(sent.lat, 5);
    expect(saved.longitude).toBeCloseTo(sent.lng, 5);

    // Another step, loaded afresh, fetches neither the map's code nor MapLibre.
    await page.goto(`${h.web.url}${editPropertyPath('en', id, 'price')}`);
    await page.getByTestId('step-form-price').waitFor();
    const elsewhere = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    expect(elsewhere.filter((name) => /location-map|maplibre/.test(name))).toEqual([]);
    await context.close();
  });

  it('works right to left in Arabic: east is still right, the city part is filled', async () => {
    const { context, page, form } = await onLocationStep('mapa-ar@example.com', 'ar');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await mapReady(page);
    await page.getByTestId('address-search').fill('Brno-Kr');
    await page.getByRole('option', { name: /Brno-Královo Pole/ }).click();
    expect(await field(page, 'city_part').inputValue()).toBe('Brno-Královo Pole');
    const picked = await coordinates(page);
    await page.getByTestId('location-pin').waitFor();
    await page.getByTestId('location-map').focus();
    for (let press = 0; press < 5; press++) await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(async () => (await coordinates(page)).lng).toBeGreaterThan(picked.lng + 0.001);
    const moved = await reverse(await coordinates(page), 'ar');
    await expect.poll(() => field(page, 'city_part').inputValue()).toBe(moved.city_part?.name);
    expect(await form.getByText(text('ar', 'editor.location_map_help')).isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENS, 'location-step-ar.png'), fullPage: true });
    await context.close();
  });

  it('keeps the coordinates as plain fields without scripts, and saves them', async () => {
    const { token, id, context, page, form } = await onLocationStep('mapa-nojs@example.com', 'en', false);
    expect(await page.getByTestId('location-coordinates').getAttribute('open')).not.toBeNull();
    expect(await page.getByTestId('location-map').count()).toBe(0);
    await form.getByLabel(text('en', 'auth.city'), { exact: true }).fill('Brno');
    await form.getByLabel(text('en', 'editor.field.latitude')).fill('49.2291');
    await form.getByLabel(text('en', 'editor.field.longitude')).fill('16.5962');
    await form.getByRole('button', { name: text('en', 'editor.save_continue') }).click();
    await page.waitForLoadState('load');
    const saved = (await apiAs<OwnView>(h.api.url, token, 'GET', `/properties/${id}`)).data;
    expect(saved).toMatchObject({ city: 'Brno', latitude: 49.2291, longitude: 16.5962 });
    await context.close();
  });
});

mkdirSync(SCREENS, { recursive: true });
