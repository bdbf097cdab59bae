import { createHash, randomUUID } from 'node:crypto';
import { emailConfirmationTokens, jobs, refreshTokens, users } from '@estately/db';
import { ChangeLoginEmailResponseSchema, USER_RATE_LIMITS } from '@estately/domain';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../src/lib/passwords.ts';
import { bearer, createUser, TEST_PASSWORD } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';

// PATCH /users/me/new_password and PATCH /users/me/change-login-email (spec 7, issue 5).

const NEW_PASSWORD = 'Blue-Tram-Lantern-42';
let api: TestApi;

beforeAll(async () => {
  api = await buildTestApi({ PUBLIC_WEB_URL: 'https://www.estately.example' });
});
afterAll(async () => {
  await api?.close();
});

/** A token issued a minute ago, as a client holds one; not_before = now refuses it. */
function earlierToken(userId: number) {
  return bearer(api.config, userId, { iat: Math.floor(Date.now() / 1000) - 60 });
}

function changePassword(userId: number | null, payload: unknown) {
  return api.app.inject({
    method: 'PATCH',
    url: '/users/me/new_password',
    headers: userId === null ? {} : earlierToken(userId),
    payload: payload as object,
  });
}

function changeEmail(userId: number | null, payload: unknown) {
  return api.app.inject({
    method: 'PATCH',
    url: '/users/me/change-login-email',
    headers: userId === null ? {} : bearer(api.config, userId),
    payload: payload as object,
  });
}

async function account(userId: number) {
  const [row] = await api.db.select().from(users).where(eq(users.id, userId));
  return row!;
}

async function jobsTo(address: string) {
  const rows = await api.db.select().from(jobs).where(like(jobs.kind, 'email.%'));
  return rows.filter((job) => job.payload.to === address);
}

async function liveRefreshToken(userId: number) {
  const [row] = await api.db
    .insert(refreshTokens)
    .values({
      userId,
      familyId: randomUUID(),
      tokenHash: randomUUID(),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: refreshTokens.id });
  return row!.id;
}

async function refreshToken(id: number) {
  const [row] = await api.db.select().from(refreshTokens).where(eq(refreshTokens.id, id));
  return row!;
}

