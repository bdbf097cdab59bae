// Leads as conversations in Chromium against the real API (issue 38 point 10): a buyer writes
// about an offer in Czech; the seller opens the conversation from the inbox, is refused an empty
// reply in Czech, replies; the buyer gets the e-mail (through the outbox into the dev mailbox),
// opens its link without an account, reads the reply and answers; the seller's navigation shows
// one unread message and the conversation shows the answer. A wrong link is the 404 page.

import { mkdirSync } from 'node:fs';
import { users } from '@estately/db';
import { translate } from '@estately/i18n';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertOffer } from '../../api/test/support/helpers.ts';
import { axeViolations, signIn, startAccountHarness } from './account-helpers.ts';
import { harnessPerFile, PASSWORD, PERSON_UA } from './browser-setup.ts';

const h = harnessPerFile(startAccountHarness);

const cs = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) =>
  translate('cs', key, values);

// Text from people is shown as text: markup in a message never runs.
const HOSTILE = 'Je k bytu sklep? <img src=x onerror="window.__xss=1">';

describe('lead threads', () => {
  it('the seller replies in cs, the buyer answers through the e-mail link, the seller sees one unread message', async () => {
    await h.signUpByApi('prodavajici@example.com');
    const [seller] = await h.db
      .update(users)
      .set({ preferredLanguage: 'cs', firstName: 'Petr', lastName: 'Svoboda' })
      .where(eq(users.email, 'prodavajici@example.com'))
      .returning({ id: users.id });
    const offerId = await insertOffer(h.db, { ownerId: seller!.id, publishedAt: new Date(), city: 'Brno' });

    // The buyer writes from the offer in Czech (the API call the offer page's form makes).
    const sent = await fetch(`${h.api.url}/public/offers/${offerId}/offer_message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'cs' },
      body: JSON.stringify({
        offer_message: {
          name: 'Jana Nováková',
          email: 'jana.kupujici@example.com',
          text: 'Je byt ještě volný?',
        },
      }),
    });
    expect(sent.status, await sent.text()).toBe(201);

    const sellerContext = await h.visitor({ locale: 'cs' });
    const page = await sellerContext.newPage();
    await signIn(page, h.web.url, 'prodavajici@example.com', PASSWORD, 'cs');
    // The account navigation counts the unread message, the account home the conversation.
    expect(await page.getByTestId('nav-unread').textContent()).toBe('1');
    expect(await page.getByTestId('attention-leads').textContent()).toBe(
      cs('account.new_leads', { count: 1 }),
    );
    await page.goto(`${h.web.url}/cs/account/leads`);
    const thread = page.getByTestId('lead');
    await expect.poll(() => thread.count()).toBe(1);
    expect(await thread.getByTestId('lead-status').textContent()).toBe(cs('lead_thread.status.new'));
    expect(await thread.getByTestId('lead-unread').textContent()).toBe('1 nepřečtená zpráva');
    await thread.getByTestId('lead-reply').click();
    await page.waitForURL(/\/cs\/account\/leads\/\d+$/);
    await expect
      .poll(() => page.getByTestId('thread-body').allTextContents())
      .toEqual(['Je byt ještě volný?']);

    // An empty reply is refused in Czech and sends nothing.
    await page.getByTestId('reply-body').fill('   ');
    await page.getByTestId('reply-send').click();
    await expect.poll(() => page.getByTestId('reply-error').textContent()).toBe(cs('validation.required'));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('reply-body');

    const reply = 'Dobrý den, ano, byt je volný. Prohlídka je možná v pátek v 17:00.';
    await page.getByTestId('reply-body').fill(reply);
    expect(await page.getByTestId('reply-counter').textContent()).toBe(
      cs('editor.chars_count', { count: reply.length, max: 5000 }),
    );
    await page.getByTestId('reply-send').click();
    await expect.poll(() => page.getByTestId('reply-done').textContent()).toBe(cs('lead_thread.sent_done'));
    await expect.poll(() => page.getByTestId('thread-body').count()).toBe(2);
    expect(await page.getByTestId('thread-status').textContent()).toBe(cs('lead_thread.status.answered'));
    expect(await page.getByTestId('reply-body').inputValue()).toBe('');
    const threadPath = new URL(page.url()).pathname;

    // The buyer's e-mail, in Czech, links to the conversation; no account is needed.
    const link = await h.mailLink('jana.kupujici@example.com', '/messages/');
    expect(link).toMatch(/^\/cs\/messages\/[A-Za-z0-9_-]{43}$/);
    const buyer = await h.browser.newContext({
      userAgent: PERSON_UA,
      extraHTTPHeaders: { 'Accept-Language': 'cs' },
    });
    const buyerPage = await buyer.newPage();
    const opened = await buyerPage.goto(`${h.web.url}${link}`);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
    expect(await buyerPage.locator('h1').textContent()).toBe(cs('lead_thread.buyer_title'));
    expect(await buyerPage.getByTestId('thread-body').allTextContents()).toEqual([
      'Je byt ještě volný?',
      reply,
    ]);
    expect(await buyerPage.getByTestId('thread-author').allTextContents()).toEqual([
      cs('lead_thread.you'),
      'Petr Svoboda',
    ]);
    expect(await axeViolations(buyerPage)).toEqual([]);
    await buyerPage.getByTestId('reply-body').fill('Děkuji, v pátek v 17:00 přijdu.');
    await buyerPage.getByTestId('reply-send').click();
    await expect
      .poll(() => buyerPage.getByTestId('reply-done').textContent())
      .toBe(cs('lead_thread.buyer_sent'));
    await expect.poll(() => buyerPage.getByTestId('thread-body').count()).toBe(3);

    // A link that opens nothing is the 404 page.
    const wrong = await buyerPage.goto(`${h.web.url}/cs/messages/${'A'.repeat(43)}`);
    expect(wrong?.status()).toBe(404);
    await buyer.close();

    // The seller: one unread message in the navigation and on the conversation, which shows the answer.
    await page.goto(`${h.web.url}/cs/account/leads`);
    expect(await page.getByTestId('nav-unread').textContent()).toBe('1');
    expect(await page.getByTestId('lead-unread').textContent()).toBe('1 nepřečtená zpráva');
    expect(await page.getByTestId('lead-message').textContent()).toBe('Děkuji, v pátek v 17:00 přijdu.');
    await page.getByTestId('lead-reply').click();
    await page.waitForURL(`${h.web.url}${threadPath}`);
    await expect.poll(() => page.getByTestId('thread-body').count()).toBe(3);
    expect(await page.getByTestId('thread-body').last().textContent()).toBe(
      'Děkuji, v pátek v 17:00 přijdu.',
    );
    expect(await axeViolations(page)).toEqual([]);
    // Opening it read the message: the navigation's badge goes.
    await expect.poll(() => page.getByTestId('nav-unread').count()).toBe(0);
    mkdirSync('/tmp/screens', { recursive: true });
    await page.screenshot({ path: '/tmp/screens/lead-thread.png', fullPage: true });

    // The seller books the viewing.
    await page.getByTestId('status-select').selectOption('viewing_booked');
    await page.getByTestId('status-save').click();
    await expect
      .poll(() => page.getByTestId('thread-status').textContent())
      .toBe(cs('lead_thread.status.viewing_booked'));
    expect(await page.getByTestId('nav-unread').count()).toBe(0);
    await sellerContext.close();
  });

  it('a signed-in buyer finds the conversation under my messages and answers there', async () => {
    const sellerTokens = await h.signUpByApi('prodejce.zpravy@example.com');
    const [seller] = await h.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'prodejce.zpravy@example.com'));
    const offerId = await insertOffer(h.db, {
      ownerId: seller!.id,
      publishedAt: new Date(),
      city: 'Olomouc',
    });
    const buyerTokens = await h.signUpByApi('kupec.zpravy@example.com');
    await h.db
      .update(users)
      .set({ preferredLanguage: 'cs' })
      .where(eq(users.email, 'kupec.zpravy@example.com'));
    const call = (path: string, token: string, body: unknown) =>
      fetch(`${h.api.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await call('/leads', buyerTokens.token, { offer_id: offerId, message: HOSTILE })).status).toBe(
      201,
    );
    const threads = await fetch(`${h.api.url}/lead_threads`, {
      headers: { authorization: `Bearer ${sellerTokens.token}` },
    });
    const [thread] = ((await threads.json()) as { data: { id: number }[] }).data;
    expect(
      (await call(`/lead_threads/${thread!.id}/messages`, sellerTokens.token, { body: 'Ano, sklep je.' }))
        .status,
    ).toBe(201);

    const context = await h.visitor({ locale: 'cs' });
    const page = await context.newPage();
    await signIn(page, h.web.url, 'kupec.zpravy@example.com', PASSWORD, 'cs');
    await page.getByRole('link', { name: cs('lead_thread.my_title') }).click();
    await page.waitForURL(`${h.web.url}/cs/account/messages`);
    expect(await page.getByTestId('my-message-unread').textContent()).toBe('1 nepřečtená zpráva');
    await page.getByTestId('my-message-open').click();
    await page.waitForURL(`${h.web.url}/cs/account/messages/${thread!.id}`);
    await expect
      .poll(() => page.getByTestId('thread-body').allTextContents())
      .toEqual([HOSTILE, 'Ano, sklep je.']);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await page.getByTestId('reply-body').fill('Děkuji.');
    await page.getByTestId('reply-send').click();
    await expect.poll(() => page.getByTestId('reply-done').textContent()).toBe(cs('lead_thread.buyer_sent'));
    await expect.poll(() => page.getByTestId('thread-body').count()).toBe(3);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();

    // Crawlers are asked to leave the conversation links alone.
    const robots = await (await fetch(`${h.web.url}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /cs/messages/\n');
  });
});
