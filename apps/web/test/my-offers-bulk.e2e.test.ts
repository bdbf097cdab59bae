// Issue 38 point 12 in Chromium against the real API, in cs: my offers filtered by state and
// searched by city (a GET form: the filters are in the URL), two offers and a draft selected and
// withdrawn in bulk after a confirmation (the summary counts the withdrawn ones and names the
// draft that could not be), and an offer duplicated into a new draft that opens in the editor.

import { properties, propertyMedia, users } from '@estately/db';
import { translate } from '@estately/i18n';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ensurePropertyPhoto, insertOffer } from '../../api/test/support/helpers.ts';
import { axeViolations, signIn, startAccountHarness } from './account-helpers.ts';
import { harnessPerFile, hydrated, PERSON_UA } from './browser-setup.ts';

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
    // The selection the action used is cleared.
    await expect
      .poll(() => page.getByTestId('my-offers-selected').textContent())
      .toBe(cs('my_offers.selected_count', { count: 0 }));
    expect(await select(draft).isChecked()).toBe(false);

    // Duplicate: the copy is a new draft, opened in the editor.
    await page
      .locator(`[data-testid="my-offer"][data-id="${brno}"]`)
      .getByTestId('my-offer-duplicate')
      .click();
    await page.waitForURL((url) => /\/cs\/account\/my-offers\/\d+$/.test(url.pathname));
    const copyId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(copyId).not.toBe(brno);
    await expect.poll(() => page.getByRole('heading', { name: cs('editor.edit_title') }).count()).toBe(1);
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

  it('works without scripts: the filter form, select all on the page and renewing, with the summary', async () => {
    await h.signUpByApi('bez-skriptu@example.com');
    const [seller] = await h.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'bez-skriptu@example.com'));
    const ownerId = seller!.id;
    const old = [
      await insertOffer(h.db, { ownerId, publishedAt: new Date(), city: 'Liberec', price: 3_000_000 }),
      await insertOffer(h.db, { ownerId, publishedAt: new Date(), city: 'Jihlava', price: 4_000_000 }),
    ];
    const fresh = await insertOffer(h.db, {
      ownerId,
      publishedAt: new Date(),
      city: 'Kolín',
      price: 2_000_000,
    });
    await h.db
      .update(properties)
      .set({ activatedAt: sql`now() - interval '10 days'` })
      .where(inArray(properties.id, old));

    const signedIn = await h.visitor({ locale: 'cs' });
    const first = await signedIn.newPage();
    await signIn(first, h.web.url, 'bez-skriptu@example.com', undefined, 'cs');
    const context = await h.browser.newContext({
      javaScriptEnabled: false,
      userAgent: PERSON_UA,
      extraHTTPHeaders: { 'Accept-Language': 'cs' },
      storageState: await signedIn.storageState(),
    });
    await signedIn.close();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/cs/account/my-offers`);
    const rows = page.getByTestId('my-offer');

    // The filter bar is a plain GET form: the most expensive first.
    await page.getByTestId('my-offers-kind').selectOption('sale');
    await page.getByTestId('my-offers-sort').selectOption('price_desc');
    await page.getByTestId('my-offers-apply').click();
    await page.waitForURL(
      (url) => url.searchParams.get('kind') === 'sale' && url.searchParams.get('sort') === 'price_desc',
    );
    expect(
      await rows.evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-id')))),
    ).toEqual([old[1], old[0], fresh]);

    // "Select all on this page" names every offer of the page without any script.
    await page.getByTestId('my-offers-select-all').check();
    await page.getByTestId('bulk-renew').click();
    await expect.poll(() => page.getByTestId('bulk-done').count()).toBe(1);
    expect(await page.getByTestId('bulk-done').textContent()).toBe('2 nabídky obnoveny');
    expect(await page.getByTestId('bulk-refused-title').textContent()).toBe('1 nabídku nešlo změnit:');
    expect(await page.getByTestId('bulk-refused').textContent()).toContain(
      cs('my_offers.refusal.renewed_recently', { days: 7 }),
    );
    const renewed = await h.db
      .select({ id: properties.id, at: properties.activatedAt })
      .from(properties)
      .where(inArray(properties.id, old));
    for (const row of renewed) expect(Date.now() - row.at!.getTime()).toBeLessThan(120_000);
    await context.close();
  });

  it('counts the selection in Arabic plural forms on a right-to-left page', async () => {
    await h.signUpByApi('arabic@example.com');
    const [seller] = await h.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'arabic@example.com'));
    const ids = [
      await insertOffer(h.db, { ownerId: seller!.id, publishedAt: new Date(), city: 'Brno' }),
      await insertOffer(h.db, { ownerId: seller!.id, publishedAt: new Date(), city: 'Praha' }),
    ];
    const context = await h.visitor({ locale: 'ar' });
    const page = await context.newPage();
    await signIn(page, h.web.url, 'arabic@example.com', undefined, 'ar');
    await page.goto(`${h.web.url}/ar/account/my-offers`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await hydrated(page, 'my-offers-select-all');
    expect(await page.getByTestId('my-offers-selected').textContent()).toBe('لم يُحدَّد أي عرض');
    await page.getByTestId('my-offers-select-all').check();
    await expect.poll(() => page.getByTestId('my-offers-selected').textContent()).toBe('تم تحديد عرضين');
    for (const id of ids) {
      expect(
        await page
          .locator(`[data-testid="my-offer"][data-id="${id}"]`)
          .getByTestId('my-offer-select')
          .isChecked(),
      ).toBe(true);
    }
    // Unticking one unticks "select all", so the bulk form names the ticked offers only.
    await page
      .locator(`[data-testid="my-offer"][data-id="${ids[0]}"]`)
      .getByTestId('my-offer-select')
      .uncheck();
    await expect.poll(() => page.getByTestId('my-offers-selected').textContent()).toBe('تم تحديد عرض واحد');
    expect(await page.getByTestId('my-offers-select-all').isChecked()).toBe(false);
    await context.close();
  });

  it('pages a search with the filters kept, and has no accessibility violations with a result shown', async () => {
    await h.signUpByApi('mnoho@example.com');
    const [seller] = await h.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'mnoho@example.com'));
    const ownerId = seller!.id;
    for (let index = 0; index < 26; index++) {
      await insertOffer(h.db, { ownerId, publishedAt: new Date(), city: 'Olomouc' });
    }
    const other = await insertOffer(h.db, { ownerId, publishedAt: new Date(), city: 'Zlín' });
    const context = await h.visitor({ locale: 'cs' });
    const page = await context.newPage();
    await signIn(page, h.web.url, 'mnoho@example.com', undefined, 'cs');
    await page.goto(`${h.web.url}/cs/account/my-offers?q=olomouc`);
    const rows = page.getByTestId('my-offer');
    expect(await rows.count()).toBe(25);
    expect(await page.getByTestId('my-offers-total').textContent()).toBe(
      cs('account.properties_count', { count: 26 }),
    );
    await page.getByRole('link', { name: cs('results.next') }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    expect(new URL(page.url()).searchParams.get('q')).toBe('olomouc');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.locator(`[data-testid="my-offer"][data-id="${other}"]`).count()).toBe(0);
    expect(await page.getByTestId('my-offers-q').inputValue()).toBe('olomouc');

    // A bulk result on the page, then the accessibility check (labels, contrast, roles).
    await hydrated(page, 'my-offers-select-all');
    await rows.first().getByTestId('my-offer-select').check();
    await page.getByTestId('bulk-reserve').click();
    await expect.poll(() => page.getByTestId('bulk-done').count()).toBe(1);
    expect(await page.getByTestId('bulk-done').textContent()).toBe(
      cs('my_offers.bulk_done.reserve', { count: 1 }),
    );
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
