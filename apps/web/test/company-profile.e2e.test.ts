// Issue 38 point 12 (company profile) in Chromium against the real API: an agency fills its
// company profile in cs (a wrong IČO is refused under its field and nothing is saved; then the
// details, a logo with its preview and descriptions in two languages), sees its name, logo and
// a link on its offer page, and its company page shows the details, the description in the
// visitor's language (else the company's first) and its offers. The page in ar is right to left.

import { companyProfiles, users } from '@estately/db';
import { translate } from '@estately/i18n';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { insertOffer } from '../../api/test/support/helpers.ts';
import { axeViolations, signIn, startAccountHarness } from './account-helpers.ts';
import { harnessPerFile, hydrated } from './browser-setup.ts';

const h = harnessPerFile(startAccountHarness);
const cs = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
  translate('cs', key, values);

describe('company profile', () => {
  it('an agency fills its profile in cs and it shows on its offer page and its company page', async () => {
    await h.signUpByApi('kancelar@example.com');
    const [agency] = await h.db
      .update(users)
      .set({
        accountType: 'company',
        companyName: 'Reality Vltava s.r.o.',
        firstName: 'Petr',
        lastName: 'Dvořák',
      })
      .where(eq(users.email, 'kancelar@example.com'))
      .returning({ id: users.id });
    const id = agency!.id;
    const offerId = await insertOffer(h.db, { ownerId: id, publishedAt: new Date(), city: 'Praha' });

    const context = await h.visitor({ locale: 'cs' });
    const page = await context.newPage();
    await signIn(page, h.web.url, 'kancelar@example.com', undefined, 'cs');
    // The settings list the company profile for a company account.
    await page.goto(`${h.web.url}/cs/account/settings`);
    await page.getByRole('link', { name: cs('company.settings_title') }).click();
    await page.waitForURL(/\/cs\/account\/settings\/company$/);
    await hydrated(page, 'company-profile-form');
    const form = page.getByTestId('company-profile-form');
    // Before the first save the sign-up's company name is the starting point.
    expect(await form.getByLabel(cs('company.name')).inputValue()).toBe('Reality Vltava s.r.o.');

    await form.getByLabel(cs('company.name')).fill('Reality Vltava Praha');
    await form.getByLabel(cs('company.street')).fill('Národní 10');
    await form.getByLabel(cs('company.city')).fill('Praha');
    await form.getByLabel(cs('company.postcode')).fill('110 00');
    await form.getByLabel(cs('company.country')).selectOption('CZ');
    await form.getByLabel(cs('company.registration_number')).fill('2708 2441');
    await form.getByLabel(cs('company.website')).fill('https://www.reality-vltava.example');
    await form.getByLabel(cs('company.phone')).fill('+420 601 234 567');
    // Descriptions: pick a language, add it (its text area gets focus), write; then a second.
    await page.getByTestId('company-add-language').selectOption('cs');
    await page.getByTestId('company-add-language-button').click();
    const csText = form.getByLabel(cs('company.description_in', { language: 'čeština' }));
    await expect.poll(() => csText.evaluate((node) => node === document.activeElement)).toBe(true);
    await csText.fill('Prodáváme byty v Praze od roku 1998.');
    await page.getByTestId('company-add-language').selectOption('en');
    await page.getByTestId('company-add-language-button').click();
    await form
      .getByLabel(cs('company.description_in', { language: 'angličtina' }))
      .fill('We have been selling apartments in Prague since 1998.');

    // A wrong check digit: refused under its field, focused, nothing saved.
    await form.getByRole('button', { name: cs('action.save') }).click();
    const regError = form.getByTestId('error-registrationNumber');
    await expect.poll(() => regError.textContent()).toBe(cs('company.error.registration_number'));
    const regInput = form.getByLabel(cs('company.registration_number'));
    expect(await regInput.getAttribute('aria-invalid')).toBe('true');
    expect(await regInput.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await h.db.select().from(companyProfiles).where(eq(companyProfiles.userId, id))).toEqual([]);

    await regInput.fill('270 82 440');
    await form.getByRole('button', { name: cs('action.save') }).click();
    await expect.poll(() => form.getByTestId('form-done').textContent()).toBe(cs('company.saved'));
    const [saved] = await h.db.select().from(companyProfiles).where(eq(companyProfiles.userId, id));
    expect(saved).toMatchObject({
      name: 'Reality Vltava Praha',
      registrationNumber: '27082440',
      countryCode: 'CZ',
      website: 'https://www.reality-vltava.example',
    });
    expect(saved?.descriptions.map((d) => d.locale)).toEqual(['cs', 'en']);

    // The logo: a preview of the chosen file, then stored.
    await page.reload();
    await hydrated(page, 'company-logo-form');
    const logo = await sharp({
      create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 90, b: 160, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const logoForm = page.getByTestId('company-logo-form');
    await logoForm
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    expect(await page.getByTestId('company-logo-preview').getAttribute('alt')).toBe(
      cs('company.logo_preview'),
    );
    await logoForm.getByRole('button', { name: cs('company.logo_upload') }).click();
    await expect.poll(() => logoForm.getByTestId('form-done').textContent()).toBe(cs('company.logo_saved'));
    expect(await axeViolations(page)).toEqual([]);

    // The offer page: the seller box names the company with its logo and links to its page.
    await page.goto(`${h.web.url}/cs/property/${offerId}`);
    const box = page.getByTestId('seller-card');
    expect(await box.locator('strong').first().textContent()).toBe('Reality Vltava Praha');
    const small = box.getByTestId('seller-company-logo');
    expect(await small.getAttribute('alt')).toBe(cs('company.logo_alt', { name: 'Reality Vltava Praha' }));
    await expect.poll(() => small.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    const link = box.getByTestId('seller-company-link');
    expect(await link.textContent()).toBe(cs('company.page_link'));
    expect(await link.getAttribute('href')).toBe(`/cs/company/${id}-reality-vltava-praha`);
    await link.click();
    await page.waitForURL(new RegExp(`/cs/company/${id}-reality-vltava-praha$`));

    // The company page: details, the Czech description, its offer, title and canonical address.
    expect(await page.getByTestId('company-page-name').textContent()).toBe('Reality Vltava Praha');
    expect(await page.getByTestId('company-page-description').textContent()).toBe(
      'Prodáváme byty v Praze od roku 1998.',
    );
    const details = await page.getByTestId('company-page-details').textContent();
    expect(details).toContain('27082440');
    expect(details).toContain('Národní 10, 110 00 Praha, Česko');
    expect(
      await page.getByTestId('company-page-logo').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(400);
    expect(
      await page.getByTestId('company-page-offers').locator(`a[href="/cs/property/${offerId}"]`).count(),
    ).toBe(1);
    expect(await page.title()).toContain('Reality Vltava Praha, Praha');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
      new RegExp(`/cs/company/${id}-reality-vltava-praha$`),
    );
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
      'Prodáváme byty v Praze od roku 1998.',
    );
    // Another slug is sent to the page's own address.
    const moved = await page.goto(`${h.web.url}/cs/company/${id}-old-name`);
    expect(moved?.url()).toMatch(new RegExp(`/cs/company/${id}-reality-vltava-praha$`));
    await context.close();

    // An English visitor reads the English text; a German one the company's first language.
    const en = await (await h.visitor({ locale: 'en' })).newPage();
    await en.goto(`${h.web.url}/en/company/${id}-reality-vltava-praha`);
    expect(await en.getByTestId('company-page-description').textContent()).toBe(
      'We have been selling apartments in Prague since 1998.',
    );
    await en.goto(`${h.web.url}/de/company/${id}-reality-vltava-praha`);
    const fallback = en.getByTestId('company-page-description');
    expect(await fallback.textContent()).toBe('Prodáváme byty v Praze od roku 1998.');
    expect(await fallback.getAttribute('lang')).toBe('cs');
    await en.context().close();

    // Arabic: right to left, the labels in Arabic, the registration number kept whole.
    const ar = await (await h.visitor({ locale: 'ar' })).newPage();
    const answer = await ar.goto(`${h.web.url}/ar/company/${id}-reality-vltava-praha`);
    expect(answer?.status()).toBe(200);
    expect(await ar.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await ar.locator('#company-contact').textContent()).toBe(translate('ar', 'company.contact'));
    expect(await ar.getByTestId('company-page-details').locator('bdi').textContent()).toBe('27082440');
    expect(await ar.getByTestId('company-page-offers').locator('h2').textContent()).toBe(
      translate('ar', 'company.offers_heading', { count: 1 }),
    );
    expect(await axeViolations(ar)).toEqual([]);
    await ar.context().close();
  });

  it('a person is told the screen is for companies; an unknown company is 404', async () => {
    await h.signUpByApi('osoba@example.com');
    const context = await h.visitor({ locale: 'cs' });
    const page = await context.newPage();
    await signIn(page, h.web.url, 'osoba@example.com', undefined, 'cs');
    await page.goto(`${h.web.url}/cs/account/settings/company`);
    expect(await page.getByTestId('company-only').textContent()).toBe(cs('company.error.company_only'));
    expect(await page.getByTestId('company-profile-form').count()).toBe(0);
    const missing = await page.goto(`${h.web.url}/cs/company/987654-nikdo`);
    expect(missing?.status()).toBe(404);
    await context.close();
  });
});
