import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { offers, priceHistory, properties, propertyMedia, propertyTranslations } from '@estately/db';
import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import {
  buildTestApi,
  ensurePropertyPhoto,
  type TestApi,
  uploadPropertyPhoto,
} from '../../support/helpers.ts';

// Issue 38 point 12: my offers with filters, search, sort and paging; bulk actions (reserve,
// withdraw, renew, delete drafts) answered per id in one transaction; duplicating an offer as a
// new draft with copies of its photo files.

let api: TestApi;
let owner: { id: number };
let other: { id: number };

type Draft = Record<string, unknown>;

const BASE: Draft = {
  offer_type: 'sale',
  property_type: 'apartment',
  price: 5_000_000,
  disposition: '2',
  room: ['living_room', 'bedroom'],
  useful_area: 55,
  description: 'Světlý byt s balkonem.',
  street: 'Dlouhá 12',
  city: 'Praha',
  country_code: 'CZ',
  latitude: 50.09,
  longitude: 14.42,
  contact: { contact_email: 'seller@example.com' },
};

async function save(userId: number, fields: Draft): Promise<number> {
  const response = await api.app.inject({
    method: 'POST',
    url: '/v1/property/save',
    headers: bearer(api.config, userId),
    payload: { ...BASE, ...fields },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as number;
}

async function publish(userId: number, id: number): Promise<void> {
  await ensurePropertyPhoto(api.db, id);
  const response = await api.app.inject({
    method: 'POST',
    url: `/v1/properties/set-state/${id}`,
    headers: bearer(api.config, userId),
    payload: { state: 'active' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

function list(userId: number, query: string) {
  return api.app.inject({
    method: 'GET',
    url: `/my/own/properties?${query}`,
    headers: bearer(api.config, userId),
  });
}

function bulk(userId: number, payload: unknown) {
  return api.app.inject({
    method: 'POST',
    url: '/my/own/properties/bulk',
    headers: bearer(api.config, userId),
    payload: payload as Record<string, unknown>,
  });
}

async function stateOf(id: number): Promise<string | undefined> {
  const [row] = await api.db
    .select({ state: properties.state })
    .from(properties)
    .where(eq(properties.id, id));
  return row?.state;
}

beforeAll(async () => {
  api = await buildTestApi({ ACCOUNT_MAX_PROPERTIES: '200', LOG_LEVEL: 'error' });
  owner = await createUser(api.db);
  other = await createUser(api.db);
});

afterAll(async () => {
  await api.close();
});

describe('GET /my/own/properties filters, search, sort and paging', () => {
  let seller: { id: number };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    seller = await createUser(api.db);
    ids.saleFlat = await save(seller.id, { price: 4_000_000, street: 'Dlouhá 12', city: 'Praha' });
    ids.rentFlat = await save(seller.id, {
      offer_type: 'rent',
      price: 18_000,
      rent_price_period: 'month',
      street: 'Náměstí Míru 5',
      city: 'Brno',
    });
    ids.house = await save(seller.id, {
      property_type: 'house',
      disposition: '5',
      price: 9_000_000,
      street: 'Zahradní 3',
      city: 'Plzeň',
    });
    ids.noPrice = await save(seller.id, { price: null, street: 'Krátká 1', city: 'Ostrava' });
    await publish(seller.id, ids.saleFlat);
    await save(other.id, { street: 'Dlouhá 12', city: 'Praha' });
  });

  const idsOf = (body: { data: { id: number }[] }) => body.data.map((item) => item.id);

  it('filters by state, offer type and property type, with the total of the filtered list', async () => {
    const active = (await list(seller.id, 'state=active')).json();
    expect(idsOf(active)).toEqual([ids.saleFlat]);
    expect(active.meta.total).toBe(1);
    const rent = (await list(seller.id, 'offer_type=rent')).json();
    expect(idsOf(rent)).toEqual([ids.rentFlat]);
    const houses = (await list(seller.id, 'property_type=house')).json();
    expect(idsOf(houses)).toEqual([ids.house]);
    const draftSales = (await list(seller.id, 'state=draft&offer_type=sale')).json();
    expect(idsOf(draftSales).sort()).toEqual([ids.house, ids.noPrice].sort());
  });

  it('searches the address without accents and case, every word, and finds an offer by its number', async () => {
    expect(idsOf((await list(seller.id, 'q=plzen')).json())).toEqual([ids.house]);
    expect(idsOf((await list(seller.id, `q=${encodeURIComponent('NAMESTI miru brno')}`)).json())).toEqual([
      ids.rentFlat,
    ]);
    expect(idsOf((await list(seller.id, `q=${encodeURIComponent('náměstí praha')}`)).json())).toEqual([]);
    expect(idsOf((await list(seller.id, `q=${encodeURIComponent(`#${ids.noPrice}`)}`)).json())).toEqual([
      ids.noPrice,
    ]);
    // Another seller's offer at the same address is never found.
    expect(idsOf((await list(seller.id, 'q=dlouha')).json())).toEqual([ids.saleFlat]);
    // LIKE wildcards are plain characters.
    expect(idsOf((await list(seller.id, 'q=%25')).json())).toEqual([]);
    expect(idsOf((await list(seller.id, 'q=_')).json())).toEqual([]);
  });

  it('sorts by price either way with the priceless last, and newest or oldest first', async () => {
    expect(idsOf((await list(seller.id, 'sort=price_asc')).json())).toEqual([
      ids.rentFlat,
      ids.saleFlat,
      ids.house,
      ids.noPrice,
    ]);
    expect(idsOf((await list(seller.id, 'sort=price_desc')).json())).toEqual([
      ids.house,
      ids.saleFlat,
      ids.rentFlat,
      ids.noPrice,
    ]);
    expect(idsOf((await list(seller.id, '')).json())).toEqual([
      ids.noPrice,
      ids.house,
      ids.rentFlat,
      ids.saleFlat,
    ]);
    expect(idsOf((await list(seller.id, 'sort=oldest')).json())).toEqual([
      ids.saleFlat,
      ids.rentFlat,
      ids.house,
      ids.noPrice,
    ]);
  });

  it('pages with totals', async () => {
    const first = (await list(seller.id, 'per_page=3&sort=oldest')).json();
    expect(first.meta).toMatchObject({ total: 4, total_pages: 2, page: 1, next_page: 2, prev_page: null });
    expect(first.data).toHaveLength(3);
    const second = (await list(seller.id, 'per_page=3&page=2&sort=oldest')).json();
    expect(idsOf(second)).toEqual([ids.noPrice]);
    expect(second.meta).toMatchObject({ page: 2, next_page: null, prev_page: 1 });
  });

  it('refuses bad parameters with the parameter named', async () => {
    for (const [query, field] of [
      ['state=lost', 'state'],
      ['offer_type=swap', 'offer_type'],
      ['property_type=castle', 'property_type'],
      ['sort=random', 'sort'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ] as const) {
      const response = await list(seller.id, query);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors), query).toContain(field);
    }
  });
});

describe('POST /my/own/properties/bulk', () => {
  it("withdraws and reserves what the lifecycle allows and answers each id, another seller's as not found", async () => {
    const a = await save(owner.id, {});
    const b = await save(owner.id, {});
    const draft = await save(owner.id, {});
    const foreign = await save(other.id, {});
    await publish(owner.id, a);
    await publish(owner.id, b);
    await publish(other.id, foreign);

    const response = await bulk(owner.id, { action: 'withdraw', ids: [a, draft, foreign, b, 999_999_999] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      action: 'withdraw',
      data: [
        { id: a, outcome: 'done', reason: null },
        { id: draft, outcome: 'refused', reason: 'not_allowed' },
        { id: foreign, outcome: 'refused', reason: 'not_found' },
        { id: b, outcome: 'done', reason: null },
        { id: 999_999_999, outcome: 'refused', reason: 'not_found' },
      ],
    });
    expect(await stateOf(a)).toBe('paused');
    expect(await stateOf(b)).toBe('paused');
    expect(await stateOf(draft)).toBe('draft');
    expect(await stateOf(foreign)).toBe('active');
    // The offers row follows in the same transaction: search no longer shows them.
    const [row] = await api.db.select({ isPublic: offers.isPublic }).from(offers).where(eq(offers.id, a));
    expect(row?.isPublic).toBe(false);

    // Reserve: a paused offer cannot be reserved; an active one can.
    const c = await save(owner.id, {});
    await publish(owner.id, c);
    const reserved = (await bulk(owner.id, { action: 'reserve', ids: [c, a] })).json();
    expect(reserved.data).toEqual([
      { id: c, outcome: 'done', reason: null },
      { id: a, outcome: 'refused', reason: 'not_allowed' },
    ]);
    expect(await stateOf(c)).toBe('reserved');
  });

  it('renews a public offer once its activation is a week old, not before, and not a draft', async () => {
    const old = await save(owner.id, {});
    const fresh = await save(owner.id, {});
    const draft = await save(owner.id, {});
    await publish(owner.id, old);
    await publish(owner.id, fresh);
    await api.db
      .update(properties)
      .set({ activatedAt: sql`now() - interval '8 days'` })
      .where(eq(properties.id, old));
    const before = Date.now();
    const answer = (await bulk(owner.id, { action: 'renew', ids: [old, fresh, draft] })).json();
    expect(answer.data).toEqual([
      { id: old, outcome: 'done', reason: null },
      { id: fresh, outcome: 'refused', reason: 'renewed_recently' },
      { id: draft, outcome: 'refused', reason: 'not_allowed' },
    ]);
    const [renewed] = await api.db.select({ at: offers.activatedAt }).from(offers).where(eq(offers.id, old));
    expect(renewed!.at.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(await stateOf(old)).toBe('active');
  });

  it('deletes drafts only, with their photo files, and refuses the rest', async () => {
    const draft = await save(owner.id, {});
    const active = await save(owner.id, {});
    await publish(owner.id, active);
    const photo = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    const uploaded = await uploadPropertyPhoto(api, owner.id, draft, photo);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [media] = await api.db.select().from(propertyMedia).where(eq(propertyMedia.propertyId, draft));
    const file = path.join(api.config.mediaDir, media!.storageKey);
    expect(existsSync(file)).toBe(true);

    const answer = (await bulk(owner.id, { action: 'delete', ids: [draft, active] })).json();
    expect(answer.data).toEqual([
      { id: draft, outcome: 'done', reason: null },
      { id: active, outcome: 'refused', reason: 'not_draft' },
    ]);
    expect(await stateOf(draft)).toBeUndefined();
    expect(await stateOf(active)).toBe('active');
    expect(existsSync(file)).toBe(false);
  });

  it("refuses to renew a struck offer, and gives an admin no rights over another seller's offers here", async () => {
    const struck = await save(owner.id, {});
    await publish(owner.id, struck);
    await api.db
      .update(properties)
      .set({ struckAt: sql`now()`, strikeReason: 'spam', activatedAt: sql`now() - interval '30 days'` })
      .where(eq(properties.id, struck));
    const answer = (await bulk(owner.id, { action: 'renew', ids: [struck] })).json();
    expect(answer.data).toEqual([{ id: struck, outcome: 'refused', reason: 'struck' }]);

    const admin = await createUser(api.db, { isAdmin: true });
    const mine = await save(owner.id, {});
    const asAdmin = (await bulk(admin.id, { action: 'delete', ids: [mine] })).json();
    expect(asAdmin.data).toEqual([{ id: mine, outcome: 'refused', reason: 'not_found' }]);
    expect(await stateOf(mine)).toBe('draft');
  });

  it('refuses a bad body with a clear error and changes nothing', async () => {
    const id = await save(owner.id, {});
    for (const payload of [
      { action: 'explode', ids: [id] },
      { action: 'delete', ids: [] },
      { action: 'delete', ids: [id, id] },
      { action: 'delete', ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      { action: 'delete', ids: ['x'] },
      { action: 'delete', ids: [id], extra: true },
    ]) {
      const response = await bulk(owner.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().code).toBe('validation_errors');
    }
    expect(await stateOf(id)).toBe('draft');
    const anonymous = await api.app.inject({
      method: 'POST',
      url: '/my/own/properties/bulk',
      payload: { action: 'delete', ids: [id] },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await stateOf(id)).toBe('draft');
  });
});

describe('POST /properties/{id}/duplicate', () => {
  it("makes a draft with every field, texts and copied photo files; deleting the copy keeps the original's files", async () => {
    const id = await save(owner.id, {
      price: 6_100_000,
      flat_settings: { balcony_area: 4 },
      other_params: ['loggia', 'lift'],
      floor: 3,
      total_floors: 5,
    });
    const photo = (colour: string) =>
      sharp({ create: { width: 240, height: 180, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
    for (const colour of ['#224488', '#448822']) {
      const uploaded = await uploadPropertyPhoto(api, owner.id, id, await photo(colour));
      expect(uploaded.statusCode, uploaded.body).toBe(200);
    }
    // The original is public (its state, dates and statistics stay behind).
    await api.db
      .update(properties)
      .set({ state: 'active', activatedAt: sql`now()`, publishedAt: sql`now()` })
      .where(eq(properties.id, id));
    await api.db
      .insert(propertyTranslations)
      .values({ propertyId: id, locale: 'en', description: 'Bright flat.' });

    const response = await api.app.inject({
      method: 'POST',
      url: `/properties/${id}/duplicate`,
      headers: bearer(api.config, owner.id),
    });
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json().data;
    expect(copy.id).not.toBe(id);
    expect(response.headers.location).toBe(`/properties/${copy.id}`);
    const original = (
      await api.app.inject({ method: 'GET', url: `/properties/${id}`, headers: bearer(api.config, owner.id) })
    ).json().data;
    expect(copy.state).toBe('draft');
    expect(copy.published_at).toBeNull();
    expect(copy.activated_at).toBeNull();
    for (const field of [
      'offer_type',
      'property_type',
      'price',
      'disposition',
      'room',
      'useful_area',
      'useful_area_meters',
      'floor',
      'total_floors',
      'flat_settings',
      'other_params',
      'description',
      'street',
      'city',
      'latitude',
      'longitude',
      'location_id',
      'contact',
    ]) {
      expect(copy[field], field).toEqual(original[field]);
    }
    const [translation] = await api.db
      .select()
      .from(propertyTranslations)
      .where(eq(propertyTranslations.propertyId, copy.id));
    expect(translation?.description).toBe('Bright flat.');
    const history = await api.db.select().from(priceHistory).where(eq(priceHistory.propertyId, copy.id));
    expect(history.map((h) => h.price)).toEqual([6_100_000]);
    // The copy has no offers row (never public) and no statistics.
    expect(await api.db.select().from(offers).where(eq(offers.id, copy.id))).toEqual([]);

    const rows = (propertyId: number) =>
      api.db
        .select()
        .from(propertyMedia)
        .where(eq(propertyMedia.propertyId, propertyId))
        .orderBy(asc(propertyMedia.position));
    const originals = await rows(id);
    const copies = await rows(copy.id);
    expect(copies).toHaveLength(2);
    expect(copies.map((m) => [m.position, m.isMain, m.width])).toEqual(
      originals.map((m) => [m.position, m.isMain, m.width]),
    );
    const fileOf = (key: string) => path.join(api.config.mediaDir, key);
    for (const [index, media] of copies.entries()) {
      const source = originals[index]!;
      expect(media.storageKey).not.toBe(source.storageKey);
      expect(media.storageKey.startsWith(`properties/${copy.id}/`)).toBe(true);
      expect(existsSync(fileOf(media.storageKey))).toBe(true);
      expect(readFileSync(fileOf(media.storageKey)).equals(readFileSync(fileOf(source.storageKey)))).toBe(
        true,
      );
      for (const key of Object.values(media.variants ?? {}))
        expect(existsSync(fileOf(key as string)), key as string).toBe(true);
    }

    // Deleting the copy (a draft) removes its files, never the original's.
    const deleted = (await bulk(owner.id, { action: 'delete', ids: [copy.id] })).json();
    expect(deleted.data[0].outcome).toBe('done');
    for (const media of copies) expect(existsSync(fileOf(media.storageKey))).toBe(false);
    for (const media of originals) {
      expect(existsSync(fileOf(media.storageKey))).toBe(true);
      for (const key of Object.values(media.variants ?? {}))
        expect(existsSync(fileOf(key as string)), key as string).toBe(true);
    }
    const page = await api.app.inject({ method: 'GET', url: `/properties/${id}` });
    expect(page.statusCode).toBe(200);
  });

  it("answers 404 for another seller's property and creates nothing", async () => {
    const foreign = await save(other.id, {});
    const [before] = await api.db.select({ n: sql<number>`count(*)::int` }).from(properties);
    const response = await api.app.inject({
      method: 'POST',
      url: `/properties/${foreign}/duplicate`,
      headers: bearer(api.config, owner.id),
    });
    expect(response.statusCode).toBe(404);
    const [after] = await api.db.select({ n: sql<number>`count(*)::int` }).from(properties);
    expect(after?.n).toBe(before?.n);
  });

  it("keeps the account's photo limit: a copy whose photos would pass it stores nothing", async () => {
    const limited = await buildTestApi({ ACCOUNT_MAX_PHOTOS: '1' });
    try {
      const user = await createUser(limited.db);
      const saved = await limited.app.inject({
        method: 'POST',
        url: '/v1/property/save',
        headers: bearer(limited.config, user.id),
        payload: BASE,
      });
      const id = saved.json().data.id as number;
      const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer();
      expect((await uploadPropertyPhoto(limited, user.id, id, photo)).statusCode).toBe(200);
      const response = await limited.app.inject({
        method: 'POST',
        url: `/properties/${id}/duplicate`,
        headers: bearer(limited.config, user.id),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ file: ['validation.too_many_account_photos'] });
      const owned = await limited.db.select().from(properties).where(eq(properties.ownerId, user.id));
      expect(owned).toHaveLength(1);
      expect(existsSync(path.join(limited.config.mediaDir, 'properties', String(id + 1)))).toBe(false);
    } finally {
      await limited.close();
    }
  });

  it("keeps the account's property limit", async () => {
    const limited = await buildTestApi({ ACCOUNT_MAX_PROPERTIES: '1' });
    try {
      const user = await createUser(limited.db);
      const saved = await limited.app.inject({
        method: 'POST',
        url: '/v1/property/save',
        headers: bearer(limited.config, user.id),
        payload: BASE,
      });
      const response = await limited.app.inject({
        method: 'POST',
        url: `/properties/${saved.json().data.id}/duplicate`,
        headers: bearer(limited.config, user.id),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ property: ['validation.too_many_properties'] });
    } finally {
      await limited.close();
    }
  });
});