describe('PATCH /users/me/new_password', () => {
  it('changes the password, ends every session and queues password_changed, in one go', async () => {
    const user = await createUser(api.db, { preferredLanguage: 'pl' });
    const refresh = await liveRefreshToken(user.id);
    const response = await changePassword(user.id, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    const stored = await account(user.id);
    expect(await verifyPassword(stored.passwordHash, NEW_PASSWORD)).toBe(true);
    expect(await verifyPassword(stored.passwordHash, TEST_PASSWORD)).toBe(false);
    expect(stored.notBefore).not.toBeNull();
    expect((await refreshToken(refresh)).revokedAt).not.toBeNull();

    const mails = await jobsTo(user.email);
    expect(mails.map((job) => job.kind)).toEqual(['email.password_changed']);
    expect(mails[0]!.payload).toMatchObject({ template: 'password_changed', locale: 'pl' });

    // The token the client held is refused now: it signs in again.
    const me = await api.app.inject({ method: 'GET', url: '/user/me', headers: earlierToken(user.id) });
    expect(me.statusCode).toBe(401);
  });

  it('lets exactly one of two concurrent changes with the same current password win', async () => {
    const user = await createUser(api.db);
    const candidates = ['First-Winner-Candidate-1', 'Second-Winner-Candidate-2'];
    const responses = await Promise.all(
      candidates.map((newPassword) =>
        changePassword(user.id, { currentPassword: TEST_PASSWORD, newPassword }),
      ),
    );
    // The loser is refused either by the password check (422) or, when the winner committed
    // first, already by its token, which the change revoked (401); never both win.
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes[0]).toBe(204);
    expect([401, 422]).toContain(codes[1]);
    const winner = candidates[responses.findIndex((response) => response.statusCode === 204)]!;
    const loser = candidates.find((candidate) => candidate !== winner)!;
    const stored = await account(user.id);
    expect(await verifyPassword(stored.passwordHash, winner)).toBe(true);
    expect(await verifyPassword(stored.passwordHash, loser)).toBe(false);
    expect((await jobsTo(user.email)).length).toBe(1);
  });

  it('refuses a wrong current password with 422 and changes nothing', async () => {
    const user = await createUser(api.db);
    const refresh = await liveRefreshToken(user.id);
    const before = await account(user.id);
    const response = await changePassword(user.id, {
      currentPassword: 'Not-The-Password-1',
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'validation_errors',
      errors: { currentPassword: ['validation.current_password_wrong'] },
    });
    expect(await account(user.id)).toEqual(before);
    expect((await refreshToken(refresh)).revokedAt).toBeNull();
    expect(await jobsTo(user.email)).toEqual([]);
  });

  const policy: Array<[string, (email: string) => string, string]> = [
    ['too short', () => 'Short-1', 'validation.password_too_short'],
    ['too common', () => 'qwertyuiop', 'validation.password_too_common'],
    ['the e-mail itself', (email) => email, 'validation.password_same_as_email'],
    ['empty', () => '', 'validation.required'],
  ];
  it.each(policy)('applies the password policy: %s', async (_name, newPassword, key) => {
    const user = await createUser(api.db);
    const before = await account(user.id);
    const response = await changePassword(user.id, {
      currentPassword: TEST_PASSWORD,
      newPassword: newPassword(user.email),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ newPassword: [key] });
    expect(await account(user.id)).toEqual(before);
    expect(await jobsTo(user.email)).toEqual([]);
  });

  it('needs both fields and a token', async () => {
    const user = await createUser(api.db);
    const missing = await changePassword(user.id, { newPassword: NEW_PASSWORD });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ currentPassword: ['validation.required'] });
    expect(
      (await changePassword(null, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })).statusCode,
    ).toBe(401);
  });

  it('limits attempts per user with 429 and Retry-After', async () => {
    const user = await createUser(api.db);
    const { max } = USER_RATE_LIMITS.passwordChange;
    for (let attempt = 0; attempt < max; attempt += 1) {
      const response = await changePassword(user.id, {
        currentPassword: `Wrong-guess-${attempt}x`,
        newPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(422);
    }
    const refused = await changePassword(user.id, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await verifyPassword((await account(user.id)).passwordHash, TEST_PASSWORD)).toBe(true);
    // Another user's budget is untouched.
    const other = await createUser(api.db);
    expect(
      (await changePassword(other.id, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }))
        .statusCode,
    ).toBe(204);
  });
});

