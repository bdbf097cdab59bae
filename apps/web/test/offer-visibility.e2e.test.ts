// Issue 38 defect 1 in Chromium against the real API (decision 042): a seller marks an offer
// reserved from my offers in cs; its page still answers with the "Rezervováno" badge, and it
// stays in search with the same badge on its card until "Skrýt rezervované nabídky" is ticked.
// A withdrawn (archived) offer's page answers 410 with its heading and similar offers.

import { users } from '@estately/db';
import { translate } from '@estately/i18n';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertOffer } from '../../api/test/support/helpers.ts';
import { signIn, startAccountHarness } from './account-helpers.ts';
import { apiAs, harnessPerFile } from './browser-setup.ts';

const h = harnessPerFile(startAccountHarness);
const cs = (key: Parameters<typeof translate>[1]) => translate('cs', key);

describe('offer visibility by state', () => {
  it('a reserved offer keeps its page and its place in search with a badge; a withdrawn one is 410', async () => {
    const { token } = await h.signUpByApi('rezervace@example.com');
    const [seller] = await h.db
      .update(users)
      .set({ firstName: 'Jana', lastName: 'Nováková' })
      .where(eq(users.email, 'rezervace@example.com'))
      .returning({ id: users.id });
    const reserved = await insertOffer(h.db, { ownerId: seller!.id, publishedAt: new Date(), city: 'Brno' });
    const withdrawn = await insertOffer(h.db, { ownerId: seller!.id, publishedAt: new Date(), city: 'Brno' });
    await apiAs(h.api.url, token, 'POST', `/v1/properties/set-state/${withdrawn}`, { state: 'archived' });

    const context = await h.visitor({ locale: 'cs' });
    const page = await context.newPage();
    await signIn(page, h.web.url, 'rezervace@example.com', undefined, 'cs');
    await page.goto(`${h.web.url}/cs/account/my-offers`);
    const row = page.locator(`[data-testid="my-offer"][data-id="${reserved}"]`);
    const button = row.getByTestId('set-state-reserved');
    expect(await button.textContent()).toContain(cs('my_offers.mark_reserved'));
    await button.click();
    await expect
      .poll(() => row.getByTestId('my-offer-state').textContent())
      .toBe(cs('value.property_state.reserved'));

    // The offer page answers with the badge.
    const detail = await page.goto(`${h.web.url}/cs/property/${reserved}`);
    expect(detail?.status()).toBe(200);
    expect(await page.getByTestId('offer-state-badge').textContent()).toBe('Rezervováno');

    // In search, with the badge on its card; gone from it with the filter ticked.
    await page.goto(`${h.web.url}/cs/hledani/prodej/byty/cesko`);
    const card = page
      .getByTestId('offer-card')
      .filter({ has: page.locator(`a[href="/cs/property/${reserved}"]`) });
    expect(await card.count()).toBe(1);
    expect(await card.getByTestId('card-state-badge').textContent()).toBe('Rezervováno');
    expect(await page.getByText(cs('filter.hide_reserved')).count()).toBeGreaterThan(0);
    await page.getByTestId('filter-hide_reserved').check();
    await page.waitForURL((url) => url.searchParams.get('hide_reserved') === '1');
    await expect.poll(() => page.locator(`a[href="/cs/property/${reserved}"]`).count()).toBe(0);
    expect(await page.getByTestId('filter-hide_reserved').isChecked()).toBe(true);

    // A withdrawn offer: 410 with its heading, text and the similar offers nearby.
    const gone = await page.goto(`${h.web.url}/cs/property/${withdrawn}`);
    expect(gone?.status()).toBe(410);
    expect(await page.getByTestId('offer-gone').locator('h1').textContent()).toBe(
      'Tato nabídka už není k dispozici',
    );
    const similar = page.getByTestId('similar-offers');
    expect(await similar.locator(`a[href="/cs/property/${reserved}"]`).count()).toBeGreaterThan(0);
    await context.close();
  });
});
