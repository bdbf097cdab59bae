import { properties, propertyMedia } from '@estately/db';
import { seed } from '@estately/db/seed';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoFileKeys } from '../../../src/features/seller-properties/photo-files.ts';
import { bearer } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';

// The demo offers of the seed share the photo pool's files: each pool photo is stored once and
// named by the rows of many offers (packages/db/src/seed/photo-pool.ts). Deleting one offer's
// photo, or a draft with its photos, must leave the files the other offers still show.

let api: TestApi;

beforeAll(async () => {
  api = await buildTestApi();
  await seed({ handle: api.database, storage: api.app.storage, offers: 60, photos: 4, reset: true });
}, 120_000);
afterAll(async () => {
  await api?.close();
});

type MediaRow = typeof propertyMedia.$inferSelect;

/** A photo row whose files another property's row names too, that other row, and the first one's owner. */
async function sharedPhoto(): Promise<{ row: MediaRow; other: MediaRow; ownerId: number }> {
  const rows = await api.db
    .select({ media: propertyMedia, ownerId: properties.ownerId })
    .from(propertyMedia)
    .innerJoin(properties, eq(properties.id, propertyMedia.propertyId))
    .where(eq(propertyMedia.status, 'ready'))
    .orderBy(propertyMedia.id);
  for (const { media, ownerId } of rows) {
    const [other] = await api.db
      .select()
      .from(propertyMedia)
      .where(
        and(eq(propertyMedia.storageKey, media.storageKey), ne(propertyMedia.propertyId, media.propertyId)),
      )
      .limit(1);
    if (other) return { row: media, other, ownerId };
  }
  throw new Error('the seed shares no pool photo between two offers');
}

async function missingFiles(row: MediaRow): Promise<string[]> {
  const keys = [...Object.values(row.variants ?? {}).filter(Boolean), row.storageKey];
  const missing: string[] = [];
  for (const key of keys) if (!(await api.app.storage.exists(key))) missing.push(key);
  return missing;
}

describe("the seed's shared pool photos", () => {
  it("keeps another offer's photo files when one offer's photo is deleted", async () => {
    const { row, other, ownerId } = await sharedPhoto();
    expect(await missingFiles(other)).toEqual([]);
    const response = await api.app.inject({
      method: 'DELETE',
      url: `/properties/${row.propertyId}/property_medias/${row.id}`,
      headers: bearer(api.config, ownerId),
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(await missingFiles(other)).toEqual([]);
    const detail = await api.app.inject({ method: 'GET', url: `/public/offers/${other.propertyId}` });
    if (detail.statusCode === 200) {
      const photos = (detail.json() as { photos: Array<{ image_file: Record<string, unknown> }> }).photos;
      expect(photos.length).toBeGreaterThan(0);
    }
  });

  it('deletes the files once no row names them', async () => {
    const { row } = await sharedPhoto();
    const named = await api.db
      .select({ id: propertyMedia.id, propertyId: propertyMedia.propertyId })
      .from(propertyMedia)
      .where(eq(propertyMedia.storageKey, row.storageKey));
    for (const photo of named) {
      const [owner] = await api.db
        .select({ id: properties.ownerId })
        .from(properties)
        .where(eq(properties.id, photo.propertyId));
      const response = await api.app.inject({
        method: 'DELETE',
        url: `/properties/${photo.propertyId}/property_medias/${photo.id}`,
        headers: bearer(api.config, owner!.id),
      });
      expect(response.statusCode, response.body).toBe(204);
    }
    for (const key of photoFileKeys(row)) expect(await api.app.storage.exists(key), key).toBe(false);
  });
});
