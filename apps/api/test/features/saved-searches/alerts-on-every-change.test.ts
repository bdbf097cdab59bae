import {
  favoriteAlertDeliveries,
  favourites,
  hiddenOffers,
  jobs,
  priceHistory,
  properties,
  propertyStateHistory,
  savedSearches,
  users,
} from '@estately/db';
import { parseFilters, SAVED_SEARCH_CREATE_LIMITS } from '@estately/domain';
import { desc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobWorker } from '../../../src/features/jobs/job-worker.ts';
import { createSmtpTransport } from '../../../src/features/mail/create-smtp-transport.ts';
import { runFavoriteAlerts } from '../../../src/features/saved-searches/run-favorite-alerts.ts';
import { runSavedSearchAlerts } from '../../../src/features/saved-searches/run-saved-search-alerts.ts';
import { createSavedSearchAlertsHandler } from '../../../src/features/saved-searches/saved-search-alerts-job.ts';
import { signUnsubscribeToken } from '../../../src/features/saved-searches/unsubscribe-token.ts';
import { createJobHandlers } from '../../../src/job-handlers.ts';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { startSmtpServer } from '../../support/mail-helpers.ts';
import { insertFullOffer } from '../../support/offer-fixtures.ts';

// Issue 44 point 2 (decision 070): watch-dogs also report offers back on the market, each kind
// as the search asks; people hear of price drops and state changes of the offers they
// favourited, without a saved search, each change once, however often and however
// concurrently the job runs; every e-mail links to the change and unsubscribes in one click.

