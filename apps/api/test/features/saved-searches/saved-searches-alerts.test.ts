import { jobs, offers, priceHistory, savedSearches } from '@estately/db';
import { parseFilters, type SearchFilters } from '@estately/domain';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobWorker } from '../../../src/features/jobs/job-worker.ts';
import { createSmtpTransport } from '../../../src/features/mail/create-smtp-transport.ts';
import { loadExchangeRates } from '../../../src/features/offers-shared/exchange-rates.ts';
import { collectAlertEvents } from '../../../src/features/saved-searches/collect-alert-events.ts';
import { matchSavedSearches } from '../../../src/features/saved-searches/match-saved-searches.ts';
import {
  type RunSavedSearchAlertsOptions,
  runSavedSearchAlerts,
} from '../../../src/features/saved-searches/run-saved-search-alerts.ts';
import { createSavedSearchAlertsHandler } from '../../../src/features/saved-searches/saved-search-alerts-job.ts';
import { verifyUnsubscribeToken } from '../../../src/features/saved-searches/unsubscribe-token.ts';
import { createJobHandlers } from '../../../src/job-handlers.ts';
import { createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { startSmtpServer } from '../../support/mail-helpers.ts';
import { insertFullOffer } from '../../support/offer-fixtures.ts';

// The watch-dog alert job end to end (issue 6): which searches get a digest, with which
// offers, exactly once per period across crashes and reruns, and the mail as it arrives.

const WEB = 'https://www.estately.example';
const API = 'https://api.estately.example';
const T0 = new Date('2026-06-01T08:00:00Z'); // a Monday
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

let api: TestApi;
const ids: Record<string, number> = {};
const searches: Record<string, number> = {};
const users: Record<string, { id: number; email: string }> = {};

function run(overrides: Partial<RunSavedSearchAlertsOptions> = {}) {
  return runSavedSearchAlerts({
    db: api.db,
    publicWebUrl: WEB,
    publicApiUrl: API,
    keys: api.config.jwt.keys,
    storage: api.app.storage,
    ...overrides,
  });
}

async function alertJobs() {
  const rows = await api.db.select().from(jobs).where(eq(jobs.kind, 'email.saved_search_alert'));
  return rows.map((row) => {
    const payload = row.payload as {
      to: string;
      locale: string;
      data: {
        searchName: string;
        searchUrl: string;
        unsubscribeUrl: string;
        offers: { url: string; price: string; title: string }[];
      };
    };
    return {
      key: row.dedupeKey!,
      to: payload.to,
      locale: payload.locale,
      name: payload.data.searchName,
      // A price drop links the offer's timeline (`…/property/12#history`, issue 44 point 2).
      offerIds: payload.data.offers.map((offer) => Number(offer.url.split('/').pop()!.split('#')[0])),
      payload,
    };
  });
}

async function saveSearch(userId: number, name: string, filters: string, frequency = 'daily', extra = {}) {
  const parsed = parseFilters(filters);
  if (!parsed.success) throw new Error(`bad test filters ${filters}`);
  const { sort: _s, page: _p, per_page: _pp, ...stored } = parsed.data;
  const [row] = await api.db
    .insert(savedSearches)
    .values({ userId, name, filters: stored, frequency, createdAt: T0, updatedAt: T0, ...extra })
    .returning({ id: savedSearches.id });
  return row!.id;
}

beforeAll(async () => {
  api = await buildTestApi({ WEB_ORIGIN: WEB, PUBLIC_WEB_URL: WEB, PUBLIC_API_URL: API });
  const owner = await createUser(api.db);
  for (const [name, values] of Object.entries({
    ann: { preferredLanguage: 'cs' },
    ben: { preferredLanguage: 'de' },
    cat: { notifySavedSearches: false },
    dan: {},
  })) {
    const user = await createUser(api.db, values);
    users[name] = { id: user.id, email: user.email };
  }
  const offer = (values: Parameters<typeof insertFullOffer>[1]) => insertFullOffer(api.db, values);
  ids.old = await offer({ ownerId: owner.id, activatedAt: at(-24 * 60) });
  ids.o1 = await offer({ ownerId: owner.id, price: 6_500_000, activatedAt: at(30) });
  ids.o2 = await offer({ ownerId: owner.id, price: 8_000_000, activatedAt: at(40) });
  ids.o3 = await offer({ ownerId: owner.id, offerType: 'rent', price: 25_000, activatedAt: at(50) });
  ids.paused = await offer({ ownerId: owner.id, state: 'paused', price: 5_000_000, activatedAt: at(20) });
  // Live for two days, then cheaper within the window: news as a price drop.
  ids.cheaper = await offer({ ownerId: owner.id, price: 9_000_000, activatedAt: at(-48 * 60) });
  await api.db.insert(priceHistory).values([
    { propertyId: ids.cheaper, price: 9_000_000, currency: 'CZK', changedAt: at(-48 * 60) },
    { propertyId: ids.cheaper, price: 6_900_000, currency: 'CZK', changedAt: at(60) },
  ]);
  await api.db
    .update(offers)
    .set({ price: 6_900_000, priceNormalized: 6_900_000 })
    .where(eq(offers.id, ids.cheaper));
  // A price rise is not news.
  await api.db.insert(priceHistory).values([
    { propertyId: ids.old, price: 6_500_000, currency: 'CZK', changedAt: at(-24 * 60) },
    { propertyId: ids.old, price: 6_600_000, currency: 'CZK', changedAt: at(70) },
  ]);

  const cheapFlats = 'offer_type=sale&property_type=apartment&country_code=CZ&price_to=7000000&currency=CZK';
  searches.s1 = await saveSearch(users.ann!.id, 'Levné byty', cheapFlats, 'daily', {
    locale: 'cs',
    currency: 'CZK',
  });
  searches.s2 = await saveSearch(users.ben!.id, 'Wohnungen', cheapFlats, 'daily', {
    locale: 'de',
    currency: 'EUR',
  });
  searches.s3 = await saveSearch(users.ann!.id, 'Nájmy', 'offer_type=rent', 'instant', {
    locale: 'cs',
    searchPath: '/cs/hledani/pronajem',
  });
  searches.s4 = await saveSearch(users.ann!.id, 'Domy', 'property_type=house', 'weekly');
  searches.s5 = await saveSearch(users.cat!.id, 'Opt-out', cheapFlats, 'daily');
  searches.s6 = await saveSearch(users.dan!.id, 'Off', cheapFlats, 'off');
  searches.s7 = await saveSearch(users.dan!.id, 'Sauna', 'tags=sauna', 'daily');
});

afterAll(async () => {
  await api?.close();
});

describe('saved-search alerts', () => {
  it('queues one digest per matching search with the new and cheaper offers, in its language and currency', async () => {
    const result = await run({ now: at(120) });
    expect(result).toMatchObject({ searches: 6, emails: 3 });

    const queued = await alertJobs();
    expect(queued.map((job) => job.key).sort()).toEqual(
      [
        `saved_search:${searches.s1}:2026-06-01T00:00:00.000Z`,
        `saved_search:${searches.s2}:2026-06-01T00:00:00.000Z`,
        `saved_search:${searches.s3}:2026-06-01T10:00:00.000Z`,
      ].sort(),
    );
    const s1 = queued.find((job) => job.name === 'Levné byty')!;
    expect(s1).toMatchObject({ to: users.ann!.email, locale: 'cs', offerIds: [ids.cheaper, ids.o1] });
    expect(s1.payload.data.offers[1]).toMatchObject({
      url: `${WEB}/cs/property/${ids.o1}`,
      title: expect.stringContaining('Praha'),
    });
    // The card's title in the e-mail's language (issue 38 point 5): "Prodej bytu 3+1, 74 m², ...".
    expect(s1.payload.data.offers[1]!.title).toMatch(/^Prodej bytu 3\+1, 74\s?m², /);
    expect(s1.payload.data.offers[1]!.price).toMatch(/6\s500\s000\sKč/);
    // Built from the filters when the search has no stored path.
    expect(s1.payload.data.searchUrl).toMatch(new RegExp(`^${WEB}/cs/hledani/prodej/byty/cesko\\?`));
    const token = new URL(s1.payload.data.unsubscribeUrl).searchParams.get('token')!;
    expect(s1.payload.data.unsubscribeUrl.startsWith(`${API}/saved_searches/unsubscribe?token=`)).toBe(true);
    expect(verifyUnsubscribeToken(api.config.jwt.keys, token)).toBe(searches.s1);

    const s2 = queued.find((job) => job.name === 'Wohnungen')!;
    expect(s2).toMatchObject({ to: users.ben!.email, locale: 'de', offerIds: [ids.cheaper, ids.o1] });
    expect(s2.payload.data.offers[1]!.price).toContain('€');
    // Converted from crowns: an estimate to three significant figures ("267.000 €"), not to the euro.
    const euroDigits = s2.payload.data.offers[1]!.price.replace(/\D/g, '');
    expect(euroDigits.replace(/0+$/, '').length).toBeLessThanOrEqual(3);
    expect(euroDigits.length).toBeGreaterThanOrEqual(5);
    expect(s2.payload.data.offers[1]!.title).toMatch(/^Wohnung zu verkaufen, 3 Zimmer \+ Küche, 74\s?m², /);
    expect(s2.payload.data.offers[1]!.url).toBe(`${WEB}/de/property/${ids.o1}`);

    const s3 = queued.find((job) => job.name === 'Nájmy')!;
    expect(s3.offerIds).toEqual([ids.o3]);
    expect(s3.payload.data.searchUrl).toBe(`${WEB}/cs/hledani/pronajem`);

    // Every due search moved its watermark; the one that is off did not.
    const rows = await api.db.select().from(savedSearches);
    const notified = Object.fromEntries(
      rows.map((row) => [row.id, row.lastNotifiedAt?.toISOString() ?? null]),
    );
    for (const name of ['s1', 's2', 's3', 's4', 's5', 's7'])
      expect(notified[searches[name]!], name).toBe(at(120).toISOString());
    expect(notified[searches.s6!]).toBeNull();
  });

  it('queues nothing twice in a period: a rerun finds nothing due, a lost watermark meets the dedupe key', async () => {
    expect(await run({ now: at(121) })).toMatchObject({ emails: 0 });
    await api.db
      .update(savedSearches)
      .set({ lastNotifiedAt: null })
      .where(eq(savedSearches.id, searches.s1!));
    const again = await run({ now: at(122) });
    expect(again.emails).toBe(0);
    expect((await alertJobs()).length).toBe(3);
  });

  it('after a crash mid-run, the rerun completes the period with exactly one e-mail per search', async () => {
    const day2 = (minutes: number) => at(24 * 60 + minutes);
    ids.o6 = await insertFullOffer(api.db, {
      ownerId: (await createUser(api.db)).id,
      price: 5_000_000,
      activatedAt: day2(10),
    });
    // The instant search and weekly one see nothing new; s1 and s2 match o6.
    const crashed = run({
      now: day2(60),
      batchSize: 2,
      beforeCommit: (batch) => {
        if (batch === 2) throw new Error('worker killed');
      },
    });
    await expect(crashed).rejects.toThrow('worker killed');
    const afterCrash = await alertJobs();
    const day2Keys = (list: typeof afterCrash) =>
      list.filter((job) => job.key.includes('2026-06-02')).map((job) => job.key);
    expect(day2Keys(afterCrash).sort()).toEqual(
      [
        `saved_search:${searches.s1}:2026-06-02T00:00:00.000Z`,
        `saved_search:${searches.s2}:2026-06-02T00:00:00.000Z`,
      ].sort(),
    );
    // The rolled-back batch (s3, and s5 after it) was not marked.
    const [s3] = await api.db.select().from(savedSearches).where(eq(savedSearches.id, searches.s3!));
    expect(s3?.lastNotifiedAt?.toISOString()).toBe(at(120).toISOString());

    await run({ now: day2(61) });
    await run({ now: day2(62) });
    const final = await alertJobs();
    expect(day2Keys(final).length).toBe(2);
    expect(
      final.find((job) => job.key === `saved_search:${searches.s1}:2026-06-02T00:00:00.000Z`)?.offerIds,
    ).toEqual([ids.o6]);
    expect(final.length).toBe(5);
  });

  it('the short-period run mails instant searches only, within their slot', async () => {
    const day2 = (minutes: number) => at(24 * 60 + minutes);
    ids.o7 = await insertFullOffer(api.db, {
      ownerId: (await createUser(api.db)).id,
      offerType: 'rent',
      price: 30_000,
      activatedAt: day2(120),
    });
    const result = await run({ now: day2(123), frequencies: ['instant'] });
    expect(result.searches).toBe(1);
    const instant = (await alertJobs()).filter((job) => job.key.startsWith(`saved_search:${searches.s3}:`));
    expect(instant.map((job) => job.key)).toEqual([
      `saved_search:${searches.s3}:2026-06-01T10:00:00.000Z`,
      `saved_search:${searches.s3}:2026-06-02T10:00:00.000Z`,
    ]);
    expect(instant[1]!.offerIds).toEqual([ids.o7]);
  });

  it('matches exactly what the public search finds among the new offers', async () => {
    const owner = (await createUser(api.db)).id;
    const since = at(3 * 24 * 60);
    const made: number[] = [];
    const add = async (
      values: Partial<Parameters<typeof insertFullOffer>[1]>,
      patch: Partial<typeof offers.$inferInsert> = {},
    ) => {
      const id = await insertFullOffer(api.db, {
        ownerId: owner,
        activatedAt: at(3 * 24 * 60 + made.length + 1),
        ...values,
      });
      if (Object.keys(patch).length > 0) await api.db.update(offers).set(patch).where(eq(offers.id, id));
      made.push(id);
      return id;
    };
    await add(
      { price: 3_000_000 },
      { disposition: '2', floor: 1, tags: ['sauna'], locationPath: [900_001, 900_002] },
    );
    await add(
      { price: 12_000_000, area: 120 },
      { disposition: '4', floor: 6, isVerified: false, bathrooms: 2 },
    );
    await add({ offerType: 'rent', price: 20_000, propertyType: 'house' });
    await add({
      countryCode: 'SK',
      city: 'Bratislava',
      latitude: 48.1486,
      longitude: 17.1077,
      currency: 'EUR',
      price: 250_000,
      priceNormalized: 6_250_000,
    });
    await add({ city: 'Brno', latitude: 49.1951, longitude: 16.6068 }, { locationPath: [900_003] });
    await add(
      { price: 4_500_000, area: 55 },
      { otherParams: ['garden'], freeFromDate: '2026-09-01', photosCount: 6 },
    );

    const cases = [
      'offer_type=sale',
      'offer_type=sale&property_type=apartment&country_code=CZ',
      'dispositions=2,4',
      'floor_from=2&floor_to=10',
      'tags=sauna',
      'price_from=100000&price_to=300000&currency=EUR',
      'lat=50.0755&lng=14.4378&radius_km=20',
      'lat=49.5&lng=16.9&radius_km=100',
      'lat=49.5&lng=16.9&radius_km=60&country_code=SK',
      'bbox=48,16,49.5,18',
      'location_id=900002',
      'country_code=SK',
      'area_from=80',
      'verified_only=1&bathrooms=1',
      'bathrooms=2%2B',
      'other_params=garden,lift&free_from=2026-06-01',
      'photos_min=5',
      'property_type=house&offer_type=rent',
    ];
    const events = await collectAlertEvents({ db: api.db, since, until: at(4 * 24 * 60) });
    expect(events.map((event) => event.id).sort()).toEqual([...made].sort());
    const filters: SearchFilters[] = cases.map((query) => {
      const parsed = parseFilters(query);
      if (!parsed.success) throw new Error(query);
      return parsed.data;
    });
    const matched = await matchSavedSearches({
      db: api.db,
      searches: filters.map((f, index) => ({ id: index + 1, filters: f, groupKey: cases[index]!, since })),
      events,
      rates: await loadExchangeRates(api.db),
      now: at(4 * 24 * 60),
      limit: 100,
    });
    let nonEmpty = 0;
    for (const [index, query] of cases.entries()) {
      const response = await api.app.inject({ method: 'GET', url: `/public/offers?${query}&per_page=100` });
      expect(response.statusCode, query).toBe(200);
      const expected = (response.json().data as { id: number }[])
        .map((offer) => offer.id)
        .filter((id) => made.includes(id));
      const got = matched.get(index + 1)?.ids ?? [];
      expect([...got].sort(), query).toEqual([...expected].sort());
      if (expected.length > 0) nonEmpty += 1;
    }
    // The cases must discriminate: most match something, none matches everything.
    expect(nonEmpty).toBeGreaterThanOrEqual(12);
  });
});

describe('the alert job chain', () => {
  it('queues its next run for the next minute before running, once however often asked', async () => {
    const handler = createSavedSearchAlertsHandler({
      db: api.db,
      config: api.config,
      storage: api.app.storage,
    });
    const now = new Date('2026-06-05T09:30:20Z');
    await handler({ now });
    await handler({ now: new Date('2026-06-05T09:30:40Z') });
    const chain = await api.db.select().from(jobs).where(eq(jobs.kind, 'saved_search.alerts'));
    expect(chain.map((job) => [job.runAt.toISOString(), job.dedupeKey, job.maxAttempts])).toEqual([
      ['2026-06-05T09:31:00.000Z', 'saved_search.alerts:2026-06-05T09:31:00.000Z', 1],
    ]);
    // The run itself happened: every daily search is marked for 5 June.
    const [s1] = await api.db.select().from(savedSearches).where(eq(savedSearches.id, searches.s1!));
    expect(s1?.lastNotifiedAt?.toISOString()).toBe(now.toISOString());
  });
});

describe('alert e-mail delivery', () => {
  it('arrives through SMTP with the offers and one-click unsubscribe', async () => {
    const smtp = await startSmtpServer();
    try {
      const transport = createSmtpTransport({ url: smtp.url });
      const registry = createJobHandlers({
        db: api.db,
        config: { ...api.config, smtpUrl: smtp.url },
        transport,
      });
      const worker = createJobWorker({ db: api.db, registry });
      const pending = await api.db
        .select()
        .from(jobs)
        .where(and(like(jobs.kind, 'email.%')));
      // Only the e-mails: the chain's next run is tested above and would mail on its own clock.
      await api.db.delete(jobs).where(eq(jobs.kind, 'saved_search.alerts'));
      const summary = await worker.runDueJobs();
      await transport.close();
      expect(summary.done).toBe(pending.length);
      await smtp.waitFor(pending.length);
      const mail = smtp.received.find((item) => item.parsed.text?.includes(`/cs/property/${ids.o1}`));
      expect(mail?.envelopeTo).toEqual([users.ann!.email]);
      // mailparser groups the List-* headers under `list`.
      const headerText = JSON.stringify(mail?.parsed.headers.get('list') ?? null);
      expect(headerText).toContain(`${API}/saved_searches/unsubscribe?token=`);
      expect(mail?.parsed.html).toContain(`${WEB}/cs/property/${ids.cheaper}`);
    } finally {
      await smtp.close();
    }
  });
});
