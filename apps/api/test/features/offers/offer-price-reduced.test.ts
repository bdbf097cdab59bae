import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER, offers } from '@estately/db';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, ensurePropertyPhoto, type TestApi } from '../../support/helpers.ts';

// Issue 39 point 12: the "reduced" badge. A card and the offer page say so when the last price
// change of a published offer lowered the price; a rise, a change while a draft or a change of
// currency does not. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let api: TestApi;
let owner: { id: number };

const SEARCH = '/public/offers?offer_type=sale&property_type=apartment&country_code=CZ&per_page=50';

const body = {
  offer_type: 'sale',
  property_type: 'apartment',
  price: 4_500_000,
  currency_iso_code: 'CZK',
  disposition: '2',
  room: ['living_room', 'bedroom', 'kitchen'],
  useful_area: 55,
  description: 'Quiet flat.',
  city: 'Brno',
  country_code: 'CZ',
  latitude: 49.19,
  longitude: 16.61,
  contact: { contact_name: 'Petr', contact_phone: '+420 600 000 000' },
};

async function save(payload: Record<string, unknown>): Promise<number> {
  const response = await api.app.inject({
    method: 'POST',
    url: '/v1/property/save',
    headers: bearer(api.config, owner.id),
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id;
}

async function publish(id: number): Promise<void> {
  await ensurePropertyPhoto(api.db, id);
  const response = await api.app.inject({
    method: 'POST',
    url: `/v1/properties/set-state/${id}`,
    headers: bearer(api.config, owner.id),
    payload: { state: 'active' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A published offer whose price then changes to each of `prices` in turn. */
async function offerPricedThrough(prices: { price: number; currency?: string }[]): Promise<number> {
  const id = await save(body);
  await publish(id);
  for (const next of prices) {
    await save({ id, price: next.price, currency_iso_code: next.currency ?? 'CZK' });
  }
  return id;
}

async function cards(): Promise<Map<number, { is_price_reduced: boolean; published_at: string | null }>> {
  const response = await api.app.inject({ method: 'GET', url: SEARCH });
  expect(response.statusCode, response.body).toBe(200);
  return new Map(response.json().data.map((card: { id: number }) => [card.id, card]));
}

async function detailReduced(id: number): Promise<boolean> {
  const response = await api.app.inject({ method: 'GET', url: `/public/offers/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().is_price_reduced;
}

beforeAll(async () => {
  api = await buildTestApi({ RATE_LIMIT_MAX: '0' });
  owner = await createUser(api.db);
});

afterAll(async () => {
  await api?.close();
});

describe('the "reduced" badge (issue 39 point 12)', () => {
  it('marks a card and the offer page reduced after a price drop, and not after a rise', async () => {
    const dropped = await offerPricedThrough([{ price: 4_200_000 }]);
    const raised = await offerPricedThrough([{ price: 4_800_000 }]);
    const untouched = await offerPricedThrough([]);
    const found = await cards();
    expect(found.get(dropped)?.is_price_reduced).toBe(true);
    expect(found.get(raised)?.is_price_reduced).toBe(false);
    expect(found.get(untouched)?.is_price_reduced).toBe(false);
    // The card says when the offer was first published: the "new" badge counts from it.
    expect(Date.parse(found.get(untouched)?.published_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(await detailReduced(dropped)).toBe(true);
    expect(await detailReduced(raised)).toBe(false);
  });

  it('follows the last change: a drop then a rise is no longer reduced, a rise then a drop is', async () => {
    const downUp = await offerPricedThrough([{ price: 4_000_000 }, { price: 4_100_000 }]);
    const upDown = await offerPricedThrough([{ price: 5_000_000 }, { price: 4_900_000 }]);
    const found = await cards();
    expect(found.get(downUp)?.is_price_reduced).toBe(false);
    expect(found.get(upDown)?.is_price_reduced).toBe(true);
  });

  it('ignores a price lowered while a draft and a change of currency alone', async () => {
    const draft = await save(body);
    await save({ id: draft, price: 4_000_000 });
    await publish(draft);
    // 4,500,000 CZK to 180,000 EUR: a smaller number, in another currency.
    const recurrenced = await offerPricedThrough([{ price: 180_000, currency: 'EUR' }]);
    const found = await cards();
    expect(found.get(draft)?.is_price_reduced).toBe(false);
    expect(found.get(recurrenced)?.is_price_reduced).toBe(false);
  });

  it('migration 0027 fills the flag of rows written before it by the same rule', async () => {
    const dropped = await offerPricedThrough([{ price: 4_300_000 }]);
    const raised = await offerPricedThrough([{ price: 4_600_000 }]);
    const draft = await save(body);
    await save({ id: draft, price: 3_900_000 });
    await publish(draft);
    const ids = [dropped, raised, draft];
    await api.db.update(offers).set({ isPriceReduced: false }).where(inArray(offers.id, ids));
    const migration = readFileSync(path.join(MIGRATIONS_FOLDER, '0027_offer_price_reduced.sql'), 'utf8');
    const update = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .find((statement) => statement.startsWith('UPDATE'));
    expect(update).toBeDefined();
    await api.db.execute(sql.raw(update as string));
    const flag = async (id: number) =>
      (await api.db.select({ reduced: offers.isPriceReduced }).from(offers).where(eq(offers.id, id)))[0]
        ?.reduced;
    expect(await flag(dropped)).toBe(true);
    expect(await flag(raised)).toBe(false);
    expect(await flag(draft)).toBe(false);
  });
});
