import { jobs, offers, propertyMedia } from '@estately/db';
import { plantedCopy, plantedScene } from '@estately/db/seed';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRegistry } from '../../../src/features/jobs/job-registry.ts';
import { createJobWorker } from '../../../src/features/jobs/job-worker.ts';
import { createMailTransport } from '../../../src/features/mail/create-mail-transport.ts';
import { assignPropertyGroup } from '../../../src/features/property-groups/assign-property-group.ts';
import {
  backfillPhotoHashes,
  PHOTO_HASH_BACKFILL_JOB,
  queuePhotoHashBackfill,
  schedulePhotoHashBackfill,
} from '../../../src/features/property-groups/backfill-photo-hashes.ts';
import { createJobHandlers } from '../../../src/job-handlers.ts';
import { mediaStorage } from '../../../src/plugins/app/media.ts';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, runPhotoJobs, type TestApi, uploadPropertyPhoto } from '../../support/helpers.ts';
import { BRNO_FLAT_BODY, saveProperty } from '../../support/property-bodies.ts';

// Decision 074 (issue 43 point 2): photos stored before migration 0036 have no perceptual hash,
// so their offers never group. The backfill job hashes them in batches from a stored variant,
// writes the hashes and groups their offers again, and queues the next batch with its cursor, so
// a pass resumes where the last committed batch ended. A photo whose file is missing or cannot be
// decoded is passed over, not retried for ever within the pass. PGlite, and PostgreSQL with
// TEST_DATABASE_URL.

let api: TestApi;
let ids: { first: number; second: number; mirror: number };

async function listed(userId: number, payload: Record<string, unknown>, photos: Buffer[]): Promise<number> {
  const id = await saveProperty(api, userId, { ...BRNO_FLAT_BODY, ...payload });
  for (const [index, data] of photos.entries()) {
    const upload = await uploadPropertyPhoto(api, userId, id, data, {
      filename: `photo-${index}.jpg`,
      contentType: 'image/jpeg',
    });
    expect(upload.statusCode, upload.body).toBeLessThan(300);
  }
  await runPhotoJobs(api);
  const published = await api.app.inject({
    method: 'POST',
    url: `/v1/properties/set-state/${id}`,
    headers: bearer(api.config, userId),
    payload: { state: 'active' },
  });
  expect(published.statusCode, published.body).toBe(200);
  return id;
}

async function groupIds(): Promise<Map<number, number | null>> {
  const rows = await api.db
    .select({ id: offers.id, groupId: offers.groupId })
    .from(offers)
    .where(inArray(offers.id, Object.values(ids)));
  return new Map(rows.map((row) => [row.id, row.groupId]));
}

/** The state before migration 0036: no photo has a hash, so no offer is grouped. */
async function forgetHashes(): Promise<void> {
  await api.db.update(propertyMedia).set({ perceptualHash: null });
  await api.db.transaction(async (tx) => {
    for (const id of Object.values(ids)) await assignPropertyGroup(tx, id);
  });
}

/** A worker running only the backfill, its clock moving 10 s a look so each next batch is due. */
function backfillWorker() {
  const handler = createJobHandlers({
    db: api.db,
    config: api.config,
    transport: createMailTransport(api.config, api.db),
  }).handlerFor(PHOTO_HASH_BACKFILL_JOB);
  if (!handler) throw new Error('no backfill handler');
  let clock = Date.now();
  return createJobWorker({
    db: api.db,
    registry: new JobRegistry().register(PHOTO_HASH_BACKFILL_JOB, handler),
    now: () => {
      clock += 10_000;
      return new Date(clock);
    },
  });
}

beforeAll(async () => {
  api = await buildTestApi({ RATE_LIMIT_MAX: '0' });
  const sellers = await Promise.all([1, 2, 3].map(() => createUser(api.db)));
  const original = await Promise.all(['kitchen', 'bedroom', 'bath'].map((seed) => plantedScene(seed)));
  const copies = await Promise.all(original.map((scene, index) => plantedCopy(scene, `copy-${index}`)));
  ids = {
    first: await listed(sellers[0]!.id, {}, original),
    // The same flat by another agency: re-encoded, resized, cropped photos.
    second: await listed(sellers[1]!.id, { latitude: 49.19513, useful_area: 61, price: 4_800_000 }, copies),
    // The mirror flat of the same floor: every value alike, its own pictures.
    mirror: await listed(
      sellers[2]!.id,
      { price: 4_700_000 },
      await Promise.all(['m-kitchen', 'm-bedroom'].map((seed) => plantedScene(seed))),
    ),
  };
}, 180_000);

afterAll(async () => {
  await api?.close();
});

