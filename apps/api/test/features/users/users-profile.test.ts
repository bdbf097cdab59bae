import { sellerContacts, sellers, users } from '@estately/db';
import {
  CurrentUserSchema,
  LOCALES,
  PASSWORD_POLICY_MESSAGE_KEYS,
  PublicUserSchema,
  USER_FORM_MESSAGE_KEYS,
} from '@estately/domain';
import { getMessages, isMessageKey } from '@estately/i18n';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, insertOffer, type TestApi } from '../../support/helpers.ts';

// GET /user/me, GET /public/users/{id}, PATCH /users/me (spec 7 "Users", issue 5).

let api: TestApi;

beforeAll(async () => {
  api = await buildTestApi();
});
afterAll(async () => {
  await api?.close();
});

function me(userId: number) {
  return api.app.inject({ method: 'GET', url: '/user/me', headers: bearer(api.config, userId) });
}

function patch(userId: number | null, payload: unknown) {
  return api.app.inject({
    method: 'PATCH',
    url: '/users/me',
    headers: userId === null ? {} : bearer(api.config, userId),
    payload: payload as object,
  });
}

async function row(userId: number) {
  const [found] = await api.db.select().from(users).where(eq(users.id, userId));
  return found!;
}

describe('GET /user/me', () => {
  it('answers every spec 3 User field and the account settings, never the hash', async () => {
    const user = await createUser(api.db, {
      firstName: 'Jana',
      lastName: 'Nováková',
      contactEmail: 'jana.kontakt@example.com',
      phoneNumber: '+420 601 222 333',
      addressStreet: 'Vinohradská',
      addressStreetNumbers: '12/1450',
      addressZip: '120 00',
      addressCity: 'Praha',
      preferredLanguage: 'de',
      preferredCurrency: 'EUR',
      notifyNewsletter: true,
    });
    const response = await me(user.id);
    expect(response.statusCode).toBe(200);
    const body = CurrentUserSchema.strict().parse(response.json());
    expect(body).toMatchObject({
      id: user.id,
      email: user.email,
      contactEmail: 'jana.kontakt@example.com',
      firstName: 'Jana',
      lastName: 'Nováková',
      phoneNumber: '+420 601 222 333',
      addressStreet: 'Vinohradská',
      addressStreetNumbers: '12/1450',
      addressZip: '120 00',
      addressCity: 'Praha',
      verified: false,
      preferredLanguage: 'de',
      preferredCurrency: 'EUR',
      profilePicturePath: null,
      profilePictureUrls: null,
      isAdmin: false,
      accountType: 'person',
      notifyNewsletter: true,
      notifySavedSearches: true,
      displayName: 'Jana Nováková',
    });
    expect(new Date(body.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const raw = response.body;
    expect(raw).not.toContain('argon2');
    expect(raw).not.toMatch(/passwordHash|password_hash|notBefore|not_before/);
  });

  it('falls back to the e-mail as display name without both names (spec 3)', async () => {
    const user = await createUser(api.db, { firstName: 'Jana' });
    expect((await me(user.id)).json().displayName).toBe(user.email);
  });

  it('refuses a request without a token, or with a token issued before not_before', async () => {
    const none = await api.app.inject({ method: 'GET', url: '/user/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('unauthorized');
    const user = await createUser(api.db);
    await api.db.update(users).set({ notBefore: new Date() }).where(eq(users.id, user.id));
    const stale = await api.app.inject({
      method: 'GET',
      url: '/user/me',
      headers: bearer(api.config, user.id, { iat: Math.floor(Date.now() / 1000) - 60 }),
    });
    expect(stale.statusCode).toBe(401);
  });
});

describe('PATCH /users/me', () => {
  it('updates only the fields sent and answers the user', async () => {
    const user = await createUser(api.db, { firstName: 'Old', lastName: 'Name', addressCity: 'Brno' });
    const response = await patch(user.id, {
      firstName: '  Petr ',
      contactEmail: 'Petr.Kontakt@Example.COM',
      phoneNumber: '+420 (777) 123-456',
      addressZip: '602 00',
      preferredLanguage: 'en-GB',
      preferredCurrency: 'GBP',
      notifyMessages: false,
      addressStreet: '',
    });
    expect(response.statusCode).toBe(200);
    const body = CurrentUserSchema.parse(response.json());
    expect(body).toMatchObject({
      firstName: 'Petr',
      lastName: 'Name',
      contactEmail: 'petr.kontakt@example.com',
      phoneNumber: '+420 (777) 123-456',
      addressZip: '602 00',
      addressCity: 'Brno',
      addressStreet: null,
      preferredLanguage: 'en-GB',
      preferredCurrency: 'GBP',
      notifyMessages: false,
      displayName: 'Petr Name',
    });
    const stored = await row(user.id);
    expect(stored).toMatchObject({
      firstName: 'Petr',
      lastName: 'Name',
      preferredLanguage: 'en-GB',
      preferredCurrency: 'GBP',
      notifyMessages: false,
      addressCity: 'Brno',
      addressStreet: null,
    });
    // What GET /user/me says afterwards agrees.
    expect((await me(user.id)).json()).toEqual(body);
  });

  it('clears a field with null', async () => {
    const user = await createUser(api.db, { phoneNumber: '+420 601 000 111' });
    const response = await patch(user.id, { phoneNumber: null });
    expect(response.statusCode).toBe(200);
    expect((await row(user.id)).phoneNumber).toBeNull();
  });

  const badFields: Array<[string, unknown, string]> = [
    ['contactEmail', 'not-an-address', 'validation.invalid_email'],
    ['firstName', 'x'.repeat(101), 'validation.too_long'],
    ['lastName', 42, 'validation.invalid_value'],
    ['phoneNumber', 'call me maybe', 'validation.invalid_phone'],
    ['phoneNumber', '12345', 'validation.invalid_phone'],
    ['addressZip', '1', 'validation.invalid_zip'],
    ['addressZip', '12345678901', 'validation.too_long'],
    ['addressZip', '120_00', 'validation.invalid_zip'],
    ['addressStreet', 'x'.repeat(201), 'validation.too_long'],
    ['addressStreetNumbers', '<b>12</b>', 'validation.invalid_value'],
    ['addressCity', 'x'.repeat(101), 'validation.too_long'],
    ['addressCountryCode', 'CZE', 'validation.invalid_value'],
    ['preferredLanguage', 'xx', 'validation.invalid_value'],
    ['preferredLanguage', 'el', 'validation.invalid_value'],
    ['preferredCurrency', 'BTC', 'validation.invalid_value'],
    ['notifySavedSearches', 'yes', 'validation.invalid_boolean'],
    ['email', 'other@example.com', 'validation.invalid_value'],
    ['isAdmin', true, 'validation.invalid_value'],
    ['verified', true, 'validation.invalid_value'],
  ];
  it.each(badFields)('refuses %s = %j with 422 %s and changes nothing', async (field, value, key) => {
    const user = await createUser(api.db, { firstName: 'Stays' });
    const before = await row(user.id);
    // A valid field beside the bad one is not applied either.
    const response = await patch(user.id, { firstName: 'Changed', [field]: value });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe('validation_errors');
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(body.errors[field]).toContain(key);
    expect(await row(user.id)).toEqual(before);
  });

  it('reports every bad field at once', async () => {
    const user = await createUser(api.db);
    const response = await patch(user.id, { contactEmail: 'x', addressZip: '!', preferredCurrency: 'XXX' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'addressZip',
      'contactEmail',
      'preferredCurrency',
    ]);
  });

  it('refuses a body that is not an object', async () => {
    const user = await createUser(api.db);
    const response = await api.app.inject({
      method: 'PATCH',
      url: '/users/me',
      headers: { ...bearer(api.config, user.id), 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(response.statusCode).toBe(422);
  });

  it('lets companies edit company details; persons get validation.company_only', async () => {
    const company = await createUser(api.db, {
      accountType: 'company',
      companyName: 'Vltava Reality s.r.o.',
    });
    const ok = await patch(company.id, {
      companyRegistrationNumber: '27074358',
      companyVatNumber: 'CZ27074358',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      companyRegistrationNumber: '27074358',
      companyVatNumber: 'CZ27074358',
    });

    const cleared = await patch(company.id, { companyName: '', firstName: 'Eva' });
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json().errors).toEqual({ companyName: ['validation.required'] });
    expect((await row(company.id)).firstName).toBeNull();

    const person = await createUser(api.db);
    const refused = await patch(person.id, { companyName: 'Mine s.r.o.', firstName: 'Eva' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ companyName: ['validation.company_only'] });
    expect(await row(person.id)).toMatchObject({ companyName: null, firstName: null });
    // Empty company fields from a form that always posts them are fine.
    expect((await patch(person.id, { companyName: '', firstName: 'Eva' })).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    expect((await patch(null, { firstName: 'X' })).statusCode).toBe(401);
  });
});

describe('GET /public/users/{id}', () => {
  it('shows a seller: name, counts, seller profile with contacts; no private field', async () => {
    const [seller] = await api.db
      .insert(sellers)
      .values({
        sellerType: 'agency',
        name: 'Vltava Reality',
        website: 'https://vltava.example',
        rating: 4.5,
        ratingCount: 12,
        trustScore: 87,
        isVerified: true,
      })
      .returning({ id: sellers.id });
    await api.db.insert(sellerContacts).values({
      sellerId: seller!.id,
      contactName: 'Eva Makléřová',
      contactEmail: 'eva@vltava.example',
      contactPhone: '+420 777 000 111',
    });
    const owner = await createUser(api.db, {
      firstName: 'Karel',
      lastName: 'Prodejce',
      contactEmail: 'karel.private@example.com',
      phoneNumber: '+420 603 999 888',
      addressStreet: 'Soukromá',
      addressZip: '150 00',
      sellerId: seller!.id,
      verified: true,
    });
    await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date('2026-01-02T00:00:00Z') });
    await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date('2026-01-03T00:00:00Z') });
    await insertOffer(api.db, { ownerId: owner.id, publishedAt: null, state: 'paused' });

    const response = await api.app.inject({ method: 'GET', url: `/public/users/${owner.id}` });
    expect(response.statusCode).toBe(200);
    const body = PublicUserSchema.strict().parse(response.json());
    expect(body).toMatchObject({
      id: owner.id,
      displayName: 'Karel Prodejce',
      accountType: 'person',
      companyName: null,
      verified: true,
      activeOffersCount: 2,
      seller: {
        id: seller!.id,
        sellerType: 'agency',
        name: 'Vltava Reality',
        rating: 4.5,
        ratingCount: 12,
        trustScore: 87,
        isVerified: true,
        contacts: [{ contactName: 'Eva Makléřová', contactEmail: 'eva@vltava.example' }],
      },
    });
    for (const secret of [owner.email, 'karel.private@example.com', '603 999 888', 'Soukromá', '150 00']) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('shows a company under its name', async () => {
    const company = await createUser(api.db, {
      accountType: 'company',
      companyName: 'Stavby Morava a.s.',
      firstName: 'Jan',
      lastName: 'Jednatel',
      companyRegistrationNumber: '99887766',
    });
    const response = await api.app.inject({ method: 'GET', url: `/public/users/${company.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      displayName: 'Stavby Morava a.s.',
      companyName: 'Stavby Morava a.s.',
      activeOffersCount: 0,
      seller: null,
    });
    expect(response.body).not.toContain('99887766');
  });

  it('answers 404 for unknown ids, impossible ids and people who never published', async () => {
    const buyer = await createUser(api.db, { firstName: 'Only', lastName: 'Buying' });
    for (const id of ['999999999', '0', 'abc', '1e3', String(buyer.id)]) {
      const response = await api.app.inject({ method: 'GET', url: `/public/users/${id}` });
      expect(response.statusCode, id).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
  });
});

describe('OpenAPI', () => {
  it('documents every users route under the users tag', async () => {
    const document = (await api.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const operations: Array<[string, string]> = [
      ['/user/me', 'get'],
      ['/public/users/{id}', 'get'],
      ['/users/me', 'patch'],
      ['/users/me/new_password', 'patch'],
      ['/users/me/change-login-email', 'patch'],
      ['/v1/user/save-profile-picture', 'post'],
    ];
    for (const [path, method] of operations) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.tags).toEqual(['users']);
      expect(operation.description.length).toBeGreaterThan(40);
    }
    const upload = document.paths['/v1/user/save-profile-picture'].post.requestBody.content;
    expect(Object.keys(upload)).toEqual(['multipart/form-data']);
    expect(upload['multipart/form-data'].schema.properties.file).toMatchObject({
      type: 'string',
      format: 'binary',
    });
  });
});

describe('message keys', () => {
  // The users calls answer keys, not sentences (CONVENTIONS habit 5): each must reach people as
  // a message in their language, never as a raw key.
  it('every key the users calls emit has a message in every locale', () => {
    const keys = [...USER_FORM_MESSAGE_KEYS, ...PASSWORD_POLICY_MESSAGE_KEYS];
    expect(keys.filter((key) => !isMessageKey(key))).toEqual([]);
    for (const locale of LOCALES) {
      const messages = getMessages(locale) as Record<string, string>;
      expect(
        keys.filter((key) => !messages[key]?.trim()),
        locale,
      ).toEqual([]);
    }
  });
});
