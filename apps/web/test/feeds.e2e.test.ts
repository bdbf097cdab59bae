// Issue 42 (agency feeds) in Chromium against the real API and its job worker: a company signs
// up, adds a feed (its errors under their fields first), uploads a small OpenImmo ZIP of our own (XML and a photo),
// watches the run finish on its page (the progress bar's values, the counts, a report line for
// the listing that lacks its living area) and finds its listing in public search; the same file
// uploaded again without JavaScript changes nothing. It creates an API key, sees the secret once,
// uses it, and revokes it. A person's account sees no Feeds link and gets the 404 page there. The
// feeds screen in `ar` is right to left. A file that is not well-formed fails its run with the
// reason; a company picks its kind of seller in its profile.

import { feedListings, users } from '@estately/db';
import { buildPath } from '@estately/domain';
import { translate } from '@estately/i18n';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { axeViolations, signIn, startAccountHarness } from './account-helpers.ts';
import { harnessPerFile, hydrated } from './browser-setup.ts';
import { companyOnFeedsPage, cs, runCount, runFinished, signUpCompany } from './feed-helpers.ts';

const h = harnessPerFile(startAccountHarness);

/**
 * One `<immobilie>` of our own: a flat for sale in Prague, with its cover photo (a ZIP entry) or
 * without, with or without its living area.
 */
function immobilie(id: string, options: { area: boolean; photo?: string }): string {
  const photo = options.photo
    ? `<anhaenge><anhang location="INTERN" gruppe="TITELBILD"><format>jpg</format><daten><pfad>${options.photo}</pfad></daten></anhang></anhaenge>`
    : '';
  return [
    '<immobilie>',
    '<objektkategorie><nutzungsart WOHNEN="true" GEWERBE="false"/><vermarktungsart KAUF="true" MIETE_PACHT="false"/><objektart><wohnung wohnungtyp="ETAGE"/></objektart></objektkategorie>',
    '<geo><plz>12000</plz><ort>Praha</ort><strasse>Korunní</strasse><hausnummer>40</hausnummer><land iso_land="CZE"/><geokoordinaten breitengrad="50.075" laengengrad="14.44"/><etage>2</etage><anzahl_etagen>6</anzahl_etagen></geo>',
    '<kontaktperson><vorname>Petr</vorname><name>Dvořák</name><email_direkt>petr@reality-vltava.example</email_direkt></kontaktperson>',
    '<preise><kaufpreis>6450000</kaufpreis><waehrung iso_waehrung="CZK"/></preise>',
    `<flaechen>${options.area ? '<wohnflaeche>68</wohnflaeche>' : ''}<anzahl_zimmer>3</anzahl_zimmer></flaechen>`,
    `<freitexte><objektbeschreibung>Světlý byt ${id} na Vinohradech, dvě minuty od parku.</objektbeschreibung></freitexte>`,
    photo,
    `<verwaltung_techn><objektnr_extern>${id}</objektnr_extern></verwaltung_techn>`,
    '</immobilie>',
  ].join('');
}

const FEED_XML = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<openimmo><uebertragung art="OFFLINE" umfang="VOLL" modus="CHANGE" version="1.2.7" sendersoftware="estately-web-tests" senderversion="1"/>',
  '<anbieter><firma>Reality Vltava</firma><openimmo_anid>RV1</openimmo_anid>',
  immobilie('RV-101', { area: true, photo: 'bilder/rv-101.jpg' }),
  // Deliberately bad: no living area, which publishing needs.
  immobilie('RV-102', { area: false }),
  '</anbieter></openimmo>',
].join('\n');

