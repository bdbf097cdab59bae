// Issue 42, a feed pulled from an address, in Chromium against the real API and its job worker:
// an HTTP server on 127.0.0.1 (which FEED_ALLOWED_NETWORKS allows here) serves our own OpenImmo
// file and its photo. A company adds the feed, imports it now, sees the run finish and its
// listing in search; pauses and resumes it; edits its name and schedule (an error under its
// field first, then the change shown after a reload), also without JavaScript; and deletes it
// after confirming, which withdraws its listing from search.

import { feedListings, feeds } from '@estately/db';
import { buildPath } from '@estately/domain';
import { localeData } from '@estately/i18n';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpeg, openImmoXml, startServer } from '../../api/test/features/feeds/feed-sync-support.ts';
import { axeViolations, signIn, startAccountHarness } from './account-helpers.ts';
import { harnessPerFile, hydrated, PERSON_UA } from './browser-setup.ts';
import { companyOnFeedsPage, cs, runCount, runFinished } from './feed-helpers.ts';

const h = harnessPerFile(() => startAccountHarness({ apiEnv: { FEED_ALLOWED_NETWORKS: '127.0.0.1' } }));

/** An interval as the feeds page writes it in Czech ("1 den"). */
const days = (count: number) =>
  new Intl.NumberFormat(localeData('cs').tag, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(
    count,
  );

let agency: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  const photo = await jpeg(7);
  agency = await startServer({
    '/export/nabidka.xml': (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/xml' });
      response.end(openImmoXml([{ id: 'URL-201', photos: [agency.url('/foto/url-201.jpg')] }]));
    },
    '/foto/url-201.jpg': (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.end(photo);
    },
  });
});

afterAll(async () => {
  await agency?.close();
});

/** Whether public search lists the property, asked afresh each time. */
async function inSearch(page: Page, propertyId: number): Promise<boolean> {
  await page.goto(`${h.web.url}${buildPath('results', 'cs')}`);
  return (await page.locator(`a[href="/cs/property/${propertyId}"]`).count()) > 0;
}

