import { offerReports, offers, properties } from '@estately/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, ensurePropertyPhoto, type TestApi } from '../../support/helpers.ts';

// Issue 7 deliverables 5 and 6: admin moderation (verify, strike, report queue) and the trust
// score it moves; permissions (401 guests, 403 non-admins).

let api: TestApi;
let owner: { id: number };
let admin: { id: number };
let user: { id: number };

const auth = (userId: number) => bearer(api.config, userId);

async function activeProperty(): Promise<number> {
  const saved = await api.app.inject({
    method: 'POST',
    url: '/v1/property/save',
    headers: auth(owner.id),
    payload: {
      offer_type: 'sale',
      property_type: 'apartment',
      price: 4_200_000,
      disposition: '1',
      room: ['living_room', 'kitchen', 'bathroom'],
      useful_area: 34,
      description: 'Studio near the station.',
      city: 'Ostrava',
      country_code: 'CZ',
      latitude: 49.83,
      longitude: 18.28,
      contact: { contact_phone: '+420 700 111 222' },
    },
  });
  const id = saved.json().data.id as number;
  await ensurePropertyPhoto(api.db, id);
  const activated = await api.app.inject({
    method: 'POST',
    url: `/v1/properties/set-state/${id}`,
    headers: auth(owner.id),
    payload: { state: 'active' },
  });
  expect(activated.statusCode).toBe(200);
  return id;
}

async function report(propertyId: number, reporter: string, reason = 'wrong_price') {
  const [row] = await api.db
    .insert(offerReports)
    .values({
      propertyId,
      reason,
      reporterKey: `email:${reporter}`,
      reporterEmail: reporter,
      message: 'Looks off.',
    })
    .returning({ id: offerReports.id });
  return row!.id;
}

async function publicIds(): Promise<number[]> {
  const response = await api.app.inject({
    method: 'GET',
    url: '/public/offers?country_code=CZ&per_page=100',
  });
  return response.json().data.map((o: { id: number }) => o.id);
}

async function trust(propertyId: number) {
  const detail = await api.app.inject({
    method: 'GET',
    url: `/properties/${propertyId}`,
    headers: auth(owner.id),
  });
  return detail.json().data.trust_score as {
    score: number;
    signals: { signal: string; points: number | null }[];
  };
}

beforeAll(async () => {
  api = await buildTestApi();
  owner = await createUser(api.db);
  admin = await createUser(api.db, { isAdmin: true });
  user = await createUser(api.db);
});

afterAll(async () => {
  await api.close();
});

describe('permissions', () => {
  it('every moderation call is 401 for guests and 403 for non-admins, changing nothing', async () => {
    const id = await activeProperty();
    const reportId = await report(id, 'perm@example.com');
    const calls = [
      { method: 'PATCH', url: `/properties/${id}/verify`, payload: {} },
      { method: 'POST', url: `/properties/strike/${id}`, payload: { reason: 'Spam listing' } },
      { method: 'DELETE', url: `/properties/strike/${id}` },
      { method: 'GET', url: '/admin/reports' },
      { method: 'POST', url: `/admin/reports/${reportId}/resolve`, payload: {} },
      { method: 'POST', url: `/admin/reports/${reportId}/dismiss`, payload: {} },
    ] as const;
    for (const call of calls) {
      expect((await api.app.inject({ ...call })).statusCode, `${call.method} ${call.url}`).toBe(401);
      for (const who of [user.id, owner.id]) {
        const response = await api.app.inject({ ...call, headers: auth(who) });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(response.json().code).toBe('forbidden');
      }
    }
    const [row] = await api.db.select().from(properties).where(eq(properties.id, id));
    expect(row).toMatchObject({ isVerified: false, struckAt: null });
    const [open] = await api.db.select().from(offerReports).where(eq(offerReports.id, reportId));
    expect(open?.status).toBe('open');
  });
});

