import { jobs, leads, offerMessages, offerReports, propertyTourDates } from '@estately/db';
import {
  OFFER_MESSAGE_LIMITS,
  OfferMessageResponseSchema,
  OfferReportResponseSchema,
} from '@estately/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { insertContact, insertFullOffer, insertSeller, insertUser } from '../../support/offer-fixtures.ts';

// POST /public/offers/{id}/offer_message and /offer_report (spec 7, issue 4).

let api: TestApi;
let ownerId = 0;
let offerId = 0;
let contactOfferId = 0;
let pausedId = 0;
let addressCounter = 0;

/** A fresh client address per request group, so the per-address budget does not leak between tests. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.1.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

const message = (overrides: Record<string, unknown> = {}) => ({
  offer_message: {
    name: 'Eva Dvořáková',
    email: 'Eva.Dvorakova@Example.com',
    phone: '+420 605 123 456',
    text: 'Dobrý den, je byt ještě volný?',
    ...overrides,
  },
});

function post(id: number | string, action: string, payload: unknown, address = nextAddress(), headers = {}) {
  return api.app.inject({
    method: 'POST',
    url: `/public/offers/${id}/${action}`,
    payload: payload as object,
    remoteAddress: address,
    headers,
  });
}

/** A whole-minute instant `days` from now (the fixtures' clock is the real one). */
function inDays(days: number): Date {
  return new Date(Math.floor((Date.now() + days * 86_400_000) / 60_000) * 60_000);
}

async function counts() {
  const [leadRows, messageRows, jobRows] = await Promise.all([
    api.db.select({ id: leads.id }).from(leads),
    api.db.select({ id: offerMessages.id }).from(offerMessages),
    api.db.select({ id: jobs.id }).from(jobs),
  ]);
  return { leads: leadRows.length, messages: messageRows.length, jobs: jobRows.length };
}

beforeAll(async () => {
  api = await buildTestApi({ WEB_ORIGIN: 'https://www.estately.example' });
  ownerId = await insertUser(api.db, {
    email: 'owner@example.com',
    contactEmail: 'owner.contact@example.com',
    preferredLanguage: 'de',
  });
  offerId = await insertFullOffer(api.db, { ownerId });
  const sellerId = await insertSeller(api.db);
  const contactId = await insertContact(api.db, sellerId, { contactEmail: 'agent@vltava.example' });
  contactOfferId = await insertFullOffer(api.db, { ownerId, sellerId, contactId });
  pausedId = await insertFullOffer(api.db, { ownerId, state: 'paused' });
});
afterAll(async () => {
  await api?.close();
});