const WEB = 'https://www.estately.example';
const API = 'https://api.estately.example';
const T0 = new Date('2026-06-01T08:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

let api: TestApi;
let owner: number;
const ids: Record<string, number> = {};

const options = (now: Date) => ({
  db: api.db,
  now,
  publicWebUrl: WEB,
  publicApiUrl: API,
  keys: api.config.jwt.keys,
  storage: api.app.storage,
});

interface Line {
  url: string;
  kind?: string;
  change?: string;
  oldPrice?: string | null;
  price: string;
}

async function queued(kind: string) {
  const rows = await api.db.select().from(jobs).where(eq(jobs.kind, kind));
  return rows.map((row) => {
    const payload = row.payload as {
      to: string;
      data: { offers?: Line[]; changes?: Line[]; unsubscribeUrl: string };
    };
    const lines = payload.data.offers ?? payload.data.changes ?? [];
    return { key: row.dedupeKey, to: payload.to, lines, unsubscribeUrl: payload.data.unsubscribeUrl };
  });
}

async function saveSearch(userId: number, name: string, query: string, alertKinds?: string[]) {
  const parsed = parseFilters(query);
  if (!parsed.success) throw new Error(query);
  const { sort: _s, page: _p, per_page: _pp, ...filters } = parsed.data;
  const [row] = await api.db
    .insert(savedSearches)
    .values({
      userId,
      name,
      filters,
      frequency: 'daily',
      locale: 'en',
      currency: 'CZK',
      createdAt: T0,
      updatedAt: T0,
      ...(alertKinds ? { alertKinds } : {}),
    })
    .returning({ id: savedSearches.id });
  return row!.id;
}

beforeAll(async () => {
  api = await buildTestApi({
    WEB_ORIGIN: WEB,
    PUBLIC_WEB_URL: WEB,
    PUBLIC_API_URL: API,
    ACCOUNT_MAX_PROPERTIES: '1000',
  });
  owner = (await createUser(api.db)).id;
});

afterAll(async () => {
  await api?.close();
});

describe('watch-dogs: new, cheaper and back on the market', () => {
  it('labels each offer by why it is news, links changes to the timeline and honours alert_kinds', async () => {
    const offer = (values: Omit<Parameters<typeof insertFullOffer>[1], 'ownerId'>) =>
      insertFullOffer(api.db, { ownerId: owner, city: 'Olomouc', ...values });
    ids.fresh = await offer({ price: 5_000_000, activatedAt: at(30) });
    // Reserved last month, active again within the window: the lifecycle writes the entry.
    ids.back = await offer({ price: 5_100_000, activatedAt: at(40) });
    await api.db.insert(propertyStateHistory).values([
      { propertyId: ids.back!, kind: 'listed', state: 'active', changedAt: at(-60 * 24 * 40) },
      { propertyId: ids.back!, kind: 'reserved', state: 'reserved', changedAt: at(-60 * 24 * 30) },
      { propertyId: ids.back!, kind: 'back_on_market', state: 'active', changedAt: at(40) },
    ]);
    ids.drop = await offer({ price: 4_900_000, activatedAt: at(-60 * 24 * 3) });
    await api.db.insert(priceHistory).values([
      { propertyId: ids.drop!, price: 5_400_000, currency: 'CZK', changedAt: at(-60 * 24 * 3) },
      { propertyId: ids.drop!, price: 4_900_000, currency: 'CZK', changedAt: at(50) },
    ]);
    const reader = await createUser(api.db, { preferredLanguage: 'en' });
    const query = 'offer_type=sale&property_type=apartment&country_code=CZ&price_to=6000000&currency=CZK';
    const every = await saveSearch(reader.id, 'Every kind', query);
    const onlyNew = await saveSearch(reader.id, 'Only new', query, ['new']);
    const onlyBack = await saveSearch(reader.id, 'Only back', query, ['back_on_market']);
    const dropsAndBack = await saveSearch(reader.id, 'Drops and back', query, [
      'price_drop',
      'back_on_market',
    ]);

    const result = await runSavedSearchAlerts({ ...options(at(120)), frequencies: ['daily'] });
    expect(result.events).toBeGreaterThanOrEqual(3);
    const mails = await queued('email.saved_search_alert');
    const of = (id: number) => mails.find((mail) => mail.key?.startsWith(`saved_search:${id}:`));
    const kinds = (id: number) =>
      Object.fromEntries((of(id)?.lines ?? []).map((line) => [line.url.split('/').pop(), line.kind]));
    expect(kinds(every)).toEqual({
      [`${ids.fresh}`]: 'new',
      [`${ids.back}#history`]: 'back_on_market',
      [`${ids.drop}#history`]: 'price_drop',
    });
    expect(kinds(onlyNew)).toEqual({ [`${ids.fresh}`]: 'new' });
    expect(kinds(onlyBack)).toEqual({ [`${ids.back}#history`]: 'back_on_market' });
    expect(kinds(dropsAndBack)).toEqual({
      [`${ids.back}#history`]: 'back_on_market',
      [`${ids.drop}#history`]: 'price_drop',
    });
    expect(of(every)?.lines[0]?.url).toBe(`${WEB}/en/property/${ids.drop}#history`);
  });

  it("leaves a person's hidden offers out of their own alerts, and sends none when all are hidden", async () => {
    const query = 'offer_type=sale&property_type=apartment&country_code=CZ&price_to=6000000&currency=CZK';
    const someHidden = await createUser(api.db, { preferredLanguage: 'en' });
    const allHidden = await createUser(api.db, { preferredLanguage: 'en' });
    const nothingHidden = await createUser(api.db, { preferredLanguage: 'en' });
    const hide = (userId: number, offerIds: number[]) =>
      api.db.insert(hiddenOffers).values(offerIds.map((offerId) => ({ userId, offerId })));
    await hide(someHidden.id, [ids.fresh!, ids.drop!]);
    await hide(allHidden.id, [ids.fresh!, ids.back!, ids.drop!]);
    const some = await saveSearch(someHidden.id, 'Some hidden', query);
    const all = await saveSearch(allHidden.id, 'All hidden', query);
    const none = await saveSearch(nothingHidden.id, 'None hidden', query);

    const result = await runSavedSearchAlerts({ ...options(at(120)), frequencies: ['daily'] });
    expect(result.searches).toBe(3);
    const mails = await queued('email.saved_search_alert');
    const of = (id: number) => mails.find((mail) => mail.key?.startsWith(`saved_search:${id}:`));
    const urls = (id: number) => (of(id)?.lines ?? []).map((line) => line.url.split('/').pop());
    // The same filters, so the same matches: each person's hidden ones taken out of their own.
    expect(urls(none).sort()).toEqual([`${ids.back}#history`, `${ids.drop}#history`, `${ids.fresh}`].sort());
    expect(urls(some)).toEqual([`${ids.back}#history`]);
    expect(of(all)).toBeUndefined();
    // The search with nothing to say still moved on: it is not due again for the same news.
    const [row] = await api.db.select().from(savedSearches).where(eq(savedSearches.id, all));
    expect(row?.lastNotifiedAt?.toISOString()).toBe(at(120).toISOString());
  });
});

describe('saved searches: kinds, a raised cap and a rate instead', () => {
  const call = (method: 'POST' | 'PATCH', url: string, userId: number, payload: unknown) =>
    api.app.inject({ method, url, headers: bearer(api.config, userId), payload: payload as object });

  it('stores the kinds in one order, refuses unknown or none, and changes them', async () => {
    const user = (await createUser(api.db)).id;
    const created = await call('POST', '/saved_searches', user, {
      name: 'Drops',
      filters: 'offer_type=sale',
      alert_kinds: ['price_drop', 'new', 'price_drop'],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().alert_kinds).toEqual(['new', 'price_drop']);
    const plain = await call('POST', '/saved_searches', user, { name: 'All', filters: 'offer_type=rent' });
    expect(plain.json().alert_kinds).toEqual(['new', 'price_drop', 'back_on_market']);
    for (const bad of [[], ['sold'], 'new']) {
      const refused = await call('POST', '/saved_searches', user, {
        name: 'Bad',
        filters: '',
        alert_kinds: bad,
      });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(422);
      expect(
        Object.keys(refused.json().errors).every((key) => key.startsWith('alert_kinds')),
        refused.body,
      ).toBe(true);
    }
    const changed = await call('PATCH', `/saved_searches/${created.json().id}`, user, {
      alert_kinds: ['back_on_market'],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().alert_kinds).toEqual(['back_on_market']);
    const rows = await api.db.select().from(savedSearches).where(eq(savedSearches.userId, user));
    expect(rows.map((row) => row.alertKinds).sort()).toEqual([
      ['back_on_market'],
      ['new', 'price_drop', 'back_on_market'],
    ]);
  });

  it(`limits saves by rate: ${SAVED_SEARCH_CREATE_LIMITS.perHour.max} an hour, then 429 with Retry-After and nothing stored`, async () => {
    const user = (await createUser(api.db)).id;
    for (let i = 0; i < SAVED_SEARCH_CREATE_LIMITS.perHour.max; i++) {
      const saved = await call('POST', '/saved_searches', user, {
        name: `S${i}`,
        filters: `price_to=${i + 1}000&currency=CZK`,
      });
      expect(saved.statusCode, saved.body).toBe(201);
    }
    const refused = await call('POST', '/saved_searches', user, {
      name: 'One more',
      filters: 'price_to=99000&currency=CZK',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await api.db.select().from(savedSearches).where(eq(savedSearches.userId, user));
    expect(rows.length).toBe(SAVED_SEARCH_CREATE_LIMITS.perHour.max);
    // Someone else's budget is their own.
    const other = (await createUser(api.db)).id;
    expect((await call('POST', '/saved_searches', other, { name: 'Mine', filters: '' })).statusCode).toBe(
      201,
    );
  });
});

describe('favourite alerts', () => {
  const people: Record<string, { id: number; email: string }> = {};

  it('mails each watcher the price drops and state changes of their favourites, linked to the timeline', async () => {
    const now = new Date();
    const offer = (values: Omit<Parameters<typeof insertFullOffer>[1], 'ownerId'>) =>
      insertFullOffer(api.db, {
        ownerId: owner,
        activatedAt: new Date(now.getTime() - 86_400_000 * 5),
        ...values,
      });
    ids.f1 = await offer({ price: 6_000_000 });
    ids.f2 = await offer({ price: 3_000_000 });
    ids.f3 = await offer({ price: 2_000_000 });
    ids.struck = await offer({ price: 1_000_000 });
    for (const [name, values] of Object.entries({
      eva: { preferredLanguage: 'cs', preferredCurrency: 'CZK' },
      max: { preferredLanguage: 'de', preferredCurrency: 'EUR' },
      off: { notifyOfferUpdates: false },
      late: {},
    })) {
      const user = await createUser(api.db, values);
      people[name] = { id: user.id, email: user.email };
    }
    // Favourited through the API, as a person does.
    for (const [who, offerIds] of [
      ['eva', [ids.f1, ids.f2, ids.struck]],
      ['max', [ids.f1]],
      ['off', [ids.f1, ids.f2]],
    ] as const) {
      for (const id of offerIds) {
        const added = await api.app.inject({
          method: 'POST',
          url: `/user/offers/${id}/favorite_offer`,
          headers: bearer(api.config, people[who]!.id),
        });
        expect(added.statusCode, added.body).toBeLessThan(300);
      }
    }
    // Every change below comes after the favourites (the database's clock wrote those).
    const [latest] = await api.db
      .select({ at: favourites.createdAt })
      .from(favourites)
      .orderBy(desc(favourites.createdAt))
      .limit(1);
    const start = Math.max(Date.now(), latest!.at.getTime());
    const soon = (seconds: number) => new Date(start + seconds * 1000);
    // Struck by an admin after it was favourited: its changes are nobody's news.
    await api.db
      .update(properties)
      .set({ strikeReason: 'fraud', struckAt: now })
      .where(eq(properties.id, ids.struck));
    // f1 gets cheaper; f2 is reserved by its seller through the lifecycle; f3 nobody watches.
    await api.db.insert(priceHistory).values([
      {
        propertyId: ids.f1!,
        price: 6_000_000,
        currency: 'CZK',
        changedAt: new Date(now.getTime() - 86_400_000 * 5),
      },
      { propertyId: ids.f1!, price: 5_500_000, currency: 'CZK', changedAt: soon(1) },
      // A rise is no alert.
      { propertyId: ids.f3!, price: 2_100_000, currency: 'CZK', changedAt: soon(1) },
      { propertyId: ids.struck!, price: 900_000, currency: 'CZK', changedAt: soon(1) },
    ]);
    const reserved = await api.app.inject({
      method: 'POST',
      url: `/v1/properties/set-state/${ids.f2}`,
      headers: bearer(api.config, owner),
      payload: { state: 'reserved' },
    });
    expect(reserved.statusCode, reserved.body).toBe(200);
    await api.db
      .update(propertyStateHistory)
      .set({ changedAt: soon(2) })
      .where(eq(propertyStateHistory.propertyId, ids.f2));
    // Favourited after the drop: not news to this person.
    await api.db.insert(favourites).values({ userId: people.late!.id, offerId: ids.f1!, createdAt: soon(3) });

    // The window ends at the start of the current 5-minute slot: run in the next one.
    const later = new Date(start + 6 * 60_000);
    const result = await runFavoriteAlerts(options(later));
    expect(result.emails).toBe(2);
    const mails = await queued('email.favorite_alert');
    expect(mails.map((mail) => mail.to).sort()).toEqual([people.eva!.email, people.max!.email].sort());
    const eva = mails.find((mail) => mail.to === people.eva!.email)!;
    expect(eva.lines.map((line) => [line.change, line.url])).toEqual([
      ['price_drop', `${WEB}/cs/property/${ids.f1}#history`],
      ['reserved', `${WEB}/cs/property/${ids.f2}#history`],
    ]);
    expect(eva.lines[0]?.oldPrice).toMatch(/^6\s000\s000\sKč$/);
    expect(eva.lines[0]?.price).toMatch(/^5\s500\s000\sKč$/);
    const max = mails.find((mail) => mail.to === people.max!.email)!;
    expect(max.lines.map((line) => line.change)).toEqual(['price_drop']);
    expect(max.lines[0]?.price).toContain('€');
    expect(max.unsubscribeUrl).toMatch(new RegExp(`^${API}/user/favorite_alerts/unsubscribe\\?token=`));
  });

  it('never mails a change twice: the job run again, and twice at once, queues nothing new', async () => {
    const before = await queued('email.favorite_alert');
    const ledger = await api.db.select().from(favoriteAlertDeliveries);
    expect(ledger.length).toBe(3);
    const handler = createSavedSearchAlertsHandler({
      db: api.db,
      config: api.config,
      storage: api.app.storage,
    });
    const later = new Date(Date.now() + 6 * 60_000);
    await handler({ now: later });
    await Promise.all([handler({ now: later }), handler({ now: new Date(later.getTime() + 1000) })]);
    expect(await queued('email.favorite_alert')).toEqual(before);
    expect((await api.db.select().from(favoriteAlertDeliveries)).length).toBe(3);

    // A new change, then two runs at once: one e-mail per watcher with exactly that change.
    const drop = new Date(Date.now() + 10_000);
    await api.db
      .insert(priceHistory)
      .values({ propertyId: ids.f1!, price: 5_200_000, currency: 'CZK', changedAt: drop });
    const next = new Date(Date.now() + 12 * 60_000);
    const [a, b] = await Promise.all([runFavoriteAlerts(options(next)), runFavoriteAlerts(options(next))]);
    // Eva, Max and the late watcher, whose favourite is older than this drop.
    expect(a.emails + b.emails).toBe(3);
    expect(a.deliveries + b.deliveries).toBe(3);
    const after = await queued('email.favorite_alert');
    expect(after.length).toBe(before.length + 3);
    const added = after.filter((mail) => !before.some((old) => old.key === mail.key));
    expect(added.map((mail) => mail.to).sort()).toEqual(
      [people.eva!.email, people.max!.email, people.late!.email].sort(),
    );
    for (const mail of added) expect(mail.lines.map((line) => line.change)).toEqual(['price_drop']);
    const keys = (await api.db.select().from(favoriteAlertDeliveries)).map(
      (row) => `${row.userId}:${row.changeKey}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('rolls back the ledger with the e-mails when the run fails, so the next run sends them', async () => {
    const drop = new Date(Date.now() + 10_000);
    await api.db
      .insert(priceHistory)
      .values({ propertyId: ids.f1!, price: 5_000_000, currency: 'CZK', changedAt: drop });
    const next = new Date(Date.now() + 18 * 60_000);
    const count = async () => (await queued('email.favorite_alert')).length;
    const before = await count();
    await expect(
      runFavoriteAlerts({
        ...options(next),
        beforeCommit: () => {
          throw new Error('crash before commit');
        },
      }),
    ).rejects.toThrow('crash before commit');
    expect(await count()).toBe(before);
    expect((await runFavoriteAlerts(options(next))).emails).toBe(3);
    expect(await count()).toBe(before + 3);
  });

  it('unsubscribes in one click (GET or POST), refuses forged or search tokens, and then mails nothing', async () => {
    const [mail] = (await queued('email.favorite_alert')).filter((item) => item.to === people.max!.email);
    const url = new URL(mail!.unsubscribeUrl);
    const token = url.searchParams.get('token')!;
    const forged = await api.app.inject({
      method: 'GET',
      url: `/user/favorite_alerts/unsubscribe?token=${token.slice(0, -2)}xx`,
    });
    expect(forged.statusCode).toBe(404);
    // A saved search's token for the same number is not valid here.
    const searchToken = signUnsubscribeToken(api.config.jwt.keys, people.max!.id);
    expect(
      (await api.app.inject({ method: 'GET', url: `/user/favorite_alerts/unsubscribe?token=${searchToken}` }))
        .statusCode,
    ).toBe(404);
    const [still] = await api.db.select().from(users).where(eq(users.id, people.max!.id));
    expect(still?.notifyOfferUpdates).toBe(true);

    const oneClick = await api.app.inject({
      method: 'POST',
      url: `/user/favorite_alerts/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ notifyOfferUpdates: false });
    expect(
      (await api.app.inject({ method: 'GET', url: `/user/favorite_alerts/unsubscribe?token=${token}` }))
        .statusCode,
    ).toBe(200);
    const [off] = await api.db.select().from(users).where(eq(users.id, people.max!.id));
    expect(off?.notifyOfferUpdates).toBe(false);

    await api.db.insert(priceHistory).values({
      propertyId: ids.f1!,
      price: 4_800_000,
      currency: 'CZK',
      changedAt: new Date(Date.now() + 10_000),
    });
    const before = new Set((await queued('email.favorite_alert')).map((item) => item.key));
    const result = await runFavoriteAlerts(options(new Date(Date.now() + 24 * 60_000)));
    expect(result.emails).toBe(2);
    const added = (await queued('email.favorite_alert')).filter((item) => !before.has(item.key));
    expect(added.map((item) => item.to).sort()).toEqual([people.eva!.email, people.late!.email].sort());
  });

  it('arrives through SMTP with the change, the link to it and the one-click unsubscribe header', async () => {
    const smtp = await startSmtpServer();
    try {
      const transport = createSmtpTransport({ url: smtp.url });
      const registry = createJobHandlers({
        db: api.db,
        config: { ...api.config, smtpUrl: smtp.url },
        transport,
      });
      const worker = createJobWorker({ db: api.db, registry });
      // Only the favourite alerts: the chain's next run would mail on its own clock.
      await api.db
        .delete(jobs)
        .where(inArray(jobs.kind, ['saved_search.alerts', 'email.saved_search_alert']));
      // The runs above ran on clocks minutes ahead: their e-mails are due now.
      await api.db.update(jobs).set({ runAt: new Date() }).where(like(jobs.kind, 'email.%'));
      const pending = await api.db.select().from(jobs).where(like(jobs.kind, 'email.%'));
      const summary = await worker.runDueJobs();
      await transport.close();
      expect(summary.done).toBe(pending.length);
      await smtp.waitFor(pending.length);
      const mail = smtp.received.find(
        (item) =>
          item.envelopeTo.includes(people.eva!.email) &&
          item.parsed.subject === 'Změny u 2 oblíbených nabídek',
      );
      expect(mail?.parsed.text).toMatch(/Cena snížena z 6\s000\s000\sKč na 5\s500\s000\sKč/);
      expect(mail?.parsed.text).toContain('Rezervováno: ');
      expect(mail?.parsed.html).toContain(`${WEB}/cs/property/${ids.f2}#history`);
      const headerText = JSON.stringify(mail?.parsed.headers.get('list') ?? null);
      expect(headerText).toContain(`${API}/user/favorite_alerts/unsubscribe?token=`);
    } finally {
      await smtp.close();
    }
  });
});
