import { offers, properties, users } from '@estately/db';
import { plantedCopy, plantedScene } from '@estately/db/seed';
import {
  OfferDetailSchema,
  PropertyGroupSchema,
  SearchOffersResponseSchema,
  SplitPropertyGroupResponseSchema,
} from '@estately/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, runPhotoJobs, type TestApi, uploadPropertyPhoto } from '../../support/helpers.ts';
import { BRNO_FLAT_BODY, saveProperty } from '../../support/property-bodies.ts';

// Issue 43 point 2 (decision 068): offers of one physical property are grouped when they are
// saved (point, floor, disposition, area and near-duplicate photos, by their perceptual hashes
// made with the photo variants), search shows the group's cheapest offer once with the group's
// count, the detail lists every offer of the group, and only an admin can split a group.
// PGlite, and PostgreSQL with TEST_DATABASE_URL.

let api: TestApi;

const flat = BRNO_FLAT_BODY;

const SEARCH = '/public/offers?offer_type=sale&property_type=apartment&country_code=CZ&per_page=50';

const save = (userId: number, payload: Record<string, unknown>) => saveProperty(api, userId, payload);

/** A listed offer with these pictures, uploaded as a seller does and processed by the worker. */
async function listed(userId: number, payload: Record<string, unknown>, photos: Buffer[]): Promise<number> {
  const id = await save(userId, { ...flat, ...payload });
  for (const [index, data] of photos.entries()) {
    const upload = await uploadPropertyPhoto(api, userId, id, data, {
      filename: `photo-${index}.jpg`,
      contentType: 'image/jpeg',
    });
    expect(upload.statusCode, upload.body).toBeLessThan(300);
  }
  await runPhotoJobs(api);
  await setState(userId, id, 'active');
  return id;
}

