import { readFileSync } from 'node:fs';
import path from 'node:path';
import { feedListings, MIGRATIONS_FOLDER, offers, properties, propertyStateHistory } from '@estately/db';
import { OfferCardSchema, type OfferDetail, OfferDetailSchema } from '@estately/domain';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  relistCandidates,
  WITHDRAWN_STATES,
} from '../../../src/features/seller-properties/find-relisted-property.ts';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import {
  buildTestApi,
  ensurePropertyPhoto,
  indexPlan,
  setRates,
  type TestApi,
} from '../../support/helpers.ts';
import { BRNO_FLAT_BODY, saveProperty } from '../../support/property-bodies.ts';
import {
  companyAccount,
  createFeed,
  jpeg,
  type ListingSample,
  openImmoXml,
  runFeedJobs,
  uploadFeed,
  zipOf,
} from '../feeds/feed-sync-support.ts';
import { LISTING, partnerWithKey, photo, runPartnerJobs, servePhotos } from '../partner-api/support.ts';

// Issue 43 point 1 (decision 063): every visible change of state is recorded once, by the
// lifecycle operation, whichever path moves it (set-state, bulk actions, a feed import); the
// detail shows the timeline with converted prices, the first listing and days on market; an
// offer withdrawn and posted again by its owner keeps its history. PGlite, and PostgreSQL with
// TEST_DATABASE_URL.

let api: TestApi;
let owner: { id: number };

const body = BRNO_FLAT_BODY;

const save = (payload: Record<string, unknown>, userId = owner.id) => saveProperty(api, userId, payload);

