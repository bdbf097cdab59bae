import { createHash } from 'node:crypto';
import { emailConfirmationTokens, jobs, refreshTokens, users } from '@estately/db';
import { AUTH_FORM_MESSAGE_KEYS } from '@estately/domain';
import { isMessageKey } from '@estately/i18n';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../src/lib/passwords.ts';
import { createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';

// POST /auth/signup and POST /auth/signup/company (spec 7, issue 5).
let api: TestApi;
let address = 0;
const PASSWORD = 'Brno-Garden-2026';

beforeAll(async () => {
  api = await buildTestApi({ PUBLIC_WEB_URL: 'https://estately.test' });
});
afterAll(() => api.close());

function post(url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) {
  address += 1;
  return api.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers,
    remoteAddress: remoteAddress ?? `203.0.113.${address}`,
  });
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

async function userByEmail(email: string) {
  const [row] = await api.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function countUsers(): Promise<number> {
  const [row] = await api.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

/** No secret the database keeps about an account may appear in an answer. */
async function expectNoSecrets(body: string, userId: number) {
  expect(body).not.toContain('$argon2');
  const [account] = await api.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  expect(body).not.toContain(account?.hash);
  const stored = [
    ...(await api.db
      .select({ hash: refreshTokens.tokenHash })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, userId))),
    ...(await api.db
      .select({ hash: emailConfirmationTokens.tokenHash })
      .from(emailConfirmationTokens)
      .where(eq(emailConfirmationTokens.userId, userId))),
  ];
  expect(stored.length).toBeGreaterThan(0);
  for (const { hash } of stored) expect(body).not.toContain(hash);
}

