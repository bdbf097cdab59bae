import {
  companyProfiles,
  type DbOrTx,
  jobs,
  propertyEnergyCertificates,
  propertyMedia,
  users,
} from '@estately/db';
import type { MediaListing, MediaStorage } from '@estately/db/storage';
import { and, inArray, like, lt, type SQL, sql } from 'drizzle-orm';

// Uploads write their files first and the row that points at them after (property photos:
// seller-properties/save-property-media.ts; profile pictures: users/save-profile-picture.ts;
// company logos: companies/save-company-logo.ts),
// and delete replaced or removed files after the row changed. A process killed in between
// (SIGKILL, a power cut, a shutdown that outlasted its bound) leaves files no row points at;
// nothing else would ever remove them. This job walks the folders uploads write, a bounded
// number of keys per run, deletes files with no row that are older than a day, and reports
// rows whose file is missing (issue 37 point 8, decision 020 addendum, docs/reliability.md).

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const MEDIA_SWEEP = {
  /**
   * A file with no row is an orphan once it is this old. An upload writes its files and its row
   * within seconds (20 s of waiting for an image slot at most, decision 019), so no upload still
   * under way has files this old, and a day leaves room for a clock that is somewhat off.
   */
  orphanAgeMs: DAY_MS,
  /** Keys looked at in one run; a run that stops here queues the next (a huge bucket never stalls the worker). */
  keysPerRun: 5_000,
  /** Keys per listing request (S3 answers at most 1000). */
  pageSize: 1_000,
  /** Pause between two runs of one pass, so other jobs (e-mail) run in between. */
  continueAfterMs: 60_000,
} as const;

/** Which row owns the files under a folder of the storage: the folders uploads write. */
interface MediaKind {
  prefix: string;
  /** The owning row's id in a key (`properties/{property id}/...`), looked up by its index. */
  ownerOf(key: string): number | null;
  /** Each folder holding a stored image of these owners: the folder of its row's key. */
  liveFolders(db: DbOrTx, ownerIds: number[]): Promise<string[]>;
  /** Of these folders, the ones some row still points into, by any owner (the safety net before deleting). */
  referencedFolders(db: DbOrTx, folders: string[]): Promise<string[]>;
  /** Rows written before `before` whose image key lies in (`after`, `upTo`] (no bound when null). */
  rowsInRange(
    db: DbOrTx,
    after: string,
    upTo: string | null,
    before: Date,
  ): Promise<{ id: number; key: string }[]>;
}

function folderOf(key: string): string {
  return key.slice(0, key.lastIndexOf('/'));
}

function ownerIdAfter(prefix: string, key: string): number | null {
  const match = /^(\d{1,15})\//.exec(key.slice(prefix.length));
  return match?.[1] ? Number(match[1]) : null;
}

/** Keys compared in byte order, as the storage lists them, whatever the database's collation. */
function keyRange(column: SQL, after: string, upTo: string | null): SQL {
  const lower = sql`${column} collate "C" > ${after}`;
  return upTo === null ? lower : sql`${lower} and ${column} collate "C" <= ${upTo}`;
}

function likeAnyFolder(column: SQL, folders: string[]): SQL {
  // Folders hold only key characters: letters, digits, '.', '_', '-' and '/'; '_' is escaped.
  const patterns = folders.map((folder) => `${folder.replaceAll('_', '\\_')}/%`);
  return sql`${column} like any(${sql`array[${sql.join(
    patterns.map((pattern) => sql`${pattern}`),
    sql`, `,
  )}]::text[]`})`;
}

