// The scam review queue in Chromium against the real API (issue 43 point 4, decision 067): an offer
// published with an advance-fee text is held from search at once and its owner sees "under
// review"; a message with a payment link is held from the seller; the admin reads the reasons in
// their language (cs, en, ar right to left), rejects the offer (a reason is required) and releases
// the message with the keyboard, and axe finds nothing. Screenshots when SCAM_SCREENSHOTS is set.

import { join } from 'node:path';
import { users } from '@estately/db';
import type { Locale } from '@estately/domain';
import { translate } from '@estately/i18n';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ensurePropertyPhoto, insertOffer } from '../../api/test/support/helpers.ts';
import { axeViolations, signIn, startAccountHarness } from './account-helpers.ts';
import { harnessPerFile } from './browser-setup.ts';

const h = harnessPerFile(startAccountHarness);
/** A folder to save screenshots of the queue into, when set. */
const SHOTS = process.env.SCAM_SCREENSHOTS;
const SCAM_TEXT =
  'Lovely flat in the centre. I am abroad for work, so please pay the deposit before the viewing via Western Union and I will send the keys by courier.';

const t = (locale: Locale, key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) =>
  translate(locale, key, values);

async function account(email: string, admin = false): Promise<{ id: number; token: string }> {
  const { token } = await h.signUpByApi(email);
  const [row] = await h.db
    .update(users)
    .set({ isAdmin: admin, createdAt: new Date(Date.now() - 400 * 86_400_000) })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  return { id: row!.id, token };
}