describe('POST /auth/signup', () => {
  it('creates an unverified person account, signs it in and queues the confirmation e-mail', async () => {
    const response = await post('/auth/signup', {
      email: '  Jana.Novakova@Example.COM ',
      password: PASSWORD,
      is_subscribed_to_updates: true,
      country_code: 'cz',
      locale: 'en-GB',
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    const account = await userByEmail('jana.novakova@example.com');
    expect(account).toBeDefined();
    if (!account) return;
    expect(body.user).toEqual({
      id: account.id,
      email: 'jana.novakova@example.com',
      accountType: 'person',
      verified: false,
      preferredLanguage: 'en-GB',
    });
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 604_800 });
    expect(typeof body.token).toBe('string');
    expect(typeof body.refresh_token).toBe('string');
    expect(account).toMatchObject({
      accountType: 'person',
      verified: false,
      countryCode: 'CZ',
      isSubscribedToUpdates: true,
      preferredLanguage: 'en-GB',
    });
    expect(account.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(account.passwordHash, PASSWORD)).toBe(true);

    // The confirmation link: its token is stored only as a hash, valid 24 hours.
    const [job] = await api.db.select().from(jobs).where(sql`${jobs.payload}->>'to' = ${account.email}`);
    expect(job?.kind).toBe('email.confirm_email');
    const payload = (job?.payload ?? {}) as {
      locale: string;
      data: { confirmUrl: string; expiresInHours: number };
    };
    expect(payload.locale).toBe('en-GB');
    expect(payload.data.expiresInHours).toBe(24);
    const match = /^https:\/\/estately\.test\/en-GB\/auth\/confirm-email\/([A-Za-z0-9_-]{43})$/.exec(
      payload.data.confirmUrl,
    );
    expect(match).not.toBeNull();
    const [token] = await api.db
      .select()
      .from(emailConfirmationTokens)
      .where(eq(emailConfirmationTokens.userId, account.id));
    expect(token?.tokenHash).toBe(sha256(match?.[1] ?? ''));
    expect(token?.email).toBe(account.email);
    const hours = ((token?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    await expectNoSecrets(response.body, account.id);
  });

  it('takes the language from Accept-Language when the body names none', async () => {
    const response = await post(
      '/auth/signup',
      { email: 'lukas@example.at', password: PASSWORD, is_subscribed_to_updates: false, country_code: 'AT' },
      { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().user.preferredLanguage).toBe('de-AT');
    const [job] = await api.db.select().from(jobs).where(sql`${jobs.payload}->>'to' = 'lukas@example.at'`);
    expect(JSON.stringify(job?.payload)).toContain('/de-AT/auth/confirm-email/');
  });

  it('writes the account and its e-mail in one transaction: when the outbox fails, no account remains', async () => {
    await api.db.execute(sql`
      create function pg_temp_refuse_job() returns trigger language plpgsql as $$
      begin
        if new.payload->>'to' = 'atomic@example.com' then raise exception 'outbox down'; end if;
        return new;
      end $$`);
    await api.db.execute(
      sql`create trigger refuse_job before insert on jobs for each row execute function pg_temp_refuse_job()`,
    );
    try {
      const before = await countUsers();
      const response = await post('/auth/signup', { email: 'atomic@example.com', password: PASSWORD });
      expect(response.statusCode).toBe(500);
      expect(await countUsers()).toBe(before);
      expect(await userByEmail('atomic@example.com')).toBeUndefined();
    } finally {
      await api.db.execute(sql`drop trigger refuse_job on jobs`);
      await api.db.execute(sql`drop function pg_temp_refuse_job()`);
    }
  });

  it('refuses an e-mail that has an account, whatever its case, and changes nothing', async () => {
    const existing = await createUser(api.db, { email: 'taken@example.com' });
    const jobsBefore = await api.db.select({ id: jobs.id }).from(jobs);
    const response = await post('/auth/signup', { email: 'TAKEN@example.com', password: PASSWORD });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'validation_errors',
      message: 'Validation Error',
      errors: { email: ['validation.email_taken'] },
    });
    expect(await api.db.select({ id: jobs.id }).from(jobs)).toHaveLength(jobsBefore.length);
    const account = await userByEmail('taken@example.com');
    expect(account?.id).toBe(existing.id);
  });

  it('applies the password policy and reports every field with message keys', async () => {
    const before = await countUsers();
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ email: 'a@example.com', password: 'short' }, { password: ['validation.password_too_short'] }],
      [{ email: 'a@example.com', password: 'x'.repeat(257) }, { password: ['validation.password_too_long'] }],
      [{ email: 'a@example.com', password: 'Password123' }, { password: ['validation.password_too_common'] }],
      [{ email: 'a@example.com', password: '1234567890' }, { password: ['validation.password_too_common'] }],
      [
        { email: 'jan.dvorak@example.com', password: 'Jan.Dvorak@example.com' },
        { password: ['validation.password_same_as_email'] },
      ],
      [{}, { email: ['validation.required'], password: ['validation.required'] }],
      [
        {
          email: 'not-an-email',
          password: PASSWORD,
          country_code: 'Czechia',
          is_subscribed_to_updates: 'yes',
          locale: 'xx',
        },
        {
          email: ['validation.invalid_email'],
          country_code: ['validation.invalid_value'],
          is_subscribed_to_updates: ['validation.invalid_boolean'],
          locale: ['validation.invalid_value'],
        },
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await post('/auth/signup', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
    expect(await countUsers()).toBe(before);
  });

  it('is rate limited per address with 429 and Retry-After', async () => {
    const from = '203.0.113.250';
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await post('/auth/signup', { email: `batch-${i}@example.com`, password: PASSWORD }, {}, from))
          .statusCode,
      ).toBe(201);
    }
    const refused = await post(
      '/auth/signup',
      { email: 'limit-new@example.com', password: PASSWORD },
      {},
      from,
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'too_many_requests', message: 'Too Many Requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await userByEmail('limit-new@example.com')).toBeUndefined();
  });

  it('limits attempts on one e-mail from any address', async () => {
    await createUser(api.db, { email: 'popular@example.com' });
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await post('/auth/signup', { email: 'popular@example.com', password: PASSWORD })).statusCode,
      ).toBe(422);
    }
    const refused = await post('/auth/signup', { email: 'Popular@example.com', password: PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
  });
});

