import { favourites, leads, properties, refreshTokens, savedSearches, users } from '@estately/db';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecretToken } from '../../src/features/auth/secret-token.ts';
import { bearer, createUser, type TestUser } from '../support/auth-helpers.ts';
import { buildTestApi, insertOffer, type TestApi } from '../support/helpers.ts';

// Issue 11 item 6 (ASVS 5.0 V15.3, OWASP mass assignment cheat sheet): no request body sets a
// field the caller may not (owner, verified, strike, role, isAdmin, accountType after sign-up),
// prototype keys are refused, and no answer carries a password hash, a token hash or another
// user's login e-mail. Every answer of this file is collected and scanned at the end.

let api: TestApi;
let me: TestUser;
let victim: TestUser;
let address = 0;
const answers: Array<{ what: string; body: string }> = [];

beforeAll(async () => {
  api = await buildTestApi();
  me = await createUser(api.db, { verified: false });
  // The victim has a contact e-mail of their own, so their login e-mail has no reason to
  // appear anywhere public.
  victim = await createUser(api.db, { verified: true, contactEmail: 'victim.contact@example.com' });
});
afterAll(() => api.close());

async function send(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: TestUser | null,
  raw?: string,
  contentType = 'application/json',
): Promise<LightMyRequestResponse> {
  address += 1;
  const response = await api.app.inject({
    method,
    url,
    headers: {
      ...(who ? bearer(api.config, who.id) : {}),
      ...(raw !== undefined ? { 'content-type': contentType } : {}),
    },
    ...(raw !== undefined ? { payload: raw } : {}),
    remoteAddress: `192.0.2.${address % 250}`,
  });
  answers.push({ what: `${method} ${url}`, body: response.body });
  return response;
}

/** Fields nobody may set through a body, in the spellings a client might try. */
const PRIVILEGED = {
  isAdmin: true,
  is_admin: true,
  admin: true,
  role: 'admin',
  roles: ['admin'],
  verified: true,
  isVerified: true,
  is_verified: true,
  verifiedAt: '2026-01-01T00:00:00Z',
  accountType: 'company',
  account_type: 'company',
  owner: 1,
  ownerId: 1,
  owner_id: 1,
  userId: 1,
  user_id: 1,
  strike: false,
  struck: false,
  struckAt: null,
  struck_at: null,
  notBefore: null,
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$AAAA$BBBB',
  password_hash: 'x',
  id: 1,
};

/** The same privileged fields inside prototype keys, as raw JSON (an object literal would set the prototype). */
function withPrototypeKeys(base: Record<string, unknown>): string[] {
  const json = JSON.stringify(base).slice(0, -1);
  return [
    `${json},"__proto__":{"isAdmin":true,"verified":true}}`,
    `${json},"constructor":{"prototype":{"isAdmin":true,"verified":true}}}`,
  ];
}

