import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { feedListings, feedRuns, jobs, offers, priceHistory, properties, propertyMedia } from '@estately/db';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectAlertEvents } from '../../../src/features/saved-searches/collect-alert-events.ts';
import type { TestUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import {
  call,
  companyAccount,
  createFeed,
  jpeg,
  type ListingSample,
  openImmoXml,
  runFeedJobs,
  startServer,
  uploadFeed,
  zipOf,
} from './feed-sync-support.ts';

// The sync end to end (issue 42, docs/decisions/062): OpenImmo ZIPs uploaded through the API,
// run by the worker's handler, read back through search, detail and the run's report.

let api: TestApi;
let company: TestUser;
let feedId: number;
let photos: Record<string, Buffer>;
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  api = await buildTestApi({ FEED_ALLOWED_NETWORKS: '127.0.0.1' });
  company = await companyAccount(api);
  feedId = await createFeed(api, company.id, { name: 'CRM', format: 'openimmo', source: 'upload' });
  photos = {
    'images/a1.jpg': await jpeg(1),
    'images/a2.jpg': await jpeg(2),
    'images/b1.jpg': await jpeg(3),
    'images/c1.jpg': await jpeg(4),
  };
  const remote = await jpeg(5);
  server = await startServer({
    '/remote.jpg': (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end(remote);
    },
  });
});
afterAll(async () => {
  await server?.close();
  await api?.close();
});

const A: ListingSample = { id: 'A-1', photos: ['images/a1.jpg', 'images/a2.jpg'] };
const B: ListingSample = { id: 'B-2', photos: ['images/b1.jpg'] };
const C: ListingSample = { id: 'C-3', photos: ['images/c1.jpg'] };

async function feedZip(listings: ListingSample[], umfang: 'VOLL' | 'TEIL' = 'VOLL'): Promise<Buffer> {
  return zipOf([
    { name: 'feed.xml', data: openImmoXml(listings, umfang) },
    ...Object.entries(photos).map(([name, data]) => ({ name, data })),
  ]);
}

/** Uploads a file, runs it, answers the finished run as the account reads it. */
async function importFile(file: Buffer) {
  const uploaded = await uploadFeed(api, company.id, feedId, file);
  expect(uploaded.statusCode, uploaded.body).toBe(202);
  const runId = (uploaded.json() as { id: number }).id;
  await runFeedJobs(api);
  const detail = await call(api, company.id, 'GET', `/users/me/feed-runs/${runId}`);
  expect(detail.statusCode, detail.body).toBe(200);
  return detail.json() as {
    run: { state: string; total: number; processed: number; counts: Record<string, number>; error: unknown };
    report: Array<{
      externalId: string;
      rejected: boolean;
      problems: Array<{ code: string; field?: string; detail?: string }>;
    }>;
  };
}

async function listingOf(externalId: string) {
  const [row] = await api.db.select().from(feedListings).where(eq(feedListings.externalId, externalId));
  if (!row?.propertyId) throw new Error(`no listing ${externalId}`);
  return row;
}