async function call(token: string, path: string, body: unknown) {
  const response = await fetch(`${h.api.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return response.json() as Promise<{ data: { id: number } }>;
}

/** An offer saved and published through the API, as a seller does. */
async function publish(token: string, description: string): Promise<number> {
  const saved = await call(token, '/v1/property/save', {
    offer_type: 'sale',
    property_type: 'apartment',
    price: 5_400_000,
    disposition: '2',
    room: ['living_room', 'kitchen', 'bathroom'],
    useful_area: 55,
    description,
    city: 'Brno',
    country_code: 'CZ',
    latitude: 49.19,
    longitude: 16.61,
    contact: { contact_phone: '+420 700 111 222' },
  });
  await ensurePropertyPhoto(h.db, saved.data.id);
  await call(token, `/v1/properties/set-state/${saved.data.id}`, { state: 'active' });
  return saved.data.id;
}

async function publicIds(): Promise<number[]> {
  const response = await fetch(`${h.api.url}/public/offers?per_page=100`);
  return ((await response.json()) as { data: { id: number }[] }).data.map((offer) => offer.id);
}

async function signedIn(email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.visitor();
  const page = await context.newPage();
  await signIn(page, h.web.url, email);
  return { context, page };
}

describe('scam flags', () => {
  it('holds a scam offer and a payment-link message; the admin reads the reasons in cs, en and ar and decides', async () => {
    const seller = await account('pronajimatel@example.com');
    const heldId = await publish(seller.token, SCAM_TEXT);
    expect(await publicIds()).not.toContain(heldId);

    // A message with an off-site payment link, to another (honest) offer of another seller.
    const other = await account('jiny-prodejce@example.com');
    const honestId = await insertOffer(h.db, { ownerId: other.id, publishedAt: new Date(), city: 'Olomouc' });
    const sent = await fetch(`${h.api.url}/public/offers/${honestId}/offer_message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        offer_message: {
          name: 'Buyer',
          email: 'buyer@example.com',
          text: 'To confirm your listing pay the fee at https://secure-pay-verify.example.net/deposit/8812',
        },
      }),
    });
    expect(sent.status, await sent.clone().text()).toBe(201);

    // The seller sees that the offer is under review, and nothing of the rules.
    const owner = await signedIn('pronajimatel@example.com');
    await owner.page.goto(`${h.web.url}/en/account/my-offers`);
    const notice = owner.page.getByTestId('my-offer-under-review');
    await expect.poll(() => notice.textContent()).toBe(t('en', 'my_offers.under_review'));
    expect(await owner.page.textContent('body')).not.toContain('Western Union');
    await owner.context.close();

    await account('spravce@example.com', true);
    const { context, page } = await signedIn('spravce@example.com');
    await page.goto(`${h.web.url}/en/account/admin`);
    // The admin home counts the open flags and leads to the queue.
    expect(await page.getByTestId('admin-home').textContent()).toContain(
      `${t('en', 'admin.scams')} (${t('en', 'admin.scam_total', { count: 2 })})`,
    );
    await page
      .getByRole('navigation', { name: t('en', 'admin.title') })
      .getByRole('link', { name: t('en', 'admin.scams') })
      .click();
    await page.waitForURL(`${h.web.url}/en/account/admin/scams`);
    const flags = page.getByTestId('scam-flag');
    await expect.poll(() => flags.count()).toBe(2);
    // Held ones first, by score: the offer (145) before the message (60).
    const offerFlag = flags.nth(0);
    const messageFlag = flags.nth(1);
    expect(await offerFlag.getByRole('heading').textContent()).toBe(
      t('en', 'admin.offer_number', { id: heldId }),
    );
    expect(await offerFlag.getByTestId('scam-held').textContent()).toBe(t('en', 'admin.scam_held'));
    const reasons = offerFlag.getByTestId('scam-reasons').locator('li');
    expect(
      await reasons.evaluateAll((items) => items.map((item) => item.getAttribute('data-reason'))),
    ).toEqual(['advance_payment', 'transfer_service', 'owner_abroad']);
    expect(await reasons.nth(0).textContent()).toContain(t('en', 'admin.scam_reason.advance_payment'));
    expect(await reasons.nth(1).textContent()).toContain('western union');
    expect(await messageFlag.getByRole('heading').textContent()).toBe(
      t('en', 'admin.scam_message_on', { id: honestId }),
    );
    expect(await messageFlag.getByTestId('scam-message').textContent()).toContain('secure-pay-verify');
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS)
      await page.getByTestId('screen-admin-scams').screenshot({ path: join(SHOTS, 'scam-flags-en.png') });

    for (const locale of ['cs', 'ar'] as const) {
      await page.goto(`${h.web.url}/${locale}/account/admin/scams`);
      expect(await page.locator('h1').textContent()).toBe(t(locale, 'admin.scams'));
      expect(await page.getAttribute('html', 'dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      expect(await flags.nth(0).getByTestId('scam-reasons').locator('li').nth(0).textContent()).toContain(
        t(locale, 'admin.scam_reason.advance_payment'),
      );
      expect(await axeViolations(page)).toEqual([]);
      if (SHOTS)
        await page
          .getByTestId('screen-admin-scams')
          .screenshot({ path: join(SHOTS, `scam-flags-${locale}.png`) });
    }

    // The offer's moderation page says it is held and leads to the queue, and shows no public link.
    await page.goto(`${h.web.url}/en/account/admin/offers?id=${heldId}`);
    const held = page.getByTestId('offer-under-review');
    expect(await held.textContent()).toBe(`${t('en', 'admin.scam_held')}: ${t('en', 'admin.scams')}`);
    expect(await page.getByRole('link', { name: t('en', 'admin.view_offer') }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // Rejecting the offer needs the reason its owner will see.
    await page.goto(`${h.web.url}/en/account/admin/scams`);
    const reject = offerFlag.getByTestId('scam-reject');
    await reject.locator('button[type="submit"]').click();
    expect(await reject.getByTestId('error-reason').textContent()).toBe(t('en', 'validation.required'));
    await reject
      .getByLabel(t('en', 'admin.scam_reject_reason'))
      .fill('Advance-fee scam: deposit before viewing.');
    await reject.locator('button[type="submit"]').click();
    await expect
      .poll(() => page.getByTestId('form-done').textContent())
      .toBe(t('en', 'admin.scam_rejected_done'));
    await expect.poll(() => flags.count()).toBe(1);
    expect(await publicIds()).not.toContain(heldId);

    // The message is released with the keyboard: it reaches the seller.
    await page.getByTestId('scam-release').focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('form-done').textContent())
      .toBe(t('en', 'admin.scam_released_done'));
    await expect.poll(() => flags.count()).toBe(0);
    expect(await page.getByText(t('en', 'admin.scams_empty')).count()).toBe(1);
    const threads = await fetch(`${h.api.url}/lead_threads`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(JSON.stringify(await threads.json())).toContain('secure-pay-verify');

    // The decided flags are under their tabs.
    await page.getByRole('link', { name: t('en', 'admin.scam_status.rejected') }).click();
    await expect.poll(() => flags.count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
