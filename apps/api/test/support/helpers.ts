import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Db,
  exchangeRates,
  offers,
  type PhotoVariantsJson,
  projectOfferRow,
  properties,
  propertyMedia,
  users,
} from '@estately/db';
import { createTestDatabase, type TestDatabase } from '@estately/db/testing';
import { type Currency, DEFAULT_RATES, type ExchangeRates } from '@estately/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { JobRegistry } from '../../src/features/jobs/job-registry.ts';
import { createJobWorker, type JobRunSummary } from '../../src/features/jobs/job-worker.ts';
import { createMailTransport } from '../../src/features/mail/create-mail-transport.ts';
import { PHOTO_VARIANTS_JOB } from '../../src/features/seller-properties/make-photo-variants.ts';
import { createJobHandlers } from '../../src/job-handlers.ts';
import { bearer } from './auth-helpers.ts';
import { multipart } from './multipart.ts';

export interface TestApi {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Db;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/**
 * The API on a fresh, migrated database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set)
 * with its own temporary data folder, so files never mix between test files.
 */
export async function buildTestApi(
  env: Record<string, string> = {},
  /** Registers extra routes before the app is sealed (error-handler tests). */
  extend?: (app: TestApi['app']) => void,
): Promise<TestApi> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'estately-api-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });
  const database = await createTestDatabase();
  const app = await buildApp({ config, db: database });
  extend?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    async close() {
      await app.close();
      await database.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let ownerCounter = 0;

/** An owner account; offers need one. */
export async function insertOwner(db: Db): Promise<number> {
  ownerCounter += 1;
  const [row] = await db
    .insert(users)
    .values({ email: `owner-${ownerCounter}-${Date.now()}@example.com`, passwordHash: 'not-a-real-hash' })
    .returning({ id: users.id });
  return row!.id;
}

export interface OfferFixture {
  ownerId: number;
  state?: 'draft' | 'active' | 'paused' | 'sold';
  publishedAt: Date | null;
  price?: number | null;
  currency?: Currency;
  city?: string;
  struck?: boolean;
  mainPhoto?: { id: number; variants: PhotoVariantsJson } | null;
}

/**
 * A property and its row in the offer read model, projected by `projectOfferRow` as property
 * operations write them. A non-active or struck property gets a row that is not public
 * (`is_public` false), so tests prove the public lists leave it out.
 */
export async function insertOffer(db: Db, fixture: OfferFixture): Promise<number> {
  const price = fixture.price === undefined ? 5_000_000 : fixture.price;
  const activatedAt = fixture.publishedAt ?? new Date('2026-01-01T00:00:00Z');
  const values = {
    ownerId: fixture.ownerId,
    state: fixture.state ?? 'active',
    offerType: 'sale',
    propertyType: 'apartment',
    price,
    currency: fixture.currency ?? 'CZK',
    disposition: '3',
    rooms: ['living_room', 'bedroom', 'bedroom'],
    usefulArea: 74,
    usefulAreaMeters: 74,
    street: 'Vinohradská 12',
    city: fixture.city ?? 'Praha',
    cityPart: 'Vinohrady',
    countryCode: 'CZ',
    latitude: 50.08,
    longitude: 14.42,
    publishedAt: fixture.publishedAt,
    activatedAt,
    struckAt: fixture.struck ? new Date() : null,
  } satisfies typeof properties.$inferInsert;
  const [property] = await db.insert(properties).values(values).returning({ id: properties.id });
  const id = property!.id;
  const main = fixture.mainPhoto ? { ...fixture.mainPhoto, roomType: 'living_room' } : null;
  await db.insert(offers).values(
    projectOfferRow({ ...values, id }, null, await loadRates(db), {
      photos: { count: main ? 1 : 0, main },
    }),
  );
  return id;
}

/** The exchange rates of the database, as the property operations project prices with them. */
export async function loadRates(db: Db): Promise<ExchangeRates> {
  const rows = await db.select().from(exchangeRates);
  const rates = { ...DEFAULT_RATES.rates };
  for (const row of rows) rates[row.currency as Currency] = Number(row.rateToCzk);
  return { base: 'CZK', rates };
}

/** Sets CZK-per-unit rates, replacing what the migrations seeded. */
export async function setRates(db: Db, rates: Partial<Record<Currency, number>>): Promise<void> {
  for (const [currency, rateToCzk] of Object.entries(rates)) {
    await db
      .insert(exchangeRates)
      .values({ currency, rateToCzk, source: 'test' })
      .onConflictDoUpdate({ target: exchangeRates.currency, set: { rateToCzk, source: 'test' } });
  }
}

/**
 * The database with every statement it runs counted: drizzle prepares each statement through
 * the database's session (raw `execute`, builders and prepared statements alike), so the
 * count is taken where the session's prepared queries execute.
 */
export function countingDb(db: Db): { db: Db; reads: () => number } {
  let reads = 0;
  type Prepared = { execute: (...args: unknown[]) => unknown };
  type Session = { prepareQuery: (...args: unknown[]) => Prepared };
  const session = (db as unknown as { session: Session }).session;
  const countingSession = new Proxy(session, {
    get(target, property, receiver) {
      if (property !== 'prepareQuery') return Reflect.get(target, property, receiver);
      return (...args: unknown[]) => {
        const prepared = target.prepareQuery(...args);
        const execute = prepared.execute.bind(prepared);
        prepared.execute = (...values: unknown[]) => {
          reads += 1;
          return execute(...values);
        };
        return prepared;
      };
    },
  });
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'session') return countingSession;
      return Reflect.get(target, property, receiver);
    },
  });
  return { db: proxy, reads: () => reads };
}

