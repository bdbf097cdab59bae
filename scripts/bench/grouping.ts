// `npm run bench -- --only grouping`: one card per physical property (issue 43 point 2, decision
// 068). Two parts:
//
// 1. Planted data, in a database of its own (estately_bench_grouping on the server of
//    DATABASE_URL): buildings of several floors with three flats a floor, two of them of one
//    floor plan (mirror flats: same disposition and area), photos of every flat drawn from its
//    plan's template (similar-looking rooms), some flats of upper floors posted with the very
//    photos of the flat below (a developer's stock photos), and the building's front in half of
//    the postings. Half of the flats are posted, by 1 to 4 sellers each: the pin a few metres
//    off, the area rounded or re-measured, 2 or 3 of the flat's photos re-encoded, resized,
//    cropped and brightened. Every offer is written and grouped as the save path does it
//    (assignPropertyGroup, in the order they were posted), then the whole base is grouped again
//    (recomputePropertyGroups). Printed: false merges (offers of different flats in one group, by
//    kind of look-alike) and missed duplicates (offers of one flat left apart), as pairs.
// 2. The whole-base recomputation on the benchmark database (--database, estately_bench) with
//    its time, unless --grouping-planted-only.
//
// Flags: --grouping-buildings N (60)  --grouping-seed S (43)  --grouping-planted-only
import {
  createPostgres,
  type Db,
  migrate,
  offers,
  projectOfferRow,
  properties,
  propertyMedia,
  users,
} from '@estately/db';
import { plantedCopy, plantedScene } from '@estately/db/seed';
import { imageDifferenceHash } from '@estately/db/storage';
import { DEFAULT_RATES } from '@estately/domain';
import pg from 'pg';
import { assignPropertyGroup } from '../../apps/api/src/features/property-groups/assign-property-group.ts';
import {
  type RecomputedGroups,
  recomputePropertyGroups,
} from '../../apps/api/src/features/property-groups/recompute-property-groups.ts';
import { databaseUrl, flag, seededRandom, startLine, table, writeFigures } from './lib.ts';

const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const baseDatabase = flag('database') || 'estately_bench';
const plantedDatabase = 'estately_bench_grouping';
const buildings = Number(flag('grouping-buildings') ?? 60);
const random = seededRandom(Number(flag('grouping-seed') ?? 43));
const between = (low: number, high: number) => low + random() * (high - low);
const chance = (p: number) => random() < p;

const FLOORS = 5;
const ROOMS = ['living', 'bedroom', 'kitchen'] as const;
/** Slots of a floor: 0 and 1 share a floor plan (mirror flats), 2 has its own. */
const PLANS = [
  { disposition: '3', area: 74 },
  { disposition: '3', area: 74 },
  { disposition: '2', area: 52 },
];

/** One flat of the planted base: the truth every offer of it shares. */
interface Flat {
  key: string;
  building: number;
  floor: number;
  slot: number;
  latitude: number;
  longitude: number;
  /** The scene seeds of its rooms: its own, or the flat below's (stock photos). */
  rooms: string[];
  /** Whose rooms these are ("b3:f2:s0"): the flat below's key when it reuses its photos. */
  photosOf: string;
}

/** One posted offer: which flat, and the write's values. */
interface Posting {
  flat: Flat;
  seller: number;
  latitude: number;
  longitude: number;
  area: number;
  price: number;
  photos: { scene: string; front: boolean }[];
}

function plantFlats(): Flat[] {
  const flats: Flat[] = [];
  for (let building = 0; building < buildings; building++) {
    const latitude = between(49.15, 49.25);
    const longitude = between(16.55, 16.7);
    for (let floor = 1; floor <= FLOORS; floor++) {
      for (let slot = 0; slot < PLANS.length; slot++) {
        const key = `b${building}:f${floor}:s${slot}`;
        const below = flats.find((flat) => flat.key === `b${building}:f${floor - 1}:s${slot}`);
        // A third of the upper flats are shown with the photos of the same flat a floor down.
        const stock = below !== undefined && chance(0.3);
        flats.push({
          key,
          building,
          floor,
          slot,
          latitude,
          longitude,
          rooms: stock ? below.rooms : ROOMS.map((room) => `${key}:${room}`),
          photosOf: stock ? below.photosOf : key,
        });
      }
    }
  }
  return flats;
}

