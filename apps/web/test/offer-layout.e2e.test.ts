// Issue 38 defect 5 in Chromium against the real API: a seller chooses the layout in the
// editor's parameters step (the disposition select of the spec's values and the room list from
// which the kitchen part is derived, spec 3), saves, publishes, and the offer page's heading and
// title name it in the reader's words: "Prodej bytu 3+kk, 82 m²" in cs, "Apartment for sale,
// 3 rooms + kitchenette, 82 m²" in en. A maisonette then reads as its own word, never "3+KK".

import { DISPOSITIONS, type Locale } from '@estately/domain';
import { formatArea, translate, translateDynamic } from '@estately/i18n';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ensurePropertyPhoto } from '../../api/test/support/helpers.ts';
import { editPropertyPath } from '../app/routing/editor-paths.ts';
import { propertyDetailPath } from '../app/routing/site-paths.ts';
import { signIn, startAccountHarness } from './account-helpers.ts';
import { apiAs, harnessPerFile, PASSWORD } from './browser-setup.ts';

const h = harnessPerFile(startAccountHarness);
const cs = (key: Parameters<typeof translate>[1]) => translate('cs', key);

/** Everything publishing needs except the layout, which the seller chooses in the browser. */
const withoutLayout = {
  offer_type: 'sale',
  property_type: 'apartment',
  price: 7_900_000,
  currency_iso_code: 'CZK',
  useful_area: 82,
  useful_area_units: 'm2',
  description: 'Slunný byt u parku.',
  street: 'Mánesova 12',
  city: 'Praha',
  country_code: 'CZ',
  latitude: 50.077,
  longitude: 14.437,
  contact: { contact_name: 'Jana Nováková', contact_email: 'jana@example.com' },
};

/** The offer page's heading and the document title in `locale`. */
async function offerTitles(context: BrowserContext, locale: Locale, id: number) {
  const page = await context.newPage();
  await page.goto(`${h.web.url}${propertyDetailPath(locale, id)}`);
  const heading = (await page.locator('h1').textContent())?.trim();
  const title = await page.title();
  const body = await page.locator('main').textContent();
  await page.close();
  return { heading, title, body };
}

async function saveParameters(page: Page, id: number, disposition: string, rooms: Record<string, string>) {
  await page.goto(`${h.web.url}${editPropertyPath('cs', id, 'parameters')}`);
  const form = page.getByTestId('step-form-parameters');
  await form.getByLabel(cs('filter.disposition'), { exact: true }).selectOption(disposition);
  for (const [room, count] of Object.entries(rooms))
    await form.getByLabel(translateDynamic('cs', `value.room_type.${room}`), { exact: true }).fill(count);
  await form.getByRole('button', { name: cs('editor.save_continue') }).click();
  await page.waitForURL(`${h.web.url}${editPropertyPath('cs', id, 'price')}`);
}

describe('the layout chosen in the editor', () => {
  it('is offered with the spec’s values and reads in translated words on the offer page', async () => {
    const email = 'dispozice@example.com';
    const { token } = await h.signUpByApi(email);
    const draft = await apiAs<{ data: { id: number } }>(h.api.url, token, 'POST', '/v1/property/save', {
      ...withoutLayout,
    });
    const id = draft.data.id;
    await ensurePropertyPhoto(h.db, id);

    const context = await h.visitor({ locale: 'cs' });
    const page = await context.newPage();
    await signIn(page, h.web.url, email, PASSWORD, 'cs');

    // The parameters step offers every disposition of the spec, each by its Czech name, and says
    // where +kk or +1 comes from.
    await page.goto(`${h.web.url}${editPropertyPath('cs', id, 'parameters')}`);
    const select = page
      .getByTestId('step-form-parameters')
      .getByLabel(cs('filter.disposition'), { exact: true });
    const options = await select
      .locator('option')
      .evaluateAll((items) => items.map((item) => [(item as HTMLOptionElement).value, item.textContent]));
    expect(options.filter(([value]) => value !== '')).toEqual(
      DISPOSITIONS.map((value) => [value, translateDynamic('cs', `value.disposition.${value}`)]),
    );
    expect(await page.getByText(cs('editor.disposition_hint')).isVisible()).toBe(true);

    // 3 rooms, no kitchen: 3+kk.
    await saveParameters(page, id, '3', { living_room: '1', bedroom: '2' });
    // The editor's preview shows the title the offer page will have.
    await page.goto(`${h.web.url}${editPropertyPath('cs', id, 'preview')}`);
    expect(await page.getByTestId('preview').locator('h3').textContent()).toBe(
      `Prodej bytu 3+kk, ${formatArea(82, 'cs')}`,
    );
    await apiAs(h.api.url, token, 'POST', `/v1/properties/set-state/${id}`, { state: 'active' });

    const czech = await offerTitles(context, 'cs', id);
    expect(czech.heading).toBe(`Prodej bytu 3+kk, ${formatArea(82, 'cs')}`);
    expect(czech.title).toContain(`Prodej bytu 3+kk, ${formatArea(82, 'cs')}`);
    const english = await offerTitles(context, 'en', id);
    expect(english.heading).toBe(`Apartment for sale, 3 rooms + kitchenette, ${formatArea(82, 'en')}`);
    expect(english.title).toContain('Apartment for sale, 3 rooms + kitchenette');

    // A kitchen in the room list makes it 3+1.
    await saveParameters(page, id, '3', { kitchen: '1' });
    expect((await offerTitles(context, 'cs', id)).heading).toBe(`Prodej bytu 3+1, ${formatArea(82, 'cs')}`);

    // A maisonette is its own word on the page, in the title and the layout fact: never the
    // rooms' "3+KK" nor the raw value in Czech.
    await saveParameters(page, id, 'maisonette', {});
    const maisonetteCs = await offerTitles(context, 'cs', id);
    expect(maisonetteCs.heading).toBe(`Prodej bytu mezonet, ${formatArea(82, 'cs')}`);
    expect(maisonetteCs.title).toContain('Prodej bytu mezonet');
    expect(maisonetteCs.body).not.toMatch(/3\+KK|maisonette/);
    const maisonetteEn = await offerTitles(context, 'en', id);
    expect(maisonetteEn.heading).toBe(`Apartment for sale, maisonette, ${formatArea(82, 'en')}`);
    expect(maisonetteEn.body).not.toContain('3+KK');
    await context.close();
  });
});