/** The folders uploads write, in the order a pass walks them. Other folders (the seed's photo pool) are not swept. */
export const MEDIA_KINDS: readonly MediaKind[] = [
  {
    // `avatars/{user id}/{upload id}/{edge}.webp`; the users row keeps the 512 px key.
    prefix: 'avatars/',
    ownerOf: (key) => ownerIdAfter('avatars/', key),
    async liveFolders(db, ownerIds) {
      const rows = await db
        .select({ path: users.profilePicturePath })
        .from(users)
        .where(inArray(users.id, ownerIds));
      return rows.flatMap((row) => (row.path ? [folderOf(row.path)] : []));
    },
    async referencedFolders(db, folders) {
      const rows = await db
        .select({ path: users.profilePicturePath })
        .from(users)
        .where(likeAnyFolder(sql`${users.profilePicturePath}`, folders));
      return rows.flatMap((row) => (row.path ? [folderOf(row.path)] : []));
    },
    async rowsInRange(db, after, upTo, before) {
      const rows = await db
        .select({ id: users.id, key: users.profilePicturePath })
        .from(users)
        .where(
          and(
            like(users.profilePicturePath, 'avatars/%'),
            keyRange(sql`${users.profilePicturePath}`, after, upTo),
            lt(users.updatedAt, before),
          ),
        );
      return rows.flatMap((row) => (row.key ? [{ id: row.id, key: row.key }] : []));
    },
  },
  {
    // `properties/{property id}/{upload id}/{hash}/{size}.{format}` and a manifest.json beside them.
    prefix: 'properties/',
    ownerOf: (key) => ownerIdAfter('properties/', key),
    async liveFolders(db, ownerIds) {
      const rows = await db
        .select({ key: propertyMedia.storageKey })
        .from(propertyMedia)
        .where(inArray(propertyMedia.propertyId, ownerIds));
      return rows.map((row) => folderOf(row.key));
    },
    async referencedFolders(db, folders) {
      const rows = await db
        .select({ key: propertyMedia.storageKey })
        .from(propertyMedia)
        .where(likeAnyFolder(sql`${propertyMedia.storageKey}`, folders));
      return rows.map((row) => folderOf(row.key));
    },
    async rowsInRange(db, after, upTo, before) {
      return db
        .select({ id: propertyMedia.id, key: propertyMedia.storageKey })
        .from(propertyMedia)
        .where(
          and(
            like(propertyMedia.storageKey, 'properties/%'),
            keyRange(sql`${propertyMedia.storageKey}`, after, upTo),
            lt(propertyMedia.createdAt, before),
            // A photo that could not be decoded keeps no file (issue 38 defect 4): not a fault.
            sql`${propertyMedia.status} <> 'failed'`,
          ),
        );
    },
  },
  {
    // `documents/{property id}/{upload id}/energy-certificate.pdf` (issue 38 point 13): one row
    // per property; a replaced certificate's file is deleted after the commit, a deleted
    // property's file (the row went with it) is left for this sweep.
    prefix: 'documents/',
    ownerOf: (key) => ownerIdAfter('documents/', key),
    async liveFolders(db, ownerIds) {
      const rows = await db
        .select({ key: propertyEnergyCertificates.storageKey })
        .from(propertyEnergyCertificates)
        .where(inArray(propertyEnergyCertificates.propertyId, ownerIds));
      return rows.map((row) => folderOf(row.key));
    },
    async referencedFolders(db, folders) {
      const rows = await db
        .select({ key: propertyEnergyCertificates.storageKey })
        .from(propertyEnergyCertificates)
        .where(likeAnyFolder(sql`${propertyEnergyCertificates.storageKey}`, folders));
      return rows.map((row) => folderOf(row.key));
    },
    async rowsInRange(db, after, upTo, before) {
      return db
        .select({ id: propertyEnergyCertificates.propertyId, key: propertyEnergyCertificates.storageKey })
        .from(propertyEnergyCertificates)
        .where(
          and(
            like(propertyEnergyCertificates.storageKey, 'documents/%'),
            keyRange(sql`${propertyEnergyCertificates.storageKey}`, after, upTo),
            lt(propertyEnergyCertificates.createdAt, before),
          ),
        );
    },
  },
  {
    // `companies/{user id}/{upload id}/{edge}.webp` (issue 38 point 12): the company profile
    // keeps the 400 px key, its 96 px variant sits beside it (companies/save-company-logo.ts).
    prefix: 'companies/',
    ownerOf: (key) => ownerIdAfter('companies/', key),
    async liveFolders(db, ownerIds) {
      const rows = await db
        .select({ key: companyProfiles.logoKey })
        .from(companyProfiles)
        .where(inArray(companyProfiles.userId, ownerIds));
      return rows.flatMap((row) => (row.key ? [folderOf(row.key)] : []));
    },
    async referencedFolders(db, folders) {
      const rows = await db
        .select({ key: companyProfiles.logoKey })
        .from(companyProfiles)
        .where(likeAnyFolder(sql`${companyProfiles.logoKey}`, folders));
      return rows.flatMap((row) => (row.key ? [folderOf(row.key)] : []));
    },
    async rowsInRange(db, after, upTo, before) {
      const rows = await db
        .select({ id: companyProfiles.userId, key: companyProfiles.logoKey })
        .from(companyProfiles)
        .where(
          and(
            like(companyProfiles.logoKey, 'companies/%'),
            keyRange(sql`${companyProfiles.logoKey}`, after, upTo),
            lt(companyProfiles.updatedAt, before),
          ),
        );
      return rows.flatMap((row) => (row.key ? [{ id: row.id, key: row.key }] : []));
    },
  },
];

