import { createHash, randomBytes } from 'node:crypto';
import {
  emailConfirmationTokens,
  jobs,
  passwordResetTokens,
  refreshTokens,
  securityEvents,
  users,
} from '@estately/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../src/lib/passwords.ts';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';

// Password recovery (both flows of spec 7) and e-mail confirmation, including the switch of a
// changed login e-mail (issue 5).
let api: TestApi;
let address = 0;
const NEW_PASSWORD = 'Prague-Castle-1357';

beforeAll(async () => {
  api = await buildTestApi({ PUBLIC_WEB_URL: 'https://estately.test' }, (app) => {
    app.get('/test/who-am-i', { preHandler: app.authenticate }, async (request) => ({
      id: request.user?.id,
    }));
  });
});
afterAll(() => api.close());

function post(url: string, payload: unknown, remoteAddress?: string) {
  address += 1;
  return api.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: remoteAddress ?? `192.0.2.${address % 250}`,
  });
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The e-mails queued to an address, oldest first. */
async function mailsTo(email: string) {
  const rows = await api.db
    .select({ kind: jobs.kind, payload: jobs.payload })
    .from(jobs)
    .where(sql`${jobs.payload}->>'to' = ${email}`)
    .orderBy(jobs.id);
  return rows.map((row) => ({
    kind: row.kind,
    ...(row.payload as { locale: string; data: Record<string, unknown> }),
  }));
}

/** The token at the end of the link of the last e-mail of a kind. */
async function linkToken(email: string, kind: string, field: 'resetUrl' | 'confirmUrl'): Promise<string> {
  const mail = (await mailsTo(email)).filter((row) => row.kind === kind).at(-1);
  const url = String(mail?.data[field] ?? '');
  const token = url.split('/').at(-1) ?? '';
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token;
}

async function login(email: string, password: string) {
  return post('/auth/login', { email, password });
}

function whoAmI(authorization: string) {
  return api.app.inject({ method: 'GET', url: '/test/who-am-i', headers: { authorization } });
}

