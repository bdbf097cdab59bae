import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { feedListings, offers, properties, propertyMedia, users } from '@estately/db';
import { OfferDetailSchema, SearchOffersResponseSchema } from '@estately/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import {
  call,
  companyAccount,
  createFeed,
  jpeg,
  runFeedJobs,
  startServer,
  uploadFeed,
} from './feed-sync-support.ts';

// The CSV feed end to end (issue 42, docs/feed-formats.md "CSV" and "Encodings"): a Windows-1250
// file declared with its feed, uploaded, run by the worker's handler and read back through the
// report, search and detail; the same bytes again; a row missing from the whole-stock file; a
// URL feed in UTF-8 with a BOM and `;`; and the Windows-1250 bytes on a feed that declared nothing.

let api: TestApi;
let company: TestUser;
let server: Awaited<ReturnType<typeof startServer>>;
let urlFeedBody = Buffer.alloc(0);

/** Every Czech letter a Windows-1250 file must carry through: ě š č ř ž ý á í é ů ú. */
const LETTERS = 'ěščřžýáíéůú';

const HEADER = [
  'external_id',
  'offer_type',
  'property_type',
  'price',
  'currency',
  'disposition',
  'rooms',
  'useful_area',
  'street',
  'city',
  'country',
  'latitude',
  'longitude',
  'description',
  'photo_urls',
] as const;
type Row = Record<(typeof HEADER)[number], string>;

/** One line of cells; a description holding the delimiter is quoted as RFC 4180 does. */
function line(cells: readonly string[], delimiter: string): string {
  return cells
    .map((cell) => (cell.includes(delimiter) ? `"${cell.replaceAll('"', '""')}"` : cell))
    .join(delimiter);
}

function csvText(rows: readonly Row[], delimiter = ','): string {
  return `${[
    line(HEADER, delimiter),
    ...rows.map((row) =>
      line(
        HEADER.map((name) => row[name]),
        delimiter,
      ),
    ),
  ].join('\r\n')}\r\n`;
}

let rows: { first: Row; second: Row; negative: Row; utf8: Row };

/** The Windows-1250 bytes of the rows: one byte per Czech letter, invalid as UTF-8. */
function windows1250(list: readonly Row[]): Buffer {
  return iconv.encode(csvText(list), 'windows-1250');
}

interface RunDetail {
  run: { state: string; total: number; counts: Record<string, number>; error: unknown };
  report: Array<{
    externalId: string | null;
    rejected: boolean;
    problems: Array<{ code: string; field?: string; value?: string; detail?: string }>;
  }>;
}

async function runDetail(runId: number): Promise<RunDetail> {
  const detail = await call(api, company.id, 'GET', `/users/me/feed-runs/${runId}`);
  expect(detail.statusCode, detail.body).toBe(200);
  return detail.json() as RunDetail;
}

/** Uploads a file to a feed, runs it, answers the finished run as the account reads it. */
async function importFile(feedId: number, file: Buffer): Promise<RunDetail> {
  const uploaded = await uploadFeed(api, company.id, feedId, file, 'listings.csv');
  expect(uploaded.statusCode, uploaded.body).toBe(202);
  await runFeedJobs(api);
  return runDetail((uploaded.json() as { id: number }).id);
}

async function propertyOf(feedId: number, externalId: string): Promise<number> {
  const [row] = await api.db
    .select({ propertyId: feedListings.propertyId })
    .from(feedListings)
    .where(and(eq(feedListings.feedId, feedId), eq(feedListings.externalId, externalId)));
  if (!row?.propertyId) throw new Error(`no listing ${externalId} in feed ${feedId}`);
  return row.propertyId;
}

async function searchIds(): Promise<number[]> {
  const response = await api.app.inject({
    method: 'GET',
    url: '/public/offers?seller_type=agency&per_page=50',
  });
  expect(response.statusCode, response.body).toBe(200);
  return SearchOffersResponseSchema.parse(response.json()).data.map((card) => card.id);
}