describe('POST /auth/signup/company', () => {
  const company = {
    email: 'office@reality-brno.cz',
    password: PASSWORD,
    is_subscribed_to_updates: false,
    country_code: 'CZ',
    locale: 'cs',
    company_name: 'Reality Brno s.r.o.',
    registration_number: '12345678',
    vat_number: 'CZ12345678',
    address_street: 'Masarykova',
    address_street_numbers: '12/3',
    address_zip: '602 00',
    address_city: 'Brno',
    contact_first_name: 'Petr',
    contact_last_name: 'Svoboda',
  };

  it('creates a company account with its details and queues the confirmation e-mail', async () => {
    const response = await post('/auth/signup/company', company);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().user).toMatchObject({
      accountType: 'company',
      verified: false,
      preferredLanguage: 'cs',
    });
    const account = await userByEmail('office@reality-brno.cz');
    expect(account).toMatchObject({
      accountType: 'company',
      companyName: 'Reality Brno s.r.o.',
      companyRegistrationNumber: '12345678',
      companyVatNumber: 'CZ12345678',
      addressStreet: 'Masarykova',
      addressStreetNumbers: '12/3',
      addressZip: '602 00',
      addressCity: 'Brno',
      addressCountryCode: 'CZ',
      firstName: 'Petr',
      lastName: 'Svoboda',
    });
    const queued = await api.db
      .select({ kind: jobs.kind })
      .from(jobs)
      .where(sql`${jobs.payload}->>'to' = 'office@reality-brno.cz'`);
    expect(queued).toEqual([{ kind: 'email.confirm_email' }]);
    if (account) await expectNoSecrets(response.body, account.id);
  });

  it('requires the company fields', async () => {
    const response = await post('/auth/signup/company', {
      email: 'other@reality.cz',
      password: PASSWORD,
      address_zip: '!',
      registration_number: '#42!',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      company_name: ['validation.required'],
      registration_number: ['validation.invalid_value'],
      address_street: ['validation.required'],
      address_zip: ['validation.invalid_value'],
      address_city: ['validation.required'],
      contact_first_name: ['validation.required'],
      contact_last_name: ['validation.required'],
    });
    expect(await userByEmail('other@reality.cz')).toBeUndefined();
  });
});

describe('contract and documentation', () => {
  it('has a catalog message for every key the authentication calls emit', () => {
    expect(AUTH_FORM_MESSAGE_KEYS.filter((key) => !isMessageKey(key))).toEqual([]);
  });

  it('documents every authentication call in the OpenAPI with request and response schemas', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<
      string,
      Record<
        string,
        {
          tags?: string[];
          requestBody?: { content?: Record<string, { schema?: unknown }> };
          responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
          description?: string;
        }
      >
    >;
    const calls: Array<[string, string]> = [
      ['/auth/signup', '201'],
      ['/auth/signup/company', '201'],
      ['/auth/login', '200'],
      ['/api/token/refresh', '200'],
      ['/auth/logout', '204'],
      ['/auth/forgot_password', '202'],
      ['/auth/reset_password', '200'],
      ['/users/reset-password-send', '202'],
      ['/users/reset-password-validate', '200'],
      ['/users/send-confirmation-email', '202'],
      ['/auth/confirm_email', '200'],
    ];
    for (const [path, success] of calls) {
      const operation = paths[path]?.post;
      expect(operation, path).toBeDefined();
      expect(operation?.tags, path).toEqual(['auth']);
      expect(operation?.requestBody?.content?.['application/json']?.schema, path).toBeDefined();
      expect(operation?.responses?.[success], path).toBeDefined();
      expect(operation?.responses?.['422']?.content?.['application/json']?.schema, path).toBeDefined();
      expect(operation?.responses?.['429'], path).toBeDefined();
      expect(operation?.description?.length ?? 0, path).toBeGreaterThan(80);
    }
  });
});
