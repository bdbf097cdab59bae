import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Db, exchangeRates, offers, type PhotoVariantsJson, properties, users } from '@estately/db';
import { createTestDatabase, type TestDatabase } from '@estately/db/testing';
import type { Currency } from '@estately/domain';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';

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
 * A property and its row in the offer read model, the way property operations write them.
 * A non-active property normally has no offer row; writing one anyway lets tests prove the
 * public list still leaves it out.
 */
export async function insertOffer(db: Db, fixture: OfferFixture): Promise<number> {
  const state = fixture.state ?? 'active';
  const price = fixture.price === undefined ? 5_000_000 : fixture.price;
  const currency = fixture.currency ?? 'CZK';
  const city = fixture.city ?? 'Praha';
  const activatedAt = fixture.publishedAt ?? new Date('2026-01-01T00:00:00Z');
  const [property] = await db
    .insert(properties)
    .values({
      ownerId: fixture.ownerId,
      state,
      offerType: 'sale',
      propertyType: 'apartment',
      price,
      currency,
      disposition: '3',
      rooms: ['living_room', 'bedroom', 'bedroom'],
      usefulArea: 74,
      usefulAreaMeters: 74,
      city,
      countryCode: 'CZ',
      latitude: 50.08,
      longitude: 14.42,
      publishedAt: fixture.publishedAt,
      activatedAt,
      struckAt: fixture.struck ? new Date() : null,
    })
    .returning({ id: properties.id });
  const id = property!.id;
  await db.insert(offers).values({
    id,
    ownerId: fixture.ownerId,
    sellerType: 'private',
    offerType: 'sale',
    propertyType: 'apartment',
    price,
    currency,
    priceVariant: 'fixed',
    disposition: '3',
    layout: '3+KK',
    usefulAreaMeters: 74,
    locale: 'cs',
    street: 'Vinohradská 12',
    city,
    cityPart: 'Vinohrady',
    countryCode: 'CZ',
    latitude: 50.08,
    longitude: 14.42,
    photosCount: fixture.mainPhoto ? 1 : 0,
    mainPhotoId: fixture.mainPhoto?.id ?? null,
    mainPhotoVariants: fixture.mainPhoto?.variants ?? null,
    mainPhotoRoomType: fixture.mainPhoto ? 'living_room' : null,
    publishedAt: fixture.publishedAt,
    activatedAt,
  });
  return id;
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
