import {
  offers,
  properties,
  propertyMedia,
  propertyTrust,
  recomputeAllTrust,
  refreshLocalityPriceMedians,
  trustContextStatement,
} from '@estately/db';
import { type TrustScoreView, trustScoreFromPoints } from '@estately/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncOfferRow } from '../../../src/features/seller-properties/sync-offer-row.ts';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, indexPlan, type TestApi } from '../../support/helpers.ts';
import { insertFullOffer } from '../../support/offer-fixtures.ts';

// The explainable trust score (issue 43 point 3, decision 066): kept per offer by the write that
// changes it, shown on the offer page with every signal, the owner's checklist, the city's median
// behind the price signal, photo originality, and the filter on the real value.

let api: TestApi;

beforeAll(async () => {
  api = await buildTestApi();
});
afterAll(async () => {
  await api?.close();
});

const sync = (id: number) => api.db.transaction((tx) => syncOfferRow(tx, id));

async function publicTrust(id: number): Promise<TrustScoreView> {
  const response = await api.app.inject({ method: 'GET', url: `/public/offers/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().trust as TrustScoreView;
}

const signalOf = (trust: TrustScoreView | null | undefined, key: string) =>
  trust?.signals.find((signal) => signal.signal === key);

async function addPhoto(propertyId: number, contentHash: string, createdAt: Date) {
  await api.db.insert(propertyMedia).values({
    propertyId,
    position: 0,
    isMain: true,
    storageKey: `properties/${propertyId}/${contentHash}`,
    contentHash,
    createdAt,
    variants: { thumb: 'thumb.webp', card: 'card.webp', gallery: 'gallery.webp', full: 'full.webp' },
  });
}

describe('the trust score of an offer', () => {
  it('is kept by the write and shown on the offer page with every signal, had and lacked', async () => {
    const owner = await createUser(api.db);
    const id = await insertFullOffer(api.db, { ownerId: owner.id, city: 'Olomouc' });
    // Written straight into the tables: no write kept its signals yet.
    expect(await publicTrust(id)).toBeNull();
    await sync(id);
    const trust = await publicTrust(id);
    const [row] = await api.db.select().from(offers).where(eq(offers.id, id));
    expect(trust.score).toBe(row?.sellerTrustScore);
    expect(trust.signals).toHaveLength(10);
    expect(signalOf(trust, 'listing_verified')).toMatchObject({ status: 'met', points: 12 });
    expect(signalOf(trust, 'floor_plan')?.status).toBe('met');
    expect(signalOf(trust, 'complete_parameters')?.status).toBe('met');
    expect(signalOf(trust, 'photos')).toMatchObject({ status: 'missing', points: 0 });
    // Too few offers in the city and too few conversations: not known yet, no points either way.
    expect(signalOf(trust, 'consistent_price')).toMatchObject({ status: 'unknown', points: null });
    expect(signalOf(trust, 'quick_replies')?.status).toBe('unknown');
    expect(trust.signals.reduce((sum, s) => sum + (s.points ?? 0), 0)).toBe(trust.score);

    // The owner sees what to do about it, with the points each action adds.
    const own = await api.app.inject({
      method: 'GET',
      url: `/properties/${id}`,
      headers: bearer(api.config, owner.id),
    });
    expect(own.json().data.trust_score.checklist).toEqual(
      expect.arrayContaining([
        { signal: 'photos', gain: 10 },
        { signal: 'original_photos', gain: 8 },
        { signal: 'quick_replies', gain: 10 },
      ]),
    );
    expect(own.json().data.trust_score.score).toBe(trust.score);
  });

  it("reads the city's median for the price signal, and the trust filter uses the real score", async () => {
    const owner = await createUser(api.db, { createdAt: new Date(Date.now() - 400 * 86_400_000) });
    const fair = [];
    for (let i = 0; i < 10; i++) {
      fair.push(
        await insertFullOffer(api.db, { ownerId: owner.id, city: 'Zlín', price: 5_000_000 + i * 50_000 }),
      );
    }
    const cheap = await insertFullOffer(api.db, { ownerId: owner.id, city: 'Zlín', price: 1_500_000 });
    expect(await refreshLocalityPriceMedians(api.db)).toBeGreaterThan(0);
    const started = Date.now();
    const rescored = await recomputeAllTrust(api.db, { batchSize: 4 });
    expect(rescored).toBeGreaterThanOrEqual(11);
    expect(Date.now() - started).toBeLessThan(30_000);

    const fairTrust = await publicTrust(fair[0]!);
    const cheapTrust = await publicTrust(cheap);
    expect(signalOf(fairTrust, 'consistent_price')).toMatchObject({ status: 'met', points: 10 });
    expect(signalOf(cheapTrust, 'consistent_price')).toMatchObject({ status: 'missing', points: 0 });
    expect(signalOf(fairTrust, 'account_age')?.status).toBe('met');
    expect(fairTrust.score - cheapTrust.score).toBe(10);

    const found = await api.app.inject({
      method: 'GET',
      url: `/public/offers?country_code=CZ&per_page=100&trust_score_min=${fairTrust.score}`,
    });
    expect(found.statusCode, found.body).toBe(200);
    const ids = found.json().data.map((offer: { id: number }) => offer.id);
    expect(ids).toContain(fair[0]);
    expect(ids).not.toContain(cheap);

    // The stored points give back what the page shows.
    const [kept] = await api.db.select().from(propertyTrust).where(eq(propertyTrust.propertyId, cheap));
    expect(trustScoreFromPoints(kept!.points)).toEqual(cheapTrust);
  });

  it('takes the originality of a photo from the seller who had it later', async () => {
    const first = await createUser(api.db);
    const second = await createUser(api.db);
    const original = await insertFullOffer(api.db, { ownerId: first.id, city: 'Kolín' });
    const copy = await insertFullOffer(api.db, { ownerId: second.id, city: 'Kolín' });
    await addPhoto(original, 'same-bytes', new Date('2026-01-01T00:00:00Z'));
    await addPhoto(copy, 'same-bytes', new Date('2026-02-01T00:00:00Z'));
    await sync(original);
    await sync(copy);
    expect(signalOf(await publicTrust(original), 'original_photos')?.status).toBe('met');
    expect(signalOf(await publicTrust(copy), 'original_photos')?.status).toBe('missing');
    expect(signalOf(await publicTrust(copy), 'photos')).toMatchObject({ status: 'partial', points: 1 });
    const rows = await api.db
      .select()
      .from(offers)
      .where(inArray(offers.id, [original, copy]));
    expect(
      rows.find((row) => row.id === original)!.sellerTrustScore! -
        rows.find((row) => row.id === copy)!.sellerTrustScore!,
    ).toBe(8);
  });

  it("counts none of an account's own photos as copied, however many of its offers share them, and reads only other accounts' rows (migration 0044)", async () => {
    const agency = await createUser(api.db);
    const rival = await createUser(api.db);
    const listings: number[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await insertFullOffer(api.db, { ownerId: agency.id, city: 'Kladno' });
      await addPhoto(id, 'agency-logo', new Date(Date.UTC(2026, 0, 1 + i)));
      listings.push(id);
    }
    const later = await insertFullOffer(api.db, { ownerId: rival.id, city: 'Kladno' });
    await addPhoto(later, 'agency-logo', new Date('2026-03-01T00:00:00Z'));
    for (const id of [...listings, later]) await sync(id);
    for (const id of listings) {
      expect(signalOf(await publicTrust(id), 'original_photos')?.status, `offer ${id}`).toBe('met');
    }
    expect(signalOf(await publicTrust(later), 'original_photos')?.status).toBe('missing');

    // No insert names the owner: the database copies it from the property, and follows a change.
    const ownerOfPhoto = async (propertyId: number) =>
      (await api.db.select().from(propertyMedia).where(eq(propertyMedia.propertyId, propertyId)))[0]?.ownerId;
    expect(await ownerOfPhoto(listings[1]!)).toBe(agency.id);
    expect(await ownerOfPhoto(later)).toBe(rival.id);
    await api.db.update(properties).set({ ownerId: rival.id }).where(eq(properties.id, listings[2]!));
    expect(await ownerOfPhoto(listings[2]!)).toBe(rival.id);
    await api.db.update(properties).set({ ownerId: agency.id }).where(eq(properties.id, listings[2]!));

    // The other accounts' rows with the same bytes are found through the hash-and-owner index, as
    // two ranges of owners around the offer's own: the account's rows are never read.
    const plan = await indexPlan(api.db, trustContextStatement([listings[0]!]));
    expect(plan).toContain('property_media_hash_owner_idx');
    expect(plan).toMatch(/Index Cond: .*owner_id < /);
  });
});