/** POST /v1/property-media/save as a browser sends one photo, signed in as `userId`. */
export function uploadPropertyPhoto(
  api: TestApi,
  userId: number,
  propertyId: number,
  data: Buffer,
  file: { filename: string; contentType: string } = { filename: 'photo.jpg', contentType: 'image/jpeg' },
) {
  const body = multipart([
    { name: 'property_id', data: String(propertyId) },
    { name: 'file', ...file, data },
  ]);
  return api.app.inject({
    method: 'POST',
    url: '/v1/property-media/save',
    headers: { ...bearer(api.config, userId), 'content-type': body.contentType },
    payload: body.payload,
  });
}

/**
 * Gives a property one stored photo unless it has one (publishing needs a photo, issue 38
 * defect 9), without the cost of an upload: for tests about something other than photos.
 */
export async function ensurePropertyPhoto(db: Db, propertyId: number): Promise<void> {
  const [existing] = await db
    .select({ id: propertyMedia.id })
    .from(propertyMedia)
    .where(eq(propertyMedia.propertyId, propertyId))
    .limit(1);
  if (existing) return;
  await db.insert(propertyMedia).values({
    propertyId,
    position: 0,
    isMain: true,
    storageKey: `photos/test-${propertyId}/original`,
    variants: Object.fromEntries(
      ['thumb', 'card', 'gallery', 'full', 'full_avif'].map((size) => [
        size,
        `photos/test-${propertyId}/${size}.${size === 'full_avif' ? 'avif' : 'webp'}`,
      ]),
    ) as PhotoVariantsJson,
  });
}

/**
 * Runs the photo variants jobs that uploads queued (issue 38 defect 4: an upload answers once
 * its original is stored; the worker's `media.photo_variants` handler makes the variants), with
 * the handler the product registers, and only that kind.
 */
export async function runPhotoJobs(api: TestApi): Promise<JobRunSummary> {
  const handlers = createJobHandlers({
    db: api.db,
    config: api.config,
    transport: createMailTransport(api.config, api.db),
  });
  const handler = handlers.handlerFor(PHOTO_VARIANTS_JOB);
  if (!handler) throw new Error(`no handler registered for ${PHOTO_VARIANTS_JOB}`);
  const worker = createJobWorker({
    db: api.db,
    registry: new JobRegistry().register(PHOTO_VARIANTS_JOB, handler),
  });
  return worker.runDueJobs();
}

/**
 * The plan PostgreSQL (or PGlite) chooses for a statement, as text, with full table scans ruled
 * out: a test table is small enough to be read whole by choice, so only then does the plan show
 * which index could answer the statement on a large base.
 */
export async function indexPlan(db: Db, statement: SQL): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql`explain ${statement}`)) as unknown as {
      rows: Array<Record<string, string>>;
    };
    return result.rows.map((line) => Object.values(line).join(' ')).join('\n');
  });
}
