// `node scripts/bench/photo-hash-backfill.ts [--offers N] [--photos K] [--batch B]`: the rate of
// the perceptual hash backfill (decision 074). Writes N listed offers of K photos each (the
// photos rendered into variants as an upload makes them, in a local media folder under the
// temporary directory), every second offer a re-encoded copy of the one before (the same flat by
// another seller), then removes every hash and ungroups them, as before migration 0036. Then runs
// the job's batches to the end, as the worker does (the shared image slots included), and prints
// photos a second, offers grouped again, and the time a batch took. On an embedded database
// (PGlite) of its own, or on BENCH_DATABASE_URL's (a database the bench may empty: its name must
// start with estately_bench_hash).
// Figures also go to /tmp/estately-bench-results/photo-hash-backfill.json.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createDatabase,
  createPglite,
  type Db,
  migrate,
  offers,
  projectOfferRow,
  properties,
  propertyMedia,
  users,
} from '@estately/db';
import { plantedCopy, plantedScene } from '@estately/db/seed';
import { LocalMediaStorage, storePhoto } from '@estately/db/storage';
import { DEFAULT_RATES } from '@estately/domain';
import { sql } from 'drizzle-orm';
import { assignPropertyGroup } from '../../apps/api/src/features/property-groups/assign-property-group.ts';
import { backfillPhotoHashes } from '../../apps/api/src/features/property-groups/backfill-photo-hashes.ts';
import { flag, loadLine, ms, startLine, summarize, table, writeFigures } from './lib.ts';

const OFFERS = Number(flag('offers') ?? 200);
const PHOTOS = Number(flag('photos') ?? 5);
const BATCH = Number(flag('batch') ?? 100);
const url = process.env.BENCH_DATABASE_URL;
if (url && !/\/estately_bench_hash[\w-]*$/.test(url)) {
  console.error('BENCH_DATABASE_URL must name a database whose name starts with estately_bench_hash');
  process.exit(2);
}

console.log(startLine(`photo-hash-backfill --offers ${OFFERS} --photos ${PHOTOS} --batch ${BATCH}`));
const folder = await mkdtemp(join(tmpdir(), 'estately-hash-backfill-'));
const storage = new LocalMediaStorage({ root: join(folder, 'media') });
// A PGlite of its own unless a bench database is named: never the DATABASE_URL of the environment.
const handle = url ? await createDatabase({ url }) : await createPglite(join(folder, 'pglite'));
const db = handle.db;
try {
  await migrate(handle);
  await write(db);
  // Before migration 0036: no photo has a hash, so every offer leaves its group.
  const [before] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(offers)
    .where(sql`${offers.groupId} is not null`);
  await db.update(propertyMedia).set({ perceptualHash: null });
  const ids = await db.select({ id: offers.id }).from(offers);
  await db.transaction(async (tx) => {
    for (const row of ids) await assignPropertyGroup(tx, row.id);
  });
  console.log(`  offers in groups with the upload's hashes: ${before?.count ?? 0}; without hashes: 0`);
  const photos = OFFERS * PHOTOS;

  const batchMs: number[] = [];
  let hashed = 0;
  let regrouped = 0;
  let afterId = 0;
  const started = performance.now();
  for (;;) {
    const at = performance.now();
    const batch = await backfillPhotoHashes({ db, storage, afterId, batchSize: BATCH });
    batchMs.push(performance.now() - at);
    hashed += batch.hashed;
    regrouped += batch.regrouped;
    if (batch.next === null) break;
    afterId = batch.next;
  }
  const seconds = (performance.now() - started) / 1000;
  const [grouped] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(offers)
    .where(sql`${offers.groupId} is not null`);
  const timing = summarize(batchMs);
  console.log(
    table(
      [
        'photos',
        'hashed',
        'seconds',
        'photos/s',
        'offers regrouped',
        'offers in groups',
        'batch p50',
        'batch p95',
      ],
      [
        [
          String(photos),
          String(hashed),
          seconds.toFixed(1),
          (hashed / seconds).toFixed(1),
          String(regrouped),
          `${grouped?.count ?? 0} of ${OFFERS}`,
          ms(timing.p50),
          ms(timing.p95),
        ],
      ],
    ),
  );
  console.log(loadLine());
  writeFigures('photo-hash-backfill', {
    photos,
    hashed,
    seconds,
    photosPerSecond: hashed / seconds,
    regrouped,
    grouped: grouped?.count ?? 0,
    batchP50Ms: timing.p50,
    batchP95Ms: timing.p95,
  });
} finally {
  await handle.close();
  await rm(folder, { recursive: true, force: true });
}

/** N offers of K rendered photos; every odd offer re-posts the even one before it with copies. */
async function write(target: Db): Promise<void> {
  const [owner] = await target
    .insert(users)
    .values({ email: `hash-backfill-${Date.now()}@bench.test`, passwordHash: 'x', firstName: 'Bench' })
    .returning({ id: users.id });
  const at = performance.now();
  let scenes: Buffer[] = [];
  for (let index = 0; index < OFFERS; index++) {
    const pair = Math.floor(index / 2);
    if (index % 2 === 0)
      scenes = await Promise.all(Array.from({ length: PHOTOS }, (_, k) => plantedScene(`flat-${pair}-${k}`)));
    const images =
      index % 2 === 0
        ? scenes
        : await Promise.all(scenes.map((scene, k) => plantedCopy(scene, `copy-${pair}-${k}`)));
    const stored: Awaited<ReturnType<typeof storePhoto>>[] = [];
    for (const image of images)
      stored.push(await storePhoto(storage, image, { avif: false, prefix: 'properties' }));
    const now = new Date();
    // Flats spread over a grid 100 m apart; a pair shares its point within a few metres.
    const values = {
      ownerId: owner!.id,
      state: 'active',
      offerType: 'sale',
      propertyType: 'apartment',
      price: 4_000_000 + index * 1_000,
      currency: 'CZK',
      disposition: '2',
      rooms: ['living_room', 'bedroom'],
      usefulArea: 55,
      usefulAreaMeters: 55,
      floor: 2,
      totalFloors: 5,
      city: 'Brno',
      countryCode: 'CZ',
      latitude: 49.15 + Math.floor(pair / 50) * 0.001 + (index % 2) * 0.00002,
      longitude: 16.55 + (pair % 50) * 0.0015,
      publishedAt: now,
      activatedAt: now,
    } satisfies typeof properties.$inferInsert;
    await target.transaction(async (tx) => {
      const [property] = await tx.insert(properties).values(values).returning({ id: properties.id });
      const id = property!.id;
      await tx.insert(propertyMedia).values(
        stored.map((photo, position) => ({
          propertyId: id,
          position,
          isMain: position === 0,
          storageKey: photo.storageKey,
          variants: photo.variants,
          perceptualHash: photo.perceptualHash ?? null,
        })),
      );
      await tx.insert(offers).values(
        projectOfferRow({ ...values, id }, null, DEFAULT_RATES, {
          photos: { count: stored.length, main: null },
        }),
      );
      await assignPropertyGroup(tx, id);
    });
    if ((index + 1) % 50 === 0) console.log(`  ${index + 1} of ${OFFERS} offers written`);
  }
  console.log(`  written in ${((performance.now() - at) / 1000).toFixed(1)} s`);
}
