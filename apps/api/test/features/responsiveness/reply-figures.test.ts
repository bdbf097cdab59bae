import { leadThreads, offerMessages, readModelVersions, users } from '@estately/db';
import { OfferDetailSchema } from '@estately/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOfferDetail } from '../../../src/features/offers/get-offer-detail.ts';
import { refreshReplyFigures } from '../../../src/features/responsiveness/refresh-reply-figures.ts';
import { bearer, createUser, type TestUser } from '../../support/auth-helpers.ts';
import { buildTestApi, countingDb, type TestApi } from '../../support/helpers.ts';
import { insertFullOffer } from '../../support/offer-fixtures.ts';

// The seller's reply figures (issue 43 point 5, decision 065): written when a conversation is
// first answered and by the daily roll-up, shown on the offer detail and the seller page as
// stored, with no counting per request.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let api: TestApi;
let seller: TestUser;
let offer: number;
const threads: Record<string, number> = {};

async function storedFigures() {
  const [row] = await api.db
    .select({
      threads: users.replyThreads,
      rate: users.replyRatePercent,
      median: users.replyMedianMinutes,
      at: users.replyStatsAt,
    })
    .from(users)
    .where(eq(users.id, seller.id));
  return row!;
}

async function detail() {
  const response = await api.app.inject({ method: 'GET', url: `/public/offers/${offer}` });
  expect(response.statusCode).toBe(200);
  return OfferDetailSchema.parse(response.json());
}

async function accountsVersion() {
  const [row] = await api.db.select().from(readModelVersions).where(eq(readModelVersions.name, 'accounts'));
  return Number(row?.version ?? 0);
}

beforeAll(async () => {
  api = await buildTestApi({ RATE_LIMIT_MAX: '0' });
  seller = await createUser(api.db, { firstName: 'Petr', lastName: 'Svoboda' });
  offer = await insertFullOffer(api.db, { ownerId: seller.id });
  const now = Date.now();
  // Three conversations three days old, one an hour old (still within the 48 hours' grace).
  for (const [key, age] of [
    ['a', 3 * DAY],
    ['b', 3 * DAY],
    ['c', 3 * DAY],
    ['fresh', HOUR],
  ] as const) {
    const [row] = await api.db
      .insert(leadThreads)
      .values({
        propertyId: offer,
        ownerId: seller.id,
        buyerKey: `email:${key}@example.com`,
        buyerEmail: `${key}@example.com`,
        createdAt: new Date(now - age),
      })
      .returning({ id: leadThreads.id });
    threads[key] = row!.id;
    await api.db.insert(offerMessages).values({
      threadId: row!.id,
      fromOwner: false,
      body: 'Is it still available?',
      createdAt: new Date(now - age),
    });
  }
});
afterAll(async () => {
  await api?.close();
});

describe('reply figures', () => {
  it('count a conversation once answered or past the 48 hours of grace', async () => {
    // The roll-up counts a, b and c (unanswered for over 48 hours): three, all unanswered.
    expect(await refreshReplyFigures({ db: api.db })).toBe(1);
    expect(await storedFigures()).toMatchObject({ threads: 3, rate: 0, median: null });
    expect((await detail()).responsiveness).toEqual({
      conversations: 3,
      reply_rate_percent: 0,
      median_reply_minutes: null,
    });
  });

  it("are written by the seller's first answer, not by later ones", async () => {
    const reply = (id: number) =>
      api.app.inject({
        method: 'POST',
        url: `/lead_threads/${id}/messages`,
        headers: bearer(api.config, seller.id),
        payload: { body: 'Yes, it is. When would you like to come?' },
      });
    const before = await accountsVersion();
    expect((await reply(threads.a!)).statusCode).toBe(201);
    const first = await storedFigures();
    expect(first).toMatchObject({ threads: 3, rate: 33 });
    // About three days from the buyer's message to the answer.
    expect(first.median).toBeGreaterThanOrEqual(3 * 24 * 60 - 2);
    expect(first.median).toBeLessThanOrEqual(3 * 24 * 60 + 2);
    // The detail cache follows the public figures (migration 0033's trigger).
    expect(await accountsVersion()).toBeGreaterThan(before);
    const shown = await detail();
    expect(shown.responsiveness).toEqual({
      conversations: 3,
      reply_rate_percent: 33,
      median_reply_minutes: first.median,
    });

    const unchanged = await accountsVersion();
    expect((await reply(threads.a!)).statusCode).toBe(201);
    expect((await storedFigures()).at?.getTime()).toBe(first.at?.getTime());
    expect(await accountsVersion()).toBe(unchanged);

    // Answering the fresh conversation counts it (answered within the grace).
    expect((await reply(threads.fresh!)).statusCode).toBe(201);
    expect(await storedFigures()).toMatchObject({ threads: 4, rate: 50 });
  });

  it('are shown on the seller page as stored', async () => {
    const response = await api.app.inject({ method: 'GET', url: `/public/sellers/${seller.id}` });
    expect(response.statusCode).toBe(200);
    const figures = await storedFigures();
    expect(response.json().replyRate).toEqual({ share: 0.5, threads: 4, medianMinutes: figures.median });
  });

  it('cost the detail no statement of their own', async () => {
    // An offer of a seller with figures and one of a seller without: the same statements.
    const quiet = await createUser(api.db);
    const other = await insertFullOffer(api.db, { ownerId: quiet.id });
    const statements = async (id: number) => {
      const counting = countingDb(api.db);
      const shown = await getOfferDetail({ db: counting.db, id, storage: api.app.storage });
      return { reads: counting.reads(), responsiveness: shown.responsiveness };
    };
    const withFigures = await statements(offer);
    const without = await statements(other);
    expect(withFigures.responsiveness).not.toBeNull();
    expect(without.responsiveness).toBeNull();
    expect(withFigures.reads).toBe(without.reads);
  });

  it('leave the window with time: the roll-up 91 days later clears them', async () => {
    const later = new Date(Date.now() + 91 * DAY);
    expect(await refreshReplyFigures({ db: api.db, now: later })).toBe(1);
    expect(await storedFigures()).toMatchObject({ threads: 0, rate: null, median: null });
    expect((await detail()).responsiveness).toBeNull();
    // Nothing changed: no write, so the detail caches stay.
    const version = await accountsVersion();
    expect(await refreshReplyFigures({ db: api.db, now: later })).toBe(0);
    expect(await accountsVersion()).toBe(version);
  });
});
