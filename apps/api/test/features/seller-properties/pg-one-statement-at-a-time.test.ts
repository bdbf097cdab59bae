import {
  type Db,
  offerReports,
  priceHistory,
  properties,
  propertyMedia,
  propertyTourDates,
  sellers,
  users,
} from '@estately/db';
import { MemoryMediaStorage } from '@estately/db/storage';
import { createTestDatabase, type TestDatabase, takePgOverlaps } from '@estately/db/testing';
import type { TrustScore, TrustSignalKey } from '@estately/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProperty } from '../../../src/features/seller-properties/get-property.ts';
import { propertyTrustScore } from '../../../src/features/seller-properties/property-trust-score.ts';
import { insertOffer } from '../../support/helpers.ts';

// One statement at a time on one PostgreSQL connection (packages/db/src/pg-overlap-guard.ts).
// The API tests' setup fails any test whose flows sent a statement to a busy client; this file
// shows that the guard catches what it should (and only that), and checks the two property reads
// that sent their queries with Promise.all inside a write's transaction: the trust score (every
// property write, moderation) and the owner's view (a save with an Idempotency-Key).

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Each statement sent to a busy client, with the one it waited behind (none on PGlite). */
const overlaps = () => takePgOverlaps().map(({ sent, busyWith }) => ({ sent, busyWith }));
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.cleanup());

describe.runIf(onPostgres)('the guard against overlapping statements on PostgreSQL', () => {
  it("records a statement sent while the transaction's connection runs another", async () => {
    await database.db.transaction(async (tx) => {
      await Promise.all([tx.execute(sql`select 1 as first`), tx.execute(sql`select 2 as second`)]);
    });
    expect(overlaps()).toEqual([{ sent: 'select 2 as second', busyWith: 'select 1 as first' }]);
  });

  it('records nothing when the statements of a transaction follow one another', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 as first`);
      await tx.execute(sql`select 2 as second`);
    });
    expect(overlaps()).toEqual([]);
  });

  it('records nothing for queries on the pool side by side: each has a connection of its own', async () => {
    await Promise.all([1, 2, 3].map((n) => database.db.execute(sql`select ${n}::int as n`)));
    expect(overlaps()).toEqual([]);
  });
});

/** A property with a rated, verified seller, two photos, reports in every status and an owner of 100 days. */
async function ratedProperty(db: Db) {
  const [owner] = await db
    .insert(users)
    .values({
      email: `trust-${Date.now()}-${Math.random()}@example.com`,
      passwordHash: 'not-a-real-hash',
      createdAt: new Date(Date.now() - 100 * 86_400_000),
    })
    .returning({ id: users.id });
  const [seller] = await db
    .insert(sellers)
    .values({ sellerType: 'agency', name: 'Reality Brno', rating: 4.6, isVerified: true })
    .returning({ id: sellers.id });
  const ownerId = owner!.id;
  const id = await insertOffer(db, { ownerId, publishedAt: new Date('2026-02-01T00:00:00Z') });
  await db.update(properties).set({ sellerId: seller!.id }).where(eq(properties.id, id));
  await db.insert(propertyMedia).values(
    [0, 1].map((position) => ({
      propertyId: id,
      position,
      isMain: position === 0,
      storageKey: `properties/${id}/${position}`,
      variants: { thumb: 'thumb.webp', card: 'card.webp', gallery: 'gallery.webp', full: 'full.webp' },
    })),
  );
  await db.insert(offerReports).values(
    (['open', 'open', 'resolved', 'dismissed'] as const).map((status, i) => ({
      propertyId: id,
      reason: 'wrong_price',
      reporterKey: `email:r${i}-${id}@example.com`,
      reporterEmail: `r${i}@example.com`,
      message: 'Looks off.',
      status,
    })),
  );
  return { id, ownerId };
}

describe('property reads in the transaction of a write', () => {
  it("propertyTrustScore reads photos, reports, the seller's verification and the account's age", async () => {
    const db = database.db;
    const rated = await ratedProperty(db);
    const unrated = await insertOffer(db, { ownerId: rated.ownerId, publishedAt: new Date('2026-02-01') });

    const scores = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(properties).where(eq(properties.id, rated.id));
      const [other] = await tx.select().from(properties).where(eq(properties.id, unrated));
      return [await propertyTrustScore(tx, row!), await propertyTrustScore(tx, other!)];
    });
    expect(overlaps()).toEqual([]);

    const pick = (score: TrustScore | undefined, keys: TrustSignalKey[]) =>
      Object.fromEntries(keys.map((key) => [key, score?.signals.find((s) => s.signal === key)?.points]));
    const keys: TrustSignalKey[] = [
      'identity_verified',
      'photos',
      'original_photos',
      'no_upheld_reports',
      'account_age',
    ];
    // Two photos of eight, both its own; one upheld report; an account of 100 days (half the age points).
    expect(pick(scores[0], keys)).toEqual({
      identity_verified: 15,
      photos: 3,
      original_photos: 8,
      no_upheld_reports: 0,
      account_age: 4,
    });
    expect(pick(scores[1], keys)).toEqual({
      identity_verified: 0,
      photos: 0,
      original_photos: 0,
      no_upheld_reports: 10,
      account_age: 4,
    });
  });

  it("getProperty gives the owner's view (photos, viewing slots, price history)", async () => {
    const db = database.db;
    const { id, ownerId } = await ratedProperty(db);
    await db.insert(propertyTourDates).values({ propertyId: id, startsAt: new Date('2026-12-01T09:00:00Z') });
    await db.insert(priceHistory).values({ propertyId: id, price: 4_900_000, currency: 'CZK' });

    // As POST /v1/property/save answers a create with an Idempotency-Key (lib/idempotency.ts).
    const answer = await db.transaction((tx) =>
      getProperty({
        db: tx,
        storage: new MemoryMediaStorage(),
        propertyId: id,
        viewer: { id: ownerId, isAdmin: false },
      }),
    );
    expect(overlaps()).toEqual([]);
    expect(answer.view).toBe('owner');
    expect(answer.data.photos).toHaveLength(2);
    expect(answer.data.tour_dates).toHaveLength(1);
    expect(answer.data.price_history).toEqual([expect.objectContaining({ price: 4_900_000 })]);
  });
});