/** Everything an unchanged re-import must leave alone. */
async function snapshot() {
  const ids = (await api.db.select({ id: feedListings.propertyId }).from(feedListings)).map((row) => row.id!);
  return {
    properties: await api.db
      .select({
        id: properties.id,
        state: properties.state,
        updatedAt: properties.updatedAt,
        activatedAt: properties.activatedAt,
      })
      .from(properties)
      .where(inArray(properties.id, ids))
      .orderBy(asc(properties.id)),
    media: await api.db
      .select({ id: propertyMedia.id, key: propertyMedia.storageKey, position: propertyMedia.position })
      .from(propertyMedia)
      .where(inArray(propertyMedia.propertyId, ids))
      .orderBy(asc(propertyMedia.id)),
    offers: await api.db
      .select({
        id: offers.id,
        updatedAt: offers.updatedAt,
        activatedAt: offers.activatedAt,
        price: offers.price,
      })
      .from(offers)
      .where(inArray(offers.id, ids))
      .orderBy(asc(offers.id)),
    prices: await api.db.select().from(priceHistory).where(inArray(priceHistory.propertyId, ids)),
    files: await filesUnder(path.join(api.config.mediaDir, 'properties')),
    jobs: (await api.db.select({ kind: jobs.kind }).from(jobs)).filter((job) => job.kind !== 'feeds.run'),
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

describe('an OpenImmo feed uploaded by a company', () => {
  let firstImportAt: Date;

  it('creates each listing with its photos, public in search and detail, as an agency offer', async () => {
    firstImportAt = new Date();
    const result = await importFile(
      await feedZip([A, B, { ...C, photos: [...C.photos!, server.url('/remote.jpg')] }]),
    );
    expect(result.run).toMatchObject({ state: 'succeeded', total: 3, processed: 3, error: null });
    expect(result.run.counts).toEqual({ created: 3, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0 });
    expect(result.report).toEqual([]);

    const a = await listingOf('A-1');
    const media = await api.db
      .select()
      .from(propertyMedia)
      .where(eq(propertyMedia.propertyId, a.propertyId!))
      .orderBy(asc(propertyMedia.position));
    expect(media.map((row) => [row.status, row.isMain])).toEqual([
      ['ready', true],
      ['ready', false],
    ]);
    const detail = await api.app.inject({ method: 'GET', url: `/public/offers/${a.propertyId}` });
    expect(detail.statusCode, detail.body).toBe(200);
    const offer = detail.json() as { price: number; photos: unknown[] };
    expect(offer.price).toBe(5_000_000);
    expect(offer.photos).toHaveLength(2);
    const [row] = await api.db.select().from(offers).where(eq(offers.id, a.propertyId!));
    expect(row).toMatchObject({ isPublic: true, sellerType: 'agency', ownerId: company.id });
    const search = await api.app.inject({
      method: 'GET',
      url: '/public/offers?seller_type=agency&per_page=50',
    });
    expect(search.statusCode, search.body).toBe(200);
    const found = search.json() as { data?: Array<{ id: number }>; offers?: Array<{ id: number }> };
    const ids = (found.data ?? found.offers ?? []).map((card) => card.id);
    expect(ids).toContain(a.propertyId);

    // The URL photo was fetched from 127.0.0.1 (allowed by FEED_ALLOWED_NETWORKS) once.
    expect(server.hits.get('/remote.jpg')).toBe(1);
    const c = await listingOf('C-3');
    expect(c.photos).toHaveLength(2);
    // Watch-dogs see each new offer once.
    const events = await collectAlertEvents({
      db: api.db,
      since: new Date(firstImportAt.getTime() - 1000),
      until: new Date(),
    });
    expect(events.map((event) => event.id).sort()).toEqual(
      [a.propertyId, (await listingOf('B-2')).propertyId, c.propertyId].sort(),
    );
  });

  it('changes nothing when the same file comes again', async () => {
    const before = await snapshot();
    const since = new Date();
    const result = await importFile(
      await feedZip([A, B, { ...C, photos: [...C.photos!, server.url('/remote.jpg')] }]),
    );
    expect(result.run.counts).toEqual({ created: 0, updated: 0, unchanged: 3, withdrawn: 0, rejected: 0 });
    expect(await snapshot()).toEqual(before);
    expect(server.hits.get('/remote.jpg')).toBe(1);
    expect(await collectAlertEvents({ db: api.db, since, until: new Date() })).toEqual([]);
  });

  it('updates a changed price with its history, and a lower price is news for watch-dogs', async () => {
    const since = new Date();
    const result = await importFile(
      await feedZip([
        { ...A, price: 4_500_000 },
        B,
        { ...C, photos: [...C.photos!, server.url('/remote.jpg')] },
      ]),
    );
    expect(result.run.counts).toEqual({ created: 0, updated: 1, unchanged: 2, withdrawn: 0, rejected: 0 });
    const a = await listingOf('A-1');
    const history = await api.db
      .select()
      .from(priceHistory)
      .where(eq(priceHistory.propertyId, a.propertyId!));
    expect(history.map((row) => Number(row.price))).toContain(4_500_000);
    const [offer] = await api.db.select().from(offers).where(eq(offers.id, a.propertyId!));
    expect(Number(offer!.price)).toBe(4_500_000);
    const events = await collectAlertEvents({ db: api.db, since, until: new Date() });
    expect(events).toEqual([expect.objectContaining({ id: a.propertyId, kinds: ['price_drop'] })]);
  });

  it('withdraws a listing missing from a VOLL feed, and brings it back when it returns', async () => {
    const b = await listingOf('B-2');
    const without = await importFile(
      await feedZip([
        { ...A, price: 4_500_000 },
        { ...C, photos: [...C.photos!, server.url('/remote.jpg')] },
      ]),
    );
    expect(without.run.counts).toEqual({ created: 0, updated: 0, unchanged: 2, withdrawn: 1, rejected: 0 });
    const [paused] = await api.db.select().from(properties).where(eq(properties.id, b.propertyId!));
    expect(paused?.state).toBe('paused');
    expect((await listingOf('B-2')).state).toBe('withdrawn');
    const gone = await api.app.inject({ method: 'GET', url: `/public/offers/${b.propertyId}` });
    expect([404, 410]).toContain(gone.statusCode);

    const back = await importFile(
      await feedZip([
        { ...A, price: 4_500_000 },
        B,
        { ...C, photos: [...C.photos!, server.url('/remote.jpg')] },
      ]),
    );
    expect(back.run.counts).toEqual({ created: 0, updated: 1, unchanged: 2, withdrawn: 0, rejected: 0 });
    const [active] = await api.db.select().from(properties).where(eq(properties.id, b.propertyId!));
    expect(active?.state).toBe('active');
    expect((await listingOf('B-2')).propertyId).toBe(b.propertyId);
    expect((await api.app.inject({ method: 'GET', url: `/public/offers/${b.propertyId}` })).statusCode).toBe(
      200,
    );
  });

  it('withdraws a listing a TEIL feed deletes and leaves the others alone', async () => {
    const c = await listingOf('C-3');
    const result = await importFile(await feedZip([{ ...C, delete: true }], 'TEIL'));
    expect(result.run.counts).toEqual({ created: 0, updated: 0, unchanged: 0, withdrawn: 1, rejected: 0 });
    const states = await api.db
      .select({ id: properties.id, state: properties.state })
      .from(properties)
      .where(eq(properties.ownerId, company.id));
    expect(states.find((row) => row.id === c.propertyId)?.state).toBe('paused');
    expect(states.filter((row) => row.state === 'active')).toHaveLength(2);
  });

  it('rejects one bad listing among many with its reason and imports the rest', async () => {
    const many: ListingSample[] = Array.from({ length: 12 }, (_, n) => ({
      id: `T-${n}`,
      photos: ['images/b1.jpg'],
    }));
    many[5] = { id: 'T-5', withoutArea: true, photos: ['images/b1.jpg'] };
    const result = await importFile(await feedZip(many, 'TEIL'));
    expect(result.run.counts).toEqual({ created: 11, updated: 0, unchanged: 0, withdrawn: 0, rejected: 1 });
    expect(result.report).toEqual([
      expect.objectContaining({
        externalId: 'T-5',
        rejected: true,
        problems: expect.arrayContaining([expect.objectContaining({ field: 'useful_area' })]),
      }),
    ]);
    const [rejected] = await api.db.select().from(feedListings).where(eq(feedListings.externalId, 'T-5'));
    expect(rejected).toBeUndefined();
  });

  it('answers 409 while a run is queued, and lists the runs newest first', async () => {
    const first = await uploadFeed(api, company.id, feedId, await feedZip([A], 'TEIL'));
    expect(first.statusCode).toBe(202);
    const second = await uploadFeed(api, company.id, feedId, await feedZip([A], 'TEIL'));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ errors: { feed: ['feeds.error.run_in_progress'] } });
    await runFeedJobs(api);
    const runs = await call(api, company.id, 'GET', `/users/me/feeds/${feedId}/runs`);
    expect(runs.statusCode).toBe(200);
    const list = (runs.json() as { runs: Array<{ id: number; state: string }> }).runs;
    expect(list[0]).toMatchObject({ id: (first.json() as { id: number }).id, state: 'succeeded' });
    expect(list.map((run) => run.id)).toEqual([...list.map((run) => run.id)].sort((x, y) => y - x));
  });

  it('fails a broken file with its error and changes nothing', async () => {
    const before = await snapshot();
    const result = await importFile(
      await zipOf([{ name: 'feed.xml', data: '<openimmo><anbieter><immobilie>' }]),
    );
    expect(result.run.state).toBe('failed');
    expect(result.run.error).toMatchObject({ code: 'malformed_xml' });
    expect(await snapshot()).toEqual(before);
  });

  it('withdraws the listings of a deleted feed, keeping their properties', async () => {
    const other = await createFeed(api, company.id, {
      name: 'Second CRM',
      format: 'openimmo',
      source: 'upload',
    });
    const uploaded = await uploadFeed(
      api,
      company.id,
      other,
      await feedZip([{ id: 'Z-1', photos: ['images/a1.jpg'] }]),
    );
    expect(uploaded.statusCode).toBe(202);
    await runFeedJobs(api);
    const [z] = await api.db.select().from(feedListings).where(eq(feedListings.externalId, 'Z-1'));
    expect(z?.state).toBe('active');
    const deleted = await call(api, company.id, 'DELETE', `/users/me/feeds/${other}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const [property] = await api.db.select().from(properties).where(eq(properties.id, z!.propertyId!));
    expect(property?.state).toBe('paused');
    expect(await api.db.select().from(feedRuns).where(eq(feedRuns.feedId, other))).toEqual([]);
  });
});

describe('who may use the feed calls', () => {
  it("answers a person's account 403 and another company's feed 404", async () => {
    const person = await (await import('../../support/auth-helpers.ts')).createUser(api.db, {
      verified: true,
    });
    const refused = await call(api, person.id, 'GET', '/users/me/feeds');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errors: { account: ['company.error.company_only'] } });
    const stranger = await companyAccount(api);
    for (const [method, url] of [
      ['PATCH', `/users/me/feeds/${feedId}`],
      ['GET', `/users/me/feeds/${feedId}/runs`],
      ['DELETE', `/users/me/feeds/${feedId}`],
    ] as const) {
      const response = await call(
        api,
        stranger.id,
        method,
        url,
        method === 'PATCH' ? { name: 'Mine' } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const upload = await uploadFeed(api, stranger.id, feedId, Buffer.from('x'));
    expect(upload.statusCode).toBe(404);
    const own = await call(api, stranger.id, 'GET', '/users/me/feeds');
    expect((own.json() as { feeds: unknown[] }).feeds).toEqual([]);
  });
});
