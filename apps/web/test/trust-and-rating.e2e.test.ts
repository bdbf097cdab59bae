// Issue 43 point 3 in Chromium against the real API (decision 066): the offer page's trust panel
// lists every signal, had and lacked, in cs, en and ar (right to left); the seller's editor shows
// the checklist with the points of each action; the person who wrote rates the seller with the
// keyboard through the conversation link, once the seller replied, and the offer page then shows
// the rating. Every page passes axe.

import { join } from 'node:path';
import { offers, properties, recomputeAllTrust, users } from '@estately/db';
import { translate } from '@estately/i18n';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertOffer } from '../../api/test/support/helpers.ts';
import { axeViolations, signIn, startAccountHarness } from './account-helpers.ts';
import { harnessPerFile, PASSWORD, PERSON_UA } from './browser-setup.ts';

const h = harnessPerFile(startAccountHarness);

/** A folder to save screenshots of the trust panel into, when set. */
const SHOTS = process.env.TRUST_SCREENSHOTS;

const plain = (text: string | null) =>
  text
    ?.replace(/[\u00a0\u202f\u200e\u200f\u2068\u2069]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim() ?? '';

describe('trust and ratings', () => {
  it('shows the trust signals, the checklist, and takes one rating by keyboard after the reply', async () => {
    const sellerTokens = await h.signUpByApi('prodejce.duvera@example.com');
    const [seller] = await h.db
      .update(users)
      .set({ preferredLanguage: 'cs', firstName: 'Petr', lastName: 'Svoboda' })
      .where(eq(users.email, 'prodejce.duvera@example.com'))
      .returning({ id: users.id });
    const offerId = await insertOffer(h.db, { ownerId: seller!.id, publishedAt: new Date(), city: 'Brno' });
    // Checked by our team and with a floor plan and some parameters: the rest is missing or unknown.
    const checked = {
      isVerified: true,
      hasFloorPlan: true,
      yearBuilt: 1998,
      typeOfBuilding: 'brick',
      floor: 2,
    };
    await h.db.update(properties).set(checked).where(eq(properties.id, offerId));
    await h.db.update(offers).set(checked).where(eq(offers.id, offerId));
    await recomputeAllTrust(h.db);
    const [row] = await h.db.select().from(offers).where(eq(offers.id, offerId));
    const score = row!.sellerTrustScore!;

    const visitor = await h.visitor({ locale: 'cs' });
    const page = await visitor.newPage();
    for (const locale of ['cs', 'en', 'ar'] as const) {
      await page.goto(`${h.web.url}/${locale}/property/${offerId}`);
      const panel = page.getByTestId('trust-panel');
      expect(plain(await panel.getByRole('heading').textContent())).toBe(
        plain(
          translate(locale, 'offer.trust_heading', { score: new Intl.NumberFormat(locale).format(score) }),
        ),
      );
      const signals = panel.getByTestId('trust-signal');
      expect(await signals.count()).toBe(10);
      const listing = panel.locator('[data-signal="listing_verified"]');
      expect(await listing.getAttribute('data-status')).toBe('met');
      expect(plain(await listing.textContent())).toContain(translate(locale, 'trust.status.met'));
      const photos = panel.locator('[data-signal="photos"]');
      expect(plain(await photos.textContent())).toContain(translate(locale, 'trust.status.missing'));
      expect(plain(await panel.locator('[data-signal="quick_replies"]').textContent())).toContain(
        translate(locale, 'trust.status.unknown'),
      );
      if (locale === 'ar') expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      if (SHOTS) await panel.screenshot({ path: join(SHOTS, `trust-${locale}.png`) });
      expect(await axeViolations(page), locale).toEqual([]);
    }

    // The seller's own offer: what to do, with the points of each action.
    const sellerContext = await h.visitor({ locale: 'cs' });
    const sellerPage = await sellerContext.newPage();
    await signIn(sellerPage, h.web.url, 'prodejce.duvera@example.com', PASSWORD, 'cs');
    await sellerPage.goto(`${h.web.url}/cs/account/my-offers/${offerId}?step=preview`);
    const checklist = sellerPage.getByTestId('trust-checklist');
    expect(await checklist.getByRole('heading').textContent()).toBe(
      translate('cs', 'trust.checklist_heading'),
    );
    const items = await checklist.getByTestId('trust-checklist-item').allTextContents();
    expect(items.map(plain)).toContain(`${translate('cs', 'trust.action.photos')}: +10`);
    expect(items.map(plain)).toContain(`${translate('cs', 'trust.action.quick_replies')}: +10`);
    expect(items.map(plain)).not.toContain(`${translate('cs', 'trust.action.floor_plan')}: +8`);
    expect(await axeViolations(sellerPage)).toEqual([]);

    // A visitor writes; before the seller's reply there is nothing to rate.
    const sent = await fetch(`${h.api.url}/public/offers/${offerId}/offer_message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'cs' },
      body: JSON.stringify({
        offer_message: { name: 'Jana Nováková', email: 'jana.hodnotici@example.com', text: 'Je byt volný?' },
      }),
    });
    expect(sent.status, await sent.text()).toBe(201);
    const threads = await fetch(`${h.api.url}/lead_threads`, {
      headers: { authorization: `Bearer ${sellerTokens.token}` },
    });
    const [thread] = ((await threads.json()) as { data: { id: number }[] }).data;
    const replied = await fetch(`${h.api.url}/lead_threads/${thread!.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sellerTokens.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'Ano, je volný.' }),
    });
    expect(replied.status).toBe(201);

    const link = await h.mailLink('jana.hodnotici@example.com', '/messages/');
    const buyer = await h.browser.newContext({
      userAgent: PERSON_UA,
      extraHTTPHeaders: { 'Accept-Language': 'cs' },
    });
    const buyerPage = await buyer.newPage();
    await buyerPage.goto(`${h.web.url}${link}`);
    const rating = buyerPage.getByTestId('thread-rating');
    expect(await rating.getByRole('heading').textContent()).toBe(translate('cs', 'rating.heading'));
    expect(await rating.getByRole('group').getAttribute('aria-describedby')).toBeNull();
    expect(await axeViolations(buyerPage)).toEqual([]);
    // Keyboard only: the first radio button, then arrow keys, then the button.
    await buyerPage.getByTestId('rating-stars-5').focus();
    await buyerPage.keyboard.press('ArrowDown');
    expect(await buyerPage.getByTestId('rating-stars-4').isChecked()).toBe(true);
    expect(
      await buyerPage.getByRole('radio', { name: translate('cs', 'rating.stars', { stars: 4 }) }).isChecked(),
    ).toBe(true);
    await buyerPage.keyboard.press('Tab');
    await buyerPage.keyboard.press('Enter');
    await expect
      .poll(() => buyerPage.getByTestId('thread-rating-done').textContent())
      .toBe(translate('cs', 'rating.saved'));
    await buyerPage.reload();
    expect(await buyerPage.getByTestId('thread-rating-given').textContent()).toBe(
      translate('cs', 'rating.given', { stars: 4 }),
    );
    expect(await buyerPage.getByTestId('thread-rating-form').count()).toBe(0);

    // A signed-in buyer rates from the conversation in the account.
    const buyerTokens = await h.signUpByApi('kupec.hodnotici@example.com');
    const asked = await fetch(`${h.api.url}/leads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyerTokens.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ offer_id: offerId, message: 'Je možné parkování?' }),
    });
    expect(asked.status).toBe(201);
    const own = await fetch(`${h.api.url}/user/lead_threads`, {
      headers: { authorization: `Bearer ${buyerTokens.token}` },
    });
    const [ownThread] = ((await own.json()) as { data: { id: number }[] }).data;
    await fetch(`${h.api.url}/lead_threads/${ownThread!.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sellerTokens.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'Ano, v garáži.' }),
    });
    const signedIn = await h.visitor({ locale: 'cs' });
    const signedInPage = await signedIn.newPage();
    await signIn(signedInPage, h.web.url, 'kupec.hodnotici@example.com', PASSWORD, 'cs');
    await signedInPage.goto(`${h.web.url}/cs/account/messages/${ownThread!.id}`);
    await signedInPage.getByText(translate('cs', 'rating.stars', { stars: 5 })).click();
    await signedInPage.getByTestId('thread-rating-submit').click();
    await expect
      .poll(() => signedInPage.getByTestId('thread-rating-done').textContent())
      .toBe(translate('cs', 'rating.saved'));
    expect(await axeViolations(signedInPage)).toEqual([]);
    await signedIn.close();

    // The offer page shows the seller's rating now: the mean of both.
    await page.goto(`${h.web.url}/cs/property/${offerId}`);
    expect(plain(await page.locator('body').textContent())).toContain(
      plain(
        `${translate('cs', 'offer.seller_rating', { rating: '4,5' })} ${translate('cs', 'offer.seller_rating_count', { count: 2 })}`,
      ),
    );
    await Promise.all([visitor.close(), sellerContext.close(), buyer.close()]);
  });
});