/** The feed as agencies send it: a ZIP with the XML and its photos. */
async function feedZip(): Promise<Buffer> {
  const photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 180, g: 140, b: 90 } },
  })
    .jpeg()
    .toBuffer();
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(FEED_XML), 'nabidka.xml');
  zip.addBuffer(photo, 'bilder/rv-101.jpg');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('agency feeds in the browser', () => {
  it('a company adds a feed, uploads a file, reads the run and finds its listing in search', async () => {
    const companyId = await signUpCompany(h, 'feeds@reality-vltava.example');
    const context = await h.visitor({ locale: 'cs' });
    const page = await context.newPage();
    await signIn(page, h.web.url, 'feeds@reality-vltava.example', undefined, 'cs');

    // The account's navigation names the feeds for a company.
    await page
      .getByRole('navigation', { name: cs('nav.account_navigation') })
      .getByRole('link', { name: cs('feeds.title') })
      .click();
    await page.waitForURL(/\/cs\/account\/feeds$/);
    expect(await page.getByTestId('feeds-empty').textContent()).toBe(cs('feeds.empty'));
    await hydrated(page, 'feed-add-form');
    const form = page.getByTestId('feed-add-form');

    // Refused before sending: no name, and an address feed without its address.
    await form.getByLabel(cs('feeds.source.url')).check();
    await form.getByRole('button', { name: cs('feeds.add') }).click();
    await expect.poll(() => form.getByTestId('error-name').textContent()).toBe(cs('validation.required'));
    expect(await form.getByTestId('error-url').textContent()).toBe(cs('feeds.error.url_required'));
    const name = form.getByLabel(cs('feeds.name'));
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.evaluate((node) => node === document.activeElement)).toBe(true);

    // An upload feed: the address fields step aside.
    await form.getByLabel(cs('feeds.source.upload')).check();
    expect(await page.getByTestId('feed-address-fields').isHidden()).toBe(true);
    await name.fill('Hlavní nabídka');
    await form.getByLabel(cs('feeds.format')).selectOption('openimmo');
    await form.getByRole('button', { name: cs('feeds.add') }).click();
    const feed = page.getByTestId('feed').filter({ hasText: 'Hlavní nabídka' });
    await expect.poll(() => feed.count()).toBe(1);
    // Focus moves to the new feed.
    await expect
      .poll(() => feed.locator('h3').evaluate((node) => node === document.activeElement))
      .toBe(true);
    expect(await feed.getByTestId('feed-last-run').textContent()).toBe(cs('feeds.never_run'));
    expect(await axeViolations(page)).toEqual([]);

    // Upload the file: the run's page follows it to the end.
    const zip = await feedZip();
    await feed
      .getByLabel(cs('feeds.upload_file'))
      .setInputFiles({ name: 'nabidka.zip', mimeType: 'application/zip', buffer: zip });
    await feed.getByRole('button', { name: cs('feeds.upload') }).click();
    await page.waitForURL(/\/cs\/account\/feeds\/runs\/\d+$/);
    expect(await runFinished(page)).toBe('succeeded');
    const bar = page.getByRole('progressbar', { name: cs('feeds.progress_label') });
    expect(await bar.getAttribute('aria-valuenow')).toBe('2');
    expect(await bar.getAttribute('aria-valuemax')).toBe('2');
    expect(await bar.getAttribute('aria-valuetext')).toBe(cs('feeds.progress', { processed: 2, total: 2 }));
    expect(await page.getByTestId('run-state').first().textContent()).toBe(cs('feeds.run_state.succeeded'));
    expect(await runCount(page, 'created')).toBe('1');
    expect(await runCount(page, 'rejected')).toBe('1');
    expect(await runCount(page, 'unchanged')).toBe('0');

    // The report: the listing without its living area, with the reason in Czech.
    const line = page.locator('[data-testid="report-line"][data-external-id="RV-102"]');
    expect(await line.count()).toBe(1);
    expect(await line.getByTestId('report-external-id').textContent()).toBe('RV-102');
    expect(await line.getByTestId('report-reason').allTextContents()).toContain(
      cs('feeds.problem.missing_field'),
    );
    expect(await page.locator('[data-testid="report-line"][data-external-id="RV-101"]').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // Back on the feeds page: one active listing and the last run's counts.
    await page.getByRole('link', { name: cs('feeds.back_to_runs') }).click();
    await page.waitForURL(/\/cs\/account\/feeds\/\d+$/);
    await expect.poll(() => page.getByTestId('run').count()).toBe(1);
    await page.goto(`${h.web.url}/cs/account/feeds`);
    expect(await feed.getByTestId('feed-active-listings').textContent()).toBe('1');
    expect(await feed.getByTestId('run-state').textContent()).toBe(cs('feeds.run_state.succeeded'));

    // The imported listing is a public offer of the company, found in search.
    const [listing] = await h.db
      .select({ propertyId: feedListings.propertyId })
      .from(feedListings)
      .where(eq(feedListings.externalId, 'RV-101'));
    const propertyId = listing?.propertyId;
    expect(propertyId).toBeTypeOf('number');
    await page.goto(`${h.web.url}${buildPath('results', 'cs')}`);
    await expect.poll(() => page.locator(`a[href="/cs/property/${propertyId}"]`).count()).toBeGreaterThan(0);
    await context.close();

    // The same file again, without JavaScript: a plain form post, and nothing changes.
    const plain = await h.browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { 'Accept-Language': 'cs' },
    });
    const noScript = await plain.newPage();
    await signIn(noScript, h.web.url, 'feeds@reality-vltava.example', undefined, 'cs');
    await noScript.goto(`${h.web.url}/cs/account/feeds`);
    const plainFeed = noScript.getByTestId('feed').filter({ hasText: 'Hlavní nabídka' });
    await plainFeed
      .getByLabel(cs('feeds.upload_file'))
      .setInputFiles({ name: 'nabidka.zip', mimeType: 'application/zip', buffer: zip });
    await plainFeed.getByRole('button', { name: cs('feeds.upload') }).click();
    await noScript.waitForURL(/\/cs\/account\/feeds\/runs\/\d+$/);
    expect(await runFinished(noScript, true)).toBe('succeeded');
    expect(await runCount(noScript, 'unchanged')).toBe('1');
    expect(await runCount(noScript, 'created')).toBe('0');
    expect(await runCount(noScript, 'rejected')).toBe('1');
    await plain.close();
    expect(companyId).toBeGreaterThan(0);
  });

  it('a file that is not well-formed fails its run with the reason, and nothing is imported', async () => {
    const { context, page } = await companyOnFeedsPage(h, 'chyba@reality-vltava.example');
    const form = page.getByTestId('feed-add-form');
    await form.getByLabel(cs('feeds.name')).fill('Rozbitý export');
    await form.getByRole('button', { name: cs('feeds.add') }).click();
    const feed = page.getByTestId('feed').filter({ hasText: 'Rozbitý export' });
    await expect.poll(() => feed.count()).toBe(1);
    await feed.getByLabel(cs('feeds.upload_file')).setInputFiles({
      name: 'rozbity.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from('<?xml version="1.0"?>\n<openimmo><anbieter><immobilie></anbieter>'),
    });
    await feed.getByRole('button', { name: cs('feeds.upload') }).click();
    await page.waitForURL(/\/cs\/account\/feeds\/runs\/\d+$/);
    expect(await runFinished(page)).toBe('failed');
    expect(await page.getByTestId('run-error').textContent()).toContain(cs('feeds.error.malformed_xml'));
    expect(await runCount(page, 'created')).toBe('0');
    await page.goto(`${h.web.url}/cs/account/feeds`);
    expect(await feed.getByTestId('feed-active-listings').textContent()).toBe('0');
    expect(await feed.getByTestId('run-state').textContent()).toBe(cs('feeds.run_state.failed'));
    await context.close();
  });

  it('a company chooses its kind of seller in its company profile', async () => {
    const id = await signUpCompany(h, 'developer@reality-vltava.example');
    const context = await h.visitor({ locale: 'cs' });
    const page = await context.newPage();
    await signIn(page, h.web.url, 'developer@reality-vltava.example', undefined, 'cs');
    await page.goto(`${h.web.url}/cs/account/settings/company`);
    await hydrated(page, 'company-profile-form');
    const kind = page.getByTestId('company-profile-form').getByLabel(cs('company.kind'));
    // A company signs up as an agency unless it says otherwise.
    expect(await kind.inputValue()).toBe('agency');
    await kind.selectOption('developer');
    await page
      .getByTestId('company-profile-form')
      .getByRole('button', { name: cs('action.save') })
      .click();
    await expect
      .poll(() => page.getByTestId('company-profile-form').getByTestId('form-done').textContent())
      .toBe(cs('company.saved'));
    const [user] = await h.db.select({ kind: users.companyKind }).from(users).where(eq(users.id, id));
    expect(user?.kind).toBe('developer');
    await page.reload();
    expect(await page.getByTestId('company-profile-form').getByLabel(cs('company.kind')).inputValue()).toBe(
      'developer',
    );
    await context.close();
  });

  it('a company creates an API key, sees it once, uses it and revokes it', async () => {
    await signUpCompany(h, 'klice@reality-vltava.example');
    const context = await h.visitor({ locale: 'cs' });
    const page = await context.newPage();
    await signIn(page, h.web.url, 'klice@reality-vltava.example', undefined, 'cs');
    await page.getByRole('link', { name: cs('api_keys.title') }).click();
    await page.waitForURL(/\/cs\/account\/api-keys$/);
    expect(await page.getByTestId('api-docs-link').getAttribute('href')).toBe(`${h.api.url}/docs`);
    await hydrated(page, 'api-key-add-form');
    const form = page.getByTestId('api-key-add-form');
    await form.getByLabel(cs('api_keys.name')).fill('CRM kancelář');
    await form.getByRole('button', { name: cs('api_keys.create') }).click();

    // The secret, this once: focused, with its note and a copy button.
    const secretBox = page.getByTestId('api-key-secret');
    await expect.poll(() => secretBox.count()).toBe(1);
    expect(await secretBox.textContent()).toContain(cs('api_keys.secret_note'));
    await expect
      .poll(() => secretBox.locator('h2').evaluate((node) => node === document.activeElement))
      .toBe(true);
    const secret = await page.getByTestId('api-key-secret-value').inputValue();
    expect(secret.length).toBeGreaterThan(20);
    const row = page.getByTestId('api-key').filter({ hasText: 'CRM kancelář' });
    const prefix = (await row.getByTestId('api-key-prefix').textContent())?.replace('…', '') ?? '';
    expect(secret.startsWith(prefix)).toBe(true);
    expect(await row.getByTestId('api-key-state').textContent()).toBe(cs('api_keys.active'));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.web.url });
    await page.getByTestId('api-key-copy').click();
    await expect.poll(() => page.getByTestId('api-key-copied').textContent()).toBe(cs('api_keys.copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    expect(await axeViolations(page)).toEqual([]);

    // The key works on the partner API; after a reload the secret is gone from the page.
    const partner = () =>
      fetch(`${h.api.url}/v1/partner/listings`, { headers: { authorization: `Bearer ${secret}` } }).then(
        (answer) => answer.status,
      );
    expect(await partner()).toBe(200);
    await page.reload();
    expect(await page.getByTestId('api-key-secret').count()).toBe(0);
    expect(await page.content()).not.toContain(secret);

    // Revoking asks first; then the key is refused.
    await hydrated(page, 'api-key-add-form');
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await row.getByTestId('api-key-revoke').click();
    await expect.poll(() => row.getByTestId('api-key-state').textContent()).toContain(cs('api_keys.revoked'));
    expect(asked).toBe(cs('api_keys.confirm_revoke', { name: 'CRM kancelář' }));
    expect(await page.getByTestId('form-done').textContent()).toBe(cs('api_keys.revoked_done'));
    expect(await partner()).toBe(401);
    await context.close();
  });

  it('a person sees no Feeds link and gets the 404 page on the feeds and keys addresses', async () => {
    await h.signUpByApi('osoba@example.com');
    const context = await h.visitor({ locale: 'cs' });
    const page = await context.newPage();
    await signIn(page, h.web.url, 'osoba@example.com', undefined, 'cs');
    const nav = page.getByRole('navigation', { name: cs('nav.account_navigation') });
    expect(await nav.getByRole('link', { name: cs('feeds.title') }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: cs('api_keys.title') }).count()).toBe(0);
    for (const path of ['/cs/account/feeds', '/cs/account/api-keys', '/cs/account/feeds/runs/1']) {
      const answer = await page.goto(`${h.web.url}${path}`);
      expect(answer?.status(), path).toBe(404);
    }
    await context.close();
  });

  it('the feeds screen in ar reads right to left', async () => {
    await signUpCompany(h, 'rtl@reality-vltava.example');
    const context = await h.visitor({ locale: 'ar' });
    const page = await context.newPage();
    await signIn(page, h.web.url, 'rtl@reality-vltava.example', undefined, 'ar');
    await page.goto(`${h.web.url}/ar/account/feeds`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('h1').textContent()).toBe(translate('ar', 'feeds.title'));
    // The heading's text starts at the right edge of its box.
    const edges = await page.locator('h1').evaluate((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      const box = node.getBoundingClientRect();
      return { right: box.right - text.right, left: text.left - box.left };
    });
    expect(Math.abs(edges.right)).toBeLessThan(2);
    expect(edges.left).toBeGreaterThan(20);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
