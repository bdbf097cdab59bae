import {
  jobs,
  localityPriceMedians,
  offerMessages,
  offers,
  properties,
  propertyMedia,
  scamFlags,
} from '@estately/db';
import { LeadThreadListSchema, ScamFlagsResponseSchema } from '@estately/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerFactsStatement } from '../../../src/features/scam-flags/review-offer-scams.ts';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, ensurePropertyPhoto, indexPlan, type TestApi } from '../../support/helpers.ts';

// Scam flags (issue 43 point 4, decision 067): the rules run when an offer is published or saved
// and when a message is sent; a strongly flagged offer is held from search and the admins' queue
// shows it with its reasons until released or rejected; a message with a payment link is held
// from its recipient with its e-mail.

const WEB = 'https://www.estately.example';
const SCAM_TEXT = 'Lovely flat. I am abroad, so please pay the deposit before the viewing via Western Union.';
let api: TestApi;
let owner: { id: number };
let admin: { id: number };
let user: { id: number };
let address = 0;

const auth = (userId: number) => bearer(api.config, userId);

/** A property saved through the API, as a seller does; its id. */
async function save(ownerId: number, fields: Record<string, unknown> = {}): Promise<number> {
  const saved = await api.app.inject({
    method: 'POST',
    url: '/v1/property/save',
    headers: auth(ownerId),
    payload: {
      offer_type: 'sale',
      property_type: 'apartment',
      price: 4_200_000,
      disposition: '2',
      room: ['living_room', 'kitchen', 'bathroom'],
      useful_area: 50,
      description: 'Bright flat near the park, viewings by appointment.',
      city: 'Ostrava',
      country_code: 'CZ',
      latitude: 49.83,
      longitude: 18.28,
      contact: { contact_phone: '+420 700 111 222' },
      ...fields,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().data.id as number;
}

async function activate(ownerId: number, id: number): Promise<void> {
  const activated = await api.app.inject({
    method: 'POST',
    url: `/v1/properties/set-state/${id}`,
    headers: auth(ownerId),
    payload: { state: 'active' },
  });
  expect(activated.statusCode, activated.body).toBe(200);
}

/** A property saved and published, with a photo as publishing needs; its id. */
async function publish(ownerId: number, fields: Record<string, unknown> = {}): Promise<number> {
  const id = await save(ownerId, fields);
  await ensurePropertyPhoto(api.db, id);
  await activate(ownerId, id);
  return id;
}

async function inSearch(id: number): Promise<boolean> {
  const response = await api.app.inject({
    method: 'GET',
    url: '/public/offers?country_code=CZ&per_page=100',
  });
  return response.json().data.some((offer: { id: number }) => offer.id === id);
}

async function queue(status = 'open') {
  const response = await api.app.inject({
    method: 'GET',
    url: `/admin/scam-flags?status=${status}&per_page=100`,
    headers: auth(admin.id),
  });
  expect(response.statusCode, response.body).toBe(200);
  return ScamFlagsResponseSchema.parse(response.json()).data;
}

function decide(flagId: number, action: 'release' | 'reject', payload: object = {}, who = admin.id) {
  return api.app.inject({
    method: 'POST',
    url: `/admin/scam-flags/${flagId}/${action}`,
    headers: auth(who),
    payload,
  });
}

async function ownerView(id: number) {
  const response = await api.app.inject({ method: 'GET', url: `/properties/${id}`, headers: auth(owner.id) });
  return response.json().data as { under_review: boolean; strike: { reason: string } | null };
}

beforeAll(async () => {
  api = await buildTestApi({ WEB_ORIGIN: WEB });
  // An account older than the burst rule's window: only the rules a test aims at fire.
  owner = await createUser(api.db, { createdAt: new Date(Date.now() - 400 * 86_400_000) });
  admin = await createUser(api.db, { isAdmin: true });
  user = await createUser(api.db);
});

afterAll(async () => {
  await api?.close();
});

describe('offers', () => {
  it('holds a strongly flagged offer from search in the publishing transaction and queues it with its reasons', async () => {
    const id = await publish(owner.id, { description: SCAM_TEXT });
    expect(await inSearch(id)).toBe(false);
    const [offer] = await api.db.select({ isPublic: offers.isPublic }).from(offers).where(eq(offers.id, id));
    expect(offer?.isPublic).toBe(false);
    expect((await api.app.inject({ method: 'GET', url: `/public/offers/${id}` })).statusCode).toBe(404);

    const flag = (await queue()).find((item) => item.property.id === id);
    expect(flag).toMatchObject({ subject: 'offer', held: true, status: 'open', message: null });
    expect(flag?.reasons.map((reason) => reason.code).sort()).toEqual([
      'advance_payment',
      'owner_abroad',
      'transfer_service',
    ]);
    expect(flag?.score).toBe(145);

    // The owner sees "under review", not a strike and nothing of the rules.
    const view = await ownerView(id);
    expect(view).toMatchObject({ under_review: true, strike: null });
    expect(JSON.stringify(view)).not.toContain('advance_payment');
    const mine = await api.app.inject({ method: 'GET', url: '/my/own/properties', headers: auth(owner.id) });
    expect(mine.json().data.find((item: { id: number }) => item.id === id)).toMatchObject({
      under_review: true,
      strike: null,
    });

    // Saving again (even without the words) keeps it held and updates the one open flag.
    const saved = await api.app.inject({
      method: 'POST',
      url: '/v1/property/save',
      headers: auth(owner.id),
      payload: { id, description: 'Lovely flat. Pay via Western Union.' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const flags = await api.db.select().from(scamFlags).where(eq(scamFlags.propertyId, id));
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ held: true, score: 60 });
    expect(await inSearch(id)).toBe(false);
  });

  it('release makes a held offer public again and a later save with the same findings does not hold it again', async () => {
    const id = await publish(owner.id, { description: SCAM_TEXT });
    const flag = (await queue()).find((item) => item.property.id === id)!;
    const released = await decide(flag.id, 'release');
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ status: 'released', decided_by: admin.id });
    expect(await inSearch(id)).toBe(true);
    expect(await ownerView(id)).toMatchObject({ under_review: false, strike: null });

    const again = await api.app.inject({
      method: 'POST',
      url: '/v1/property/save',
      headers: auth(owner.id),
      payload: { id, description: `${SCAM_TEXT} Now with a balcony.` },
    });
    expect(again.statusCode).toBe(200);
    expect(await inSearch(id)).toBe(true);
    expect((await queue()).some((item) => item.property.id === id)).toBe(false);
    // Deciding twice is a conflict.
    expect((await decide(flag.id, 'reject', { reason: 'Scam listing' })).statusCode).toBe(409);
  });

  it('reject strikes the offer with the admin’s reason; an offer is not rejected without one', async () => {
    const id = await publish(owner.id, { description: SCAM_TEXT });
    const flag = (await queue()).find((item) => item.property.id === id)!;
    const refused = await decide(flag.id, 'reject');
    expect(refused.statusCode).toBe(422);
    expect((await api.db.select().from(scamFlags).where(eq(scamFlags.id, flag.id)))[0]?.status).toBe('open');

    const rejected = await decide(flag.id, 'reject', { reason: 'Advance-fee scam' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().status).toBe('rejected');
    expect(await ownerView(id)).toMatchObject({
      under_review: false,
      strike: { reason: 'Advance-fee scam' },
    });
    expect(await inSearch(id)).toBe(false);
    expect((await queue('rejected')).map((item) => item.id)).toContain(flag.id);
  });

  it('queues a weaker finding without holding it: a price far below the locality median', async () => {
    await api.db.insert(localityPriceMedians).values({
      countryCode: 'CZ',
      city: 'Karviná',
      offerType: 'sale',
      propertyType: 'apartment',
      medianPerM2: 60_000,
      offers: 30,
    });
    const id = await publish(owner.id, { city: 'Karviná', price: 900_000, useful_area: 50 });
    expect(await inSearch(id)).toBe(true);
    const flag = (await queue()).find((item) => item.property.id === id);
    expect(flag).toMatchObject({ held: false, score: 45 });
    expect(flag?.reasons).toEqual([
      {
        code: 'price_far_below_median',
        weight: 45,
        detail: { ratio: 0.3, median_per_m2: 60_000, offers: 30 },
      },
    ]);
    const honest = await publish(owner.id, { city: 'Karviná', price: 2_700_000, useful_area: 50 });
    expect((await queue()).some((item) => item.property.id === honest)).toBe(false);
  });

  it('flags photos with the same bytes as an earlier offer of another account', async () => {
    const original = await publish(user.id);
    await api.db.insert(propertyMedia).values({
      propertyId: original,
      position: 1,
      storageKey: `photos/test-${original}/copy`,
      contentHash: 'a'.repeat(64),
      variants: { thumb: 't.webp', card: 'c.webp', gallery: 'g.webp', full: 'f.webp' },
    });
    const copy = await save(owner.id, {
      price: 4_000_000,
      description: 'Flat near the park. Call 777 123 456.',
    });
    await api.db.insert(propertyMedia).values({
      propertyId: copy,
      position: 0,
      isMain: true,
      storageKey: `photos/test-${original}/copy`,
      contentHash: 'a'.repeat(64),
      variants: { thumb: 't.webp', card: 'c.webp', gallery: 'g.webp', full: 'f.webp' },
    });
    await activate(owner.id, copy);
    const flag = (await queue()).find((item) => item.property.id === copy);
    expect(flag?.reasons.map((reason) => reason.code)).toEqual(['photos_of_other_seller', 'contact_details']);
    expect(flag).toMatchObject({ held: true, score: 60 });
    // The account whose photo was taken is not flagged.
    expect((await queue()).some((item) => item.property.id === original)).toBe(false);
  });

  it("does not flag, nor read, an account's own offers with the same photo (an agency's logo on every listing)", async () => {
    const agency = await createUser(api.db);
    const logo = 'b'.repeat(64);
    const listings: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const id = await save(agency.id, { price: 4_500_000 + i * 10_000 });
      await api.db.insert(propertyMedia).values({
        propertyId: id,
        position: 0,
        isMain: true,
        storageKey: `photos/test-agency-${agency.id}/logo`,
        contentHash: logo,
        variants: { thumb: 't.webp', card: 'c.webp', gallery: 'g.webp', full: 'f.webp' },
      });
      await activate(agency.id, id);
      listings.push(id);
    }
    const flagged = (await queue()).filter((item) => listings.includes(item.property.id));
    expect(flagged).toEqual([]);
    // Other accounts' rows with these bytes come from two ranges of owners in the hash-and-owner
    // index (migration 0044), either side of the account's own.
    const plan = await indexPlan(api.db, offerFactsStatement(listings[2]!));
    expect(plan).toMatch(/property_media_hash_owner_idx.*\n.*Index Cond: .*owner_id < /);
    expect(plan).toMatch(/property_media_hash_owner_idx.*\n.*Index Cond: .*owner_id > /);
  });
});

describe('accounts', () => {
  it('queues the offers of a new unverified account that posts very many in a day, not those of a verified one', async () => {
    const fresh = await createUser(api.db);
    const ids: number[] = [];
    for (let i = 0; i < 10; i += 1) ids.push(await publish(fresh.id));
    const flagged = (await queue()).filter((item) => ids.includes(item.property.id));
    // The tenth offer of the day reaches the flood's count; the earlier ones did not.
    expect(flagged.map((item) => item.property.id)).toEqual([ids[9]]);
    expect(flagged[0]).toMatchObject({
      held: false,
      reasons: [{ code: 'new_account_flood', detail: { offers: 10 } }],
    });
    expect(await inSearch(ids[9]!)).toBe(true);

    const verified = await createUser(api.db, { verified: true });
    const theirs: number[] = [];
    for (let i = 0; i < 10; i += 1) theirs.push(await publish(verified.id));
    expect((await queue()).some((item) => theirs.includes(item.property.id))).toBe(false);
  });
});

describe('messages', () => {
  it('holds a message with an off-site payment link from the seller, with its e-mail, until released', async () => {
    const id = await publish(owner.id);
    const sent = await api.app.inject({
      method: 'POST',
      url: `/public/offers/${id}/offer_message`,
      remoteAddress: `10.88.0.${(address++ % 250) + 1}`,
      payload: {
        offer_message: {
          name: 'Buyer',
          email: 'buyer@example.com',
          text: 'Please confirm the listing fee at https://secure-pay-verify.example.net/deposit/123',
        },
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const messageId = sent.json().id as number;
    const [stored] = await api.db.select().from(offerMessages).where(eq(offerMessages.id, messageId));
    expect(stored?.heldAt).not.toBeNull();
    const dedupe = `email.offer_message:${messageId}`;
    expect(await api.db.select().from(jobs).where(eq(jobs.dedupeKey, dedupe))).toHaveLength(0);
    const threads = await api.app.inject({ method: 'GET', url: '/lead_threads', headers: auth(owner.id) });
    expect(LeadThreadListSchema.parse(threads.json()).data.some((thread) => thread.offer.id === id)).toBe(
      false,
    );
    const inbox = await api.app.inject({ method: 'GET', url: '/leads', headers: auth(owner.id) });
    expect(JSON.stringify(inbox.json())).not.toContain('secure-pay-verify');

    const flag = (await queue()).find((item) => item.message?.id === messageId);
    expect(flag).toMatchObject({ subject: 'message', held: true, property: { id } });
    expect(flag?.reasons[0]).toMatchObject({
      code: 'payment_link',
      detail: { hosts: ['secure-pay-verify.example.net'] },
    });

    expect((await decide(flag!.id, 'release')).statusCode).toBe(200);
    const [released] = await api.db.select().from(offerMessages).where(eq(offerMessages.id, messageId));
    expect(released?.heldAt).toBeNull();
    const [job] = await api.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.dedupeKey, dedupe)));
    expect(job?.kind).toBe('email.offer_message');
    const after = await api.app.inject({ method: 'GET', url: '/lead_threads', headers: auth(owner.id) });
    expect(LeadThreadListSchema.parse(after.json()).data.some((thread) => thread.offer.id === id)).toBe(true);
  });

  it('holds a seller’s reply with a payment link from the buyer, who never gets its e-mail; the seller still sees it', async () => {
    const id = await publish(owner.id);
    const buyer = await createUser(api.db);
    const asked = await api.app.inject({
      method: 'POST',
      url: '/leads',
      headers: auth(buyer.id),
      payload: { offer_id: id, message: 'Is the flat still available?' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const [thread] = (
      await api.app.inject({ method: 'GET', url: '/user/lead_threads', headers: auth(buyer.id) })
    ).json().data as { id: number }[];
    const replied = await api.app.inject({
      method: 'POST',
      url: `/lead_threads/${thread!.id}/messages`,
      headers: auth(owner.id),
      payload: { body: 'Yes. Reserve it now: send the deposit to https://paypal.me/flatowner77' },
    });
    expect(replied.statusCode, replied.body).toBe(201);
    const [reply] = await api.db
      .select()
      .from(offerMessages)
      .where(and(eq(offerMessages.threadId, thread!.id), eq(offerMessages.fromOwner, true)));
    expect(reply?.heldAt).not.toBeNull();
    expect(
      await api.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `email.lead_reply:${reply!.id}`)),
    ).toHaveLength(0);
    // The seller sees what they wrote; the buyer does not, until an admin releases it.
    expect(JSON.stringify(replied.json())).toContain('paypal.me');
    const buyerView = await api.app.inject({
      method: 'GET',
      url: `/user/lead_threads/${thread!.id}`,
      headers: auth(buyer.id),
    });
    expect(buyerView.statusCode).toBe(200);
    expect(JSON.stringify(buyerView.json())).not.toContain('paypal.me');
    const buyerList = await api.app.inject({
      method: 'GET',
      url: '/user/lead_threads',
      headers: auth(buyer.id),
    });
    expect(JSON.stringify(buyerList.json())).not.toContain('paypal.me');
    const flag = (await queue()).find((item) => item.message?.id === reply!.id);
    expect(flag).toMatchObject({
      subject: 'message',
      held: true,
      author_user_id: owner.id,
      message: { from_owner: true },
    });
    expect(flag?.reasons.map((reason) => reason.code)).toEqual(['payment_link']);
  });

  it('sends a plain message at once and flags none', async () => {
    const id = await publish(owner.id);
    const sent = await api.app.inject({
      method: 'POST',
      url: `/public/offers/${id}/offer_message`,
      remoteAddress: `10.88.1.${(address++ % 250) + 1}`,
      payload: {
        offer_message: {
          name: 'Buyer',
          email: 'b2@example.com',
          text: 'Is a viewing on Friday possible? 777 123 456',
        },
      },
    });
    expect(sent.statusCode).toBe(201);
    const messageId = sent.json().id as number;
    expect(
      await api.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `email.offer_message:${messageId}`)),
    ).toHaveLength(1);
    expect(await api.db.select().from(scamFlags).where(eq(scamFlags.messageId, messageId))).toHaveLength(0);
  });
});

describe('permissions', () => {
  it('the queue and decisions are 401 for guests and 403 for other accounts, changing nothing', async () => {
    const id = await publish(owner.id, { description: SCAM_TEXT });
    const [flag] = await api.db.select().from(scamFlags).where(eq(scamFlags.propertyId, id));
    const calls = [
      { method: 'GET', url: '/admin/scam-flags' },
      { method: 'POST', url: `/admin/scam-flags/${flag!.id}/release`, payload: {} },
      { method: 'POST', url: `/admin/scam-flags/${flag!.id}/reject`, payload: { reason: 'Scam listing' } },
    ] as const;
    for (const call of calls) {
      expect((await api.app.inject({ ...call })).statusCode).toBe(401);
      for (const who of [owner.id, user.id]) {
        expect((await api.app.inject({ ...call, headers: auth(who) })).statusCode).toBe(403);
      }
    }
    const [still] = await api.db.select().from(properties).where(eq(properties.id, id));
    expect(still?.heldForReviewAt).not.toBeNull();
    expect((await decide(999_999, 'release')).statusCode).toBe(404);
  });
});
