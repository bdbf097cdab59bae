import { offers, users } from '@estately/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { call, createFeed, jpeg, openImmoXml, runFeedJobs, uploadFeed, zipOf } from './feed-sync-support.ts';

// The kind of seller a company account is (issue 42): chosen at sign-up (agency unless told),
// changed in the company profile, and carried by its offers as their seller type.

let api: TestApi;
let address = 0;

beforeAll(async () => {
  api = await buildTestApi();
});
afterAll(() => api?.close());

function signUp(extra: Record<string, unknown>) {
  address += 1;
  return api.app.inject({
    method: 'POST',
    url: '/auth/signup/company',
    remoteAddress: `203.0.113.${address}`,
    payload: {
      email: `office-${address}@reality.example`,
      password: 'Brno-Garden-2026',
      is_subscribed_to_updates: false,
      country_code: 'CZ',
      locale: 'cs',
      company_name: 'Reality Brno s.r.o.',
      registration_number: '12345678',
      address_street: 'Masarykova',
      address_zip: '602 00',
      address_city: 'Brno',
      contact_first_name: 'Petr',
      contact_last_name: 'Svoboda',
      ...extra,
    },
  });
}

async function kindOf(email: string) {
  const [row] = await api.db
    .select({ id: users.id, kind: users.companyKind })
    .from(users)
    .where(eq(users.email, email));
  return row!;
}

describe('the company kind', () => {
  it('is agency by default at sign-up, or the kind the company names', async () => {
    expect((await signUp({})).statusCode).toBeLessThan(300);
    expect((await kindOf(`office-${address}@reality.example`)).kind).toBe('agency');
    expect((await signUp({ company_kind: 'developer' })).statusCode).toBeLessThan(300);
    expect((await kindOf(`office-${address}@reality.example`)).kind).toBe('developer');
    const refused = await signUp({ company_kind: 'private' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { company_kind: ['validation.invalid_value'] } });
  });

  it("is the seller type of the company's offers, and a change in the profile moves them", async () => {
    const company = await createUser(api.db, {
      verified: true,
      accountType: 'company',
      companyName: 'Stavby Praha a.s.',
      companyKind: 'developer',
    });
    const profile = await call(api, company.id, 'GET', '/users/me/company-profile');
    expect(profile.json()).toMatchObject({ companyKind: 'developer' });

    const feedId = await createFeed(api, company.id, {
      name: 'Projects',
      format: 'openimmo',
      source: 'upload',
    });
    const zip = await zipOf([
      { name: 'feed.xml', data: openImmoXml([{ id: 'P-1', photos: ['p.jpg'] }]) },
      { name: 'p.jpg', data: await jpeg(42) },
    ]);
    expect((await uploadFeed(api, company.id, feedId, zip)).statusCode).toBe(202);
    await runFeedJobs(api);
    const [offer] = await api.db.select().from(offers).where(eq(offers.ownerId, company.id));
    expect(offer).toMatchObject({ isPublic: true, sellerType: 'developer' });

    const saved = await call(api, company.id, 'PUT', '/users/me/company-profile', {
      name: 'Stavby Praha a.s.',
      companyKind: 'broker',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ companyKind: 'broker' });
    const [moved] = await api.db.select().from(offers).where(eq(offers.id, offer!.id));
    expect(moved?.sellerType).toBe('broker');
    const search = await api.app.inject({ method: 'GET', url: '/public/offers?seller_type=broker' });
    expect((search.json() as { data: Array<{ id: number }> }).data.map((card) => card.id)).toContain(
      offer!.id,
    );

    // Left out of a later save, the kind stays.
    await call(api, company.id, 'PUT', '/users/me/company-profile', { name: 'Stavby Praha a.s.' });
    expect(
      (await kindOf((await api.db.select().from(users).where(eq(users.id, company.id)))[0]!.email)).kind,
    ).toBe('broker');
  });
});