async function setState(id: number, state: string, userId = owner.id): Promise<void> {
  if (state === 'active') await ensurePropertyPhoto(api.db, id);
  const response = await api.app.inject({
    method: 'POST',
    url: `/v1/properties/set-state/${id}`,
    headers: bearer(api.config, userId),
    payload: { state },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function kinds(id: number): Promise<string[]> {
  const rows = await api.db
    .select({ kind: propertyStateHistory.kind })
    .from(propertyStateHistory)
    .where(eq(propertyStateHistory.propertyId, id))
    .orderBy(asc(propertyStateHistory.changedAt), asc(propertyStateHistory.id));
  return rows.map((row) => row.kind);
}

async function detail(id: number, currency = 'CZK'): Promise<OfferDetail> {
  const response = await api.app.inject({ method: 'GET', url: `/public/offers/${id}?currency=${currency}` });
  expect(response.statusCode, response.body).toBe(200);
  return OfferDetailSchema.parse(response.json());
}

/** Moves every recorded date of the properties `days` into the past, as if they happened then. */
async function backdate(ids: number[], days: number): Promise<void> {
  const interval = sql`make_interval(days => ${days})`;
  await api.db
    .update(propertyStateHistory)
    .set({ changedAt: sql`${propertyStateHistory.changedAt} - ${interval}` })
    .where(inArray(propertyStateHistory.propertyId, ids));
  await api.db.execute(
    sql`update price_history set changed_at = changed_at - ${interval} where property_id in ${ids}`,
  );
  await api.db
    .update(properties)
    .set({ publishedAt: sql`${properties.publishedAt} - ${interval}` })
    .where(inArray(properties.id, ids));
}

beforeAll(async () => {
  api = await buildTestApi({ RATE_LIMIT_MAX: '0', FEED_ALLOWED_NETWORKS: '127.0.0.1' });
  owner = await createUser(api.db);
});

afterAll(async () => {
  await api?.close();
});

describe('state history written by the lifecycle', () => {
  it('records each visible change once, and nothing for a draft or an offer already off the market', async () => {
    const id = await save(body);
    await save({ id, price: 4_900_000 });
    expect(await kinds(id)).toEqual([]);
    await setState(id, 'active');
    await setState(id, 'reserved');
    await setState(id, 'active');
    await setState(id, 'paused');
    await setState(id, 'archived');
    await setState(id, 'paused');
    await setState(id, 'active');
    await setState(id, 'sold');
    expect(await kinds(id)).toEqual([
      'listed',
      'reserved',
      'back_on_market',
      'withdrawn',
      'back_on_market',
      'sold',
    ]);

    const draft = await save(body);
    await setState(draft, 'archived');
    expect(await kinds(draft)).toEqual([]);
  });

  it('records a bulk withdraw and reserve once per offer, and nothing for a refused id', async () => {
    const a = await save({ ...body, floor: 1 });
    const b = await save({ ...body, floor: 2 });
    await setState(a, 'active');
    await setState(b, 'active');
    await setState(b, 'paused');
    const response = await api.app.inject({
      method: 'POST',
      url: '/my/own/properties/bulk',
      headers: bearer(api.config, owner.id),
      payload: { action: 'withdraw', ids: [a, b] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await kinds(a)).toEqual(['listed', 'withdrawn']);
    // b was already paused: the bulk refuses it and writes nothing more.
    expect(await kinds(b)).toEqual(['listed', 'withdrawn']);
    await setState(a, 'active');
    const reserve = await api.app.inject({
      method: 'POST',
      url: '/my/own/properties/bulk',
      headers: bearer(api.config, owner.id),
      payload: { action: 'reserve', ids: [a] },
    });
    expect(reserve.statusCode, reserve.body).toBe(200);
    expect(await kinds(a)).toEqual(['listed', 'withdrawn', 'back_on_market', 'reserved']);
  });

  it('records a feed import: listed on its first import, withdrawn when the file drops it, back when it returns', async () => {
    const company = await companyAccount(api);
    const feedId = await createFeed(api, company.id, { name: 'CRM', format: 'openimmo', source: 'upload' });
    const photo = await jpeg(11);
    const listing: ListingSample = { id: 'H-1', photos: ['images/h1.jpg'] };
    const other: ListingSample = { id: 'H-2', photos: ['images/h1.jpg'] };
    const run = async (listings: ListingSample[]) => {
      const file = await zipOf([
        { name: 'feed.xml', data: openImmoXml(listings) },
        { name: 'images/h1.jpg', data: photo },
      ]);
      const uploaded = await uploadFeed(api, company.id, feedId, file);
      expect(uploaded.statusCode, uploaded.body).toBe(202);
      await runFeedJobs(api);
    };
    await run([listing, other]);
    const [row] = await api.db.select().from(feedListings).where(eq(feedListings.externalId, 'H-1'));
    const id = row?.propertyId as number;
    expect(await kinds(id)).toEqual(['listed']);
    // An unchanged re-import writes no entry.
    await run([listing, other]);
    expect(await kinds(id)).toEqual(['listed']);
    await run([other]);
    expect(await kinds(id)).toEqual(['listed', 'withdrawn']);
    await run([listing, other]);
    expect(await kinds(id)).toEqual(['listed', 'withdrawn', 'back_on_market']);
  });
});

describe('through the partner API', () => {
  it('records the listing, its withdrawal by DELETE and its return by PUT, once each', async () => {
    const partner = await partnerWithKey(api);
    const served = await servePhotos({ '/red.jpg': { type: 'image/jpeg', body: await photo(200, 30, 30) } });
    try {
      const call = (method: 'PUT' | 'DELETE', payload?: object) =>
        api.app.inject({
          method,
          url: '/v1/partner/listings/H-API-1',
          headers: { authorization: `Bearer ${partner.secret}` },
          ...(payload ? { payload } : {}),
        });
      const listing = { ...LISTING, photos: [{ url: `${served.base}/red.jpg` }] };
      expect((await call('PUT', listing)).statusCode).toBe(201);
      await runPartnerJobs(api);
      const [row] = await api.db.select().from(feedListings).where(eq(feedListings.externalId, 'H-API-1'));
      const id = row?.propertyId as number;
      expect(await kinds(id)).toEqual(['listed']);
      expect((await call('PUT', { ...listing, price: 7_500_000 })).statusCode).toBe(200);
      expect((await call('DELETE')).statusCode).toBe(200);
      expect((await call('DELETE')).statusCode).toBe(200);
      expect((await call('PUT', { ...listing, price: 7_500_000 })).statusCode).toBe(200);
      expect(await kinds(id)).toEqual(['listed', 'withdrawn', 'back_on_market']);
      const answer = await detail(id);
      expect(answer.history.map((entry) => [entry.kind, entry.original_price, entry.change_percent])).toEqual(
        [
          ['listed', 7_900_000, null],
          ['price_change', 7_500_000, -5.1],
          ['withdrawn', 7_500_000, null],
          ['back_on_market', 7_500_000, null],
        ],
      );
    } finally {
      await served.close();
    }
  });
});

describe('the detail timeline', () => {
  it('answers the history with converted prices, change percents, the first listing and days on market', async () => {
    await setRates(api.db, { EUR: 25 });
    const id = await save(body);
    // A price corrected in the draft is no change a visitor saw.
    await save({ id, price: 5_200_000 });
    await setState(id, 'active');
    await backdate([id], 40);
    await save({ id, price: 4_992_000 });
    await setState(id, 'paused');
    await setState(id, 'active');

    const answer = await detail(id, 'EUR');
    expect(answer.history.map((entry) => entry.kind)).toEqual([
      'listed',
      'price_change',
      'withdrawn',
      'back_on_market',
    ]);
    const [listed, reduced] = answer.history;
    expect(listed).toMatchObject({
      price: 208_000,
      currency: 'EUR',
      original_price: 5_200_000,
      original_currency: 'CZK',
      change_percent: null,
    });
    expect(reduced).toMatchObject({ original_price: 4_992_000, price: 199_680, change_percent: -4 });
    expect(answer.first_listed_at).toBe(listed?.date);
    expect(answer.days_on_market).toBe(40);

    // The card says by how much, while the reduction is recent.
    const search = await api.app.inject({
      method: 'GET',
      url: '/public/offers?offer_type=sale&property_type=apartment&country_code=CZ&per_page=100',
    });
    const card = search.json().data.find((offer: { id: number }) => offer.id === id);
    expect(OfferCardSchema.parse(card).price_reduced_percent).toBe(4);
  });

  it('lists an offer written without the lifecycle at its first publication', async () => {
    const id = await save(body);
    await setState(id, 'active');
    await api.db.delete(propertyStateHistory).where(eq(propertyStateHistory.propertyId, id));
    await save({ id, price: 4_800_000 });
    const answer = await detail(id);
    expect(answer.history.map((entry) => [entry.kind, entry.original_price])).toEqual([
      ['listed', 5_000_000],
      ['price_change', 4_800_000],
    ]);
    expect(answer.days_on_market).toBe(0);
  });
});

describe('relisting', () => {
  it('keeps the history and first listing date of the withdrawn offer its owner posts again', async () => {
    const first = await save(body);
    await setState(first, 'active');
    await setState(first, 'paused');
    await backdate([first], 20);
    // The same flat: a few metres off, the area re-measured within 5 %.
    const again = await save({
      ...body,
      latitude: 49.19515,
      longitude: 16.60685,
      useful_area: 61.5,
      price: 4_750_000,
    });
    await setState(again, 'active');

    const [row] = await api.db.select().from(properties).where(eq(properties.id, again));
    expect(row?.relistedFrom).toBe(first);
    expect(await kinds(again)).toEqual(['relisted']);
    const answer = await detail(again);
    expect(answer.history.map((entry) => entry.kind)).toEqual(['listed', 'withdrawn', 'relisted']);
    expect(answer.history[2]?.change_percent).toBe(-5);
    expect(answer.days_on_market).toBe(20);
    expect(answer.published_at).toBe(answer.first_listed_at);

    // Withdrawn and posted once more: the chain goes back to the first listing.
    await setState(again, 'paused');
    const third = await save(body);
    await setState(third, 'active');
    const longer = await detail(third);
    expect(longer.history.map((entry) => entry.kind)).toEqual([
      'listed',
      'withdrawn',
      'relisted',
      'withdrawn',
      'relisted',
    ]);
    expect(longer.first_listed_at).toBe(answer.first_listed_at);
  });

  it('looks for the offer a listing continues through indexes, not through every property (migration 0043)', async () => {
    // The partial index's predicate names the withdrawn states: it must list exactly these.
    expect([...WITHDRAWN_STATES].sort()).toEqual(['archived', 'paused']);
    // A place of its own, so the withdrawn offer continues no listing of a later test.
    const place = { latitude: 49.2471, longitude: 16.5523 };
    const withdrawn = await save({ ...body, ...place });
    await setState(withdrawn, 'active');
    await setState(withdrawn, 'paused');
    const listing = await save({ ...body, ...place });
    const [row] = await api.db.select().from(properties).where(eq(properties.id, listing));
    if (!row) throw new Error('no property');
    const query = relistCandidates(api.db, row);
    if (!query) throw new Error('the property has a position');
    expect((await query).map((candidate) => candidate.id)).toContain(withdrawn);

    // The old schema had only the index of every offer in a state.
    const plan = (statement: ReturnType<typeof sql>) => indexPlan(api.db, statement);
    expect(await plan(query.getSQL())).toContain('properties_withdrawn_location_idx');
    // A property deleted sets `relisted_from` to null where it is named; and "continued already?".
    expect(
      await plan(sql`select 1 from ${properties} where ${properties.relistedFrom} = ${withdrawn}`),
    ).toContain('properties_relisted_from_idx');
  });

  it('does not link another floor, an area off by more than 5 %, a point 40 m away, an active offer or another owner', async () => {
    const base = await save({ ...body, city: 'Brno', latitude: 49.21, longitude: 16.62 });
    await setState(base, 'active');
    await setState(base, 'paused');
    const near = { ...body, latitude: 49.21, longitude: 16.62 };
    const someoneElse = await createUser(api.db);
    const candidates = [
      await save({ ...near, floor: 4 }),
      await save({ ...near, useful_area: 64 }),
      await save({ ...near, latitude: 49.21036 }),
      await save(near, someoneElse.id),
    ];
    for (const id of candidates) {
      const userId = id === candidates[3] ? someoneElse.id : owner.id;
      await setState(id, 'active', userId);
      expect(await kinds(id)).toEqual(['listed']);
    }
    const live = await save({ ...body, latitude: 49.3, longitude: 16.7 });
    await setState(live, 'active');
    const copy = await save({ ...body, latitude: 49.3, longitude: 16.7 });
    await setState(copy, 'active');
    expect(await kinds(copy)).toEqual(['listed']);
  });
});

describe('migration 0032', () => {
  // Last in the file: its backfill adds a "listed" entry to every property activated before.
  it('lists each once-activated property at its first publication with the price it had then, and sizes the reductions', async () => {
    const id = await save(body);
    await setState(id, 'active');
    await save({ id, price: 4_600_000 });
    const draft = await save(body);
    await api.db.delete(propertyStateHistory).where(inArray(propertyStateHistory.propertyId, [id, draft]));
    await api.db
      .update(offers)
      .set({ priceReducedPercent: null, priceReducedAt: null })
      .where(eq(offers.id, id));
    const migration = readFileSync(path.join(MIGRATIONS_FOLDER, '0032_offer_state_history.sql'), 'utf8');
    const statements = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('INSERT') || statement.startsWith('UPDATE'));
    expect(statements).toHaveLength(2);
    for (const statement of statements) await api.db.execute(sql.raw(statement));

    const [property] = await api.db.select().from(properties).where(eq(properties.id, id));
    const rows = await api.db
      .select()
      .from(propertyStateHistory)
      .where(eq(propertyStateHistory.propertyId, id));
    expect(rows.map((row) => [row.kind, row.price, row.changedAt.getTime()])).toEqual([
      ['listed', 5_000_000, property?.publishedAt?.getTime()],
    ]);
    expect(await kinds(draft)).toEqual([]);
    const [offer] = await api.db.select().from(offers).where(eq(offers.id, id));
    expect(offer?.priceReducedPercent).toBe(8);
    expect(offer?.priceReducedAt).not.toBeNull();
  });
});