describe('POST /public/offers/{id}/offer_message', () => {
  it('stores the message as a lead for the owner and queues the e-mail to the seller', async () => {
    const before = await counts();
    const response = await post(offerId, 'offer_message', message(), nextAddress(), {
      'accept-language': 'en-GB',
    });
    expect(response.statusCode).toBe(201);
    const body = OfferMessageResponseSchema.parse(response.json());

    const [lead] = await api.db.select().from(leads).where(eq(leads.id, body.lead_id));
    expect(lead).toMatchObject({
      propertyId: offerId,
      ownerId,
      senderUserId: null,
      source: 'offer_message',
      status: 'new',
      name: 'Eva Dvořáková',
      email: 'eva.dvorakova@example.com',
      phone: '+420 605 123 456',
      message: 'Dobrý den, je byt ještě volný?',
      locale: 'en-GB',
    });
    const [stored] = await api.db.select().from(offerMessages).where(eq(offerMessages.id, body.id));
    expect(stored).toMatchObject({
      leadId: body.lead_id,
      fromOwner: false,
      body: 'Dobrý den, je byt ještě volný?',
    });

    const [job] = await api.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `email.offer_message:${body.id}`));
    expect(job).toMatchObject({ kind: 'email.offer_message', doneAt: null, attempts: 0 });
    expect(job!.payload).toMatchObject({
      template: 'offer_message',
      to: 'owner.contact@example.com',
      locale: 'de',
      replyTo: 'eva.dvorakova@example.com',
      data: {
        offer_id: offerId,
        offer_url: `https://www.estately.example/de/property/${offerId}`,
        lead_id: body.lead_id,
        sender_name: 'Eva Dvořáková',
        sender_email: 'eva.dvorakova@example.com',
        sender_phone: '+420 605 123 456',
        text: 'Dobrý den, je byt ještě volný?',
        tour_date: null,
      },
    });
    expect(await counts()).toEqual({
      leads: before.leads + 1,
      messages: before.messages + 1,
      jobs: before.jobs + 1,
    });
  });

  it("writes to the offer's contact person when there is one", async () => {
    const response = await post(contactOfferId, 'offer_message', message({ email: 'karel@example.com' }));
    expect(response.statusCode).toBe(201);
    const [job] = await api.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `email.offer_message:${response.json().id}`));
    expect(job!.payload).toMatchObject({ to: 'agent@vltava.example' });
  });

  it('books one of the offer’s own viewing appointments as a tour request', async () => {
    const [slot] = await api.db
      .insert(propertyTourDates)
      .values({ propertyId: offerId, startsAt: inDays(30) })
      .returning({ id: propertyTourDates.id });
    const response = await post(
      offerId,
      'offer_message',
      message({ email: 'tour@example.com', tour_date_id: slot!.id }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().tour_date_id).toBe(slot!.id);
    const [lead] = await api.db.select().from(leads).where(eq(leads.id, response.json().lead_id));
    expect(lead!.source).toBe('tour_request');

    const [foreign] = await api.db
      .insert(propertyTourDates)
      .values({ propertyId: contactOfferId, startsAt: inDays(31) })
      .returning({ id: propertyTourDates.id });
    const before = await counts();
    const wrong = await post(
      offerId,
      'offer_message',
      message({ email: 'tour@example.com', tour_date_id: foreign!.id }),
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: 'validation_errors',
      errors: { 'offer_message.tour_date_id': ['validation.invalid_value'] },
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses a viewing appointment that has already begun', async () => {
    const [past] = await api.db
      .insert(propertyTourDates)
      .values({ propertyId: offerId, startsAt: inDays(-1), endsAt: inDays(-0.9) })
      .returning({ id: propertyTourDates.id });
    const before = await counts();
    const late = await post(
      offerId,
      'offer_message',
      message({ email: 'late@example.com', tour_date_id: past!.id }),
    );
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual({ 'offer_message.tour_date_id': ['validation.invalid_value'] });
    expect(await counts()).toEqual(before);
  });

  it('lists the upcoming viewing appointments with the offer’s time zone', async () => {
    const [upcoming] = await api.db
      .insert(propertyTourDates)
      .values({ propertyId: offerId, startsAt: inDays(40), endsAt: inDays(40.05), capacity: 3 })
      .returning({ id: propertyTourDates.id });
    await api.db.insert(propertyTourDates).values({ propertyId: offerId, startsAt: inDays(-2) });
    const response = await api.app.inject({ method: 'GET', url: `/public/offers/${offerId}/tour_dates` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.time_zone).toBe('Europe/Prague');
    expect(body.data.every((slot: { starts_at: string }) => Date.parse(slot.starts_at) > Date.now())).toBe(
      true,
    );
    expect(body.data).toContainEqual({
      id: upcoming!.id,
      starts_at: inDays(40).toISOString(),
      ends_at: inDays(40.05).toISOString(),
      capacity: 3,
    });
    const paused = await api.app.inject({ method: 'GET', url: `/public/offers/${pausedId}/tour_dates` });
    expect(paused.statusCode).toBe(404);
  });

  it('validates every field with message keys and stores nothing', async () => {
    const before = await counts();
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { offer_message: ['validation.required'] }],
      [
        { offer_message: {} },
        {
          'offer_message.name': ['validation.required'],
          'offer_message.email': ['validation.required'],
          'offer_message.text': ['validation.required'],
        },
      ],
      [message({ name: '   ' }), { 'offer_message.name': ['validation.required'] }],
      [message({ email: 'not-an-email' }), { 'offer_message.email': ['validation.invalid_email'] }],
      [message({ phone: 'call me' }), { 'offer_message.phone': ['validation.invalid_phone'] }],
      [message({ phone: '123' }), { 'offer_message.phone': ['validation.invalid_phone'] }],
      [message({ text: 'x'.repeat(5001) }), { 'offer_message.text': ['validation.too_long'] }],
      [message({ name: 'n'.repeat(101) }), { 'offer_message.name': ['validation.too_long'] }],
      [message({ tour_date_id: 'soon' }), { 'offer_message.tour_date_id': ['validation.invalid_integer'] }],
      [message({ text: 42 }), { 'offer_message.text': ['validation.invalid_value'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await post(offerId, 'offer_message', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(response.json(), JSON.stringify(payload).slice(0, 80)).toEqual({
        code: 'validation_errors',
        message: 'Validation Error',
        errors,
      });
    }
    expect(await counts()).toEqual(before);
  });

  it('accepts a message without a phone', async () => {
    const response = await post(
      offerId,
      'offer_message',
      message({ phone: '', email: 'nophone@example.com' }),
    );
    expect(response.statusCode).toBe(201);
    const [lead] = await api.db.select().from(leads).where(eq(leads.id, response.json().lead_id));
    expect(lead!.phone).toBeNull();
  });

  it("links a signed-in sender's lead and message to the account", async () => {
    const sender = await createUser(api.db);
    const response = await post(
      offerId,
      'offer_message',
      message({ email: sender.email }),
      nextAddress(),
      bearer(api.config, sender.id),
    );
    expect(response.statusCode).toBe(201);
    const body = OfferMessageResponseSchema.parse(response.json());
    const [lead] = await api.db.select().from(leads).where(eq(leads.id, body.lead_id));
    const [row] = await api.db.select().from(offerMessages).where(eq(offerMessages.id, body.id));
    expect(lead!.senderUserId).toBe(sender.id);
    expect(row!.senderUserId).toBe(sender.id);
    // A bad token is refused rather than silently treated as a guest.
    const forged = await post(offerId, 'offer_message', message(), nextAddress(), {
      authorization: 'Bearer forged',
    });
    expect(forged.statusCode).toBe(401);
  });

  it('answers 404 for unknown and inactive offers and stores nothing', async () => {
    const before = await counts();
    for (const id of [pausedId, 987_654, 'abc']) {
      const response = await post(id, 'offer_message', message({ email: 'nobody@example.com' }));
      expect(response.statusCode, String(id)).toBe(404);
    }
    expect(await counts()).toEqual(before);
  });

  it('writes lead, message and e-mail job in one transaction: a failing outbox leaves nothing', async () => {
    // The outbox refuses new rows, after lead and message were written in the same transaction.
    await api.database.exec(`
      create function refuse_jobs() returns trigger language plpgsql as $$
      begin raise exception 'outbox unavailable'; end $$;
      create trigger refuse_jobs before insert on jobs for each row execute function refuse_jobs();
    `);
    try {
      const before = await counts();
      const response = await post(offerId, 'offer_message', message({ email: 'atomic@example.com' }));
      expect(response.statusCode).toBe(500);
      expect(await counts()).toEqual(before);
    } finally {
      await api.database.exec('drop trigger refuse_jobs on jobs; drop function refuse_jobs();');
    }
  });
});

describe('offer_message rate limits', () => {
  it(`allows ${OFFER_MESSAGE_LIMITS.perAddress.max} messages per address in 10 minutes, then 429 with Retry-After`, async () => {
    const address = nextAddress();
    for (let n = 1; n <= OFFER_MESSAGE_LIMITS.perAddress.max; n += 1) {
      const response = await post(
        offerId,
        'offer_message',
        message({ email: `sender${n}@example.com` }),
        address,
      );
      expect(response.statusCode, `message ${n}`).toBe(201);
    }
    const before = await counts();
    const refused = await post(offerId, 'offer_message', message({ email: 'sender6@example.com' }), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too_many_requests' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await counts()).toEqual(before);

    // A forged X-Forwarded-For does not make a new client without TRUST_PROXY.
    const forged = await post(offerId, 'offer_message', message({ email: 'sender7@example.com' }), address, {
      'x-forwarded-for': '203.0.113.99',
    });
    expect(forged.statusCode).toBe(429);
    // Another address still may.
    expect((await post(offerId, 'offer_message', message({ email: 'sender8@example.com' }))).statusCode).toBe(
      201,
    );
  });

  it(`allows ${OFFER_MESSAGE_LIMITS.perSenderAndOffer.max} messages per sender e-mail and offer in an hour`, async () => {
    const email = 'persistent@example.com';
    for (let n = 1; n <= OFFER_MESSAGE_LIMITS.perSenderAndOffer.max; n += 1) {
      expect(
        (await post(contactOfferId, 'offer_message', message({ email }))).statusCode,
        `message ${n}`,
      ).toBe(201);
    }
    // From a new address and with the address written differently: still the same sender.
    const refused = await post(
      contactOfferId,
      'offer_message',
      message({ email: ' Persistent@Example.COM ' }),
    );
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // The same sender may still write about another offer.
    expect((await post(offerId, 'offer_message', message({ email }))).statusCode).toBe(201);
  });

  it('is keyed by the forwarded address when TRUST_PROXY is set', async () => {
    const proxied = await buildTestApi({ TRUST_PROXY: 'true' });
    try {
      const owner = await insertUser(proxied.db);
      const id = await insertFullOffer(proxied.db, { ownerId: owner });
      const send = (forwardedFor: string, n: number) =>
        proxied.app.inject({
          method: 'POST',
          url: `/public/offers/${id}/offer_message`,
          payload: message({ email: `proxied${n}@example.com` }),
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      for (let n = 1; n <= OFFER_MESSAGE_LIMITS.perAddress.max; n += 1)
        expect((await send('198.51.100.1', n)).statusCode).toBe(201);
      expect((await send('198.51.100.1', 99)).statusCode).toBe(429);
      expect((await send('198.51.100.2', 100)).statusCode).toBe(201);
    } finally {
      await proxied.close();
    }
  });
});

describe('POST /public/offers/{id}/offer_report', () => {
  beforeEach(async () => {
    await api.db.delete(offerReports);
  });

  it('stores an open report for moderation', async () => {
    const response = await post(offerId, 'offer_report', {
      offer_report: { reason: 'wrong_price', text: 'Cena v inzerátu nesedí.', email: 'Reporter@Example.com' },
    });
    expect(response.statusCode).toBe(201);
    const body = OfferReportResponseSchema.parse(response.json());
    expect(body).toMatchObject({ offer_id: offerId, reason: 'wrong_price', status: 'open' });
    const [row] = await api.db.select().from(offerReports).where(eq(offerReports.id, body.id));
    expect(row).toMatchObject({
      propertyId: offerId,
      reporterUserId: null,
      reporterEmail: 'reporter@example.com',
      reporterKey: 'email:reporter@example.com',
      reason: 'wrong_price',
      message: 'Cena v inzerátu nesedí.',
      status: 'open',
    });
  });

  it('names the signed-in account as the reporter', async () => {
    const reporter = await createUser(api.db);
    const response = await post(
      offerId,
      'offer_report',
      { offer_report: { reason: 'fraud' } },
      nextAddress(),
      bearer(api.config, reporter.id),
    );
    expect(response.statusCode).toBe(201);
    const [row] = await api.db.select().from(offerReports).where(eq(offerReports.id, response.json().id));
    expect(row!.reporterUserId).toBe(reporter.id);
  });

  it('allows one open report per reporter and offer: a second answers 409 conflict', async () => {
    const report = (email: string | undefined, address: string, id = offerId) =>
      post(id, 'offer_report', { offer_report: { reason: 'fraud', ...(email ? { email } : {}) } }, address);
    expect((await report('a@example.com', nextAddress())).statusCode).toBe(201);
    // Same e-mail from elsewhere, any reason: the same reporter.
    const again = await report('A@example.com', nextAddress());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict' });
    // Another reporter, or the same one on another offer, may.
    expect((await report('b@example.com', nextAddress())).statusCode).toBe(201);
    expect((await report('a@example.com', nextAddress(), contactOfferId)).statusCode).toBe(201);

    // A guest without e-mail is told apart by address (stored only as a keyed hash).
    const guest = nextAddress();
    expect((await report(undefined, guest)).statusCode).toBe(201);
    expect((await report(undefined, guest)).statusCode).toBe(409);
    expect((await report(undefined, nextAddress())).statusCode).toBe(201);
    const keys = (await api.db.select({ key: offerReports.reporterKey }).from(offerReports)).map(
      (row) => row.key,
    );
    for (const key of keys) expect(key).not.toContain(guest);

    // Once moderation closes the report, the reporter may report again.
    await api.db
      .update(offerReports)
      .set({ status: 'resolved' })
      .where(eq(offerReports.reporterKey, 'email:a@example.com'));
    expect((await report('a@example.com', nextAddress())).statusCode).toBe(201);
  });

  it('validates reason, text and e-mail, and answers 404 for hidden offers', async () => {
    const cases: [unknown, string][] = [
      [{ offer_report: {} }, 'offer_report.reason'],
      [{ offer_report: { reason: 'ugly' } }, 'offer_report.reason'],
      [{ offer_report: { reason: 'other', text: 'x'.repeat(2001) } }, 'offer_report.text'],
      [{ offer_report: { reason: 'other', email: 'nope' } }, 'offer_report.email'],
      [{}, 'offer_report'],
    ];
    for (const [payload, field] of cases) {
      const response = await post(offerId, 'offer_report', payload);
      expect(response.statusCode, field).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    expect((await post(pausedId, 'offer_report', { offer_report: { reason: 'other' } })).statusCode).toBe(
      404,
    );
    expect(await api.db.select().from(offerReports)).toHaveLength(0);
  });
});
