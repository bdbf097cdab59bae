// Shared search boards in Chromium against the real API (issue 44 point 3, decision 071): the
// owner creates a board and invites by e-mail; the invitee opens the e-mail's link as a guest,
// signs in, comes back and accepts. With both boards open in two browser contexts, the owner's
// status change and the member's note appear on the other page without a reload and are
// announced in the polite live region; a private note stays with its author; removing the member
// ends their access on the open page at once. axe finds nothing on the board and invitation pages.

import { join } from 'node:path';
import { users } from '@estately/db';
import { translate } from '@estately/i18n';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { boardPath } from '../app/routing/boards-paths.ts';
import { axeViolations, signIn, startAccountHarness, tokenOf } from './account-helpers.ts';
import { apiAs, fillSignInForm, harnessPerFile, hydrated } from './browser-setup.ts';

// The page reads the board's live stream from the API itself, so CORS lets the web's origin in.
const h = harnessPerFile(() => startAccountHarness({ browserCallsApi: true }));
const en = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) =>
  translate('en', key, values);
/** A folder to write the board's screenshots to (docs/screenshots), when set. */
const SHOTS = process.env.BOARDS_SCREENSHOTS;

// Where a slow run stands, for the log of a timeout.
const step = (name: string) => console.log(`shared boards: ${name} ${new Date().toISOString()}`);

/** The item of the board page that holds the offer titled like `offerId`'s card. */
const item = (page: Page) => page.getByTestId('board-item').first();

