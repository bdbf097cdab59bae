// Photo uploads of the property editor in Chromium against the real API and its job worker
// (issue 38 defect 4): several files chosen at once upload side by side (3 at a time, the rest
// waiting), each with a progress bar named after its file and a status said politely; the photos
// then appear, as placeholders until the worker made their variants. The same file sent again
// (as after leaving the page mid-upload) stays one photo; a file that is no photo fails on its
// own with the reason in the page's language and a retry.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@estately/db/testing';
import { translate } from '@estately/i18n';
import type { Browser, BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from '../../api/src/server.ts';
import { photoLimitValues } from '../app/features/property-editor/photo-formats.ts';
import { editPropertyPath } from '../app/routing/editor-paths.ts';
import { type RunningWeb, startWeb } from '../server/server.ts';
import { signIn } from './account-helpers.ts';
import {
  apiAs,
  freePort,
  harnessPerFile,
  hydrated,
  PERSON_UA,
  signUpByApi,
  testApiConfig,
} from './browser-setup.ts';
import { launchChromium } from './chromium.ts';
import { privateBuildCopy } from './private-build.ts';

interface UploadHarness {
  api: RunningApi;
  web: RunningWeb;
  browser: Browser;
  visitor(options?: { javaScript?: boolean }): Promise<BrowserContext>;
  close(): Promise<void>;
}

async function startUploadHarness(): Promise<UploadHarness> {
  const buildDir = await privateBuildCopy('estately-photo-uploads-e2e');
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const web = await startWeb({
    port: webPort,
    host: '127.0.0.1',
    apiUrl: `http://127.0.0.1:${apiPort}`,
    env: {},
    buildDir,
  });
  const database: TestDatabase = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'estately-photo-uploads-e2e-'));
  // The job worker runs in the API process, as under `npm start`: it makes the variants.
  const config = testApiConfig({ dataDir, apiPort, webPort, env: { JOBS_IN_PROCESS: 'true' } });
  const api = await startApi({ config, db: database });
  const browser = await launchChromium();
  return {
    api,
    web,
    browser,
    visitor: (options = {}) =>
      browser.newContext({
        userAgent: PERSON_UA,
        javaScriptEnabled: options.javaScript ?? true,
        extraHTTPHeaders: { 'Accept-Language': 'en' },
        viewport: { width: 1280, height: 900 },
      }),
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

const h = harnessPerFile(startUploadHarness);

const en = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
  translate('en', key, values);

/**
 * A grainy photo (blurred noise: some tens of kilobytes, quick to encode), different for every
 * seed.
 */
async function noisePhoto(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 900,
      height: 600,
      channels: 3,
      background: { r: (seed * 60) % 256, g: 120, b: 200 },
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .blur(1.5)
    .jpeg({ quality: 90 })
    .toBuffer();
}

interface OwnView {
  data: { photos: { id: number; status: string; image_file: { thumb: string } | null }[] };
}

describe('photo uploads of the editor', () => {
  it('uploads several files at once side by side, each with its own progress, then shows the photos; the same file again stays one photo', async () => {
    const email = 'fotky@example.com';
    const { token } = await signUpByApi(h.api.url, email);
    const draft = await apiAs<{ data: { id: number } }>(h.api.url, token, 'POST', '/v1/property/save', {
      offer_type: 'sale',
      property_type: 'apartment',
      country_code: 'CZ',
    });
    const id = draft.data.id;
    const photos = await Promise.all([1, 2, 3, 4].map(noisePhoto));
    const files = photos.map((buffer, index) => ({
      name: `byt-${index + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer,
    }));

    const context = await h.visitor();
    const page = await context.newPage();
    await signIn(page, h.web.url, email);
    await page.goto(`${h.web.url}${editPropertyPath('en', id, 'photos')}`);
    await hydrated(page, 'photo-input');
    // A slow uplink (about 40 KB/s), so the uploads are seen under way.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 40 * 1024,
    });

    // Four files chosen at once.
    await page.getByTestId('photo-input').setInputFiles(files);
    const uploading = page.locator('[data-testid="upload"][data-state="uploading"]');
    // Three side by side (the old editor sent one after another), the fourth waiting its turn.
    await expect.poll(() => uploading.count(), { timeout: 20_000, interval: 50 }).toBe(3);
    expect(await page.locator('[data-testid="upload"][data-state="waiting"]').count()).toBe(1);
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: en('editor.upload_waiting', { name: 'byt-4.jpg' }) })
        .count(),
    ).toBe(1);
    // Each file under way has its own bar, named after the file, and it moves.
    for (const name of ['byt-1.jpg', 'byt-2.jpg', 'byt-3.jpg']) {
      const bar = page.getByRole('progressbar', { name: en('editor.uploading', { name }) });
      await expect.poll(() => bar.count()).toBe(1);
    }
    const first = page.getByRole('progressbar', { name: en('editor.uploading', { name: 'byt-1.jpg' }) });
    await expect
      .poll(async () => Number((await first.getAttribute('value').catch(() => '100')) ?? '0'), {
        timeout: 20_000,
        interval: 50,
      })
      .toBeGreaterThan(0);

    // All four are accepted, then all four photos show their pictures (placeholders until the
    // worker made the variants; the list asks again until then).
    await expect
      .poll(() => page.locator('[data-testid="upload"][data-state="done"]').count(), { timeout: 120_000 })
      .toBe(4);
    for (const name of files.map((file) => file.name)) {
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: en('editor.uploaded', { name }) })
          .count(),
      ).toBe(1);
    }
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect
      .poll(() => page.locator('[data-testid="photo"] img[data-testid="photo-handle"]').count(), {
        timeout: 120_000,
      })
      .toBe(4);
    expect(await page.getByTestId('photo-placeholder').count()).toBe(0);
    let own = await apiAs<OwnView>(h.api.url, token, 'GET', `/properties/${id}`);
    expect(own.data.photos.map((photo) => photo.status)).toEqual(['ready', 'ready', 'ready', 'ready']);

    // The same file again (as after leaving the page mid-upload): accepted, still four photos.
    await page.getByTestId('photo-input').setInputFiles([files[1]!]);
    await expect
      .poll(() => page.locator('[data-testid="upload"][data-state="done"]').count(), { timeout: 30_000 })
      .toBe(5);
    own = await apiAs<OwnView>(h.api.url, token, 'GET', `/properties/${id}`);
    expect(own.data.photos).toHaveLength(4);
    await page.reload();
    await expect.poll(() => page.getByTestId('photo').count()).toBe(4);
    await context.close();
  }, 300_000);

  it('a file that is no photo fails on its own with the reason in the page language and a retry', async () => {
    const email = 'spatny-soubor@example.com';
    const { token } = await signUpByApi(h.api.url, email);
    const draft = await apiAs<{ data: { id: number } }>(h.api.url, token, 'POST', '/v1/property/save', {
      offer_type: 'rent',
      property_type: 'house',
      country_code: 'CZ',
    });
    const id = draft.data.id;
    const context = await h.visitor();
    const page = await context.newPage();
    await signIn(page, h.web.url, email);
    await page.goto(`${h.web.url}${editPropertyPath('en', id, 'photos')}`);
    await hydrated(page, 'photo-input');
    await page.getByTestId('photo-input').setInputFiles([
      { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('These are notes, not a photo.') },
      { name: 'garden.jpg', mimeType: 'image/jpeg', buffer: await noisePhoto(7) },
    ]);
    const failed = page.locator('[data-testid="upload"][data-state="failed"]');
    await expect.poll(() => failed.count(), { timeout: 30_000 }).toBe(1);
    const reason = en('validation.invalid_photo', photoLimitValues('en'));
    expect(await failed.getByTestId('upload-status').textContent()).toBe(
      en('editor.upload_failed', { name: 'notes.jpg', reason }),
    );
    // The other file went on regardless.
    await expect
      .poll(() => page.locator('[data-testid="upload"][data-state="done"]').count(), { timeout: 30_000 })
      .toBe(1);
    const retry = page.getByRole('button', { name: `${en('editor.upload_retry')}: notes.jpg` });
    expect(await retry.count()).toBe(1);
    await retry.click();
    // Sent again, refused again with the same reason; nothing was stored for it.
    await expect.poll(() => failed.count(), { timeout: 30_000 }).toBe(1);
    await expect
      .poll(() => failed.getByTestId('upload-status').textContent())
      .toBe(en('editor.upload_failed', { name: 'notes.jpg', reason }));
    const own = await apiAs<OwnView>(h.api.url, token, 'GET', `/properties/${id}`);
    expect(own.data.photos).toHaveLength(1);
    await context.close();
  }, 120_000);

  it('without scripts the form sends the chosen photos and comes back to the step, with the reason of a refusal', async () => {
    const email = 'bez-skriptu@example.com';
    const { token } = await signUpByApi(h.api.url, email);
    const draft = await apiAs<{ data: { id: number } }>(h.api.url, token, 'POST', '/v1/property/save', {
      offer_type: 'sale',
      property_type: 'house',
      country_code: 'CZ',
    });
    const id = draft.data.id;
    const context = await h.visitor({ javaScript: false });
    const page = await context.newPage();
    await signIn(page, h.web.url, email);
    const step = `${h.web.url}${editPropertyPath('en', id, 'photos')}`;
    await page.goto(step);
    await page.getByTestId('photo-input').setInputFiles([
      { name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: await noisePhoto(11) },
      { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('These are notes, not a photo.') },
    ]);
    await page.getByLabel(en('editor.photo_room')).first().selectOption('kitchen');
    await page.getByRole('button', { name: en('editor.upload_submit') }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('step') === 'photos' && url.searchParams.has('photo_error'),
    );
    expect(await page.getByTestId('upload-error').textContent()).toBe(
      en('validation.invalid_photo', photoLimitValues('en')),
    );
    let own = await apiAs<{ data: { photos: { room_type: string | null }[] } }>(
      h.api.url,
      token,
      'GET',
      `/properties/${id}`,
    );
    expect(own.data.photos.map((photo) => photo.room_type)).toEqual(['kitchen']);
    await page
      .getByTestId('photo-input')
      .setInputFiles([{ name: 'hall.jpg', mimeType: 'image/jpeg', buffer: await noisePhoto(12) }]);
    await page.getByRole('button', { name: en('editor.upload_submit') }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('step') === 'photos' && !url.searchParams.has('photo_error'),
    );
    expect(await page.getByTestId('upload-error').count()).toBe(0);
    own = await apiAs(h.api.url, token, 'GET', `/properties/${id}`);
    expect(own.data.photos).toHaveLength(2);
    expect(await page.getByTestId('photo').count()).toBe(2);
    await context.close();
  }, 120_000);
});
