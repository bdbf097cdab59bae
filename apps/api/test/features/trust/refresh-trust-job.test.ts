import { jobs, offers, users } from '@estately/db';
import { createTestDatabase, type TestDatabase } from '@estately/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncOfferRow } from '../../../src/features/seller-properties/sync-offer-row.ts';
import {
  nextTrustRefresh,
  refreshTrust,
  scheduleTrustRefresh,
  TRUST_REFRESH_JOB,
} from '../../../src/features/trust/refresh-trust-job.ts';
import { insertOwner } from '../../support/helpers.ts';
import { insertFullOffer } from '../../support/offer-fixtures.ts';

// The daily catch-up of the trust signals that change without an offer write (decision 066).

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.cleanup());

describe('the daily trust refresh', () => {
  it('is queued once a day at 03:00 UTC, however often the clean-up asks', async () => {
    const now = new Date('2026-12-06T19:30:00Z');
    expect(nextTrustRefresh(now).toISOString()).toBe('2026-12-07T03:00:00.000Z');
    expect(nextTrustRefresh(new Date('2026-12-06T02:00:00Z')).toISOString()).toBe('2026-12-06T03:00:00.000Z');
    await scheduleTrustRefresh(database.db, now);
    await scheduleTrustRefresh(database.db, new Date(now.getTime() + 3_600_000));
    const queued = await database.db.select().from(jobs).where(eq(jobs.kind, TRUST_REFRESH_JOB));
    expect(queued.map((job) => job.runAt.toISOString())).toEqual(['2026-12-07T03:00:00.000Z']);
  });

  it('scores again what changed without a write of the offer', async () => {
    const ownerId = await insertOwner(database.db);
    await database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 400 * 86_400_000) })
      .where(eq(users.id, ownerId));
    const id = await insertFullOffer(database.db, { ownerId });
    await database.db.transaction((tx) => syncOfferRow(tx, id));
    const [before] = await database.db.select().from(offers).where(eq(offers.id, id));
    // The account turns out younger (as a restored account would): only the refresh sees it.
    await database.db.update(users).set({ createdAt: new Date() }).where(eq(users.id, ownerId));
    const result = await refreshTrust(database.db);
    expect(result.offers).toBeGreaterThanOrEqual(1);
    const [after] = await database.db.select().from(offers).where(eq(offers.id, id));
    expect(before!.sellerTrustScore! - after!.sellerTrustScore!).toBe(7);
  });
});
