import { randomUUID } from 'node:crypto';
import { emailConfirmationTokens, sellers, users } from '@estately/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, TEST_PASSWORD, type TestUser } from '../../support/auth-helpers.ts';
import { buildTestApi, insertOffer, type TestApi } from '../../support/helpers.ts';

// No users route answers another account's private fields (issue 5 "Done when"). Two accounts
// with every private field set; the first calls every users route, including the second's public
// profile, and no private value of the second appears in any answer.

let api: TestApi;
let caller: TestUser;
let other: TestUser;
let otherSecrets: string[];

beforeAll(async () => {
  api = await buildTestApi();
  const [seller] = await api.db
    .insert(sellers)
    .values({ sellerType: 'developer', name: 'Dunaj Development', isVerified: true, rating: 4.2 })
    .returning({ id: sellers.id });
  const notBefore = new Date('2026-03-04T05:06:07.000Z');
  const lastLoginAt = new Date('2026-02-03T04:05:06.000Z');
  other = await createUser(api.db, {
    email: 'bea.private.login@example.com',
    accountType: 'company',
    companyName: 'Dunaj Development s.r.o.',
    companyRegistrationNumber: '55667788',
    companyVatNumber: 'SK2020667788',
    contactEmail: 'bea.private.contact@example.net',
    firstName: 'Beáta',
    lastName: 'Skrytá',
    phoneNumber: '+421 905 123 987',
    addressStreet: 'Tajná ulica',
    addressStreetNumbers: '77/13b',
    addressZip: '811 09',
    addressCity: 'Bratislava-Súkromie',
    sellerId: seller!.id,
    verified: true,
    notBefore,
    lastLoginAt,
  });
  await insertOffer(api.db, { ownerId: other.id, publishedAt: new Date('2026-01-05T00:00:00Z') });
  // A login e-mail change the other account has asked for and not yet confirmed.
  await api.db.insert(emailConfirmationTokens).values({
    userId: other.id,
    email: 'bea.pending.address@example.org',
    tokenHash: 'f'.repeat(64),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  const [stored] = await api.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, other.id));
  otherSecrets = [
    'bea.private.login@example.com',
    'bea.private.contact@example.net',
    'bea.pending.address@example.org',
    '905 123 987',
    'Tajná ulica',
    '77/13b',
    '811 09',
    'Bratislava-Súkromie',
    '55667788',
    'SK2020667788',
    'Skrytá',
    stored!.passwordHash,
    notBefore.toISOString(),
    lastLoginAt.toISOString(),
  ];

  caller = await createUser(api.db, {
    firstName: 'Adam',
    lastName: 'Caller',
    contactEmail: 'adam.contact@example.com',
    phoneNumber: '+420 731 000 111',
  });
});
afterAll(async () => {
  await api?.close();
});

function multipartPicture(data: Buffer) {
  const boundary = `----estately-${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('privacy of the users routes', () => {
  it('the private values are what the other account sees of itself (the check can fail)', async () => {
    const own = await api.app.inject({
      method: 'GET',
      url: '/user/me',
      headers: bearer(api.config, other.id),
    });
    expect(own.statusCode).toBe(200);
    // Every value the account itself is shown appears verbatim in its own answer.
    const shownToOwner = otherSecrets.filter(
      (value) => !value.startsWith('$argon2') && !value.includes('pending') && !value.startsWith('2026-0'),
    );
    for (const value of shownToOwner) expect(own.body, value).toContain(value);
  });

  it('no users route answers a private value of another account', async () => {
    const auth = () => bearer(api.config, caller.id);
    const picture = multipartPicture(
      await sharp({ create: { width: 80, height: 60, channels: 3, background: '#336699' } })
        .png()
        .toBuffer(),
    );
    const calls = [
      { method: 'GET', url: '/user/me' },
      { method: 'PATCH', url: '/users/me', payload: { firstName: 'Adam', preferredCurrency: 'EUR' } },
      // Attempts to reach the other account through one's own routes.
      { method: 'PATCH', url: '/users/me', payload: { id: other.id, email: other.email } },
      { method: 'PATCH', url: '/users/me', payload: { contactEmail: 'not-an-address' } },
      {
        method: 'PATCH',
        url: '/users/me/change-login-email',
        payload: { email: other.email, password: TEST_PASSWORD },
      },
      {
        method: 'PATCH',
        url: '/users/me/change-login-email',
        payload: { email: other.email, password: 'Wrong-password-1' },
      },
      {
        method: 'PATCH',
        url: '/users/me/new_password',
        payload: { currentPassword: 'Wrong-password-1', newPassword: 'Another-Long-Secret-7' },
      },
      {
        method: 'POST',
        url: '/v1/user/save-profile-picture',
        payload: picture.payload,
        headers: { 'content-type': picture.contentType },
      },
      { method: 'GET', url: `/public/users/${other.id}` },
      { method: 'GET', url: `/public/users/${caller.id}` },
      {
        method: 'PATCH',
        url: '/users/me/new_password',
        payload: { currentPassword: TEST_PASSWORD, newPassword: 'Another-Long-Secret-7' },
      },
    ] as const;

    const statuses: number[] = [];
    for (const call of calls) {
      const response = await api.app.inject({
        method: call.method,
        url: call.url,
        payload: 'payload' in call ? call.payload : undefined,
        headers: { ...auth(), ...('headers' in call ? call.headers : {}) },
      });
      statuses.push(response.statusCode);
      for (const secret of otherSecrets) {
        expect(response.body, `${call.method} ${call.url} answered ${secret}`).not.toContain(secret);
      }
    }
    // Every call reached its route and answered (no 401 or 500 hiding a leak).
    expect(statuses).toEqual([200, 200, 422, 422, 422, 422, 422, 200, 200, 404, 204]);
  });

  it('the public profile shows what the seller publishes', async () => {
    const response = await api.app.inject({ method: 'GET', url: `/public/users/${other.id}` });
    expect(response.json()).toMatchObject({
      displayName: 'Dunaj Development s.r.o.',
      accountType: 'company',
      activeOffersCount: 1,
      seller: { name: 'Dunaj Development', sellerType: 'developer', isVerified: true, rating: 4.2 },
    });
  });
});