describe('the perceptual hash backfill', () => {
  it('hashes old photos from their variants, as the upload did, and groups their offers again', async () => {
    const before = await api.db
      .select({ id: propertyMedia.id, hash: propertyMedia.perceptualHash })
      .from(propertyMedia);
    expect((await groupIds()).get(ids.first)).not.toBeNull();
    await forgetHashes();
    expect([...(await groupIds()).values()]).toEqual([null, null, null]);

    let batch = await backfillPhotoHashes({
      db: api.db,
      storage: mediaStorage(api.config),
      afterId: 0,
      batchSize: 5,
    });
    const batches = [batch];
    while (batch.next !== null) {
      batch = await backfillPhotoHashes({
        db: api.db,
        storage: mediaStorage(api.config),
        afterId: batch.next,
        batchSize: 5,
      });
      batches.push(batch);
    }
    // 8 photos in batches of 5: a full batch, then the rest.
    expect(batches.map((one) => one.hashed)).toEqual([5, 3]);
    expect(batches.flatMap((one) => [...one.missing, ...one.unreadable])).toEqual([]);

    // A variant's hash is the original's within a few bits (decision 068 allows 8).
    const after = new Map(
      (
        await api.db.select({ id: propertyMedia.id, hash: propertyMedia.perceptualHash }).from(propertyMedia)
      ).map((row) => [row.id, row.hash]),
    );
    for (const row of before) {
      const distance = popCount(BigInt(`0x${row.hash}`) ^ BigInt(`0x${after.get(row.id)}`));
      expect(distance, `photo ${row.id}`).toBeLessThanOrEqual(6);
    }
    const groups = await groupIds();
    expect(groups.get(ids.first)).toBe(Math.min(ids.first, ids.second));
    expect(groups.get(ids.second)).toBe(groups.get(ids.first));
    expect(groups.get(ids.mirror)).toBeNull();
  });

  it('runs as a job in batches, resumes from its cursor and passes over missing and unreadable files', async () => {
    await forgetHashes();
    // A photo whose file is gone, and one whose file is no image (a restored database newer than its media).
    const storage = mediaStorage(api.config);
    const [gone, broken] = await api.db
      .insert(propertyMedia)
      .values(
        ['gone', 'broken'].map((name, index) => ({
          propertyId: ids.mirror,
          position: 10 + index,
          storageKey: `properties/${ids.mirror}/${name}/folder`,
          variants: {
            thumb: `properties/${ids.mirror}/${name}/thumb.webp`,
            card: `properties/${ids.mirror}/${name}/card.webp`,
            gallery: `properties/${ids.mirror}/${name}/gallery.webp`,
            full: `properties/${ids.mirror}/${name}/full.webp`,
          },
          perceptualHash: null,
        })),
      )
      .returning({ id: propertyMedia.id });
    await storage.put(
      `properties/${ids.mirror}/broken/gallery.webp`,
      Buffer.from('not a picture'),
      'image/webp',
    );

    // The first batch of the pass was done before a restart: the pass resumes after its cursor.
    const firstBatch = await backfillPhotoHashes({ db: api.db, storage, afterId: 0, batchSize: 3 });
    expect(firstBatch.hashed).toBe(3);
    await queuePhotoHashBackfill(api.db, { afterId: firstBatch.next!, runAt: new Date(), pass: 'resumed' });
    const summary = await backfillWorker().runDueJobs();
    expect(summary).toMatchObject({ failed: 0, retried: 0 });
    const left = await api.db
      .select({ id: propertyMedia.id })
      .from(propertyMedia)
      .where(isNull(propertyMedia.perceptualHash));
    expect(left.map((row) => row.id).sort()).toEqual([gone!.id, broken!.id].sort());
    // Batches of 100 by default: the rest of the pass was one job, which queued no successor.
    const queued = await api.db
      .select({ id: jobs.id, payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.kind, PHOTO_HASH_BACKFILL_JOB)));
    expect(queued.map((job) => job.payload)).toEqual([{ afterId: firstBatch.next, pass: 'resumed' }]);
    const groups = await groupIds();
    expect(groups.get(ids.second)).toBe(groups.get(ids.first));
    expect(groups.get(ids.first)).not.toBeNull();
    await api.db.delete(propertyMedia).where(inArray(propertyMedia.id, [gone!.id, broken!.id]));
  });

  it('queues one pass a day however often the clean-up asks', async () => {
    await api.db.delete(jobs).where(eq(jobs.kind, PHOTO_HASH_BACKFILL_JOB));
    const now = new Date('2026-12-07T03:00:00Z');
    await schedulePhotoHashBackfill(api.db, now);
    await schedulePhotoHashBackfill(api.db, new Date('2026-12-07T04:00:00Z'));
    const queued = await api.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.kind, PHOTO_HASH_BACKFILL_JOB));
    expect(queued.map((job) => job.payload)).toEqual([{ afterId: 0, pass: '2026-12-07' }]);
  });
});

function popCount(value: bigint): number {
  let count = 0;
  for (let rest = value; rest > 0n; rest >>= 1n) count += Number(rest & 1n);
  return count;
}