async function offerDetail(id: number) {
  const response = await api.app.inject({ method: 'GET', url: `/public/offers/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return OfferDetailSchema.parse(response.json());
}

/** Requests the photo server had for the Windows-1250 rows' photos. */
function photoHits(): Array<number | undefined> {
  return ['/zdar-1.jpg', '/zdar-2.jpg', '/budejovice.jpg'].map((photo) => server.hits.get(photo));
}

/** The company's properties, their photos and offers, and the media files: what a no-op run leaves alone. */
async function snapshot() {
  const owned = await api.db
    .select({ id: properties.id, state: properties.state, updatedAt: properties.updatedAt })
    .from(properties)
    .where(eq(properties.ownerId, company.id))
    .orderBy(asc(properties.id));
  const ids = owned.map((row) => row.id);
  return {
    properties: owned,
    media: await api.db
      .select({ id: propertyMedia.id, key: propertyMedia.storageKey, hash: propertyMedia.contentHash })
      .from(propertyMedia)
      .where(inArray(propertyMedia.propertyId, ids))
      .orderBy(asc(propertyMedia.id)),
    offers: await api.db
      .select({ id: offers.id, updatedAt: offers.updatedAt, activatedAt: offers.activatedAt })
      .from(offers)
      .where(inArray(offers.id, ids))
      .orderBy(asc(offers.id)),
    listings: await api.db
      .select({ id: feedListings.id, state: feedListings.state, hash: feedListings.contentHash })
      .from(feedListings)
      .orderBy(asc(feedListings.id)),
    files: (await readdir(path.join(api.config.mediaDir, 'properties'), { recursive: true })).sort(),
  };
}

beforeAll(async () => {
  api = await buildTestApi({ FEED_ALLOWED_NETWORKS: '127.0.0.1' });
  company = await companyAccount(api);
  // The rows name no contact: each listing takes the account's.
  await api.db
    .update(users)
    .set({ contactEmail: 'prodej@reality-test.example', phoneNumber: '+420 601 234 567' })
    .where(eq(users.id, company.id));
  const photos = [await jpeg(11), await jpeg(12), await jpeg(13), await jpeg(14)];
  const image = (n: number) => (_request: unknown, response: import('node:http').ServerResponse) => {
    response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photos[n]);
  };
  server = await startServer({
    '/zdar-1.jpg': image(0),
    '/zdar-2.jpg': image(1),
    '/budejovice.jpg': image(2),
    '/trebic.jpg': image(3),
    '/listings.csv': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' }).end(urlFeedBody);
    },
  });
  const base = { offer_type: 'sale', property_type: 'apartment', currency: 'CZK', country: 'CZ' };
  rows = {
    first: {
      ...base,
      external_id: 'K-1',
      price: '4 200 000',
      disposition: '2',
      rooms: 'living_room|bedroom|bathroom',
      useful_area: '58,5',
      street: 'Příčná 12',
      city: 'Žďár nad Sázavou',
      latitude: '49.5626',
      longitude: '15.9392',
      description: `Světlý byt, výhled na řeku; účinné topení, půda a sklep. ${LETTERS}`,
      photo_urls: `${server.url('/zdar-1.jpg')}|${server.url('/zdar-2.jpg')}`,
    },
    second: {
      ...base,
      external_id: 'K-2',
      price: '3100000',
      disposition: '3',
      rooms: 'living_room|bedroom|bedroom|kitchen',
      useful_area: '71',
      street: 'Šumavská 7',
      city: 'České Budějovice',
      latitude: '48.9745',
      longitude: '14.4743',
      description: `Útulný byt u řeky Malše, žádné schody, výtah. ${LETTERS.toUpperCase()}`,
      photo_urls: server.url('/budejovice.jpg'),
    },
    negative: {
      ...base,
      external_id: 'K-3',
      price: '-1500000',
      disposition: '1',
      rooms: 'living_room',
      useful_area: '30',
      street: 'Nábřeží 1',
      city: 'Písek',
      latitude: '49.3088',
      longitude: '14.1475',
      description: 'Garsoniéra se záporným kupním číslem.',
      photo_urls: server.url('/zdar-1.jpg'),
    },
    utf8: {
      ...base,
      external_id: 'L-1',
      price: '2800000',
      disposition: '2',
      rooms: 'living_room|bedroom',
      useful_area: '49',
      street: 'Karlovo náměstí 3',
      city: 'Třebíč',
      latitude: '49.2148',
      longitude: '15.8817',
      description: `Byt v Třebíči; klidná čtvrť, škola a hřiště blízko. ${LETTERS}`,
      photo_urls: server.url('/trebic.jpg'),
    },
  };
});
afterAll(async () => {
  await server?.close();
  await api?.close();
});

describe('a CSV upload feed declared as Windows-1250', () => {
  let feedId: number;
  let first: number;
  let second: number;

  it('imports the good rows with their letters and photos, and reports the negative price', async () => {
    feedId = await createFeed(api, company.id, {
      name: 'CRM CSV',
      format: 'csv',
      source: 'upload',
      encoding: 'windows-1250',
    });
    const file = windows1250([rows.first, rows.second, rows.negative]);
    // The file is really Windows-1250: `ř` is the single byte 0xF8, which UTF-8 never uses.
    expect(file.includes(0xf8)).toBe(true);
    expect(file.includes(Buffer.from('ř'))).toBe(false);

    const result = await importFile(feedId, file);
    expect(result.run).toMatchObject({ state: 'succeeded', total: 3, error: null });
    expect(result.run.counts).toEqual({ created: 2, updated: 0, unchanged: 0, withdrawn: 0, rejected: 1 });
    expect(result.report).toEqual([
      {
        position: 3,
        externalId: 'K-3',
        rejected: true,
        problems: [
          {
            code: 'invalid_value',
            field: 'price',
            value: '-1500000',
            detail: 'validation.number_not_positive',
          },
        ],
      },
    ]);
    expect(await api.db.select().from(feedListings).where(eq(feedListings.externalId, 'K-3'))).toEqual([]);

    first = await propertyOf(feedId, 'K-1');
    second = await propertyOf(feedId, 'K-2');
    const found = await searchIds();
    expect(found).toEqual(expect.arrayContaining([first, second]));

    const one = await offerDetail(first);
    expect(one).toMatchObject({
      city: 'Žďár nad Sázavou',
      street: 'Příčná 12',
      description: rows.first.description,
      original_price: 4_200_000,
      useful_area: 58.5,
      seller_type: 'agency',
    });
    expect(one.photos.map((photo) => [photo.position, photo.is_main])).toEqual([
      [0, true],
      [1, false],
    ]);
    const two = await offerDetail(second);
    expect(two).toMatchObject({
      city: 'České Budějovice',
      street: 'Šumavská 7',
      description: rows.second.description,
    });
    expect(two.photos).toHaveLength(1);
    const [stored] = await api.db.select().from(properties).where(eq(properties.id, second));
    expect(stored?.contact).toEqual({
      contact_name: 'Reality Test s.r.o.',
      contact_email: 'prodej@reality-test.example',
      contact_phone: '+420 601 234 567',
    });
    // The photo the detail names is served, as an image.
    const full = await api.app.inject({
      method: 'GET',
      url: new URL(two.photos[0]!.image_file.full).pathname,
    });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toMatch(/^image\//);
    expect(photoHits()).toEqual([1, 1, 1]);
  });

  it('changes nothing when the same bytes come again', async () => {
    const before = await snapshot();
    const result = await importFile(feedId, windows1250([rows.first, rows.second, rows.negative]));
    expect(result.run.counts).toEqual({ created: 0, updated: 0, unchanged: 2, withdrawn: 0, rejected: 1 });
    expect(await snapshot()).toEqual(before);
    // No photo was fetched again.
    expect(photoHits()).toEqual([1, 1, 1]);
  });

  it('withdraws a row the file no longer has, keeping its property, and brings it back', async () => {
    const without = await importFile(feedId, windows1250([rows.first, rows.negative]));
    expect(without.run.counts).toEqual({ created: 0, updated: 0, unchanged: 1, withdrawn: 1, rejected: 1 });
    const [paused] = await api.db.select().from(properties).where(eq(properties.id, second));
    expect(paused?.state).toBe('paused');
    const [listing] = await api.db.select().from(feedListings).where(eq(feedListings.externalId, 'K-2'));
    expect(listing).toMatchObject({ state: 'withdrawn', propertyId: second });
    const found = await searchIds();
    expect(found).toContain(first);
    expect(found).not.toContain(second);
    const [kept] = await api.db.select().from(properties).where(eq(properties.id, first));
    expect(kept?.state).toBe('active');

    const back = await importFile(feedId, windows1250([rows.first, rows.second, rows.negative]));
    expect(back.run.counts).toEqual({ created: 0, updated: 1, unchanged: 1, withdrawn: 0, rejected: 1 });
    expect(await propertyOf(feedId, 'K-2')).toBe(second);
    const [active] = await api.db.select().from(properties).where(eq(properties.id, second));
    expect(active?.state).toBe('active');
    expect(await searchIds()).toEqual(expect.arrayContaining([first, second]));
    expect((await offerDetail(second)).description).toBe(rows.second.description);
  });

  it('refuses the same bytes on a feed that declared no encoding, and writes nothing', async () => {
    const undeclared = await createFeed(api, company.id, {
      name: 'CRM CSV, no encoding',
      format: 'csv',
      source: 'upload',
    });
    const before = await snapshot();
    const hits = new Map(server.hits);
    const result = await importFile(undeclared, windows1250([rows.first, rows.second, rows.negative]));
    expect(result.run).toMatchObject({ state: 'failed', error: { code: 'encoding' } });
    expect(result.run.counts).toEqual({ created: 0, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0 });
    expect(result.report).toEqual([]);
    expect(await api.db.select().from(feedListings).where(eq(feedListings.feedId, undeclared))).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect(server.hits).toEqual(hits);
  });
});

describe('a CSV URL feed in UTF-8 with a BOM and semicolons', () => {
  it('is imported when run now', async () => {
    urlFeedBody = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csvText([rows.utf8], ';'))]);
    const feedId = await createFeed(api, company.id, {
      name: 'CRM export',
      format: 'csv',
      source: 'url',
      url: server.url('/listings.csv'),
    });
    const queued = await call(api, company.id, 'POST', `/users/me/feeds/${feedId}/run`);
    expect(queued.statusCode, queued.body).toBe(202);
    await runFeedJobs(api);
    const result = await runDetail((queued.json() as { id: number }).id);
    expect(result.run).toMatchObject({ state: 'succeeded', total: 1, error: null });
    expect(result.run.counts).toEqual({ created: 1, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0 });
    expect(result.report).toEqual([]);
    expect(server.hits.get('/listings.csv')).toBe(1);

    const id = await propertyOf(feedId, 'L-1');
    expect(await searchIds()).toContain(id);
    const detail = await offerDetail(id);
    expect(detail).toMatchObject({
      city: 'Třebíč',
      street: 'Karlovo náměstí 3',
      description: rows.utf8.description,
    });
    expect(detail.photos).toHaveLength(1);
  });
});