function postFlats(flats: Flat[]): Posting[] {
  const postings: Posting[] = [];
  for (const flat of flats) {
    if (!chance(0.5)) continue;
    const roll = random();
    const sellers = roll < 0.5 ? 1 : roll < 0.75 ? 2 : roll < 0.9 ? 3 : 4;
    const price = Math.round(between(4_000_000, 9_000_000) / 1000) * 1000;
    const seen = new Set<number>();
    for (let copy = 0; copy < sellers; copy++) {
      let seller = Math.floor(random() * 40);
      while (seen.has(seller)) seller = (seller + 1) % 40;
      seen.add(seller);
      const metres = between(0, 10);
      const angle = between(0, 2 * Math.PI);
      const plan = PLANS[flat.slot] ?? PLANS[0]!;
      const rooms = [...flat.rooms].sort(() => random() - 0.5).slice(0, chance(0.5) ? 2 : 3);
      postings.push({
        flat,
        seller,
        latitude: flat.latitude + (metres * Math.sin(angle)) / 111_000,
        longitude:
          flat.longitude + (metres * Math.cos(angle)) / (111_000 * Math.cos((flat.latitude * Math.PI) / 180)),
        // Rounded to whole metres, or re-measured within 3 %.
        area: chance(0.5) ? Math.round(plan.area) : Math.round(plan.area * between(0.97, 1.03) * 10) / 10,
        price: Math.round((price * between(0.97, 1.03)) / 1000) * 1000,
        photos: [
          ...(chance(0.5) ? [{ scene: `b${flat.building}:front`, front: true }] : []),
          ...rooms.map((scene) => ({ scene, front: false })),
        ],
      });
    }
  }
  return postings;
}

/** The template a scene is drawn from: its building's plan and room (look-alike rooms), none for a front. */
function templateOf(scene: string): string | undefined {
  const match = /^b(\d+):f\d+:s(\d+):(\w+)$/.exec(scene);
  if (!match) return undefined;
  const plan = PLANS[Number(match[2])] ?? PLANS[0]!;
  return `b${match[1]}:${plan.disposition}:${plan.area}:${match[3]}`;
}

const scenes = new Map<string, Promise<Buffer>>();
function sceneOf(key: string): Promise<Buffer> {
  let scene = scenes.get(key);
  if (!scene) {
    scene = plantedScene(key, templateOf(key));
    scenes.set(key, scene);
  }
  return scene;
}

/** The hashes of a posting's photos as they would be uploaded: the first seller's originals, copies after. */
async function photoHashes(posting: Posting, copy: number): Promise<string[]> {
  return Promise.all(
    posting.photos.map(async (photo, index) => {
      const scene = await sceneOf(photo.scene);
      const image = copy === 0 ? scene : await plantedCopy(scene, `${posting.flat.key}:${copy}:${index}`);
      return imageDifferenceHash(image);
    }),
  );
}