async function userRow(id: number) {
  const [row] = await api.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('mass assignment', () => {
  it('sign-up ignores or refuses privileged fields and prototype keys', async () => {
    const bodies = [
      JSON.stringify({
        email: 'ma-1@example.com',
        password: 'Brno-Garden-2026',
        country_code: 'CZ',
        ...PRIVILEGED,
      }),
      ...withPrototypeKeys({ email: 'ma-2@example.com', password: 'Brno-Garden-2026', country_code: 'CZ' }),
    ];
    for (const [index, raw] of bodies.entries()) {
      const response = await send('POST', '/auth/signup', null, raw);
      expect([201, 400, 422], response.body).toContain(response.statusCode);
      const [row] = await api.db
        .select()
        .from(users)
        .where(eq(users.email, `ma-${index === 0 ? 1 : 2}@example.com`));
      if (!row) continue;
      expect(row).toMatchObject({ isAdmin: false, verified: false, accountType: 'person' });
      expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
    }
    // No object in the process picked up a polluted prototype.
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('PATCH /users/me changes none of the privileged fields, whatever the spelling', async () => {
    const before = await userRow(me.id);
    for (const [field, value] of [...Object.entries(PRIVILEGED), ['email', 'taken-over@example.com']]) {
      const response = await send(
        'PATCH',
        '/users/me',
        me,
        JSON.stringify({ firstName: 'Jana', [field]: value }),
      );
      expect([200, 400, 422], `${field}: ${response.body}`).toContain(response.statusCode);
    }
    for (const raw of withPrototypeKeys({ firstName: 'Jana' })) {
      const response = await send('PATCH', '/users/me', me, raw);
      expect([200, 400, 422], response.body).toContain(response.statusCode);
    }
    const after = await userRow(me.id);
    expect({
      isAdmin: after.isAdmin,
      verified: after.verified,
      accountType: after.accountType,
      email: after.email,
      passwordHash: after.passwordHash,
      notBefore: after.notBefore,
    }).toEqual({
      isAdmin: before.isAdmin,
      verified: before.verified,
      accountType: before.accountType,
      email: before.email,
      passwordHash: before.passwordHash,
      notBefore: before.notBefore,
    });
  });

  it("a property's owner, verification and strike cannot be set by its owner's requests", async () => {
    const id = await insertOffer(api.db, { ownerId: me.id, publishedAt: new Date() });
    const [before] = await api.db.select().from(properties).where(eq(properties.id, id));
    const privileged = { ...PRIVILEGED, owner_id: victim.id, ownerId: victim.id, owner: victim.id };
    for (const [field, value] of Object.entries(privileged)) {
      await send(
        'PATCH',
        `/properties/${id}`,
        me,
        JSON.stringify({ [field]: value }),
        'application/merge-patch+json',
      );
      await send(
        'POST',
        `/v1/properties/set-state/${id}`,
        me,
        JSON.stringify({ state: 'active', [field]: value }),
      );
    }
    const [after] = await api.db.select().from(properties).where(eq(properties.id, id));
    expect({
      ownerId: after!.ownerId,
      isVerified: after!.isVerified,
      verifiedBy: after!.verifiedBy,
      struckAt: after!.struckAt,
    }).toEqual({
      ownerId: before!.ownerId,
      isVerified: before!.isVerified,
      verifiedBy: before!.verifiedBy,
      struckAt: before!.struckAt,
    });
  });

  it('saved searches, favourites and leads belong to the caller, whatever the body names', async () => {
    const offerId = await insertOffer(api.db, { ownerId: victim.id, publishedAt: new Date() });
    const created = await send(
      'POST',
      '/saved_searches',
      me,
      JSON.stringify({
        name: 'Mine',
        filters: { offer_type: 'sale', property_type: 'apartment', country_code: 'cz' },
        search_path: '/cs/hledani/prodej/byty/cesko/praha',
        user_id: victim.id,
        userId: victim.id,
      }),
    );
    expect([201, 422], created.body).toContain(created.statusCode);
    for (const row of await api.db.select().from(savedSearches).where(eq(savedSearches.userId, victim.id))) {
      expect.fail(`saved search ${row.id} was created for another user`);
    }

    await send('POST', `/user/offers/${offerId}/favorite_offer`, me, JSON.stringify({ user_id: victim.id }));
    await send(
      'POST',
      '/my/favorite/properties',
      me,
      JSON.stringify({ property_id: offerId, user_id: victim.id }),
    );
    expect(await api.db.select().from(favourites).where(eq(favourites.userId, victim.id))).toEqual([]);

    await send(
      'POST',
      '/leads',
      me,
      JSON.stringify({
        offer_id: offerId,
        message: 'Hello, is it free?',
        sender_id: victim.id,
        senderId: victim.id,
      }),
    );
    for (const lead of await api.db.select().from(leads).where(eq(leads.propertyId, offerId))) {
      expect(lead.senderUserId).not.toBe(victim.id);
    }
  });

  it('answers carry no password hash, token hash or login e-mail of another user', async () => {
    // A refresh token of the victim exists, so its hash could leak somewhere.
    const login = await send(
      'POST',
      '/auth/login',
      null,
      JSON.stringify({ email: victim.email, password: victim.password }),
    );
    expect(login.statusCode).toBe(200);
    const refresh = (login.json() as { refresh_token: string }).refresh_token;
    answers.pop(); // the victim's own login answer may name the victim
    const offerId = await insertOffer(api.db, { ownerId: victim.id, publishedAt: new Date() });
    // What I can read about the victim and their offer.
    for (const url of [
      `/public/users/${victim.id}`,
      `/public/offers/${offerId}`,
      `/public/offers/${offerId}/contact`,
      `/properties/${offerId}`,
      '/user/me',
      '/user/favorite_offers',
      '/saved_searches',
      '/leads',
      '/my/own/properties',
    ]) {
      await send('GET', url, me);
    }
    const [victimRow] = await api.db.select().from(users).where(eq(users.id, victim.id));
    const tokenHashes = (
      await api.db
        .select({ hash: refreshTokens.tokenHash })
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, victim.id))
    ).map((row) => row.hash);
    expect(tokenHashes).toContain(hashSecretToken(refresh));
    expect(answers.length).toBeGreaterThanOrEqual(9);
    for (const { what, body } of answers) {
      expect(body, what).not.toMatch(/\$argon2/);
      expect(body, what).not.toContain(victimRow!.passwordHash);
      // Field names may be echoed by a validation error; a hash value never.
      expect(body, what).not.toMatch(/"(password_?hash|token_?hash)"\s*:\s*"/i);
      for (const hash of tokenHashes) expect(body, what).not.toContain(hash);
      expect(body.toLowerCase(), what).not.toContain(victim.email.toLowerCase());
    }
  });
});
