// Issue 43 point 2 in Chromium against the real API (decision 068): a seed flat posted again by
// a second seller, cheaper, with the same photos (their perceptual hashes), is grouped by the
// product's matching on write; results show one card, the cheaper one, saying "offered by 2
// sellers, from X", and the offer page lists both offers with seller and price (cs, en, ar right
// to left); an admin splits the group from the offer's moderation page; the pages pass axe.

import { join } from 'node:path';
import { offers, properties, propertyMedia, users } from '@estately/db';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@estately/db/seed';
import { translate } from '@estately/i18n';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncOfferRow } from '../../api/src/features/seller-properties/sync-offer-row.ts';
import { signIn } from './account-helpers.ts';
import { hydrated } from './browser-setup.ts';
import {
  axeViolations,
  czechSaleFlat,
  type SearchHarness,
  startSearchHarness,
} from './search-e2e-harness.ts';

let h: SearchHarness;
let first: number;
let second: number;
let firstPrice: number;

/** Two informative 64-bit difference hashes: the two photos both offers show. */
const HASHES = ['a5c3f00f5a3c0ff0', '3cf00ff0a55ac33c'];

beforeAll(async () => {
  h = await startSearchHarness({ offers: 40, seed: 'property-groups-e2e' });
  const db = h.database.db;
  const flat = await czechSaleFlat(db);
  first = flat.id;
  firstPrice = flat.price;
  const [property] = await db.select().from(properties).where(eq(properties.id, first));
  if (!property) throw new Error('no property');
  const photos = await db
    .select()
    .from(propertyMedia)
    .where(eq(propertyMedia.propertyId, first))
    .orderBy(asc(propertyMedia.position), asc(propertyMedia.id))
    .limit(2);
  expect(photos.length).toBe(2);
  for (const [index, photo] of photos.entries()) {
    await db
      .update(propertyMedia)
      .set({ perceptualHash: HASHES[index] })
      .where(eq(propertyMedia.id, photo.id));
  }
  const [seller] = await db
    .insert(users)
    .values({ email: 'jana@example.com', passwordHash: 'x', firstName: 'Jana', lastName: 'Nováková' })
    .returning({ id: users.id });
  const { id: _id, ...values } = property;
  const [copy] = await db
    .insert(properties)
    .values({
      ...values,
      ownerId: seller!.id,
      sellerId: null,
      price: firstPrice - 100_000,
      relistedFrom: null,
    })
    .returning({ id: properties.id });
  second = copy!.id;
  for (const [index, photo] of photos.entries()) {
    const { id: _photoId, propertyId: _property, createdAt: _created, isFloorPlan: _plan, ...kept } = photo;
    await db.insert(propertyMedia).values({ ...kept, propertyId: second, perceptualHash: HASHES[index] });
  }
  // The write of the copy as every property write ends: its offers row, then its group.
  await db.transaction((tx) => syncOfferRow(tx, second));
  const rows = await db
    .select({ id: offers.id, groupId: offers.groupId })
    .from(offers)
    .where(eq(offers.groupId, first));
  expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual([first, second].sort((a, b) => a - b));
});

afterAll(async () => {
  await h?.close();
});

/** A folder to save screenshots into, when set. */
const SHOTS = process.env.GROUPING_SCREENSHOTS;

