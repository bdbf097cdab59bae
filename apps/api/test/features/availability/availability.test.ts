import { availabilityChecks, jobs, offers, properties, propertyStateHistory } from '@estately/db';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAvailabilityToken } from '../../../src/features/availability/availability-token.ts';
import { sweepAvailability } from '../../../src/features/availability/sweep-availability.ts';
import { createJobWorker } from '../../../src/features/jobs/job-worker.ts';
import { PRUNE_JOB } from '../../../src/features/jobs/prune-stale-rows.ts';
import { createSmtpTransport } from '../../../src/features/mail/create-smtp-transport.ts';
import { createJobHandlers } from '../../../src/job-handlers.ts';
import { bearer, createUser, type TestUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { startSmtpServer } from '../../support/mail-helpers.ts';
import { insertFullOffer } from '../../support/offer-fixtures.ts';

// "Still available?" (issue 43 point 5, decision 065): the sweep's three steps on a controlled
// clock, the signed one-click links (valid, expired, tampered, used twice), the seller's own
// confirmation, the card and detail flag, the default order, and the e-mails through SMTP.

const WEB = 'https://www.estately.example';
const DAY = 86_400_000;
// The sweep's clock: far enough ahead that every offer written now is 14 days old.
const T = new Date(Date.now() + 15 * DAY);
const after = (days: number) => new Date(T.getTime() + days * DAY);

let api: TestApi;
let owner: TestUser;
let other: TestUser;

function sweep(now: Date) {
  return sweepAvailability({ db: api.db, keys: api.config.jwt.keys, web: WEB, now });
}

async function newOffer(
  values: { offerType?: 'sale' | 'rent'; state?: 'active' | 'paused'; city?: string } = {},
) {
  return insertFullOffer(api.db, {
    ownerId: owner.id,
    offerType: values.offerType ?? 'sale',
    state: values.state ?? 'active',
    city: values.city ?? 'Praha',
  });
}

/** Moves an offer's last update to `at`, as if its owner had saved it then. */
async function touch(id: number, at: Date) {
  await api.db.update(properties).set({ updatedAt: at }).where(eq(properties.id, id));
}

/** The queued e-mails of a template about an offer, their payloads. */
async function mailJobs(template: 'availability_check' | 'availability_withdrawn', id: number) {
  const rows = await api.db
    .select()
    .from(jobs)
    .where(
      and(eq(jobs.kind, `email.${template}`), sql`${jobs.payload}->'data'->>'property_id' = ${String(id)}`),
    );
  return rows.map((row) => row.payload as { to: string; locale: string; data: Record<string, string> });
}

const questionJobs = (id: number) => mailJobs('availability_check', id);
const noticeJobs = (id: number) => mailJobs('availability_withdrawn', id);

async function linkOf(id: number, choice: 'available' | 'sold'): Promise<string> {
  const [job] = await questionJobs(id);
  const url = job?.data[`${choice}_url`];
  if (!url) throw new Error(`no ${choice} link for ${id}`);
  expect(url.startsWith(`${WEB}/cs/availability/`)).toBe(true);
  return url.split('/').pop()!;
}

async function offerRow(id: number) {
  const [row] = await api.db.select().from(offers).where(eq(offers.id, id));
  return row!;
}

async function stateOf(id: number) {
  const [row] = await api.db
    .select({ state: properties.state })
    .from(properties)
    .where(eq(properties.id, id));
  return row?.state;
}

async function historyKinds(id: number) {
  const rows = await api.db
    .select({ kind: propertyStateHistory.kind })
    .from(propertyStateHistory)
    .where(eq(propertyStateHistory.propertyId, id))
    .orderBy(asc(propertyStateHistory.changedAt), asc(propertyStateHistory.id));
  return rows.map((row) => row.kind);
}

beforeAll(async () => {
  api = await buildTestApi({ PUBLIC_WEB_URL: WEB, RATE_LIMIT_MAX: '0' });
  owner = await createUser(api.db, { firstName: 'Jana', lastName: 'Nováková', preferredLanguage: 'cs' });
  other = await createUser(api.db);
});
afterAll(async () => {
  await api?.close();
});

describe('the sweep', () => {
  it('asks after 14 days, marks after 7 more, withdraws after 30, each once', async () => {
    const asked = await newOffer();
    const fresh = await newOffer();
    await touch(fresh, after(-5)); // updated 10 days before T
    const paused = await newOffer({ state: 'paused' });

    const first = await sweep(T);
    expect(first.asked).toBeGreaterThanOrEqual(1);
    expect(await questionJobs(asked)).toHaveLength(1);
    expect(await questionJobs(fresh)).toHaveLength(0);
    expect(await questionJobs(paused)).toHaveLength(0);
    const [job] = await questionJobs(asked);
    expect(job?.to).toBe(owner.email);
    expect(job?.locale).toBe('cs');
    expect(job?.data.withdraw_at).toBe(after(30).toISOString());

    // Run again, and later the same day: nobody is asked twice.
    await sweep(T);
    await sweep(after(0.5));
    expect(await questionJobs(asked)).toHaveLength(1);
    expect(
      await api.db.select().from(availabilityChecks).where(eq(availabilityChecks.propertyId, asked)),
    ).toHaveLength(1);

    await sweep(after(6.9));
    expect((await offerRow(asked)).isUnconfirmed).toBe(false);
    const marked = await sweep(after(7));
    expect(marked.unconfirmed).toBeGreaterThanOrEqual(1);
    expect((await offerRow(asked)).isUnconfirmed).toBe(true);
    expect((await offerRow(fresh)).isUnconfirmed).toBe(false);

    // The card and the detail say so.
    const detail = await api.app.inject({ method: 'GET', url: `/public/offers/${asked}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().not_confirmed_recently).toBe(true);
    const list = await api.app.inject({ method: 'GET', url: '/public/offers?per_page=100' });
    const card = list.json().data.find((item: { id: number }) => item.id === asked);
    expect(card?.not_confirmed_recently).toBe(true);
    // The owner's list says why the offer sits lower.
    const own = await api.app.inject({
      method: 'GET',
      url: '/my/own/properties?per_page=100',
      headers: bearer(api.config, owner.id),
    });
    const mine = own.json().data.find((item: { id: number }) => item.id === asked);
    expect(mine?.not_confirmed_recently).toBe(true);
    expect(own.json().data.find((item: { id: number }) => item.id === fresh)?.not_confirmed_recently).toBe(
      false,
    );

    await sweep(after(29.9));
    expect(await stateOf(asked)).toBe('active');
    const withdrawn = await sweep(after(30));
    expect(withdrawn.withdrawn).toBeGreaterThanOrEqual(1);
    expect(await stateOf(asked)).toBe('paused');
    expect(await historyKinds(asked)).toContain('withdrawn');
    expect((await offerRow(asked)).isPublic).toBe(false);
    const notices = await noticeJobs(asked);
    expect(notices).toHaveLength(1);
    await sweep(after(31));
    expect(await noticeJobs(asked)).toHaveLength(1);
  });

  it('lets an update answer the question: the mark goes and nothing is withdrawn', async () => {
    const id = await newOffer();
    await sweep(T);
    await sweep(after(7));
    expect((await offerRow(id)).isUnconfirmed).toBe(true);
    // The owner saves the offer through the API: the projection drops the mark at once.
    const [property] = await api.db.select().from(properties).where(eq(properties.id, id));
    const saved = await api.app.inject({
      method: 'POST',
      url: `/properties/${id}/confirm-availability`,
      headers: bearer(api.config, owner.id),
    });
    expect(saved.statusCode).toBe(200);
    expect(property?.availabilityUnconfirmedAt).not.toBeNull();
    expect((await offerRow(id)).isUnconfirmed).toBe(false);
    await sweep(after(30));
    expect(await stateOf(id)).toBe('active');
  });
});

describe('the one-click links', () => {
  let sale: number;
  let rent: number;

  beforeAll(async () => {
    sale = await newOffer({ city: 'Brno' });
    rent = await newOffer({ offerType: 'rent', city: 'Brno' });
    await sweep(T);
  });

  it('describe what they do without changing anything', async () => {
    const token = await linkOf(sale, 'available');
    const response = await api.app.inject({ method: 'GET', url: `/availability/${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      property_id: sale,
      choice: 'available',
      used: false,
      state: 'active',
    });
    const [check] = await api.db
      .select()
      .from(availabilityChecks)
      .where(eq(availabilityChecks.propertyId, sale));
    expect(check?.confirmedAt).toBeNull();
  });

  it('refuse a tampered token: another id, the other answer, a changed signature', async () => {
    const token = await linkOf(sale, 'available');
    const [id, , expires, kid, mac] = token.split('.');
    const forged = [
      [String(Number(id) + 1), 'available', expires, kid, mac].join('.'),
      [id, 'sold', expires, kid, mac].join('.'),
      [id, 'available', String(Number(expires) + 86_400), kid, mac].join('.'),
      [id, 'available', expires, kid, `${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`].join('.'),
      'garbage',
    ];
    for (const bad of forged) {
      const response = await api.app.inject({ method: 'POST', url: `/availability/${bad}` });
      expect(response.statusCode, bad).toBe(404);
    }
    expect(await stateOf(sale)).toBe('active');
  });

  it('refuse an expired link with 410', async () => {
    const [check] = await api.db
      .select()
      .from(availabilityChecks)
      .where(eq(availabilityChecks.propertyId, sale));
    const token = signAvailabilityToken(api.config.jwt.keys, {
      checkId: check!.id,
      choice: 'sold',
      expiresAt: new Date(Date.now() - 1_000),
    });
    const response = await api.app.inject({ method: 'POST', url: `/availability/${token}` });
    expect(response.statusCode).toBe(410);
    expect(await stateOf(sale)).toBe('active');
  });

  it('"sold or rented" moves a rent to rented through the lifecycle, once', async () => {
    const token = await linkOf(rent, 'sold');
    const first = await api.app.inject({ method: 'POST', url: `/availability/${token}` });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ choice: 'sold', state: 'rented' });
    expect(await stateOf(rent)).toBe('rented');
    expect(await historyKinds(rent)).toContain('rented');
    const again = await api.app.inject({ method: 'POST', url: `/availability/${token}` });
    expect(again.statusCode).toBe(409);
    // "Still available" for an offer that is rented now changes nothing.
    const available = await api.app.inject({
      method: 'POST',
      url: `/availability/${await linkOf(rent, 'available')}`,
    });
    expect(available.statusCode).toBe(409);
    expect(available.json().errors).toEqual({ state: ['availability.not_active'] });
    expect(await stateOf(rent)).toBe('rented');
  });
  it('"still available" confirms once; again is 409', async () => {
    await sweep(after(7));
    expect((await offerRow(sale)).isUnconfirmed).toBe(true);
    const token = await linkOf(sale, 'available');
    const first = await api.app.inject({ method: 'POST', url: `/availability/${token}` });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ choice: 'available', state: 'active', used: false });
    expect((await offerRow(sale)).isUnconfirmed).toBe(false);
    const [property] = await api.db.select().from(properties).where(eq(properties.id, sale));
    expect(property?.availabilityConfirmedAt).not.toBeNull();
    const again = await api.app.inject({ method: 'POST', url: `/availability/${token}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ token: ['availability.already_used'] });
    const described = await api.app.inject({ method: 'GET', url: `/availability/${token}` });
    expect(described.json().used).toBe(true);
    // Confirmed: not withdrawn when the question's 30 days are over.
    await sweep(after(30));
    expect(await stateOf(sale)).toBe('active');
  });
});

describe('the seller confirms from their offers', () => {
  it('only the owner, only an active offer', async () => {
    const id = await newOffer({ city: 'Ostrava' });
    const url = `/properties/${id}/confirm-availability`;
    expect((await api.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const stranger = await api.app.inject({ method: 'POST', url, headers: bearer(api.config, other.id) });
    expect(stranger.statusCode).toBe(404);
    const mine = await api.app.inject({ method: 'POST', url, headers: bearer(api.config, owner.id) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().property_id).toBe(id);
    // Confirmed today: the sweep 14 days from now (T is 15 days ahead) does not ask.
    await sweep(new Date(Date.now() + 13 * DAY));
    expect(await questionJobs(id)).toHaveLength(0);
    const paused = await newOffer({ state: 'paused' });
    const refused = await api.app.inject({
      method: 'POST',
      url: `/properties/${paused}/confirm-availability`,
      headers: bearer(api.config, owner.id),
    });
    expect(refused.statusCode).toBe(409);
  });
});

describe('the default order', () => {
  it('puts an offer not confirmed recently after the confirmed ones, in the index and in SQL', async () => {
    const older = await insertFullOffer(api.db, {
      ownerId: other.id,
      city: 'Plzeň',
      activatedAt: new Date('2026-02-01T10:00:00Z'),
    });
    const newer = await insertFullOffer(api.db, {
      ownerId: other.id,
      city: 'Plzeň',
      activatedAt: new Date('2026-02-02T10:00:00Z'),
    });
    const ids = async (query: string) => {
      const response = await api.app.inject({ method: 'GET', url: `/public/offers?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json()
        .data.map((card: { id: number }) => card.id)
        .filter((id: number) => id === older || id === newer);
    };
    // A partition with a price band (the facet index) and a floor bound (SQL).
    const queries = [
      'offer_type=sale&property_type=apartment&price_to=90000000&currency=CZK',
      'floor_from=1&per_page=100',
    ];
    for (const query of queries) expect(await ids(query)).toEqual([newer, older]);
    await api.db
      .update(properties)
      .set({ availabilityUnconfirmedAt: new Date(Date.now() + DAY) })
      .where(eq(properties.id, newer));
    await api.db.update(offers).set({ isUnconfirmed: true }).where(eq(offers.id, newer));
    for (const query of queries) expect(await ids(query)).toEqual([older, newer]);
  });
});