describe('PATCH /users/me/change-login-email', () => {
  it('stores a 24-hour token for the new address and mails the link there; the login stays', async () => {
    const user = await createUser(api.db, { preferredLanguage: 'fr' });
    const response = await changeEmail(user.id, {
      email: '  New.Address@Example.com ',
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const body = ChangeLoginEmailResponseSchema.parse(response.json());
    expect(body.pendingEmail).toBe('new.address@example.com');

    expect((await account(user.id)).email).toBe(user.email);
    expect(await jobsTo(user.email)).toEqual([]);
    const [mail, ...others] = await jobsTo('new.address@example.com');
    expect(others).toEqual([]);
    expect(mail!.kind).toBe('email.change_email');
    const payload = mail!.payload as {
      locale: string;
      data: { confirmUrl: string; newEmail: string; expiresInHours: number };
    };
    expect(payload.locale).toBe('fr');
    expect(payload.data.newEmail).toBe('new.address@example.com');
    expect(payload.data.expiresInHours).toBe(24);
    const match = /^https:\/\/www\.estately\.example\/fr\/auth\/confirm-email\/([A-Za-z0-9_-]{43})$/.exec(
      payload.data.confirmUrl,
    );
    expect(match, payload.data.confirmUrl).not.toBeNull();

    // Only the token's SHA-256 is stored, never the token.
    const tokens = await api.db
      .select()
      .from(emailConfirmationTokens)
      .where(eq(emailConfirmationTokens.userId, user.id));
    expect(tokens).toHaveLength(1);
    const token = tokens[0]!;
    expect(token.email).toBe('new.address@example.com');
    expect(token.tokenHash).toBe(createHash('sha256').update(match![1]!).digest('hex'));
    expect(token.usedAt).toBeNull();
    const hours = (token.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(new Date(body.expiresAt).getTime()).toBe(token.expiresAt.getTime());
  });

  it('switches the login once the link is opened (the auth confirm call), telling the old address', async () => {
    const user = await createUser(api.db);
    const asked = await changeEmail(user.id, { email: 'moved.here@example.com', password: TEST_PASSWORD });
    expect(asked.statusCode).toBe(200);
    const [mail] = await jobsTo('moved.here@example.com');
    const token = (mail!.payload as { data: { confirmUrl: string } }).data.confirmUrl.split('/').pop();
    const confirmed = await api.app.inject({
      method: 'POST',
      url: '/auth/confirm_email',
      payload: { token },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ email: 'moved.here@example.com', email_changed: true });

    const me = await api.app.inject({ method: 'GET', url: '/user/me', headers: bearer(api.config, user.id) });
    expect(me.json()).toMatchObject({ email: 'moved.here@example.com', verified: true });
    expect((await jobsTo(user.email)).map((job) => job.kind)).toEqual(['email.email_changed']);
    // The old address is free again; the new one is taken for everyone else.
    const other = await createUser(api.db);
    const taken = await changeEmail(other.id, { email: 'moved.here@example.com', password: TEST_PASSWORD });
    expect(taken.json().errors).toEqual({ email: ['validation.email_taken'] });
  });

  it('makes an earlier pending change stop working', async () => {
    const user = await createUser(api.db);
    expect(
      (await changeEmail(user.id, { email: 'first.choice@example.com', password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    expect(
      (await changeEmail(user.id, { email: 'second.choice@example.com', password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const tokens = await api.db
      .select()
      .from(emailConfirmationTokens)
      .where(eq(emailConfirmationTokens.userId, user.id));
    const live = tokens.filter((token) => token.expiresAt.getTime() > Date.now());
    expect(live.map((token) => token.email)).toEqual(['second.choice@example.com']);
  });

  it('refuses a wrong password, a taken address and the current address; nothing is stored', async () => {
    const user = await createUser(api.db);
    const other = await createUser(api.db);
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [
        { email: 'free.address@example.com', password: 'Wrong-password-1' },
        { password: ['validation.current_password_wrong'] },
      ],
      [{ email: other.email.toUpperCase(), password: TEST_PASSWORD }, { email: ['validation.email_taken'] }],
      [{ email: user.email, password: TEST_PASSWORD }, { email: ['validation.email_unchanged'] }],
      [{ email: 'not-an-address', password: TEST_PASSWORD }, { email: ['validation.invalid_email'] }],
      [{ password: TEST_PASSWORD }, { email: ['validation.required'] }],
      [{ email: 'free.address@example.com' }, { password: ['validation.required'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await changeEmail(user.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
    const tokens = await api.db
      .select()
      .from(emailConfirmationTokens)
      .where(and(eq(emailConfirmationTokens.userId, user.id)));
    expect(tokens).toEqual([]);
    expect(await jobsTo('free.address@example.com')).toEqual([]);
    expect(await jobsTo(other.email)).toEqual([]);
    expect((await account(user.id)).email).toBe(user.email);
  });

  it('needs a token', async () => {
    expect((await changeEmail(null, { email: 'x@example.com', password: TEST_PASSWORD })).statusCode).toBe(
      401,
    );
  });

  it('limits requests per user', async () => {
    const user = await createUser(api.db);
    const { max } = USER_RATE_LIMITS.loginEmailChange;
    for (let attempt = 0; attempt < max; attempt += 1) {
      expect(
        (await changeEmail(user.id, { email: `try${attempt}@example.com`, password: 'Wrong-password-1' }))
          .statusCode,
      ).toBe(422);
    }
    const refused = await changeEmail(user.id, { email: 'late@example.com', password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await jobsTo('late@example.com')).toEqual([]);
  });
});