async function writePostings(db: Db, postings: Posting[]): Promise<Map<number, Posting>> {
  const sellerIds: number[] = [];
  for (let seller = 0; seller < 40; seller++) {
    const [row] = await db
      .insert(users)
      .values({ email: `seller-${seller}@grouping.bench`, passwordHash: 'x', firstName: `Seller ${seller}` })
      .returning({ id: users.id });
    sellerIds.push(row!.id);
  }
  const written = new Map<number, Posting>();
  const copies = new Map<string, number>();
  let done = 0;
  for (const posting of postings) {
    const copy = copies.get(posting.flat.key) ?? 0;
    copies.set(posting.flat.key, copy + 1);
    const hashes = await photoHashes(posting, copy);
    const plan = PLANS[posting.flat.slot] ?? PLANS[0]!;
    const now = new Date();
    const values = {
      ownerId: sellerIds[posting.seller]!,
      state: 'active',
      offerType: 'sale',
      propertyType: 'apartment',
      price: posting.price,
      currency: 'CZK',
      disposition: plan.disposition,
      rooms: ['living_room', 'bedroom'],
      usefulArea: posting.area,
      usefulAreaMeters: posting.area,
      floor: posting.flat.floor,
      totalFloors: FLOORS,
      city: 'Brno',
      countryCode: 'CZ',
      latitude: posting.latitude,
      longitude: posting.longitude,
      publishedAt: now,
      activatedAt: now,
    } satisfies typeof properties.$inferInsert;
    await db.transaction(async (tx) => {
      const [property] = await tx.insert(properties).values(values).returning({ id: properties.id });
      const id = property!.id;
      await tx.insert(propertyMedia).values(
        hashes.map((hash, position) => ({
          propertyId: id,
          position,
          isMain: position === 0,
          storageKey: `bench/grouping/${id}/${position}/full.webp`,
          variants: { thumb: 't', card: 'c', gallery: 'g', full: 'f' },
          perceptualHash: hash,
        })),
      );
      await tx.insert(offers).values(
        projectOfferRow({ ...values, id }, null, DEFAULT_RATES, {
          photos: { count: hashes.length, main: null },
        }),
      );
      // As every property write ends (syncOfferRow): the offer's group.
      await assignPropertyGroup(tx, id);
      written.set(id, posting);
    });
    done++;
    if (done % 200 === 0) console.log(`  ${done} of ${postings.length} offers written and grouped`);
  }
  return written;
}

type Kind = 'mirror flat (same floor and plan)' | 'same photos, other floor' | 'similar photos, other floor';

function lookAlikeKind(a: Flat, b: Flat): Kind {
  if (a.building === b.building && a.floor === b.floor) return 'mirror flat (same floor and plan)';
  if (a.photosOf === b.photosOf) return 'same photos, other floor';
  return 'similar photos, other floor';
}

/** Pairs of offers grouped although of different flats, and pairs of one flat left apart. */
async function measure(db: Db, written: Map<number, Posting>) {
  const rows = await db.select({ id: offers.id, groupId: offers.groupId }).from(offers);
  const groupOf = new Map(rows.map((row) => [row.id, row.groupId]));
  const ids = [...written.keys()];
  let truePairs = 0;
  let missed = 0;
  let groupedPairs = 0;
  const falseMerges = new Map<Kind, number>();
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) {
      const a = written.get(ids[i]!)!;
      const b = written.get(ids[j]!)!;
      const sameFlat = a.flat.key === b.flat.key;
      const groupA = groupOf.get(ids[i]!) ?? null;
      const together = groupA !== null && groupA === (groupOf.get(ids[j]!) ?? null);
      if (sameFlat) truePairs++;
      if (sameFlat && !together) missed++;
      if (together) groupedPairs++;
      if (together && !sameFlat) {
        const kind = lookAlikeKind(a.flat, b.flat);
        falseMerges.set(kind, (falseMerges.get(kind) ?? 0) + 1);
      }
    }
  }
  const falsePairs = [...falseMerges.values()].reduce((sum, n) => sum + n, 0);
  return { truePairs, missed, groupedPairs, falsePairs, falseMerges };
}

/** Look-alike pairs the planted base holds, by kind: what a false merge could have been. */
function lookAlikePairs(written: Map<number, Posting>): Map<Kind, number> {
  const counts = new Map<Kind, number>();
  const list = [...written.values()];
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      const a = list[i]!.flat;
      const b = list[j]!.flat;
      if (a.key === b.key || a.building !== b.building) continue;
      const samePlan = (PLANS[a.slot]?.area ?? 0) === (PLANS[b.slot]?.area ?? 0);
      if (!samePlan) continue;
      const kind = lookAlikeKind(a, b);
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
  }
  return counts;
}

