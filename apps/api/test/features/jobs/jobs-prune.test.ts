import {
  emailConfirmationTokens,
  jobs,
  offerFacetChanges,
  offerViewVisitors,
  passwordResetTokens,
  refreshTokens,
} from '@estately/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  nextPruneRun,
  PRUNE_JOB,
  pruneStaleRows,
  RETENTION,
  schedulePrune,
} from '../../../src/features/jobs/prune-stale-rows.ts';
import { createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, insertOffer, insertOwner, type TestApi } from '../../support/helpers.ts';

// The hourly clean-up: rows that no rule needs any more go; everything still in force stays.
let api: TestApi;
beforeAll(async () => {
  api = await buildTestApi();
});
afterAll(() => api.close());

const now = new Date('2026-11-23T12:30:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const HOUR = 3_600_000;

describe('pruneStaleRows', () => {
  it('deletes old finished jobs, expired tokens and view rows past the 3-hour window, and keeps the rest', async () => {
    const user = await createUser(api.db);
    const ownerId = await insertOwner(api.db);
    const offerId = await insertOffer(api.db, { ownerId, publishedAt: new Date('2026-01-01T00:00:00Z') });
    const job = (key: string, values: Partial<typeof jobs.$inferInsert>) =>
      api.db
        .insert(jobs)
        .values({ kind: 'email.confirm_email', dedupeKey: key, ...values })
        .returning({ id: jobs.id });
    await job('old-done', { doneAt: ago(RETENTION.doneJobsMs + HOUR) });
    await job('recent-done', { doneAt: ago(RETENTION.doneJobsMs - HOUR) });
    await job('old-failed', { failedAt: ago(RETENTION.failedJobsMs + HOUR) });
    await job('recent-failed', { failedAt: ago(RETENTION.doneJobsMs + HOUR) });
    await job('queued', { runAt: ago(RETENTION.failedJobsMs + HOUR) });

    const family = crypto.randomUUID();
    await api.db.insert(refreshTokens).values([
      {
        userId: user.id,
        familyId: family,
        tokenHash: 'expired',
        expiresAt: ago(RETENTION.expiredTokensMs + HOUR),
      },
      // Spent but not expired: still needed to recognise a replay and revoke the family.
      { userId: user.id, familyId: family, tokenHash: 'spent', expiresAt: ago(-HOUR), usedAt: ago(HOUR) },
    ]);
    await api.db.insert(emailConfirmationTokens).values([
      {
        userId: user.id,
        email: user.email,
        tokenHash: 'c-old',
        expiresAt: ago(RETENTION.expiredTokensMs + HOUR),
      },
      { userId: user.id, email: user.email, tokenHash: 'c-live', expiresAt: ago(-HOUR) },
    ]);
    await api.db.insert(passwordResetTokens).values([
      { userId: user.id, tokenHash: 'r-old', expiresAt: ago(RETENTION.expiredTokensMs + HOUR) },
      { userId: user.id, tokenHash: 'r-live', expiresAt: ago(-HOUR) },
    ]);
    await api.db.insert(offerViewVisitors).values([
      { propertyId: offerId, visitorHash: 'old', viewedAt: ago(RETENTION.offerViewsMs + 60_000) },
      { propertyId: offerId, visitorHash: 'recent', viewedAt: ago(RETENTION.offerViewsMs - 60_000) },
    ]);
    const facetChange = { offerType: 'sale', propertyType: 'apartment', countryCode: 'CZ', offerId };
    await api.db.insert(offerFacetChanges).values([
      { ...facetChange, version: 1_001, changedAt: ago(RETENTION.facetChangesMs + 60_000) },
      { ...facetChange, version: 1_002, changedAt: ago(RETENTION.facetChangesMs - 60_000) },
    ]);

    expect(await pruneStaleRows({ db: api.db, now })).toEqual({
      jobs: 2,
      refreshTokens: 1,
      confirmationTokens: 1,
      resetTokens: 1,
      offerViews: 1,
      idempotencyKeys: 0,
      facetChanges: 1,
    });
    const keys = (await api.db.select({ key: jobs.dedupeKey }).from(jobs)).map((row) => row.key).sort();
    expect(keys).toEqual(['queued', 'recent-done', 'recent-failed']);
    expect((await api.db.select().from(refreshTokens)).map((row) => row.tokenHash)).toEqual(['spent']);
    expect((await api.db.select().from(emailConfirmationTokens)).map((row) => row.tokenHash)).toEqual([
      'c-live',
    ]);
    expect((await api.db.select().from(passwordResetTokens)).map((row) => row.tokenHash)).toEqual(['r-live']);
    expect((await api.db.select().from(offerViewVisitors)).map((row) => row.visitorHash)).toEqual(['recent']);
    // The offer's own insert logged version 1 just now; of the two written here the old one went.
    expect((await api.db.select().from(offerFacetChanges)).map((row) => row.version).sort()).toEqual([
      1, 1_002,
    ]);
    // A second run finds nothing more to delete.
    expect(Object.values(await pruneStaleRows({ db: api.db, now }))).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('queues one run for the next whole hour, however often it is asked', async () => {
    expect(nextPruneRun(now).toISOString()).toBe('2026-11-23T13:00:00.000Z');
    await schedulePrune(api.db, now);
    await schedulePrune(api.db, new Date(now.getTime() + 60_000));
    const rows = await api.db.select().from(jobs).where(eq(jobs.kind, PRUNE_JOB));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ runAt: new Date('2026-11-23T13:00:00Z'), maxAttempts: 1 });
  });
});