async function setState(userId: number, id: number, state: string): Promise<void> {
  const response = await api.app.inject({
    method: 'POST',
    url: `/v1/properties/set-state/${id}`,
    headers: bearer(api.config, userId),
    payload: { state },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function groupRows(ids: number[]) {
  const rows = await api.db
    .select({
      id: offers.id,
      groupId: offers.groupId,
      hidden: offers.groupHidden,
      isPublic: offers.isPublic,
      groupOffers: offers.groupOffers,
      groupSellers: offers.groupSellers,
    })
    .from(offers)
    .where(inArray(offers.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Pictures as JPEG (the upload's accepted formats; plantedCopy may answer WebP). */
async function scenes(seeds: string[], template?: string): Promise<Buffer[]> {
  return Promise.all(seeds.map((seed) => plantedScene(seed, template)));
}

let sellers: { id: number }[];
let original: Buffer[];
let ids: { first: number; second: number; samePlan: number; otherFloor: number; lookAlike: number };

beforeAll(async () => {
  api = await buildTestApi({ RATE_LIMIT_MAX: '0' });
  sellers = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(api.db)));
  original = await scenes(['kitchen', 'bedroom', 'bath']);
  const copies = await Promise.all(original.map((scene, index) => plantedCopy(scene, `second-${index}`)));
  ids = {
    first: await listed(sellers[0]!.id, {}, original),
    // The same flat by another agency: pin a few metres off, area rounded, photos re-encoded.
    second: await listed(sellers[1]!.id, { latitude: 49.19513, useful_area: 61, price: 4_800_000 }, copies),
    // The flat next door: same plan, same floor, pictures of its own.
    samePlan: await listed(sellers[2]!.id, { price: 4_700_000 }, await scenes(['n-kitchen', 'n-bedroom'])),
    // The flat above with the very same pictures (one agency's stock photos): another floor.
    otherFloor: await listed(sellers[3]!.id, { floor: 4, price: 4_600_000 }, original),
    // Same floor and plan, pictures that look alike (same light, same plan) but are other rooms.
    lookAlike: await listed(sellers[4]!.id, { price: 4_500_000 }, [
      ...(await scenes(['l-kitchen'], 'kitchen')),
      ...(await scenes(['l-bedroom'], 'bedroom')),
    ]),
  };
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('grouping on save', () => {
  it('groups the same flat posted by two sellers, and no look-alike', async () => {
    const rows = await groupRows(Object.values(ids));
    const first = rows.get(ids.first);
    const second = rows.get(ids.second);
    expect(first?.groupId).not.toBeNull();
    expect(second?.groupId).toBe(first?.groupId);
    expect(first?.groupId).toBe(Math.min(ids.first, ids.second));
    for (const id of [ids.samePlan, ids.otherFloor, ids.lookAlike]) {
      expect(rows.get(id)?.groupId, `offer ${id}`).toBeNull();
      expect(rows.get(id)?.isPublic).toBe(true);
    }
    // The cheaper offer is the group's card; the other is hidden from search only.
    expect(second).toMatchObject({ hidden: false, isPublic: true, groupOffers: 2, groupSellers: 2 });
    expect(first).toMatchObject({ hidden: true, isPublic: false, groupOffers: 2, groupSellers: 2 });

    // Each seller's own list says whose offer stands for the property in search.
    for (const [seller, id, behind] of [
      [sellers[0]!.id, ids.first, true],
      [sellers[1]!.id, ids.second, false],
    ] as const) {
      const own = await api.app.inject({
        method: 'GET',
        url: '/my/own/properties',
        headers: bearer(api.config, seller),
      });
      expect(own.statusCode, own.body).toBe(200);
      const item = (own.json() as { data: { id: number; grouped_behind: boolean }[] }).data.find(
        (row) => row.id === id,
      );
      expect(item?.grouped_behind).toBe(behind);
    }
  });

  it('hands the card to the other offer when the price changes, and dissolves the group when an offer leaves', async () => {
    await save(sellers[0]!.id, { id: ids.first, price: 4_700_000 });
    let rows = await groupRows([ids.first, ids.second]);
    expect(rows.get(ids.first)).toMatchObject({ hidden: false, isPublic: true });
    expect(rows.get(ids.second)).toMatchObject({ hidden: true, isPublic: false });

    // Withdrawn: the other offer is the card again, and the group counts one visible offer.
    await setState(sellers[0]!.id, ids.first, 'paused');
    rows = await groupRows([ids.first, ids.second]);
    expect(rows.get(ids.second)).toMatchObject({ hidden: false, isPublic: true, groupOffers: 1 });
    expect(rows.get(ids.first)).toMatchObject({ isPublic: false });

    // Back on the market: grouped again, the cheaper one shown.
    await setState(sellers[0]!.id, ids.first, 'active');
    rows = await groupRows([ids.first, ids.second]);
    expect(rows.get(ids.first)).toMatchObject({ hidden: false, isPublic: true, groupOffers: 2 });

    // Moved to another floor by its seller: no longer the same flat.
    await save(sellers[0]!.id, { id: ids.first, floor: 2 });
    rows = await groupRows([ids.first, ids.second]);
    expect(rows.get(ids.first)).toMatchObject({
      groupId: null,
      hidden: false,
      isPublic: true,
      groupOffers: null,
    });
    expect(rows.get(ids.second)).toMatchObject({
      groupId: null,
      hidden: false,
      isPublic: true,
      groupOffers: null,
    });

    await save(sellers[0]!.id, { id: ids.first, floor: 3, price: 5_000_000 });
    rows = await groupRows([ids.first, ids.second]);
    expect(rows.get(ids.first)).toMatchObject({ groupId: Math.min(ids.first, ids.second), hidden: true });
  });
});

describe('results and detail', () => {
  it('shows one card for the group, at the lowest price, with the count of offers and sellers, and totals and facets to match', async () => {
    const response = await api.app.inject({ method: 'GET', url: `${SEARCH}&currency=EUR&facets=1` });
    expect(response.statusCode, response.body).toBe(200);
    const body = SearchOffersResponseSchema.parse(response.json());
    const shown = body.data.map((card) => card.id);
    // The first offer (5,000,000 CZK) is dearer than the second (4,800,000 CZK): only the second shows.
    expect(shown).toContain(ids.second);
    expect(shown).not.toContain(ids.first);
    const card = body.data.find((item) => item.id === ids.second);
    expect(card?.property_group).toEqual({ offers: 2, sellers: 2 });
    expect(card?.original_price).toBe(4_800_000);
    expect(card?.currency_iso_code).toBe('EUR');
    for (const id of [ids.samePlan, ids.otherFloor, ids.lookAlike]) {
      expect(body.data.find((item) => item.id === id)?.property_group).toBeNull();
    }
    expect(body.meta.total).toBe(body.data.length);
    expect(body.facets?.offer_type?.sale).toBe(body.data.length);
  });

  it('lists every offer of the group on the detail of either, cheapest first, with price and seller', async () => {
    await api.db
      .update(users)
      .set({ firstName: 'Jana', lastName: 'Dvořáková' })
      .where(eq(users.id, sellers[1]!.id));
    for (const id of [ids.first, ids.second]) {
      const response = await api.app.inject({ method: 'GET', url: `/public/offers/${id}?currency=CZK` });
      expect(response.statusCode, response.body).toBe(200);
      const detail = OfferDetailSchema.parse(response.json());
      expect(detail.property_group.map((offer) => [offer.id, offer.price])).toEqual([
        [ids.second, 4_800_000],
        [ids.first, 5_000_000],
      ]);
      expect(detail.property_group[0]?.seller_name).toBe('Jana Dvořáková');
    }
    const alone = await api.app.inject({ method: 'GET', url: `/public/offers/${ids.samePlan}` });
    expect(OfferDetailSchema.parse(alone.json()).property_group).toEqual([]);
  });
});

describe('admin split', () => {
  it('refuses a seller, even one of the group, and changes nothing', async () => {
    const before = await groupRows([ids.first, ids.second]);
    const split = await api.app.inject({
      method: 'POST',
      url: `/admin/property-groups/${ids.first}/split`,
      headers: bearer(api.config, sellers[0]!.id),
      payload: { offer_ids: [ids.first] },
    });
    expect(split.statusCode).toBe(403);
    const view = await api.app.inject({
      method: 'GET',
      url: `/admin/property-groups/${ids.first}`,
      headers: bearer(api.config, sellers[0]!.id),
    });
    expect(view.statusCode).toBe(403);
    expect(await groupRows([ids.first, ids.second])).toEqual(before);
  });

  it('refuses a split of an offer outside the group or of the whole group, and changes nothing', async () => {
    const admin = await createUser(api.db, { isAdmin: true });
    const before = await groupRows([ids.first, ids.second]);
    for (const offerIds of [[ids.samePlan], [ids.first, ids.second]]) {
      const split = await api.app.inject({
        method: 'POST',
        url: `/admin/property-groups/${ids.second}/split`,
        headers: bearer(api.config, admin.id),
        payload: { offer_ids: offerIds },
      });
      expect(split.statusCode, split.body).toBe(422);
    }
    expect(await groupRows([ids.first, ids.second])).toEqual(before);
  });

  it('lets an admin split a group for good: both offers show again, and a later save does not join them', async () => {
    const admin = await createUser(api.db, { isAdmin: true });
    const view = await api.app.inject({
      method: 'GET',
      url: `/admin/property-groups/${ids.first}`,
      headers: bearer(api.config, admin.id),
    });
    expect(view.statusCode, view.body).toBe(200);
    const group = PropertyGroupSchema.parse(view.json());
    expect(group.members.map((member) => [member.id, member.is_card])).toEqual([
      [ids.second, true],
      [ids.first, false],
    ]);

    const split = await api.app.inject({
      method: 'POST',
      url: `/admin/property-groups/${ids.first}/split`,
      headers: bearer(api.config, admin.id),
      payload: { offer_ids: [ids.first] },
    });
    expect(split.statusCode, split.body).toBe(200);
    const answer = SplitPropertyGroupResponseSchema.parse(split.json());
    expect(answer.split_off).toMatchObject({ id: null, members: [{ id: ids.first, is_card: true }] });
    expect(answer.remaining).toMatchObject({ id: null, members: [{ id: ids.second, is_card: true }] });
    let rows = await groupRows([ids.first, ids.second]);
    expect(rows.get(ids.first)).toMatchObject({ groupId: null, isPublic: true, hidden: false });
    expect(rows.get(ids.second)).toMatchObject({ groupId: null, isPublic: true, hidden: false });

    // The seller saves again: the rule still matches, the split keeps them apart.
    await save(sellers[0]!.id, { id: ids.first, price: 4_900_000 });
    rows = await groupRows([ids.first, ids.second]);
    expect(rows.get(ids.first)?.groupId).toBeNull();
    expect(rows.get(ids.second)?.groupId).toBeNull();
  });
});

describe('a flat handed to another seller', () => {
  it('continues the withdrawn offer of the same property by another seller, photos matching, with its history', async () => {
    const place = { latitude: 49.2105, longitude: 16.5902 };
    const rooms = await scenes(['handed-kitchen', 'handed-bedroom']);
    const before = await listed(sellers[2]!.id, place, rooms);
    await setState(sellers[2]!.id, before, 'paused');
    const copies = await Promise.all(rooms.map((scene, index) => plantedCopy(scene, `handed-${index}`)));
    const after = await listed(sellers[3]!.id, { ...place, latitude: 49.21053 }, copies);
    const [row] = await api.db
      .select({ relistedFrom: properties.relistedFrom })
      .from(properties)
      .where(eq(properties.id, after));
    expect(row?.relistedFrom).toBe(before);
    const detail = OfferDetailSchema.parse(
      (await api.app.inject({ method: 'GET', url: `/public/offers/${after}` })).json(),
    );
    expect(detail.history.map((entry) => entry.kind)).toEqual(['listed', 'withdrawn', 'relisted']);

    // The same values with other pictures (the mirror flat next door) continue nothing.
    await setState(sellers[3]!.id, after, 'paused');
    const next = await listed(sellers[4]!.id, place, await scenes(['next-kitchen', 'next-bedroom']));
    const [other] = await api.db
      .select({ relistedFrom: properties.relistedFrom })
      .from(properties)
      .where(eq(properties.id, next));
    expect(other?.relistedFrom).toBeNull();
  });
});
