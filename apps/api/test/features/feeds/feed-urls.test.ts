import type { ServerResponse } from 'node:http';
import { feedListings, feedRuns, feeds, propertyMedia } from '@estately/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleFeedRuns } from '../../../src/features/feeds/schedule-feed-runs.ts';
import type { TestUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import {
  call,
  companyAccount,
  createFeed,
  jpeg,
  openImmoXml,
  runFeedJobs,
  startServer,
  uploadFeed,
} from './feed-sync-support.ts';

// URL feeds and photo addresses (issue 42, docs/decisions/062): photos that answer HTML, never
// end or are missing are reported while the listing keeps its others; the feed URL is pulled
// with conditional GET; private addresses are refused unless FEED_ALLOWED_NETWORKS allows them.

let api: TestApi;
let company: TestUser;
let server: Awaited<ReturnType<typeof startServer>>;
let hugeBytes = 0;
let feedBody = '';

/** Writes 64 KiB chunks until the client hangs up: an answer that would never end. */
function endless(response: ServerResponse) {
  response.writeHead(200, { 'content-type': 'image/jpeg' });
  const chunk = Buffer.alloc(64 * 1024, 0xff);
  const write = () => {
    while (!response.destroyed && !response.writableEnded) {
      hugeBytes += chunk.length;
      if (!response.write(chunk)) {
        response.once('drain', write);
        return;
      }
    }
  };
  response.on('close', () => response.removeAllListeners('drain'));
  write();
}

beforeAll(async () => {
  api = await buildTestApi({ FEED_ALLOWED_NETWORKS: '127.0.0.1' });
  company = await companyAccount(api);
  const photo = await jpeg(7);
  server = await startServer({
    '/ok.jpg': (_request, response) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo),
    '/page.jpg': (_request, response) =>
      response
        .writeHead(200, { 'content-type': 'image/jpeg' })
        .end('<!doctype html><html><body>Not here</body></html>'),
    '/huge.jpg': (_request, response) => endless(response),
    '/feed.xml': (request, response) => {
      if (request.headers['if-none-match'] === '"v1"') {
        response.writeHead(304).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/xml', etag: '"v1"' }).end(feedBody);
    },
  });
  feedBody = openImmoXml([
    {
      id: 'U-1',
      photos: [
        server.url('/ok.jpg'),
        server.url('/page.jpg'),
        server.url('/huge.jpg'),
        server.url('/missing.jpg'),
      ],
    },
  ]);
});
afterAll(async () => {
  await server?.close();
  await api?.close();
});

describe('a URL feed', () => {
  let feedId: number;

  it('is pulled when due, reports each photo that failed and keeps the one that worked', async () => {
    feedId = await createFeed(api, company.id, {
      name: 'CRM export',
      format: 'openimmo',
      source: 'url',
      url: server.url('/feed.xml'),
    });
    // Due at once: the scheduler queues its first run.
    const queued = await scheduleFeedRuns({ db: api.db, now: new Date(Date.now() + 1000) });
    expect(queued).toHaveLength(1);
    await runFeedJobs(api);
    const [run] = await api.db.select().from(feedRuns).where(eq(feedRuns.id, queued[0]!));
    expect(run).toMatchObject({ state: 'succeeded', trigger: 'schedule', created: 1, rejected: 0 });
    const detail = await call(api, company.id, 'GET', `/users/me/feed-runs/${run!.id}`);
    const report = (detail.json() as { report: Array<{ rejected: boolean; problems: unknown[] }> }).report;
    expect(report).toEqual([
      {
        position: 1,
        externalId: 'U-1',
        rejected: false,
        problems: [
          {
            code: 'photo_failed',
            field: 'photos',
            value: server.url('/page.jpg'),
            detail: 'feeds.photo.not_an_image',
          },
          {
            code: 'photo_failed',
            field: 'photos',
            value: server.url('/huge.jpg'),
            detail: 'feeds.photo.too_large',
          },
          {
            code: 'photo_failed',
            field: 'photos',
            value: server.url('/missing.jpg'),
            detail: 'feeds.photo.not_found',
          },
        ],
      },
    ]);
    expect((detail.json() as { run: { withProblems: number } }).run.withProblems).toBe(1);
    // The endless answer was cut off near the photo limit (15 MiB), not read on.
    expect(hugeBytes).toBeLessThan(40 * 1024 * 1024);
    const [listing] = await api.db.select().from(feedListings).where(eq(feedListings.externalId, 'U-1'));
    const media = await api.db
      .select()
      .from(propertyMedia)
      .where(eq(propertyMedia.propertyId, listing!.propertyId!));
    expect(media).toHaveLength(1);
    const [feed] = await api.db.select().from(feeds).where(eq(feeds.id, feedId));
    expect(feed?.etag).toBe('"v1"');
    expect(feed!.nextRunAt!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
  });

  it('answers 304 the second time: the run ends as not modified and nothing is read', async () => {
    const now = await call(api, company.id, 'POST', `/users/me/feeds/${feedId}/run`);
    expect(now.statusCode, now.body).toBe(202);
    const again = await call(api, company.id, 'POST', `/users/me/feeds/${feedId}/run`);
    expect(again.statusCode).toBe(409);
    await runFeedJobs(api);
    const [run] = await api.db
      .select()
      .from(feedRuns)
      .where(eq(feedRuns.id, (now.json() as { id: number }).id));
    expect(run).toMatchObject({ state: 'succeeded', notModified: true, processed: 0, created: 0 });
    expect(server.hits.get('/feed.xml')).toBe(2);
    expect(server.hits.get('/ok.jpg')).toBe(1);
  });

  it('is not pulled while paused, and an upload feed cannot be pulled', async () => {
    const paused = await call(api, company.id, 'PATCH', `/users/me/feeds/${feedId}`, { paused: true });
    expect(paused.statusCode, paused.body).toBe(200);
    await api.db
      .update(feeds)
      .set({ nextRunAt: new Date(0) })
      .where(eq(feeds.id, feedId));
    expect(await scheduleFeedRuns({ db: api.db, now: new Date() })).toEqual([]);
    const upload = await createFeed(api, company.id, { name: 'Files', format: 'csv', source: 'upload' });
    const refused = await call(api, company.id, 'POST', `/users/me/feeds/${upload}/run`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { feed: ['feeds.error.url_feed_only'] } });
  });
});

describe('without FEED_ALLOWED_NETWORKS', () => {
  let strict: TestApi;
  beforeAll(async () => {
    strict = await buildTestApi();
  });
  afterAll(() => strict?.close());

  it('refuses a feed URL and photo URLs on a loopback address', async () => {
    const owner = await companyAccount(strict);
    const urlFeed = await createFeed(strict, owner.id, {
      name: 'Internal',
      format: 'openimmo',
      source: 'url',
      url: server.url('/feed.xml'),
    });
    const before = server.hits.get('/feed.xml') ?? 0;
    const queued = await call(strict, owner.id, 'POST', `/users/me/feeds/${urlFeed}/run`);
    expect(queued.statusCode).toBe(202);
    await runFeedJobs(strict);
    const [run] = await strict.db.select().from(feedRuns).where(eq(feedRuns.feedId, urlFeed));
    expect(run).toMatchObject({ state: 'failed', errorCode: 'address_refused', errorDetail: '127.0.0.1' });
    expect(server.hits.get('/feed.xml') ?? 0).toBe(before);

    const uploadFeedId = await createFeed(strict, owner.id, {
      name: 'Files',
      format: 'openimmo',
      source: 'upload',
    });
    const file = Buffer.from(
      openImmoXml([{ id: 'S-1', photos: [server.url('/ok.jpg'), 'http://[::1]/x.jpg'] }]),
    );
    expect((await uploadFeed(strict, owner.id, uploadFeedId, file, 'feed.xml')).statusCode).toBe(202);
    await runFeedJobs(strict);
    const [uploaded] = await strict.db.select().from(feedRuns).where(eq(feedRuns.feedId, uploadFeedId));
    expect(uploaded).toMatchObject({ state: 'succeeded', rejected: 1, created: 0 });
    const detail = await call(strict, owner.id, 'GET', `/users/me/feed-runs/${uploaded!.id}`);
    const [entry] = (
      detail.json() as { report: Array<{ problems: Array<{ code: string; detail?: string }> }> }
    ).report;
    expect(entry?.problems).toEqual([
      expect.objectContaining({ code: 'photo_failed', detail: 'feeds.photo.address_refused' }),
      expect.objectContaining({ code: 'photo_failed', detail: 'feeds.photo.address_refused' }),
      expect.objectContaining({
        code: 'missing_field',
        field: 'photos',
        detail: 'validation.photo_required',
      }),
    ]);
  });
});