/** Where a pass resumes: a folder of MEDIA_KINDS and the last key looked at in it. */
export interface MediaSweepCursor {
  prefix: string;
  after: string | null;
}

export interface MediaSweepResult {
  /** Keys listed in this run. */
  listed: number;
  /** Orphan files deleted. */
  deleted: number;
  /** Files with no row that are younger than `orphanAgeMs` (an upload may still be writing its row). */
  young: number;
  /** Keys under a swept folder that name no owner: never ours to delete. */
  unrecognised: number;
  /** Rows whose image file is not in the storage, by folder; reported, never deleted. */
  missing: Record<string, { count: number; ids: number[] }>;
  /** Where the next run resumes; null once the pass has walked every folder. */
  next: MediaSweepCursor | null;
}

export interface SweepOrphanMediaOptions {
  db: DbOrTx;
  storage: MediaStorage;
  now: Date;
  /** Resume here; the start of a pass when absent. */
  cursor?: MediaSweepCursor | null;
  /** Keys looked at in this run (default MEDIA_SWEEP.keysPerRun). */
  maxKeys?: number;
  pageSize?: number;
  /** Told about a file that could not be deleted (the next pass tries again). */
  onDeleteError?: (error: unknown, key: string) => void;
}

/** How many missing rows a report names by id; the count is always whole. */
const MISSING_IDS_SHOWN = 20;

/**
 * One run of the sweep: lists up to `maxKeys` keys from the cursor, deletes files older than
 * `orphanAgeMs` that no row points into (one delete per file), and reports rows whose key lies in
 * the listed range but was not listed. Answers where the next run resumes.
 */
export async function sweepOrphanMedia(options: SweepOrphanMediaOptions): Promise<MediaSweepResult> {
  const { storage, now } = options;
  const maxKeys = options.maxKeys ?? MEDIA_SWEEP.keysPerRun;
  const pageSize = options.pageSize ?? MEDIA_SWEEP.pageSize;
  const orphanBefore = now.getTime() - MEDIA_SWEEP.orphanAgeMs;
  const result: MediaSweepResult = {
    listed: 0,
    deleted: 0,
    young: 0,
    unrecognised: 0,
    missing: {},
    next: null,
  };
  let kindIndex = Math.max(
    0,
    MEDIA_KINDS.findIndex((kind) => kind.prefix === options.cursor?.prefix),
  );
  let after =
    options.cursor && MEDIA_KINDS[kindIndex]?.prefix === options.cursor.prefix ? options.cursor.after : null;

  while (kindIndex < MEDIA_KINDS.length) {
    const kind = MEDIA_KINDS[kindIndex]!;
    if (result.listed >= maxKeys) {
      result.next = { prefix: kind.prefix, after };
      return result;
    }
    // Rows written after the listing began may point at files it did not see yet.
    const listedAt = new Date();
    const page: MediaListing = await storage.list({
      prefix: kind.prefix,
      startAfter: after,
      limit: Math.min(pageSize, maxKeys - result.listed),
    });
    result.listed += page.objects.length;
    await sweepPage(kind, page, after, listedAt, orphanBefore, options, result);
    if (page.next === null) {
      kindIndex += 1;
      after = null;
    } else after = page.next;
  }
  return result;
}