describe('PATCH /properties/{id}/verify', () => {
  it('sets the badge, raises the trust score, and reaches the offers row', async () => {
    const id = await activeProperty();
    const before = await trust(id);
    const response = await api.app.inject({
      method: 'PATCH',
      url: `/properties/${id}/verify`,
      headers: auth(admin.id),
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, is_verified: true, is_public: true, strike: null });
    const after = await trust(id);
    expect(after.score - before.score).toBe(12);
    expect(after.signals.find((s) => s.signal === 'listing_verified')?.points).toBe(12);
    expect(response.json().trust_score).toBe(after.score);
    const [offer] = await api.db.select().from(offers).where(eq(offers.id, id));
    expect(offer?.isVerified).toBe(true);
    // The offers row carries the offer's trust score, so the trust-score filter follows.
    expect(offer?.sellerTrustScore).toBe(after.score);
    const found = await api.app.inject({
      method: 'GET',
      url: `/public/offers?country_code=CZ&per_page=100&trust_score_min=${after.score}`,
    });
    expect(found.json().data.map((o: { id: number }) => o.id)).toContain(id);
    const withdrawn = await api.app.inject({
      method: 'PATCH',
      url: `/properties/${id}/verify`,
      headers: auth(admin.id),
      payload: { verified: false },
    });
    expect(withdrawn.json().is_verified).toBe(false);
    const unknown = await api.app.inject({
      method: 'PATCH',
      url: '/properties/999999999/verify',
      headers: auth(admin.id),
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /properties/strike/{id}', () => {
  it('removes the offer from public view; the owner sees the reason; lifting brings it back', async () => {
    const id = await activeProperty();
    expect(await publicIds()).toContain(id);
    const empty = await api.app.inject({
      method: 'POST',
      url: `/properties/strike/${id}`,
      headers: auth(admin.id),
      payload: { reason: ' ' },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.reason).toEqual(['validation.required']);
    const struck = await api.app.inject({
      method: 'POST',
      url: `/properties/strike/${id}`,
      headers: auth(admin.id),
      payload: { reason: 'Photos belong to another listing.' },
    });
    expect(struck.statusCode).toBe(200);
    expect(struck.json()).toMatchObject({ is_public: false, state: 'active' });
    expect(await publicIds()).not.toContain(id);
    expect((await api.app.inject({ method: 'GET', url: `/properties/${id}` })).statusCode).toBe(404);
    const own = await api.app.inject({ method: 'GET', url: `/properties/${id}`, headers: auth(owner.id) });
    expect(own.json().data.strike.reason).toBe('Photos belong to another listing.');
    const list = await api.app.inject({
      method: 'GET',
      url: '/my/own/properties?per_page=100',
      headers: auth(owner.id),
    });
    expect(list.json().data.find((p: { id: number }) => p.id === id).strike.reason).toBe(
      'Photos belong to another listing.',
    );
    const lifted = await api.app.inject({
      method: 'DELETE',
      url: `/properties/strike/${id}`,
      headers: auth(admin.id),
    });
    expect(lifted.json()).toMatchObject({ is_public: true, strike: null });
    expect(await publicIds()).toContain(id);
  });
});

describe('report queue', () => {
  it('lists open reports worst offer first; resolve (with strike) and dismiss decide once', async () => {
    const calm = await activeProperty();
    const busy = await activeProperty();
    const calmReport = await report(calm, 'a@example.com');
    const busyReports = [
      await report(busy, 'b@example.com', 'fraud'),
      await report(busy, 'c@example.com', 'duplicate'),
    ];
    const queue = await api.app.inject({ method: 'GET', url: '/admin/reports', headers: auth(admin.id) });
    expect(queue.statusCode).toBe(200);
    const ids = queue.json().data.map((r: { id: number }) => r.id);
    expect(ids.indexOf(busyReports[0])).toBeLessThan(ids.indexOf(calmReport));
    expect(queue.json().data.find((r: { id: number }) => r.id === busyReports[0])).toMatchObject({
      property_id: busy,
      reason: 'fraud',
      status: 'open',
      open_reports_on_offer: 2,
      property: { state: 'active', owner_id: owner.id, struck: false },
    });

    // Open reports are claims, not evidence: only an upheld one costs the signal (decision 066).
    const trustBefore = (await trust(busy)).signals.find((s) => s.signal === 'no_upheld_reports')?.points;
    expect(trustBefore).toBe(10);
    const resolved = await api.app.inject({
      method: 'POST',
      url: `/admin/reports/${busyReports[0]}/resolve`,
      headers: auth(admin.id),
      payload: { strike_reason: 'Fraudulent listing.' },
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({
      id: busy,
      is_public: false,
      strike: { reason: 'Fraudulent listing.' },
    });
    const afterResolve = await trust(busy);
    expect(afterResolve.signals.find((s) => s.signal === 'no_upheld_reports')?.points).toBe(0);
    const [busyOffer] = await api.db.select().from(offers).where(eq(offers.id, busy));
    expect(busyOffer?.sellerTrustScore).toBe(afterResolve.score);

    const dismissed = await api.app.inject({
      method: 'POST',
      url: `/admin/reports/${calmReport}/dismiss`,
      headers: auth(admin.id),
      payload: {},
    });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toMatchObject({ id: calm, is_public: true });
    expect((await trust(calm)).signals.find((s) => s.signal === 'no_upheld_reports')?.points).toBe(10);

    const twice = await api.app.inject({
      method: 'POST',
      url: `/admin/reports/${calmReport}/resolve`,
      headers: auth(admin.id),
      payload: {},
    });
    expect(twice.statusCode).toBe(409);
    const rows = await api.db.select().from(offerReports).where(eq(offerReports.id, calmReport));
    expect(rows[0]).toMatchObject({ status: 'dismissed', resolvedBy: admin.id });

    const decided = await api.app.inject({
      method: 'GET',
      url: '/admin/reports?status=resolved',
      headers: auth(admin.id),
    });
    expect(decided.json().data.map((r: { id: number }) => r.id)).toEqual([busyReports[0]]);
    expect(decided.json().meta.total).toBe(1);
    const bad = await api.app.inject({
      method: 'POST',
      url: '/admin/reports/1/approve',
      headers: auth(admin.id),
      payload: {},
    });
    expect(bad.statusCode).toBe(422);
  });
});