describe('shared search boards', () => {
  it('two accounts see each other’s status and note changes live; removal ends access at once', async () => {
    await h.signUpByApi('olga.owner@example.com');
    await h.signUpByApi('max.member@example.com');
    await h.db
      .update(users)
      .set({ firstName: 'Olga', lastName: 'Owner' })
      .where(eq(users.email, 'olga.owner@example.com'));
    await h.db
      .update(users)
      .set({ firstName: 'Max', lastName: 'Member' })
      .where(eq(users.email, 'max.member@example.com'));

    // The owner creates a board through its form and lands on it.
    step('create');
    const ownerContext = await h.visitor();
    const owner = await ownerContext.newPage();
    const report = (who: string, page: Page) => {
      page.on('pageerror', (error) => console.log(`${who} page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') console.log(`${who} console: ${message.text()}`);
      });
    };
    report('owner', owner);
    await signIn(owner, h.web.url, 'olga.owner@example.com');
    await owner.goto(`${h.web.url}/en/account/boards`);
    expect(await owner.getByTestId('boards-empty').textContent()).toBe(en('boards.empty'));
    await owner.getByLabel(en('boards.create_label')).fill('Our flat hunt');
    await owner.getByRole('button', { name: en('boards.create') }).click();
    await owner.waitForURL(/\/en\/account\/boards\/\d+$/);
    const boardId = Number(owner.url().split('/').at(-1));
    // An offer on the board (the offer page's "add to board" makes the same call).
    await apiAs(h.api.url, await tokenOf(ownerContext), 'POST', `/my/boards/${boardId}/items`, {
      property_id: h.offerIds[0],
    });
    await owner.reload();
    expect(await owner.getByTestId('board-item').count()).toBe(1);

    // The invitation e-mail goes through the outbox; its link opens the invitation page.
    step('invite');
    await owner.getByLabel(en('boards.invite_label')).fill('max.member@example.com');
    await owner.getByRole('button', { name: en('boards.invite') }).click();
    await expect
      .poll(() => owner.getByTestId('board-outcome').textContent())
      .toBe(en('boards.invited', { email: 'max.member@example.com' }));
    const link = await h.mailLink('max.member@example.com', '/board-invitation/');

    const memberContext = await h.visitor();
    const member = await memberContext.newPage();
    report('member', member);
    await member.goto(`${h.web.url}${link}`);
    expect(await member.locator('h1').textContent()).toBe(en('boards.invitation.title'));
    expect(await axeViolations(member)).toEqual([]);
    // A guest signs in first and comes back to accept.
    step('accept');
    await member.getByTestId('board-invitation-sign-in').click();
    await fillSignInForm(member, 'max.member@example.com');
    await member.waitForURL((url) => url.pathname === link);
    await member.getByTestId('board-invitation-accept').click();
    await member.waitForURL(new RegExp(`/en/account/boards/${boardId}$`));

    // Both pages hold the live stream.
    step('live');
    await owner.reload();
    for (const page of [owner, member]) {
      await hydrated(page, 'screen-board');
      await expect.poll(() => page.getByTestId('screen-board').getAttribute('data-live')).toBe('live');
    }
    expect(await owner.getByTestId('board-member').allTextContents()).toHaveLength(2);
    // A mark that a reload would wipe.
    await member.evaluate(() => {
      (window as unknown as { boardMark: number }).boardMark = 1;
    });

    // The owner books a viewing: the member's page shows it without a reload and says who did.
    step('status');
    await item(owner).getByTestId('board-item-status').selectOption('viewing_booked');
    await item(owner).getByTestId('board-item-viewing').fill('2026-12-20T15:30');
    await item(owner)
      .getByRole('button', { name: new RegExp(`^${en('boards.save')}`) })
      .click();
    await expect
      .poll(() => item(member).getByTestId('board-item-status').inputValue())
      .toBe('viewing_booked');
    expect(await item(member).getByTestId('board-item-viewing').inputValue()).toBe('2026-12-20T15:30');
    await expect
      .poll(() => member.getByTestId('board-announcement').textContent())
      .toBe(en('boards.live.item_updated', { name: 'Olga Owner' }));
    expect(await member.getByTestId('board-announcement').getAttribute('aria-live')).toBe('polite');

    // The member's private note stays theirs; their shared note reaches the owner live.
    step('notes');
    const memberItem = item(member);
    await memberItem.getByLabel(en('boards.note_label')).fill('We could offer 5 % less');
    await memberItem.getByLabel(en('boards.note_private')).check();
    await memberItem.getByRole('button', { name: en('boards.note_add') }).click();
    await expect.poll(() => item(member).getByTestId('board-note').count()).toBe(1);
    // The form is empty again, "private" unticked: the next note is shared unless ticked again.
    await expect.poll(() => item(member).getByLabel(en('boards.note_private')).isChecked()).toBe(false);
    expect(await item(member).getByLabel(en('boards.note_label')).inputValue()).toBe('');
    await item(member).getByLabel(en('boards.note_label')).fill('The balcony faces south');
    await item(member)
      .getByRole('button', { name: en('boards.note_add') })
      .click();
    await expect
      .poll(() => item(owner).getByTestId('board-note').allTextContents())
      .toEqual([expect.stringContaining('The balcony faces south')]);
    await expect
      .poll(() => owner.getByTestId('board-announcement').textContent())
      .toBe(en('boards.live.note_added', { name: 'Max Member' }));
    expect(await owner.textContent('body')).not.toContain('We could offer 5 % less');
    expect(await member.evaluate(() => (window as unknown as { boardMark?: number }).boardMark)).toBe(1);

    expect(await axeViolations(owner)).toEqual([]);
    expect(await axeViolations(member)).toEqual([]);

    // The owner removes the member: the member's open page says so at once.
    step('remove');
    await owner.getByTestId('board-member-remove').click();
    await expect.poll(() => owner.getByTestId('board-member').count()).toBe(1);
    await expect
      .poll(() => member.getByTestId('board-revoked').textContent())
      .toBe(en('boards.live.revoked'));
    const again = await member.goto(`${h.web.url}/en/account/boards/${boardId}`);
    expect(again?.status()).toBe(404);

    await ownerContext.close();
    await memberContext.close();
  }, 420_000);

  it('shows a board in English, Czech and Arabic: its headings, forms and notes in the language, right to left in Arabic', async () => {
    await h.signUpByApi('lenka.locale@example.com');
    const context = await h.visitor();
    const page = await context.newPage();
    await signIn(page, h.web.url, 'lenka.locale@example.com');
    const token = await tokenOf(context);
    const { id: boardId } = await apiAs<{ id: number }>(h.api.url, token, 'POST', '/my/boards', {
      name: 'Byty na Vinohradech',
    });
    const { item_id: itemId } = await apiAs<{ item_id: number }>(
      h.api.url,
      token,
      'POST',
      `/my/boards/${boardId}/items`,
      { property_id: h.offerIds[0] },
    );
    await apiAs(h.api.url, token, 'POST', `/my/boards/${boardId}/items/${itemId}/notes`, {
      body: 'Prohlídka v sobotu v 10:00',
      shared: true,
    });
    for (const locale of ['en', 'cs', 'ar'] as const) {
      await page.goto(`${h.web.url}${boardPath(locale, boardId)}`);
      await hydrated(page, 'board-item');
      expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      expect(await page.locator('h1').textContent()).toContain('Byty na Vinohradech');
      expect(
        await item(page)
          .getByRole('heading', { name: translate(locale, 'boards.notes') })
          .count(),
      ).toBe(1);
      expect(await item(page).getByLabel(translate(locale, 'boards.note_label')).count()).toBe(1);
      expect(await item(page).textContent()).toContain('Prohlídka v sobotu v 10:00');
      // The author's address and the date are isolated from each other and from the page's direction.
      const meta = item(page).getByTestId('board-note').locator('.board-note__meta bdi');
      expect(await meta.allTextContents()).toEqual(['lenka.locale@example.com', expect.stringMatching(/\S/)]);
      expect(await axeViolations(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `board-${locale}.png`), fullPage: true });
    }
    await context.close();
  });
});
