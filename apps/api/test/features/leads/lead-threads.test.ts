import { jobs, leads, leadThreads, leadThreadTokens, offerMessages } from '@estately/db';
import { LeadThreadListSchema, LeadThreadSchema, PublicLeadThreadSchema } from '@estately/domain';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecretToken } from '../../../src/features/auth/secret-token.ts';
import { leadReplyRate } from '../../../src/features/leads/lead-reply-rate.ts';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { insertFullOffer } from '../../support/offer-fixtures.ts';

// Leads as conversations (issue 38 point 10): a thread per offer and buyer, the seller's replies
// with the e-mail to the buyer queued in the same transaction, the buyer's answers through the
// e-mail link's token, statuses, unread counts and the reply-rate figures.

const WEB = 'https://www.estately.example';
let api: TestApi;
let seller = { id: 0, email: '' };
let other = { id: 0, email: '' };
let offerId = 0;
let address = 0;

function call(method: 'GET' | 'POST' | 'PATCH', url: string, userId?: number, payload?: unknown) {
  return api.app.inject({
    method,
    url,
    headers: userId ? bearer(api.config, userId) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
    remoteAddress: `10.77.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
  });
}

async function visitorMessage(email: string, text: string, locale = 'cs', offer = offerId) {
  const response = await api.app.inject({
    method: 'POST',
    url: `/public/offers/${offer}/offer_message`,
    remoteAddress: `10.66.0.${(address++ % 250) + 1}`,
    headers: { 'accept-language': locale },
    payload: { offer_message: { name: 'Jan Novák', email, text } },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; lead_id: number };
}

async function jobsLike(kind: string) {
  return api.db.select().from(jobs).where(like(jobs.kind, kind));
}

/** The token of the newest lead_reply e-mail to an address, read from its queued link. */
async function tokenFromReplyMail(to: string): Promise<string> {
  const rows = await api.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'email.lead_reply'), sql`${jobs.payload}->>'to' = ${to}`))
    .orderBy(sql`${jobs.id} desc`)
    .limit(1);
  const url = (rows[0]!.payload as { data: { thread_url: string } }).data.thread_url;
  const match = /\/messages\/([A-Za-z0-9_-]{43})$/.exec(url);
  expect(match, url).not.toBeNull();
  return match![1]!;
}

beforeAll(async () => {
  api = await buildTestApi({ WEB_ORIGIN: WEB });
  seller = await createUser(api.db, { preferredLanguage: 'de', contactEmail: 'sales@seller.example' });
  other = await createUser(api.db);
  offerId = await insertFullOffer(api.db, { ownerId: seller.id });
});

afterAll(async () => {
  await api?.close();
});

describe('threads', () => {
  it('keeps one thread per offer and buyer: writing again joins it, another address starts its own', async () => {
    const first = await visitorMessage('Jan@Example.com', 'Is it still free?');
    const second = await visitorMessage('jan@example.com', 'And is there a cellar?');
    await visitorMessage('petra@example.com', 'Can I visit on Friday?', 'en');
    const [a] = await api.db.select().from(leads).where(eq(leads.id, first.lead_id));
    const [b] = await api.db.select().from(leads).where(eq(leads.id, second.lead_id));
    expect(a!.threadId).not.toBeNull();
    expect(b!.threadId).toBe(a!.threadId);

    const response = await call('GET', '/lead_threads', seller.id);
    expect(response.statusCode, response.body).toBe(200);
    const list = LeadThreadListSchema.parse(response.json());
    expect(list.meta.total).toBe(2);
    // Newest activity first: Petra wrote last.
    expect(list.data.map((thread) => thread.buyer.email)).toEqual(['petra@example.com', 'jan@example.com']);
    const jan = list.data[1]!;
    expect(jan).toMatchObject({
      status: 'new',
      unread: 2,
      messages_count: 2,
      buyer: { locale: 'cs', name: 'Jan Novák' },
      last_message: { side: 'buyer', excerpt: 'And is there a cellar?' },
      offer: { id: offerId },
    });
    expect(list.data[0]!.buyer.locale).toBe('en');
    expect(list.unread).toEqual({ messages: 3, threads: 2 });
    expect((await call('GET', '/lead_threads/unread', seller.id)).json()).toEqual({
      messages: 3,
      threads: 2,
    });
    // The seller's e-mail links to the thread's page in the seller's language.
    const [mail] = await api.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `email.offer_message:${second.id}`));
    expect((mail!.payload as { data: { thread_url: string } }).data.thread_url).toBe(
      `${WEB}/de/account/leads/${jan.id}`,
    );
    // Nobody else sees them.
    expect((await call('GET', '/lead_threads', other.id)).json()).toMatchObject({
      data: [],
      unread: { messages: 0, threads: 0 },
    });
    expect((await call('GET', `/lead_threads/${jan.id}`, other.id)).statusCode).toBe(404);
    expect((await call('GET', '/lead_threads', undefined)).statusCode).toBe(401);
  });

  it('filters by status and refuses an unknown one', async () => {
    const answered = await call('GET', '/lead_threads?status=answered', seller.id);
    expect(LeadThreadListSchema.parse(answered.json()).data).toEqual([]);
    const fresh = await call('GET', '/lead_threads?status=new', seller.id);
    expect(LeadThreadListSchema.parse(fresh.json()).meta.total).toBe(2);
    const bad = await call('GET', '/lead_threads?status=archived', seller.id);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ status: ['validation.invalid_value'] });
  });
});

describe('replies and the buyer link', () => {
  let threadId = 0;

  it("the seller's reply answers the thread, reads the buyer's messages and queues the e-mail in the buyer's language", async () => {
    const [thread] = await api.db
      .select()
      .from(leadThreads)
      .where(eq(leadThreads.buyerKey, 'email:jan@example.com'));
    threadId = thread!.id;
    const response = await call('POST', `/lead_threads/${threadId}/messages`, seller.id, {
      body: '  Dobrý den, ano, byt je volný. Sklep je součástí.  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = LeadThreadSchema.parse(response.json());
    expect(body).toMatchObject({ status: 'answered', unread: 0, messages_count: 3 });
    expect(body.messages.map((m) => m.side)).toEqual(['buyer', 'buyer', 'seller']);
    expect(body.messages[2]!.body).toBe('Dobrý den, ano, byt je volný. Sklep je součástí.');
    expect(body.messages[0]!.read_at).not.toBeNull();

    const mails = await jobsLike('email.lead_reply');
    expect(mails).toHaveLength(1);
    const payload = mails[0]!.payload as {
      to: string;
      locale: string;
      replyTo?: string;
      data: { thread_url: string; text: string; offer_url: string };
    };
    expect(payload).toMatchObject({ to: 'jan@example.com', locale: 'cs' });
    // No inbound mail path: replies must not leave the product unseen.
    expect(payload.replyTo).toBeUndefined();
    expect(payload.data.text).toBe('Dobrý den, ano, byt je volný. Sklep je součástí.');
    expect(payload.data.offer_url).toBe(`${WEB}/cs/property/${offerId}`);
    const token = await tokenFromReplyMail('jan@example.com');
    // Only the hash is stored.
    const stored = await api.db
      .select()
      .from(leadThreadTokens)
      .where(eq(leadThreadTokens.threadId, threadId));
    expect(stored.map((row) => row.tokenHash)).toEqual([hashSecretToken(token)]);
    expect(JSON.stringify(stored)).not.toContain(token);
    // The enquiries of the thread show as replied in GET /leads.
    const enquiries = await api.db.select().from(leads).where(eq(leads.threadId, threadId));
    expect(enquiries.map((lead) => lead.status)).toEqual(['replied', 'replied']);
    // Unread now only Petra's message.
    expect((await call('GET', '/lead_threads/unread', seller.id)).json()).toEqual({
      messages: 1,
      threads: 1,
    });
  });

  it('refuses an empty or too long reply with message keys and stores nothing', async () => {
    const before = (await api.db.select().from(offerMessages)).length;
    const mailsBefore = (await jobsLike('email.lead_reply')).length;
    const empty = await call('POST', `/lead_threads/${threadId}/messages`, seller.id, { body: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ body: ['validation.required'] });
    const long = await call('POST', `/lead_threads/${threadId}/messages`, seller.id, {
      body: 'x'.repeat(5001),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ body: ['validation.too_long'] });
    expect(
      (await call('POST', `/lead_threads/${threadId}/messages`, other.id, { body: 'Hi' })).statusCode,
    ).toBe(404);
    expect((await api.db.select().from(offerMessages)).length).toBe(before);
    expect((await jobsLike('email.lead_reply')).length).toBe(mailsBefore);
  });

  it('a reply whose write fails queues no e-mail (one transaction)', async () => {
    const before = (await api.db.select().from(offerMessages)).length;
    const mailsBefore = (await jobsLike('email.lead_reply')).length;
    // The thread's update, the last write after the e-mail was queued, fails.
    await api.db.execute(
      sql.raw(`create or replace function lead_threads_fail() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`),
    );
    await api.db.execute(
      sql.raw(`create trigger lead_threads_fail before update on lead_threads for each row
        when (new.id = ${threadId}) execute function lead_threads_fail()`),
    );
    try {
      const response = await call('POST', `/lead_threads/${threadId}/messages`, seller.id, { body: 'Lost?' });
      expect(response.statusCode).toBe(500);
    } finally {
      await api.db.execute(sql.raw('drop trigger lead_threads_fail on lead_threads'));
    }
    expect((await api.db.select().from(offerMessages)).length).toBe(before);
    expect((await jobsLike('email.lead_reply')).length).toBe(mailsBefore);
    expect(
      await api.db.select().from(leadThreadTokens).where(eq(leadThreadTokens.threadId, threadId)),
    ).toHaveLength(1);
  });

  it('the link opens the thread for the buyer, a wrong token is 404, and the answer reaches the seller', async () => {
    const token = await tokenFromReplyMail('jan@example.com');
    const opened = await call('GET', `/public/lead_threads/${token}`);
    expect(opened.statusCode, opened.body).toBe(200);
    const view = PublicLeadThreadSchema.parse(opened.json());
    expect(view.messages.map((m) => m.side)).toEqual(['buyer', 'buyer', 'seller']);
    expect(view).toMatchObject({ status: 'answered', buyer_name: 'Jan Novák', offer: { id: offerId } });
    // The buyer has read the seller's reply now.
    const [reply] = await api.db
      .select()
      .from(offerMessages)
      .where(and(eq(offerMessages.threadId, threadId), eq(offerMessages.fromOwner, true)));
    expect(reply!.readAt).not.toBeNull();

    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [wrong, 'short', `${token}x`]) {
      expect((await call('GET', `/public/lead_threads/${bad}`)).statusCode, bad).toBe(404);
      const post = await call('POST', `/public/lead_threads/${bad}/messages`, undefined, { body: 'Hi' });
      expect(post.statusCode, bad).toBe(404);
    }

    const answer = await call('POST', `/public/lead_threads/${token}/messages`, undefined, {
      body: 'Děkuji, přijdu v pátek v 17:00.',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(PublicLeadThreadSchema.parse(answer.json()).messages).toHaveLength(4);
    const [mail] = await jobsLike('email.lead_answer');
    expect(mail!.payload).toMatchObject({
      to: 'sales@seller.example',
      locale: 'de',
      data: { thread_url: `${WEB}/de/account/leads/${threadId}`, text: 'Děkuji, přijdu v pátek v 17:00.' },
    });
    const thread = LeadThreadSchema.parse((await call('GET', `/lead_threads/${threadId}`, seller.id)).json());
    expect(thread.unread).toBe(1);
    expect(thread.last_message).toEqual({ side: 'buyer', excerpt: 'Děkuji, přijdu v pátek v 17:00.' });
    expect((await call('GET', '/lead_threads/unread', seller.id)).json()).toEqual({
      messages: 2,
      threads: 2,
    });

    const empty = await call('POST', `/public/lead_threads/${token}/messages`, undefined, { body: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ body: ['validation.required'] });
  });

  it('the seller sets the status; a buyer message reopens a closed thread', async () => {
    const token = await tokenFromReplyMail('jan@example.com');
    const booked = await call('PATCH', `/lead_threads/${threadId}`, seller.id, { status: 'viewing_booked' });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json()).toMatchObject({ status: 'viewing_booked' });
    const closed = await call('PATCH', `/lead_threads/${threadId}`, seller.id, {
      status: 'closed',
      read: true,
    });
    expect(closed.json()).toMatchObject({ status: 'closed', unread: 0 });
    expect((await call('GET', '/lead_threads?status=closed', seller.id)).json().meta.total).toBe(1);
    // The link still works on a closed thread, and an answer opens it again.
    const answer = await call('POST', `/public/lead_threads/${token}/messages`, undefined, {
      body: 'One more question',
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ status: 'answered' });
    await call('PATCH', `/lead_threads/${threadId}`, seller.id, { status: 'closed' });
    const opened = await call('PATCH', `/lead_threads/${threadId}`, seller.id, { status: 'open' });
    expect(opened.json()).toMatchObject({ status: 'answered' });
    // The same message via the offer's form joins the thread and reopens it too.
    await call('PATCH', `/lead_threads/${threadId}`, seller.id, { status: 'closed' });
    await visitorMessage('JAN@example.com', 'Writing again from the offer page');
    expect((await call('GET', `/lead_threads/${threadId}`, seller.id)).json()).toMatchObject({
      status: 'answered',
    });

    const unread = await call('PATCH', `/lead_threads/${threadId}`, seller.id, { read: false });
    expect(unread.json().unread).toBeGreaterThanOrEqual(1);
    for (const payload of [{ status: 'new' }, { status: 'answered' }, {}, { read: 'yes' }]) {
      const bad = await call('PATCH', `/lead_threads/${threadId}`, seller.id, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(
      (await call('PATCH', `/lead_threads/${threadId}`, other.id, { status: 'closed' })).statusCode,
    ).toBe(404);
    expect((await call('PATCH', '/lead_threads/987654', seller.id, { status: 'closed' })).statusCode).toBe(
      404,
    );
  });

  it('limits the answers through one link', async () => {
    const token = await tokenFromReplyMail('jan@example.com');
    let last = 0;
    for (let i = 0; i < 25 && last !== 429; i++) {
      last = (
        await call('POST', `/public/lead_threads/${token}/messages`, undefined, { body: `Message ${i}` })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('reply rate', () => {
  it('counts threads with a seller reply and the median time to the first reply', async () => {
    const owner = await createUser(api.db);
    const offer = await insertFullOffer(api.db, { ownerId: owner.id });
    const start = new Date('2026-11-01T10:00:00Z');
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const rows = [
      { key: 'a', firstReplyAt: at(10) },
      { key: 'b', firstReplyAt: at(30) },
      { key: 'c', firstReplyAt: at(120) },
      { key: 'd', firstReplyAt: null },
    ];
    await api.db.insert(leadThreads).values(
      rows.map((row) => ({
        propertyId: offer,
        ownerId: owner.id,
        buyerKey: `email:${row.key}@example.com`,
        buyerEmail: `${row.key}@example.com`,
        createdAt: start,
        firstReplyAt: row.firstReplyAt,
      })),
    );
    expect(await leadReplyRate({ db: api.db, ownerId: owner.id })).toEqual({
      threads: 4,
      replied: 3,
      share: 0.75,
      median_first_reply_seconds: 30 * 60,
    });
    expect(await leadReplyRate({ db: api.db, ownerId: owner.id, since: at(1) })).toEqual({
      threads: 0,
      replied: 0,
      share: null,
      median_first_reply_seconds: null,
    });
    expect((await call('GET', '/lead_threads/reply_rate', owner.id)).json()).toMatchObject({
      threads: 4,
      replied: 3,
    });
    // The seller of the suite above replied once in the product, within the same minute.
    const measured = await leadReplyRate({ db: api.db, ownerId: seller.id });
    expect(measured).toMatchObject({ threads: 2, replied: 1, share: 0.5 });
    expect(measured.median_first_reply_seconds).toBeGreaterThanOrEqual(0);
  });
});

describe("a signed-in buyer's conversations", () => {
  it('lists them with the seller and unread replies, opens and answers them, and nobody else’s', async () => {
    const buyer = await createUser(api.db, { firstName: 'Eva', lastName: 'Malá', preferredLanguage: 'cs' });
    const asked = await call('POST', '/leads', buyer.id, {
      offer_id: offerId,
      message: 'Je možné parkování?',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const [thread] = await api.db
      .select()
      .from(leadThreads)
      .where(eq(leadThreads.buyerKey, `user:${buyer.id}`));
    expect(thread).toMatchObject({ buyerUserId: buyer.id, buyerLocale: 'cs', status: 'new' });
    const replied = await call('POST', `/lead_threads/${thread!.id}/messages`, seller.id, {
      body: 'Ano, v garáži.',
    });
    expect(replied.statusCode).toBe(201);

    const list = await call('GET', '/user/lead_threads', buyer.id);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      meta: { total: 1 },
      data: [
        {
          id: thread!.id,
          status: 'answered',
          unread: 1,
          messages_count: 2,
          last_message: { side: 'seller', excerpt: 'Ano, v garáži.' },
          offer: { id: offerId },
        },
      ],
    });
    expect((await call('GET', '/user/lead_threads', other.id)).json()).toMatchObject({
      data: [],
      meta: { total: 0 },
    });

    const opened = await call('GET', `/user/lead_threads/${thread!.id}`, buyer.id);
    expect(PublicLeadThreadSchema.parse(opened.json()).messages.map((m) => m.side)).toEqual([
      'buyer',
      'seller',
    ]);
    expect((await call('GET', '/user/lead_threads', buyer.id)).json().data[0].unread).toBe(0);
    for (const intruder of [other.id, seller.id]) {
      expect((await call('GET', `/user/lead_threads/${thread!.id}`, intruder)).statusCode).toBe(404);
      expect(
        (await call('POST', `/user/lead_threads/${thread!.id}/messages`, intruder, { body: 'Hi' }))
          .statusCode,
      ).toBe(404);
    }

    const before = (await call('GET', '/lead_threads/unread', seller.id)).json().messages;
    const answer = await call('POST', `/user/lead_threads/${thread!.id}/messages`, buyer.id, {
      body: 'Děkuji, ozvu se.',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect((await call('GET', '/lead_threads/unread', seller.id)).json().messages).toBe(before + 1);
    const mails = await api.db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.kind, 'email.lead_answer'), sql`${jobs.payload}->'data'->>'text' = 'Děkuji, ozvu se.'`),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.payload).toMatchObject({ to: 'sales@seller.example', data: { buyer_name: 'Eva Malá' } });
    const bad = await call('POST', `/user/lead_threads/${thread!.id}/messages`, buyer.id, { body: '' });
    expect(bad.statusCode).toBe(422);
  });
});
