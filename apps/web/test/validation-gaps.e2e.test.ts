// Issue 38 defect 9 in Chromium against the real API: the description's live character count
// (announced politely, after a pause, only near or over the limit; never cut), a ticked lift on
// the offer page, and the e-mail confirmation page without sign-in tabs for a signed-in person.

import { offers, properties } from '@estately/db';
import { PROPERTY_LIMITS } from '@estately/domain';
import { translate } from '@estately/i18n';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ensurePropertyPhoto } from '../../api/test/support/helpers.ts';
import { propertyDetailPath } from '../app/routing/site-paths.ts';
import { signIn, startAccountHarness } from './account-helpers.ts';
import { apiAs, harnessPerFile, hydrated } from './browser-setup.ts';

const h = harnessPerFile(startAccountHarness);

const en = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
  translate('en', key, values);

describe('the description step', () => {
  it('counts characters live, announces only near or over the limit, and never cuts the text', async () => {
    const email = 'pocitadlo@example.com';
    const { token } = await h.signUpByApi(email);
    const saved = await apiAs<{ data: { id: number } }>(h.api.url, token, 'POST', '/v1/property/save', {
      offer_type: 'sale',
      property_type: 'apartment',
      country_code: 'CZ',
    });
    const id = saved.data.id;
    const context = await h.visitor();
    const page = await context.newPage();
    await signIn(page, h.web.url, email);
    await page.goto(`${h.web.url}/en/account/my-offers/${id}?step=description`);
    await hydrated(page, 'step-form-description');

    const max = PROPERTY_LIMITS.descriptionMax;
    const form = page.getByTestId('step-form-description');
    const field = form.getByLabel(en('offer.description'), { exact: true });
    const counter = page.getByTestId('description-counter');
    const live = page.getByTestId('description-counter-live');
    const count = (n: number) => en('editor.chars_count', { count: n, max });

    expect(await counter.textContent()).toBe(count(0));
    // The count is part of the field's description; the live region is polite.
    const counterId = await counter.getAttribute('id');
    expect((await field.getAttribute('aria-describedby'))?.split(' ')).toContain(counterId);
    expect(await live.getAttribute('aria-live')).toBe('polite');

    // Far from the limit: the count follows each keystroke, nothing is announced.
    await field.pressSequentially('Sunny');
    expect(await counter.textContent()).toBe(count(5));
    await page.waitForTimeout(1500);
    expect(await live.textContent()).toBe('');

    // Near the limit: announced once typing pauses.
    await field.fill('a'.repeat(max - 10));
    await field.pressSequentially('bcde');
    expect(await counter.textContent()).toBe(count(max - 6));
    await expect.poll(() => live.textContent()).toBe(en('editor.chars_left', { remaining: 6 }));

    // Over the limit: nothing is cut, the count says how far over, saving is refused with a message.
    await field.fill('a'.repeat(max + 5));
    await field.press('End');
    await field.pressSequentially('b');
    expect((await field.inputValue()).length).toBe(max + 6);
    expect(await counter.textContent()).toContain(en('editor.chars_over', { over: 6 }));
    await expect.poll(() => live.textContent()).toBe(en('editor.chars_over', { over: 6 }));
    await form.getByRole('button', { name: en('editor.save_continue') }).click();
    await expect
      .poll(() => form.getByTestId('error-description').textContent())
      .toBe(en('validation.too_long', { max }));
    const stored = await apiAs<{ data: { description: string | null } }>(
      h.api.url,
      token,
      'GET',
      `/properties/${id}`,
    );
    expect(stored.data.description).toBeNull();
    await context.close();
  });
});

describe('the photos step', () => {
  it("names each photo's buttons by their word and the photo, without a stray space", async () => {
    const email = 'fotky@example.com';
    const { token } = await h.signUpByApi(email);
    const saved = await apiAs<{ data: { id: number } }>(h.api.url, token, 'POST', '/v1/property/save', {
      offer_type: 'sale',
      property_type: 'apartment',
      country_code: 'CZ',
    });
    await ensurePropertyPhoto(h.db, saved.data.id);
    const context = await h.visitor({ locale: 'cs' });
    const page = await context.newPage();
    await signIn(page, h.web.url, email, undefined, 'cs');
    await page.goto(`${h.web.url}/cs/account/my-offers/${saved.data.id}?step=photos`);
    const photo = translate('cs', 'editor.photo_alt', { index: 1 });
    const save = page.getByTestId('photo').first().getByTestId('photo_room');
    expect(await save.evaluate((button) => button.getAttribute('aria-label'))).toBe(
      `${translate('cs', 'action.save')}: ${photo}`,
    );
    // What assistive technology reads: the computed name, not only the attribute.
    expect(
      await page
        .getByRole('button', { name: `${translate('cs', 'action.save')}: ${photo}`, exact: true })
        .count(),
    ).toBe(1);
    expect(
      await page
        .getByRole('button', { name: `${translate('cs', 'action.delete')}: ${photo}`, exact: true })
        .count(),
    ).toBe(1);
    await context.close();
  });
});

describe('the offer page', () => {
  it('shows a ticked lift with the other amenities', async () => {
    const id = h.offerIds[4]!;
    await h.db
      .update(properties)
      .set({ otherParams: ['lift', 'garden'] })
      .where(eq(properties.id, id));
    await h.db
      .update(offers)
      .set({ otherParams: ['lift', 'garden'] })
      .where(eq(offers.id, id));
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}${propertyDetailPath('en', id)}`);
    const amenities = page.getByTestId('offer-amenities');
    expect(await amenities.getByRole('heading').textContent()).toBe(en('offer.features'));
    expect(await amenities.locator('li').allTextContents()).toEqual([
      en('value.other_param.lift'),
      en('value.other_param.garden'),
    ]);
    await context.close();
  });
});

describe('the e-mail confirmation page', () => {
  it('shows no sign-in tabs to a signed-in person, and shows them to a guest', async () => {
    const email = 'potvrzeni@example.com';
    await h.signUpByApi(email);
    const link = await h.mailLink(email, '/auth/confirm-email/');

    const guest = await h.visitor();
    const guestPage = await guest.newPage();
    await guestPage.goto(`${h.web.url}${link}`);
    expect(await guestPage.locator('.pill-nav').count()).toBe(1);
    expect(await guestPage.locator('.pill-nav a').count()).toBeGreaterThan(0);
    await guest.close();

    const context = await h.visitor();
    const page = await context.newPage();
    await signIn(page, h.web.url, email);
    await page.goto(`${h.web.url}${link}`);
    await hydrated(page, 'confirm-email-form');
    expect(await page.getByTestId('confirm-email-form').isVisible()).toBe(true);
    expect(await page.locator('.pill-nav').count()).toBe(0);
    expect(await page.getByRole('link', { name: en('nav.sign_in'), exact: true }).count()).toBe(0);
    await page.getByTestId('confirm-email-form').locator('button[type="submit"]').click();
    await expect.poll(() => page.getByTestId('form-done').textContent()).toBe(en('auth.email_confirmed'));
    expect(await page.locator('.pill-nav').count()).toBe(0);
    await context.close();
  });
});