function report(label: string, result: Awaited<ReturnType<typeof measure>>, lookAlikes: Map<Kind, number>) {
  const percent = (part: number, whole: number) =>
    whole === 0 ? '-' : `${((part / whole) * 100).toFixed(2)} %`;
  console.log(`\n${label}`);
  console.log(
    table(
      ['measure', 'pairs', 'of', 'rate'],
      [
        [
          'missed duplicates (one flat, not grouped)',
          String(result.missed),
          String(result.truePairs),
          percent(result.missed, result.truePairs),
        ],
        [
          'false merges (different flats, grouped)',
          String(result.falsePairs),
          String(result.groupedPairs),
          percent(result.falsePairs, result.groupedPairs),
        ],
        ...[...lookAlikes.entries()].map(([kind, pairs]) => [
          `  of them: ${kind}`,
          String(result.falseMerges.get(kind) ?? 0),
          String(pairs),
          percent(result.falseMerges.get(kind) ?? 0, pairs),
        ]),
      ],
    ),
  );
}

function timings(label: string, result: RecomputedGroups) {
  console.log(`\n${label}`);
  console.log(
    table(
      [
        'offers',
        'candidate pairs',
        'matched pairs',
        'groups',
        'grouped offers',
        'candidates s',
        'rule s',
        'write s',
        'total s',
      ],
      [
        [
          String(result.offers),
          String(result.candidatePairs),
          String(result.matchedPairs),
          String(result.groups),
          String(result.groupedOffers),
          (result.candidatesMs / 1000).toFixed(2),
          (result.matchMs / 1000).toFixed(2),
          (result.writeMs / 1000).toFixed(2),
          ((result.candidatesMs + result.matchMs + result.writeMs) / 1000).toFixed(2),
        ],
      ],
    ),
  );
}

console.log(startLine(`bench grouping (${buildings} buildings of planted flats)`));
const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`drop database if exists ${plantedDatabase}`);
await admin.query(`create database ${plantedDatabase}`);
await admin.end();
const planted = createPostgres(databaseUrl(server, plantedDatabase));
const figures: Record<string, number> = {};
try {
  await migrate(planted);
  const flats = plantFlats();
  const postings = postFlats(flats);
  const started = performance.now();
  const written = await writePostings(planted.db, postings);
  const saveMs = performance.now() - started;
  console.log(
    `${flats.length} flats in ${buildings} buildings, ${postings.length} offers of ${new Set(postings.map((p) => p.flat.key)).size} flats written with their photos' hashes and grouped on save in ${(saveMs / 1000).toFixed(1)} s`,
  );
  const lookAlikes = lookAlikePairs(written);
  const onSave = await measure(planted.db, written);
  report('Grouped on save (assignPropertyGroup, in posting order):', onSave, lookAlikes);
  const recomputed = await recomputePropertyGroups(planted.db);
  const whole = await measure(planted.db, written);
  report('Grouped again as a whole (recomputePropertyGroups):', whole, lookAlikes);
  timings('Recomputation of the planted base:', recomputed);
  Object.assign(figures, {
    'grouping.true_pairs': whole.truePairs,
    'grouping.missed_pairs': whole.missed,
    'grouping.grouped_pairs': whole.groupedPairs,
    'grouping.false_pairs': whole.falsePairs,
    'grouping.save_missed_pairs': onSave.missed,
    'grouping.save_false_pairs': onSave.falsePairs,
  });
} finally {
  await planted.close();
}

if (!process.argv.includes('--grouping-planted-only')) {
  const base = createPostgres(databaseUrl(server, baseDatabase));
  try {
    await migrate(base);
    let lastPrint = performance.now();
    const result = await recomputePropertyGroups(base.db, {
      onBatch: (done) => {
        if (performance.now() - lastPrint < 10_000) return;
        lastPrint = performance.now();
        console.log(`  candidates of ${done} offers read`);
      },
    });
    timings(`Recomputation of every group of ${baseDatabase}:`, result);
    figures['grouping.base_offers'] = result.offers;
    figures['grouping.base_s'] = (result.candidatesMs + result.matchMs + result.writeMs) / 1000;
  } finally {
    await base.close();
  }
}
writeFigures('grouping', figures);
