// Issue 43 point 5 in Chromium against the real API, in cs (decision 065): an offer whose
// "still available?" question went unanswered says so in my offers, and its "still available"
// button confirms it: the notice goes, the offer's clock starts again; the page passes axe.

import { offers, properties, users } from '@estately/db';
import { translate } from '@estately/i18n';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertOffer } from '../../api/test/support/helpers.ts';
import { axeViolations, signIn, startAccountHarness } from './account-helpers.ts';
import { harnessPerFile } from './browser-setup.ts';

const h = harnessPerFile(startAccountHarness);
const cs = (key: Parameters<typeof translate>[1]) => translate('cs', key);

describe('my offers: "still available"', () => {
  it('shows why an offer sits lower and confirms it with one button', async () => {
    await h.signUpByApi('prodejce@example.com');
    const [seller] = await h.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'prodejce@example.com'));
    const id = await insertOffer(h.db, { ownerId: seller!.id, publishedAt: new Date(), city: 'Brno' });
    // Marked by the sweep a minute ahead of the offer's last update.
    await h.db
      .update(properties)
      .set({ availabilityUnconfirmedAt: new Date(Date.now() + 60_000) })
      .where(eq(properties.id, id));
    await h.db.update(offers).set({ isUnconfirmed: true }).where(eq(offers.id, id));

    const context = await h.visitor({ locale: 'cs' });
    const page = await context.newPage();
    await signIn(page, h.web.url, 'prodejce@example.com', undefined, 'cs');
    await page.goto(`${h.web.url}/cs/account/my-offers`);
    const row = page.locator(`[data-testid="my-offer"][data-id="${id}"]`);
    expect(await row.getByTestId('my-offer-unconfirmed').textContent()).toBe(cs('my_offers.unconfirmed'));
    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole('button', { name: cs('my_offers.confirm_availability') }).click();
    await expect
      .poll(async () => (await h.db.select().from(offers).where(eq(offers.id, id)))[0]?.isUnconfirmed)
      .toBe(false);
    await expect.poll(() => row.getByText(cs('my_offers.availability_confirmed')).count()).toBe(1);
    const [property] = await h.db.select().from(properties).where(eq(properties.id, id));
    expect(property?.availabilityConfirmedAt).not.toBeNull();
    await page.reload();
    expect(await row.getByTestId('my-offer-unconfirmed').count()).toBe(0);
    await context.close();
  });
});