const plain = (text: string | null) =>
  text
    ?.replace(/[\u00a0\u202f\u200e\u200f\u2066-\u2069]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim() ?? '';

describe('one card per property', () => {
  it('shows the cheaper offer once with the number of sellers, and not the other (cs)', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/cs/hledani/prodej/byty/cesko`);
    const cardOf = (id: number) =>
      page.getByTestId('offer-card').filter({ has: page.locator(`a[href="/cs/property/${id}"]`) });
    await cardOf(second).waitFor();
    expect(await cardOf(first).count()).toBe(0);
    const group = cardOf(second).getByTestId('offer-card-group');
    expect(plain(await group.textContent())).toMatch(/^Nabízejí 2 prodejci, od [\d ]+ Kč$/);
    expect(plain(await group.textContent())).toContain(
      plain(new Intl.NumberFormat('cs-CZ').format(firstPrice - 100_000)),
    );
    if (SHOTS) await cardOf(second).screenshot({ path: join(SHOTS, 'grouping-card-cs.png') });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('lists both offers on the offer page with seller and price, cheapest first (cs, en)', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/cs/property/${first}`);
    const section = page.getByTestId('property-group');
    expect(await section.getByRole('heading').textContent()).toBe('Všechny nabídky této nemovitosti');
    const items = section.getByTestId('property-group-offer');
    expect(await items.count()).toBe(2);
    expect(plain(await items.nth(0).textContent())).toMatch(/^Jana Nováková: [\d ]+ Kč$/);
    expect(await items.nth(0).locator('a').getAttribute('href')).toBe(`/cs/property/${second}`);
    expect(plain(await items.nth(1).textContent())).toMatch(/\(tento inzerát\)$/);
    expect(await items.nth(1).locator('a').count()).toBe(0);
    if (SHOTS) await section.screenshot({ path: join(SHOTS, 'grouping-cs.png') });
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${h.web.url}/en/property/${second}`);
    const english = page.getByTestId('property-group');
    expect(await english.getByRole('heading').textContent()).toBe(translate('en', 'offer.group_heading'));
    expect(plain(await english.getByTestId('property-group-offer').nth(0).textContent())).toMatch(
      /^Jana Nováková: \$[\d,]+ \(this offer\)$/,
    );
    if (SHOTS) await english.screenshot({ path: join(SHOTS, 'grouping-en.png') });
    await context.close();
  });

  it('reads right to left in Arabic', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/ar/property/${first}`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const section = page.getByTestId('property-group');
    expect(await section.getByRole('heading').textContent()).toBe(translate('ar', 'offer.group_heading'));
    const item = section.getByTestId('property-group-offer').first();
    // The seller's name leads the line from the right edge.
    const [line, name] = await Promise.all([item.boundingBox(), item.locator('a').boundingBox()]);
    expect(Math.abs(line!.x + line!.width - (name!.x + name!.width))).toBeLessThan(4);
    if (SHOTS) await section.screenshot({ path: join(SHOTS, 'grouping-ar.png') });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('an admin splits a wrong group', () => {
  it('lists the group on the offer’s moderation page; split off, both offers show in search again', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await signIn(page, h.web.url, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
    await page.goto(`${h.web.url}/en/account/admin/offers?id=${first}`);
    const group = page.getByTestId('offer-group');
    expect(await group.getByRole('heading').textContent()).toBe(translate('en', 'admin.group_heading'));
    const members = group.getByTestId('offer-group-member');
    expect(await members.count()).toBe(2);
    expect(plain(await members.nth(0).textContent())).toContain(`Offer ${second}:`);
    expect(plain(await members.nth(0).textContent())).toContain(translate('en', 'admin.group_card'));
    expect(await axeViolations(page)).toEqual([]);
    // Sent through the router once the page has hydrated (the outcome is the action's answer).
    await hydrated(page, 'offer-group-split');
    await members.nth(1).getByTestId('offer-group-split').click();
    await page.getByText(translate('en', 'admin.group_split_done')).waitFor();
    // The group of two is gone once the page has its data again; the outcome stays said.
    await expect.poll(() => page.getByTestId('offer-group').count()).toBe(0);
    expect(await page.getByText(translate('en', 'admin.group_split_done')).isVisible()).toBe(true);
    await context.close();

    const rows = await h.database.db
      .select({ id: offers.id, groupId: offers.groupId, isPublic: offers.isPublic })
      .from(offers)
      .where(inArray(offers.id, [first, second]));
    expect(rows.map((row) => [row.groupId, row.isPublic])).toEqual([
      [null, true],
      [null, true],
    ]);
    const visitor = await h.visitor();
    const results = await visitor.newPage();
    await results.goto(`${h.web.url}/cs/hledani/prodej/byty/cesko`);
    for (const id of [first, second]) {
      const card = results
        .getByTestId('offer-card')
        .filter({ has: results.locator(`a[href="/cs/property/${id}"]`) });
      expect(await card.count()).toBe(1);
      expect(await card.getByTestId('offer-card-group').count()).toBe(0);
    }
    await visitor.close();
  });
});
