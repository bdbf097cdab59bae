import { jobs, leads, offerMessages } from '@estately/db';
import { LeadListSchema } from '@estately/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { insertFullOffer } from '../../support/offer-fixtures.ts';

// Leads (spec 7 POST and GET /leads, issue 6): contact requests of signed-in users, the
// owner's inbox with visitor messages, read marks, ownership.

let api: TestApi;
let seller = { id: 0, email: '' };
let other = { id: 0, email: '' };
let buyer = { id: 0, email: '' };
let offerId = 0;
let otherOfferId = 0;
let pausedId = 0;

function call(method: 'GET' | 'POST' | 'PATCH', url: string, userId?: number, payload?: unknown) {
  return api.app.inject({
    method,
    url,
    headers: userId ? bearer(api.config, userId) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

beforeAll(async () => {
  api = await buildTestApi({ WEB_ORIGIN: 'https://www.estately.example' });
  seller = await createUser(api.db, { preferredLanguage: 'de', contactEmail: 'sales@seller.example' });
  other = await createUser(api.db);
  buyer = await createUser(api.db, {
    firstName: 'Eva',
    lastName: 'Dvořáková',
    phoneNumber: '+420 605 123 456',
    contactEmail: 'eva@example.com',
  });
  offerId = await insertFullOffer(api.db, { ownerId: seller.id });
  otherOfferId = await insertFullOffer(api.db, { ownerId: other.id });
  pausedId = await insertFullOffer(api.db, { ownerId: seller.id, state: 'paused' });
});

afterAll(async () => {
  await api?.close();
});

describe('POST /leads', () => {
  it('stores a contact request with the account contact, its message and the seller e-mail in one go', async () => {
    const response = await call('POST', '/leads', buyer.id, {
      offer_id: offerId,
      message: '  Is it still free?  ',
    });
    expect(response.statusCode).toBe(201);
    const lead = response.json();
    expect(lead).toMatchObject({
      source: 'form',
      status: 'new',
      read: false,
      message: 'Is it still free?',
      messages_count: 1,
      offer: { id: offerId, offer_type: 'sale', property_type: 'apartment', state: 'active' },
      sender: {
        user_id: buyer.id,
        name: 'Eva Dvořáková',
        email: 'eva@example.com',
        phone: '+420 605 123 456',
      },
    });
    const [message] = await api.db.select().from(offerMessages).where(eq(offerMessages.leadId, lead.id));
    expect(message).toMatchObject({ senderUserId: buyer.id, body: 'Is it still free?' });
    const [job] = await api.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `email.offer_message:${message!.id}`));
    expect(job?.kind).toBe('email.offer_message');
    expect(job?.payload).toMatchObject({
      to: 'sales@seller.example',
      locale: 'de',
      replyTo: 'eva@example.com',
    });
    expect((job!.payload as { data: { offer_url: string } }).data.offer_url).toBe(
      `https://www.estately.example/de/property/${offerId}`,
    );
  });

  it('refuses bad input, non-public and own offers and stores nothing', async () => {
    const before = (await api.db.select().from(leads)).length;
    const bad = await call('POST', '/leads', buyer.id, { offer_id: 'x', message: '', phone: 'call me' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['message', 'offer_id', 'phone']);
    expect((await call('POST', '/leads', buyer.id, { offer_id: pausedId, message: 'Hi' })).statusCode).toBe(
      404,
    );
    const own = await call('POST', '/leads', seller.id, { offer_id: offerId, message: 'Hi' });
    expect(own.statusCode).toBe(422);
    expect(own.json().errors).toEqual({ offer_id: ['leads.own_offer'] });
    expect((await call('POST', '/leads', undefined, { offer_id: offerId, message: 'Hi' })).statusCode).toBe(
      401,
    );
    expect((await api.db.select().from(leads)).length).toBe(before);
  });
});

describe('GET /leads and PATCH /leads/{id}', () => {
  it('lists leads received on own offers newest first, including visitor messages, never others’', async () => {
    const visitor = await api.app.inject({
      method: 'POST',
      url: `/public/offers/${offerId}/offer_message`,
      remoteAddress: '10.9.0.1',
      payload: {
        offer_message: { name: 'Jan Novák', email: 'jan@example.com', text: 'Can I visit on Friday?' },
      },
    });
    expect(visitor.statusCode).toBe(201);
    await call('POST', '/leads', buyer.id, { offer_id: otherOfferId, message: 'For the other seller' });

    const response = await call('GET', '/leads', seller.id);
    expect(response.statusCode).toBe(200);
    const body = LeadListSchema.parse(response.json());
    expect(body.meta).toEqual({
      next_page: null,
      page: 1,
      per_page: 20,
      prev_page: null,
      total: 2,
      total_pages: 1,
    });
    expect(body.data.map((lead) => [lead.source, lead.sender.email])).toEqual([
      ['offer_message', 'jan@example.com'],
      ['form', 'eva@example.com'],
    ]);
    expect(body.data[0]).toMatchObject({
      message: 'Can I visit on Friday?',
      sender: { user_id: null, name: 'Jan Novák' },
    });

    const othersInbox = LeadListSchema.parse((await call('GET', '/leads', other.id)).json());
    expect(othersInbox.data.map((lead) => lead.message)).toEqual(['For the other seller']);
    // The buyer received nothing: sent leads are not in the sender's inbox.
    expect((await call('GET', '/leads', buyer.id)).json().meta.total).toBe(0);

    const paged = (await call('GET', '/leads?per_page=1&page=2', seller.id)).json();
    expect(paged.data.map((lead: { source: string }) => lead.source)).toEqual(['form']);
    expect(paged.meta).toMatchObject({ page: 2, prev_page: 1, next_page: null, total_pages: 2 });
    expect((await call('GET', '/leads?per_page=500', seller.id)).statusCode).toBe(422);
  });

  it('marks read and unread, only the owner', async () => {
    const inbox = (await call('GET', '/leads', seller.id)).json();
    const id = inbox.data[0].id as number;
    expect((await call('PATCH', `/leads/${id}`, other.id, { read: true })).statusCode).toBe(404);
    expect((await call('PATCH', `/leads/${id}`, buyer.id, { read: true })).statusCode).toBe(404);

    const read = await call('PATCH', `/leads/${id}`, seller.id, { read: true });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id, status: 'read', read: true });
    const messages = await api.db.select().from(offerMessages).where(eq(offerMessages.leadId, id));
    expect(messages.every((message) => message.readAt !== null)).toBe(true);

    const unread = (await call('GET', '/leads?unread=1', seller.id)).json();
    expect(unread.data.map((lead: { id: number }) => lead.id)).not.toContain(id);
    expect(unread.meta.total).toBe(1);
    // The inbox's order: what is not read yet first, then newest first (issue 10).
    const newest = (await call('GET', '/leads', seller.id)).json();
    expect(newest.data[0].id).toBe(id);
    const unreadFirst = (await call('GET', '/leads?sort=unread_first', seller.id)).json();
    expect(unreadFirst.data.map((lead: { read: boolean }) => lead.read)).toEqual([false, true]);
    expect(unreadFirst.data[1].id).toBe(id);
    expect((await call('GET', '/leads?sort=oldest', seller.id)).statusCode).toBe(422);

    const again = await call('PATCH', `/leads/${id}`, seller.id, { read: false });
    expect(again.json()).toMatchObject({ status: 'new', read: false });
    expect((await call('PATCH', `/leads/${id}`, seller.id, { read: 'yes' })).statusCode).toBe(422);
    expect((await call('PATCH', '/leads/999999', seller.id, { read: true })).statusCode).toBe(404);
  });
});
