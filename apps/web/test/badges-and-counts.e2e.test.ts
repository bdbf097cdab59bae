// Issue 38 points 3 and 8 in Chromium against the real API. A just-published offer of a seller
// whose e-mail is confirmed shows "verified e-mail", never the "verified listing" badge an admin
// gives; and the leads inbox counts enquiries ("1 poptávka"), not offers, in cs, en and ar.

import { users } from '@estately/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertOffer } from '../../api/test/support/helpers.ts';
import { signIn, startAccountHarness } from './account-helpers.ts';
import { harnessPerFile } from './browser-setup.ts';

const h = harnessPerFile(startAccountHarness);

describe('badges and counts', () => {
  it('an unverified offer of a seller with a confirmed e-mail has no verified-listing badge', async () => {
    await h.signUpByApi('overeny.email@example.com');
    const [seller] = await h.db
      .update(users)
      .set({ verified: true, firstName: 'Jana', lastName: 'Nováková' })
      .where(eq(users.email, 'overeny.email@example.com'))
      .returning({ id: users.id });
    const offerId = await insertOffer(h.db, { ownerId: seller!.id, publishedAt: new Date(), city: 'Brno' });

    const context = await h.visitor({ locale: 'cs' });
    const page = await context.newPage();
    await page.goto(`${h.web.url}/cs/property/${offerId}`);
    const card = page.getByTestId('seller-card');
    await card.waitFor();
    expect(await page.getByTestId('offer-detail').textContent()).not.toContain('Ověřený inzerát');
    expect(await page.getByTestId('listing-verified').count()).toBe(0);
    expect(await card.getByTestId('seller-verified').count()).toBe(0);
    expect(await card.getByTestId('email-verified').textContent()).toBe('Ověřený e-mail');
    await context.close();
  });

  it('the leads inbox counts enquiries in cs, en and ar', async () => {
    await h.signUpByApi('poptavky@example.com');
    const [row] = await h.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'poptavky@example.com'));
    const offerId = await insertOffer(h.db, { ownerId: row!.id, publishedAt: new Date(), city: 'Brno' });
    const buyer = await h.signUpByApi('kupujici@example.com');
    const asked = await fetch(`${h.api.url}/leads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ offer_id: offerId, message: 'Je byt ještě volný?', phone: '+420 777 123 456' }),
    });
    expect(asked.status, await asked.text()).toBe(201);

    const context = await h.visitor();
    const page = await context.newPage();
    await signIn(page, h.web.url, 'poptavky@example.com');
    for (const [locale, text] of [
      ['cs', '1 poptávka'],
      ['en', '1 enquiry'],
      ['ar', 'طلب واحد'],
    ] as const) {
      await page.goto(`${h.web.url}/${locale}/account/leads`);
      expect(await page.getByTestId('leads-total').textContent(), locale).toBe(text);
    }
    await context.close();
  });
});
