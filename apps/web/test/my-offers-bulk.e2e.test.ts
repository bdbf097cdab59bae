// Issue 38 point 12 in Chromium against the real API, in cs: my offers filtered by state and
// searched by city (a GET form: the filters are in the URL), two offers and a draft selected and
// withdrawn in bulk after a confirmation (the summary counts the withdrawn ones and names the
// draft that could not be), and an offer duplicated into a new draft that opens in the editor.

import { properties, propertyMedia, users } from '@estately/db';
import { translate } from '@estately/i18n';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ensurePropertyPhoto, insertOffer } from '../../api/test/helpers.ts';
import { signIn, startAccountHarness } from './account-helpers.ts';
import { harnessPerFile, hydrated } from './browser-setup.ts';

const h = harnessPerFile(startAccountHarness);
const cs = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
  translate('cs', key, values);

describe('my offers: filters, bulk actions and duplicating', () => {
  it('filters and searches, withdraws two offers in bulk and duplicates one into the editor', async () => {
    await h.signUpByApi('makler@example.com');
    const [seller] = await h.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'makler@example.com'));
    const ownerId = seller!.id;
    const brno = await insertOffer(h.db, { ownerId, publishedAt: new Date(), city: 'Brno' });
    const praha = await insertOffer(h.db, { ownerId, publishedAt: new Date(), city: 'Praha' });
    const ostrava = await insertOffer(h.db, { ownerId, publishedAt: new Date(), city: 'Ostrava' });
    const draft = await insertOffer(h.db, { ownerId, publishedAt: null, state: 'draft', city: 'Plzeň' });
    await ensurePropertyPhoto(h.db, brno);

    const context = await h.visitor({ locale: 'cs' });
    const page = await context.newPage();
    await signIn(page, h.web.url, 'makler@example.com', undefined, 'cs');
    await page.goto(`${h.web.url}/cs/account/my-offers`);
    expect(await page.getByTestId('my-offers-total').textContent()).toBe(
      cs('account.properties_count', { count: 4 }),
    );
    const rows = page.getByTestId('my-offer');
    expect(await rows.count()).toBe(4);

    // Filter by state: the form's values go into the URL.
    expect(await page.getByLabel(cs('account.offer_state'), { exact: true }).count()).toBe(1);
    await page.getByTestId('my-offers-state').selectOption('active');
    await page.getByTestId('my-offers-apply').click();
    await page.waitForURL((url) => url.searchParams.get('state') === 'active');
    await expect.poll(() => rows.count()).toBe(3);

    // Search by city, accents and case ignored, on top of the state.
    await page.getByLabel(cs('my_offers.search')).fill('BRNO');
    await page.getByLabel(cs('my_offers.search')).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'BRNO');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-id')).toBe(String(brno));
    expect(await page.getByTestId('my-offers-state').inputValue()).toBe('active');
    await page.getByTestId('my-offers-clear').click();
    await page.waitForURL((url) => url.search === '');
    await expect.poll(() => rows.count()).toBe(4);

    // Select two active offers and the draft; the count follows in Czech plural forms.
    await hydrated(page, 'my-offers-select-all');
    const select = (id: number) =>
      page.locator(`[data-testid="my-offer"][data-id="${id}"]`).getByTestId('my-offer-select');
    await select(praha).check();
    await expect
      .poll(() => page.getByTestId('my-offers-selected').textContent())
      .toBe(cs('my_offers.selected_count', { count: 1 }));
    await select(ostrava).check();
    await select(draft).check();
    await expect.poll(() => page.getByTestId('my-offers-selected').textContent()).toBe('Vybrány 3 nabídky');
    // Each box is named after its offer.
    expect(await select(praha).getAttribute('id')).toBe(`my-offer-select-${praha}`);

    // Withdrawing asks first; dismissing changes nothing.
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByTestId('bulk-withdraw').click();
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs[0]).toBe(cs('my_offers.bulk_confirm.withdraw', { count: 3 }));
    const [stillActive] = await h.db
      .select({ state: properties.state })
      .from(properties)
      .where(eq(properties.id, praha));
    expect(stillActive?.state).toBe('active');

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('bulk-withdraw').click();
    await expect.poll(() => page.getByTestId('bulk-done').textContent()).toBe('2 nabídky staženy');
    expect(await page.getByTestId('bulk-refused-title').textContent()).toBe('1 nabídku nešlo změnit:');
    expect(await page.getByTestId('bulk-refused').textContent()).toContain(
      cs('my_offers.refusal.not_allowed'),
    );
    const stateOf = (id: number) =>
      page.locator(`[data-testid="my-offer"][data-id="${id}"]`).getAttribute('data-state');
    await expect.poll(() => stateOf(praha)).toBe('paused');
    expect(await stateOf(ostrava)).toBe('paused');
    expect(await stateOf(draft)).toBe('draft');
    expect(await stateOf(brno)).toBe('active');

    // Duplicate: the copy is a new draft, opened in the editor.
    await page
      .locator(`[data-testid="my-offer"][data-id="${brno}"]`)
      .getByTestId('my-offer-duplicate')
      .click();
    await page.waitForURL((url) => /\/cs\/account\/my-offers\/\d+$/.test(url.pathname));
    const copyId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(copyId).not.toBe(brno);
    expect(await page.locator('h1').first().textContent()).toBe(cs('editor.edit_title'));
    const [copy] = await h.db.select().from(properties).where(eq(properties.id, copyId));
    expect(copy).toMatchObject({
      ownerId,
      state: 'draft',
      city: 'Brno',
      street: 'Vinohradská 12',
      price: 5_000_000,
    });
    const photos = await h.db.select().from(propertyMedia).where(eq(propertyMedia.propertyId, copyId));
    expect(photos).toHaveLength(1);

    // Back in my offers, the draft copy is listed; the original is untouched.
    await page.goto(`${h.web.url}/cs/account/my-offers?state=draft`);
    await expect.poll(() => rows.count()).toBe(2);
    expect(await stateOf(copyId)).toBe('draft');
    expect(await stateOf(draft)).toBe('draft');
    await context.close();
  });
});