describe('the jobs', () => {
  it('the hourly clean-up queues the sweep and the roll-up once; the sweep job asks through the worker', async () => {
    const registry = createJobHandlers({
      db: api.db,
      config: { ...api.config, publicWebUrl: WEB },
      transport: createSmtpTransport({ url: 'smtp://127.0.0.1:9' }),
    });
    const prune = registry.handlerFor(PRUNE_JOB)!;
    const at = new Date(Date.now() + 20 * DAY);
    const context = { id: 0, kind: PRUNE_JOB, payload: {}, attempt: 1, maxAttempts: 1, now: at };
    await prune(context);
    await prune(context);
    const queued = await api.db
      .select({ kind: jobs.kind, runAt: jobs.runAt })
      .from(jobs)
      .where(sql`${jobs.kind} in ('availability.sweep', 'responsiveness.rollup')`);
    expect(queued.map((job) => job.kind).sort()).toEqual(['availability.sweep', 'responsiveness.rollup']);

    const id = await newOffer({ city: 'Liberec' });
    const sweepJob = registry.handlerFor('availability.sweep')!;
    await sweepJob({ ...context, kind: 'availability.sweep' });
    const [question] = await questionJobs(id);
    expect(question?.data.available_url?.startsWith(`${WEB}/cs/availability/`)).toBe(true);
  });
});