describe('a feed pulled from an address, in the browser', () => {
  it('is added, imported now, paused and resumed, edited, and deleted with its listing withdrawn', async () => {
    const { context, page } = await companyOnFeedsPage(h, 'adresa@reality-vltava.example');

    // Add it: an address feed, pulled hourly unless told otherwise.
    const form = page.getByTestId('feed-add-form');
    await form.getByLabel(cs('feeds.name')).fill('Export z CRM');
    await form.getByLabel(cs('feeds.source.url')).check();
    await form.getByLabel(cs('feeds.url')).fill(agency.url('/export/nabidka.xml'));
    await form.getByRole('button', { name: cs('feeds.add') }).click();
    const feed = page.getByTestId('feed').filter({ hasText: 'Export z CRM' });
    await expect.poll(() => feed.count()).toBe(1);
    expect(await feed.getByTestId('feed-url').textContent()).toBe(agency.url('/export/nabidka.xml'));
    const feedId = Number(await feed.getAttribute('data-feed-id'));

    // Import now: the run's page follows it to its end.
    await feed.getByTestId('feed-run-now').click();
    await page.waitForURL(/\/cs\/account\/feeds\/runs\/\d+$/);
    expect(await runFinished(page)).toBe('succeeded');
    expect(await runCount(page, 'created')).toBe('1');
    expect(await runCount(page, 'rejected')).toBe('0');
    expect(agency.hits.get('/export/nabidka.xml')).toBe(1);
    expect(agency.hits.get('/foto/url-201.jpg')).toBe(1);
    const [listing] = await h.db
      .select({ propertyId: feedListings.propertyId })
      .from(feedListings)
      .where(eq(feedListings.externalId, 'URL-201'));
    const propertyId = listing?.propertyId ?? 0;
    expect(propertyId).toBeGreaterThan(0);
    await expect.poll(() => inSearch(page, propertyId), { timeout: 20_000 }).toBe(true);

    // Pause, then resume: the state is shown on the feed.
    await page.goto(`${h.web.url}/cs/account/feeds`);
    await hydrated(page, 'feed-add-form');
    expect(await feed.getByTestId('feed-active-listings').textContent()).toBe('1');
    expect(await feed.getByTestId('feed-paused').count()).toBe(0);
    await feed.getByTestId('feed-pause-toggle').click();
    await expect.poll(() => feed.getByTestId('feed-paused').textContent()).toBe(cs('feeds.paused'));
    expect(await feed.getByTestId('form-done').textContent()).toBe(cs('feeds.paused_done'));
    expect(await feed.getByTestId('feed-pause-toggle').textContent()).toContain(cs('feeds.resume'));
    await page.reload();
    expect(await feed.getByTestId('feed-paused').count()).toBe(1);
    await hydrated(page, 'feed-add-form');
    await feed.getByTestId('feed-pause-toggle').click();
    await expect.poll(() => feed.getByTestId('feed-paused').count()).toBe(0);
    expect(await feed.getByTestId('form-done').textContent()).toBe(cs('feeds.resumed_done'));

    // Edit: a name left empty is refused under its field, which takes focus.
    await feed.getByText(cs('action.edit')).click();
    const edit = feed.getByTestId('feed-edit-form');
    const name = edit.getByLabel(cs('feeds.name'));
    expect(await name.inputValue()).toBe('Export z CRM');
    expect(await edit.getByLabel(cs('feeds.schedule')).inputValue()).toBe('60');
    await name.fill('');
    await edit.getByRole('button', { name: cs('action.save') }).click();
    await expect.poll(() => edit.getByTestId('error-name').textContent()).toBe(cs('validation.required'));
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Then a new name and a daily schedule: saved, said beside the feed, focus on its heading.
    await name.fill('Export z CRM – denně');
    await edit.getByLabel(cs('feeds.schedule')).selectOption('1440');
    await edit.getByRole('button', { name: cs('action.save') }).click();
    const renamed = page.locator(`[data-testid="feed"][data-feed-id="${feedId}"]`);
    await expect
      .poll(() => renamed.getByTestId('form-done').textContent())
      .toBe(cs('feeds.saved', { name: 'Export z CRM – denně' }));
    await expect
      .poll(() => renamed.locator('h3').evaluate((node) => node === document.activeElement))
      .toBe(true);
    expect(await renamed.getByTestId('feed-edit').getAttribute('open')).toBeNull();
    await page.reload();
    expect(await renamed.locator('h3').textContent()).toBe('Export z CRM – denně');
    expect(await renamed.textContent()).toContain(days(1));
    const [saved] = await h.db
      .select({ name: feeds.name, minutes: feeds.scheduleMinutes })
      .from(feeds)
      .where(eq(feeds.id, feedId));
    expect(saved).toEqual({ name: 'Export z CRM – denně', minutes: 1440 });

    // Without JavaScript the same form works: refused with its error, then saved.
    const plain = await h.browser.newContext({
      javaScriptEnabled: false,
      userAgent: PERSON_UA,
      extraHTTPHeaders: { 'Accept-Language': 'cs' },
    });
    const noScript = await plain.newPage();
    await signIn(noScript, h.web.url, 'adresa@reality-vltava.example', undefined, 'cs');
    await noScript.goto(`${h.web.url}/cs/account/feeds`);
    const plainFeed = noScript.locator(`[data-testid="feed"][data-feed-id="${feedId}"]`);
    await plainFeed.getByText(cs('action.edit')).click();
    const plainEdit = plainFeed.getByTestId('feed-edit-form');
    await plainEdit.getByLabel(cs('feeds.url')).fill('ftp://crm.example/nabidka.xml');
    await plainEdit.getByRole('button', { name: cs('action.save') }).click();
    await noScript.waitForLoadState();
    const refused = noScript
      .locator(`[data-testid="feed"][data-feed-id="${feedId}"]`)
      .getByTestId('feed-edit-form');
    expect(await refused.getByTestId('error-url').textContent()).toBe(cs('validation.invalid_url'));
    // The form came back open, with what was typed.
    expect(await refused.getByLabel(cs('feeds.url')).inputValue()).toBe('ftp://crm.example/nabidka.xml');
    await refused.getByLabel(cs('feeds.url')).fill(agency.url('/export/nabidka.xml'));
    await refused.getByLabel(cs('feeds.name')).fill('Export z CRM');
    await refused.getByRole('button', { name: cs('action.save') }).click();
    await noScript.waitForLoadState();
    expect(
      await noScript
        .locator(`[data-testid="feed"][data-feed-id="${feedId}"]`)
        .getByTestId('form-done')
        .textContent(),
    ).toBe(cs('feeds.saved', { name: 'Export z CRM' }));
    await plain.close();
    const [renamedBack] = await h.db.select({ name: feeds.name }).from(feeds).where(eq(feeds.id, feedId));
    expect(renamedBack?.name).toBe('Export z CRM');

    // Delete, after confirming: the feed is gone and its listing leaves search.
    await page.reload();
    await hydrated(page, 'feed-add-form');
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await renamed.getByTestId('feed-delete').click();
    await expect.poll(() => page.getByTestId('feeds-empty').count()).toBe(1);
    expect(asked).toBe(cs('feeds.confirm_delete', { name: 'Export z CRM' }));
    expect(await page.getByTestId('form-done').textContent()).toBe(cs('feeds.deleted'));
    await page.reload();
    expect(await page.getByTestId('feed').count()).toBe(0);
    await expect.poll(() => inSearch(page, propertyId), { timeout: 20_000 }).toBe(false);
    await context.close();
  });
});