async function sweepPage(
  kind: MediaKind,
  page: MediaListing,
  after: string | null,
  listedAt: Date,
  orphanBefore: number,
  options: SweepOrphanMediaOptions,
  result: MediaSweepResult,
): Promise<void> {
  const { db, storage } = options;
  const owners = new Set<number>();
  for (const object of page.objects) {
    const owner = kind.ownerOf(object.key);
    if (owner !== null) owners.add(owner);
  }
  const live = new Set(owners.size > 0 ? await kind.liveFolders(db, [...owners]) : []);
  const candidates = page.objects.filter((object) => {
    if (kind.ownerOf(object.key) === null) {
      result.unrecognised += 1;
      return false;
    }
    if (live.has(folderOf(object.key))) return false;
    if (object.lastModified.getTime() >= orphanBefore) {
      result.young += 1;
      return false;
    }
    return true;
  });
  if (candidates.length > 0) {
    // A row pointing into another owner's folder is not expected, but a file is deleted only
    // when no row at all points into its folder.
    const referenced = new Set(
      await kind.referencedFolders(db, [...new Set(candidates.map((object) => folderOf(object.key)))]),
    );
    for (const object of candidates) {
      if (referenced.has(folderOf(object.key))) continue;
      try {
        await storage.delete(object.key);
        result.deleted += 1;
      } catch (error) {
        options.onDeleteError?.(error, object.key);
      }
    }
  }

  // Every row whose key lies in the range this page covered should have been listed.
  const listed = new Set(page.objects.map((object) => object.key));
  const upTo = page.next;
  const rows = await kind.rowsInRange(db, after ?? kind.prefix, upTo, listedAt);
  const missing = rows.filter((row) => !listed.has(row.key));
  if (missing.length > 0) {
    const entry = result.missing[kind.prefix] ?? { count: 0, ids: [] };
    result.missing[kind.prefix] = entry;
    entry.count += missing.length;
    for (const row of missing) if (entry.ids.length < MISSING_IDS_SHOWN) entry.ids.push(row.id);
  }
}

/** Job kind of the sweep; a daily pass, continued run after run until it has walked every folder. */
export const MEDIA_SWEEP_JOB = 'maintenance.media_sweep';

/** The next whole day (UTC) after `now`: when a pass starts. */
export function nextMediaSweepPass(now: Date): Date {
  const t = now.getTime();
  return new Date(t - (t % DAY_MS) + DAY_MS);
}

/**
 * Queues the next daily pass once, however many workers or runs ask (dedupe key per day). The
 * hourly clean-up asks, so the chain starts within an hour of the first start and cannot end.
 */
export async function scheduleMediaSweep(db: DbOrTx, now: Date): Promise<void> {
  const runAt = nextMediaSweepPass(now);
  await db
    .insert(jobs)
    .values({
      kind: MEDIA_SWEEP_JOB,
      payload: {},
      runAt,
      maxAttempts: 3,
      dedupeKey: `${MEDIA_SWEEP_JOB}:${runAt.toISOString()}`,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey });
}

/** Queues the rest of a pass that stopped at its per-run bound. */
export async function continueMediaSweep(db: DbOrTx, now: Date, cursor: MediaSweepCursor): Promise<void> {
  await db.insert(jobs).values({
    kind: MEDIA_SWEEP_JOB,
    payload: { prefix: cursor.prefix, after: cursor.after },
    runAt: new Date(now.getTime() + MEDIA_SWEEP.continueAfterMs),
    maxAttempts: 3,
  });
}

/** The cursor a job's payload carries (none: the start of a pass). */
export function mediaSweepCursor(payload: Record<string, unknown>): MediaSweepCursor | null {
  if (typeof payload.prefix !== 'string') return null;
  return { prefix: payload.prefix, after: typeof payload.after === 'string' ? payload.after : null };
}