describe('e-mails', () => {
  it('reach the seller through SMTP with both links, in their language', async () => {
    const smtp = await startSmtpServer();
    try {
      const transport = createSmtpTransport({ url: smtp.url });
      const registry = createJobHandlers({
        db: api.db,
        config: { ...api.config, smtpUrl: smtp.url },
        transport,
      });
      // Only the e-mails: other kinds would run on their own clocks.
      await api.db.delete(jobs).where(sql`${jobs.kind} not like 'email.%'`);
      const pending = await api.db.select().from(jobs).where(like(jobs.kind, 'email.availability_%'));
      const worker = createJobWorker({ db: api.db, registry });
      await worker.runDueJobs();
      await transport.close();
      await smtp.waitFor(pending.length);
      const question = smtp.received.find((mail) =>
        mail.parsed.subject?.startsWith('Je váš inzerát stále aktuální?'),
      );
      expect(question?.envelopeTo).toEqual([owner.email]);
      expect(question?.parsed.text).toContain(`${WEB}/cs/availability/`);
      expect(question?.parsed.html).toContain('Ano, stále je k dispozici');
      expect(question?.parsed.html).toContain('Ne, je prodaná nebo pronajatá');
      const notice = smtp.received.find((mail) => mail.parsed.subject?.startsWith('Váš inzerát byl stažen'));
      expect(notice?.parsed.text).toContain(`${WEB}/cs/account/my-offers`);
    } finally {
      await smtp.close();
    }
  });
});
