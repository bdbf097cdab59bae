import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { feedListings, propertyMedia } from '@estately/db';
import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  uploadFeed,
  zipOf,
} from './feed-sync-support.ts';

// Photos shared across an account's listings (docs/decisions/062): the same bytes in several
// listings are written and rendered once, each listing gets its own row naming those files, and
// deleting one row keeps the files while another names them. Accounts never share.

let api: TestApi;
let photos: Record<string, Buffer>;

beforeAll(async () => {
  api = await buildTestApi();
  photos = {
    'images/building.jpg': await jpeg(11),
    'images/flat-1.jpg': await jpeg(12),
    'images/flat-2.jpg': await jpeg(13),
  };
});
afterAll(async () => {
  await api?.close();
});

async function importFeed(user: TestUser, listings: ListingSample[]): Promise<void> {
  const feedId = await createFeed(api, user.id, { name: 'CRM', format: 'openimmo', source: 'upload' });
  const file = await zipOf([
    { name: 'feed.xml', data: openImmoXml(listings) },
    ...Object.entries(photos).map(([name, data]) => ({ name, data })),
  ]);
  const uploaded = await uploadFeed(api, user.id, feedId, file);
  expect(uploaded.statusCode, uploaded.body).toBe(202);
  const runId = (uploaded.json() as { id: number }).id;
  await runFeedJobs(api);
  const run = await call(api, user.id, 'GET', `/users/me/feed-runs/${runId}`);
  expect((run.json() as { run: { counts: Record<string, number> } }).run.counts).toMatchObject({
    created: listings.length,
    rejected: 0,
  });
}

async function rowsOf(externalIds: string[]) {
  const listings = await api.db
    .select({ externalId: feedListings.externalId, propertyId: feedListings.propertyId })
    .from(feedListings)
    .where(inArray(feedListings.externalId, externalIds));
  const ids = listings.map((row) => row.propertyId!);
  const media = await api.db
    .select()
    .from(propertyMedia)
    .where(inArray(propertyMedia.propertyId, ids))
    .orderBy(asc(propertyMedia.propertyId), asc(propertyMedia.position));
  const byExternal = new Map(listings.map((row) => [row.externalId, row.propertyId!]));
  return (externalId: string) => media.filter((row) => row.propertyId === byExternal.get(externalId));
}

/** Every photo file in the media folder (originals, variants, manifests). */
async function photoFiles(): Promise<string[]> {
  const dir = path.join(api.config.mediaDir, 'properties');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** The files a photo row names: its variants and the manifest beside them. */
function filesOf(row: typeof propertyMedia.$inferSelect): string[] {
  const dir = row.storageKey.slice(0, row.storageKey.lastIndexOf('/'));
  return [...Object.values(row.variants ?? {}), `${dir}/manifest.json`].map((key) =>
    path.join(api.config.mediaDir, key),
  );
}

async function existing(files: string[]): Promise<string[]> {
  const present = new Set(await photoFiles());
  return files.filter((file) => present.has(file));
}

/** Deletes a photo as its owner does in the editor. */
async function deletePhoto(userId: number, row: typeof propertyMedia.$inferSelect): Promise<void> {
  const response = await call(
    api,
    userId,
    'DELETE',
    `/properties/${row.propertyId}/property_medias/${row.id}`,
  );
  expect(response.statusCode, response.body).toBe(204);
}

describe("photos shared across an account's listings", () => {
  let developer: TestUser;

  it('writes and renders the same bytes once for two listings: one set of files, two rows', async () => {
    developer = await companyAccount(api, 'developer');
    await importFeed(developer, [
      { id: 'FLAT-1', photos: ['images/building.jpg', 'images/flat-1.jpg'] },
      { id: 'FLAT-2', photos: ['images/building.jpg', 'images/flat-2.jpg'] },
    ]);
    const media = await rowsOf(['FLAT-1', 'FLAT-2']);
    const [building1, own1] = media('FLAT-1');
    const [building2, own2] = media('FLAT-2');
    expect(building1?.contentHash).toBe(building2?.contentHash);
    expect(building2).toMatchObject({
      status: 'ready',
      isMain: true,
      storageKey: building1!.storageKey,
      variants: building1!.variants,
      width: building1!.width,
      height: building1!.height,
      bytes: building1!.bytes,
    });
    expect(building1!.id).not.toBe(building2!.id);
    expect(own1!.storageKey).not.toBe(own2!.storageKey);
    // Three photos rendered: 8 variants and a manifest each, nothing else left behind.
    expect((await photoFiles()).length).toBe(3 * 9);
    expect(await existing(filesOf(building1!))).toEqual(filesOf(building1!));
    // Both offers show the photo.
    for (const row of [building1!, building2!]) {
      const detail = await api.app.inject({ method: 'GET', url: `/public/offers/${row.propertyId}` });
      expect(detail.statusCode, detail.body).toBe(200);
      expect((detail.json() as { photos: unknown[] }).photos).toHaveLength(2);
    }
  });

  it("keeps the files when one property's photo is deleted, and deletes them with the last row", async () => {
    const media = await rowsOf(['FLAT-1', 'FLAT-2']);
    const [building1] = media('FLAT-1');
    const [building2] = media('FLAT-2');
    await deletePhoto(developer.id, building1!);
    expect(await existing(filesOf(building2!))).toEqual(filesOf(building2!));
    const detail = await api.app.inject({ method: 'GET', url: `/public/offers/${building2!.propertyId}` });
    const shown = (detail.json() as { photos: Array<{ image_file?: { url?: string } }> }).photos;
    expect(shown).toHaveLength(2);

    await deletePhoto(developer.id, building2!);
    expect(await existing(filesOf(building2!))).toEqual([]);
  });

  it("does not share a photo with another account's listing of the same bytes", async () => {
    const agency = await companyAccount(api);
    const hash = createHash('sha256').update(photos['images/flat-2.jpg']!).digest('hex');
    const own2 = (await rowsOf(['FLAT-2']))('FLAT-2').find((row) => row.contentHash === hash);
    await importFeed(agency, [{ id: 'OTHER-1', photos: ['images/flat-2.jpg'] }]);
    const [other] = (await rowsOf(['OTHER-1']))('OTHER-1');
    expect(other?.contentHash).toBe(own2?.contentHash);
    expect(other?.storageKey).not.toBe(own2?.storageKey);
    expect(await existing(filesOf(other!))).toEqual(filesOf(other!));
    // Deleting the other account's photo leaves the developer's files alone, and its own go.
    await deletePhoto(agency.id, other!);
    expect(await existing(filesOf(other!))).toEqual([]);
    expect(await existing(filesOf(own2!))).toEqual(filesOf(own2!));
  });
});
