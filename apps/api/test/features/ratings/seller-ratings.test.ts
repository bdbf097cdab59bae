import { jobs, leadThreads, offers, sellerRatings, sellers, users } from '@estately/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { insertFullOffer, insertSeller } from '../../support/offer-fixtures.ts';

// Seller ratings (issue 43 point 3, decision 066): only the person who wrote rates, once per
// conversation, after the seller's reply; the seller's mean and the read model follow in the
// same transaction, and the rating filter finds the real value.

let api: TestApi;
let address = 0;

function call(method: 'GET' | 'POST', url: string, userId?: number, payload?: unknown) {
  return api.app.inject({
    method,
    url,
    headers: userId ? bearer(api.config, userId) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
    remoteAddress: `10.88.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
  });
}

async function signedInThread(buyerId: number, offerId: number) {
  const asked = await call('POST', '/leads', buyerId, {
    offer_id: offerId,
    message: 'Is the flat still free?',
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const [thread] = await api.db
    .select()
    .from(leadThreads)
    .where(and(eq(leadThreads.buyerKey, `user:${buyerId}`), eq(leadThreads.propertyId, offerId)));
  return thread!;
}

async function reply(sellerId: number, threadId: number) {
  const replied = await call('POST', `/lead_threads/${threadId}/messages`, sellerId, { body: 'Yes, it is.' });
  expect(replied.statusCode, replied.body).toBe(201);
}

async function ratingsCount() {
  const [row] = await api.db.select({ n: sql<number>`count(*)::int` }).from(sellerRatings);
  return Number(row?.n);
}

beforeAll(async () => {
  api = await buildTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('rating a seller in a conversation', () => {
  it('is for the person who wrote, after the reply, once; the seller and its offers get the mean', async () => {
    const seller = await createUser(api.db, { firstName: 'Petr', lastName: 'Dvořák' });
    const buyer = await createUser(api.db);
    const stranger = await createUser(api.db);
    const offerId = await insertFullOffer(api.db, { ownerId: seller.id });
    const thread = await signedInThread(buyer.id, offerId);
    const url = `/user/lead_threads/${thread.id}/rating`;

    expect((await call('GET', url, buyer.id)).json()).toEqual({
      stars: null,
      rated_at: null,
      can_rate: false,
      awaiting_reply: true,
    });
    const early = await call('POST', url, buyer.id, { stars: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().errors).toEqual({ stars: ['rating.awaiting_reply'] });
    await reply(seller.id, thread.id);

    // Nobody else: not another account, not the seller, not a guest.
    for (const who of [stranger.id, seller.id]) {
      expect((await call('GET', url, who)).statusCode).toBe(404);
      expect((await call('POST', url, who, { stars: 1 })).statusCode).toBe(404);
    }
    expect((await call('POST', url, undefined, { stars: 1 })).statusCode).toBe(401);
    // Bad input: a clear error, nothing written.
    for (const stars of [0, 6, 2.5, 'five']) {
      const bad = await call('POST', url, buyer.id, { stars });
      expect(bad.statusCode, String(stars)).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(['stars']);
    }
    expect(await ratingsCount()).toBe(0);

    const rated = await call('POST', url, buyer.id, { stars: 4 });
    expect(rated.statusCode, rated.body).toBe(201);
    expect(rated.json()).toMatchObject({ stars: 4, can_rate: false, awaiting_reply: false });
    const again = await call('POST', url, buyer.id, { stars: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ stars: ['rating.already_rated'] });

    const [account] = await api.db.select().from(users).where(eq(users.id, seller.id));
    expect(account).toMatchObject({ sellerRating: 4, sellerRatingCount: 1 });
    const [offer] = await api.db.select().from(offers).where(eq(offers.id, offerId));
    expect(offer?.sellerRating).toBe(4);
    const detail = await call('GET', `/public/offers/${offerId}`);
    expect(detail.json().creator).toMatchObject({ rating: 4, rating_count: 1 });
    // The seller page shows it too (a person without a seller profile).
    const page = await call('GET', `/public/sellers/${seller.id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ rating: 4, ratingCount: 1 });
  });

  it('through the e-mail link too; a seller profile takes the mean of its ratings, replacing a seeded one', async () => {
    const sellerId = await insertSeller(api.db, { rating: 2.1, ratingCount: 57 });
    const agent = await createUser(api.db, { sellerId });
    const offerId = await insertFullOffer(api.db, { ownerId: agent.id, sellerId });
    const buyer = await createUser(api.db);
    const signedIn = await signedInThread(buyer.id, offerId);
    await reply(agent.id, signedIn.id);
    expect(
      (await call('POST', `/user/lead_threads/${signedIn.id}/rating`, buyer.id, { stars: 5 })).statusCode,
    ).toBe(201);

    const guest = await call('POST', `/public/offers/${offerId}/offer_message`, undefined, {
      offer_message: { name: 'Eva', email: 'eva.guest@example.com', text: 'Can I see it on Monday?' },
    });
    expect(guest.statusCode, guest.body).toBe(201);
    const [guestThread] = await api.db
      .select()
      .from(leadThreads)
      .where(eq(leadThreads.buyerKey, 'email:eva.guest@example.com'));
    await reply(agent.id, guestThread!.id);
    const [mail] = await api.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'email.lead_reply'), sql`${jobs.payload}->>'to' = 'eva.guest@example.com'`));
    const token = /\/messages\/([A-Za-z0-9_-]{43})$/.exec(
      (mail!.payload as { data: { thread_url: string } }).data.thread_url,
    )![1]!;
    expect(
      (await call('POST', `/public/lead_threads/${'x'.repeat(43)}/rating`, undefined, { stars: 1 }))
        .statusCode,
    ).toBe(404);
    const byLink = await call('POST', `/public/lead_threads/${token}/rating`, undefined, { stars: 4 });
    expect(byLink.statusCode, byLink.body).toBe(201);
    expect((await call('GET', `/public/lead_threads/${token}/rating`)).json()).toMatchObject({ stars: 4 });

    const [profile] = await api.db.select().from(sellers).where(eq(sellers.id, sellerId));
    expect(profile).toMatchObject({ rating: 4.5, ratingCount: 2 });
    const found = async (min: string) =>
      (await call('GET', `/public/offers?country_code=CZ&per_page=100&seller_rating_min=${min}`))
        .json()
        .data.map((offer: { id: number }) => offer.id);
    expect(await found('4.5')).toContain(offerId);
    expect(await found('4.6')).not.toContain(offerId);
    expect((await call('GET', `/public/offers/${offerId}`)).json().seller).toMatchObject({
      rating: 4.5,
      rating_count: 2,
    });
  });
});