describe('password recovery, first flow', () => {
  it('answers the same for known and unknown e-mails and mails a reset link only to the known one', async () => {
    const user = await createUser(api.db, { preferredLanguage: 'fr-BE' });
    const known = await post('/auth/forgot_password', { email: user.email.toUpperCase() });
    const unknown = await post('/auth/forgot_password', { email: 'no-account@example.com' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ accepted: true });
    expect(await mailsTo('no-account@example.com')).toEqual([]);
    const [probe] = await api.db
      .select({ userId: securityEvents.userId, details: securityEvents.details })
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.kind, 'password_reset_requested'),
          eq(securityEvents.email, 'no-account@example.com'),
        ),
      );
    expect(probe).toEqual({ userId: null, details: { account: false } });

    const [mail] = await mailsTo(user.email);
    expect(mail?.kind).toBe('email.reset_password');
    expect(mail?.locale).toBe('fr-BE');
    expect(mail?.data.expiresInHours).toBe(1);
    expect(String(mail?.data.resetUrl)).toMatch(
      /^https:\/\/estately\.test\/fr-BE\/auth\/reset-password\/[A-Za-z0-9_-]{43}$/,
    );
    const token = await linkToken(user.email, 'email.reset_password', 'resetUrl');
    const [row] = await api.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(row?.tokenHash).toBe(sha256(token));
    const minutes = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('resets the password: old sessions and tokens end, the link is spent, password_changed is queued', async () => {
    const user = await createUser(api.db, { verified: false });
    const session = (await login(user.email, user.password)).json();
    // An access token of an earlier second without a family: only not_before can refuse it.
    const older = bearer(api.config, user.id, { iat: Math.floor(Date.now() / 1000) - 30 });
    expect((await whoAmI(older.authorization)).statusCode).toBe(200);

    await post('/auth/forgot_password', { email: user.email });
    const token = await linkToken(user.email, 'email.reset_password', 'resetUrl');
    const response = await post('/auth/reset_password', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ password_changed: true });

    const [account] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(account?.passwordHash ?? '', NEW_PASSWORD)).toBe(true);
    expect(account?.notBefore).toBeInstanceOf(Date);
    expect(account?.verified).toBe(true);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    expect((await whoAmI(older.authorization)).statusCode).toBe(401);
    expect((await whoAmI(`Bearer ${session.token}`)).statusCode).toBe(401);
    expect((await post('/api/token/refresh', { refresh_token: session.refresh_token })).statusCode).toBe(401);
    const live = await api.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
    expect(live).toHaveLength(1); // the login with the new password

    const kinds = (await mailsTo(user.email)).map((mail) => mail.kind);
    expect(kinds).toEqual(['email.reset_password', 'email.password_changed']);
    const events = await api.db
      .select({ kind: securityEvents.kind })
      .from(securityEvents)
      .where(eq(securityEvents.userId, user.id));
    expect(events.map((event) => event.kind)).toEqual(
      expect.arrayContaining(['password_reset', 'refresh_tokens_revoked']),
    );

    // Single use.
    const again = await post('/auth/reset_password', {
      token,
      password: 'Another-Pass-2468',
      password_confirmation: 'Another-Pass-2468',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ token: ['validation.token_invalid'] });
  });

  it('refuses forged and expired tokens, and a link replaced by a newer one, changing nothing', async () => {
    const user = await createUser(api.db);
    const attempt = (token: string) =>
      post('/auth/reset_password', { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect((await attempt(randomBytes(32).toString('base64url'))).json().errors).toEqual({
      token: ['validation.token_invalid'],
    });

    await post('/auth/forgot_password', { email: user.email });
    const first = await linkToken(user.email, 'email.reset_password', 'resetUrl');
    await post('/auth/forgot_password', { email: user.email });
    const second = await linkToken(user.email, 'email.reset_password', 'resetUrl');
    expect(second).not.toBe(first);
    expect((await attempt(first)).statusCode).toBe(422);

    await api.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const expired = await attempt(second);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors).toEqual({ token: ['validation.token_invalid'] });
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('checks the confirmation and the password policy, including the account e-mail, before spending the link', async () => {
    const user = await createUser(api.db, { email: 'martina.kralova@example.com' });
    await post('/auth/forgot_password', { email: user.email });
    const token = await linkToken(user.email, 'email.reset_password', 'resetUrl');
    const mismatch = await post('/auth/reset_password', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: 'something-else',
    });
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['validation.passwords_do_not_match'] });
    const short = await post('/auth/reset_password', {
      token,
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.json().errors).toEqual({ password: ['validation.password_too_short'] });
    const sameAsEmail = await post('/auth/reset_password', {
      token,
      password: 'Martina.Kralova@example.com',
      password_confirmation: 'Martina.Kralova@example.com',
    });
    expect(sameAsEmail.statusCode).toBe(422);
    expect(sameAsEmail.json().errors).toEqual({ password: ['validation.password_same_as_email'] });
    // The link still works after the refusals.
    const ok = await post('/auth/reset_password', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('limits requests per e-mail with 429 and Retry-After, known or not, from any address', async () => {
    for (const email of ['limited-unknown@example.com', (await createUser(api.db)).email]) {
      for (let i = 0; i < 3; i += 1)
        expect((await post('/auth/forgot_password', { email })).statusCode).toBe(202);
      const refused = await post('/users/reset-password-send', { email });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    }
  });
});

describe('password recovery, second flow', () => {
  it('sends the link through /users/reset-password-send and resets through /users/reset-password-validate', async () => {
    const user = await createUser(api.db);
    const unknown = await post('/users/reset-password-send', { email: 'nobody-second@example.com' });
    const known = await post('/users/reset-password-send', { email: user.email });
    expect(known.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    const token = await linkToken(user.email, 'email.reset_password', 'resetUrl');

    const weak = await post('/users/reset-password-validate', { token, newPassword: 'qwertyuiop' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors).toEqual({ newPassword: ['validation.password_too_common'] });
    const missing = await post('/users/reset-password-validate', {});
    expect(missing.json().errors).toEqual({
      newPassword: ['validation.required'],
      token: ['validation.required'],
    });

    const response = await post('/users/reset-password-validate', { token, newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    const reused = await post('/users/reset-password-validate', { token, newPassword: 'Yet-Another-975' });
    expect(reused.json().errors).toEqual({ token: ['validation.token_invalid'] });
  });
});

describe('e-mail confirmation', () => {
  it('confirms the sign-up address with the link of the sign-up e-mail, once', async () => {
    const signup = await post('/auth/signup', {
      email: 'confirm-me@example.com',
      password: NEW_PASSWORD,
      locale: 'it',
    });
    expect(signup.statusCode).toBe(201);
    const token = await linkToken('confirm-me@example.com', 'email.confirm_email', 'confirmUrl');
    const response = await post('/auth/confirm_email', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      email: 'confirm-me@example.com',
      verified: true,
      email_changed: false,
    });
    const [account] = await api.db.select().from(users).where(eq(users.email, 'confirm-me@example.com'));
    expect(account?.verified).toBe(true);
    expect(account?.verifiedAt).toBeInstanceOf(Date);
    const again = await post('/auth/confirm_email', { token });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ token: ['validation.token_invalid'] });
  });

  it('resends a link only to unverified accounts, answering the same in every case', async () => {
    const unverified = await createUser(api.db, { verified: false, preferredLanguage: 'pl' });
    const verified = await createUser(api.db, { verified: true });
    const answers = await Promise.all(
      [unverified.email, verified.email, 'never-signed-up@example.com'].map((email) =>
        post('/users/send-confirmation-email', { email }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.body).toBe(answers[0]?.body);
    }
    expect(await mailsTo(verified.email)).toEqual([]);
    expect(await mailsTo('never-signed-up@example.com')).toEqual([]);
    const [mail] = await mailsTo(unverified.email);
    expect(mail?.kind).toBe('email.confirm_email');
    expect(String(mail?.data.confirmUrl)).toContain('https://estately.test/pl/auth/confirm-email/');

    // A newer link replaces the older one.
    const first = await linkToken(unverified.email, 'email.confirm_email', 'confirmUrl');
    await post('/users/send-confirmation-email', { email: unverified.email });
    const second = await linkToken(unverified.email, 'email.confirm_email', 'confirmUrl');
    expect((await post('/auth/confirm_email', { token: first })).statusCode).toBe(422);
    expect((await post('/auth/confirm_email', { token: second })).statusCode).toBe(200);
  });

  it('refuses expired and forged links', async () => {
    const user = await createUser(api.db, { verified: false });
    await post('/users/send-confirmation-email', { email: user.email });
    const token = await linkToken(user.email, 'email.confirm_email', 'confirmUrl');
    await api.db
      .update(emailConfirmationTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(emailConfirmationTokens.userId, user.id));
    expect((await post('/auth/confirm_email', { token })).statusCode).toBe(422);
    expect((await post('/auth/confirm_email', { token: 'forged' })).json().errors).toEqual({
      token: ['validation.token_invalid'],
    });
    expect((await post('/auth/confirm_email', {})).json().errors).toEqual({ token: ['validation.required'] });
    const [account] = await api.db
      .select({ verified: users.verified })
      .from(users)
      .where(eq(users.id, user.id));
    expect(account?.verified).toBe(false);
  });

  /** A pending login e-mail change, stored the way PATCH /users/me/change-login-email stores it. */
  async function pendingChange(userId: number, email: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await api.db.insert(emailConfirmationTokens).values({
      userId,
      email,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    return token;
  }

  it('switches the login e-mail when the link confirms a new address, and tells the old one', async () => {
    const user = await createUser(api.db, {
      email: 'old-address@example.com',
      verified: false,
      preferredLanguage: 'nl',
    });
    // A sign-up link still out for the old address must not switch it back later.
    await post('/users/send-confirmation-email', { email: user.email });
    const oldLink = await linkToken(user.email, 'email.confirm_email', 'confirmUrl');
    const token = await pendingChange(user.id, 'new-address@example.com');

    const response = await post('/auth/confirm_email', { token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      email: 'new-address@example.com',
      verified: true,
      email_changed: true,
    });
    const [account] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(account).toMatchObject({ email: 'new-address@example.com', verified: true });
    const told = (await mailsTo('old-address@example.com')).filter(
      (mail) => mail.kind === 'email.email_changed',
    );
    expect(told).toEqual([
      {
        kind: 'email.email_changed',
        template: 'email_changed',
        to: 'old-address@example.com',
        locale: 'nl',
        data: { newEmail: 'new-address@example.com' },
      },
    ]);
    expect((await login('new-address@example.com', user.password)).statusCode).toBe(200);
    expect((await login('old-address@example.com', user.password)).statusCode).toBe(401);
    expect((await post('/auth/confirm_email', { token: oldLink })).statusCode).toBe(422);
    const [afterOld] = await api.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(afterOld?.email).toBe('new-address@example.com');
  });

  it('refuses to switch to an address another account took meanwhile, changing nothing', async () => {
    const user = await createUser(api.db, { email: 'stays@example.com' });
    const token = await pendingChange(user.id, 'contested@example.com');
    await createUser(api.db, { email: 'contested@example.com' });
    const response = await post('/auth/confirm_email', { token });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ['validation.email_taken'] });
    const [account] = await api.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(account?.email).toBe('stays@example.com');
    const [row] = await api.db
      .select({ usedAt: emailConfirmationTokens.usedAt })
      .from(emailConfirmationTokens)
      .where(eq(emailConfirmationTokens.tokenHash, sha256(token)));
    expect(row?.usedAt).toBeNull();
    expect(await mailsTo('stays@example.com')).toEqual([]);
  });
});
