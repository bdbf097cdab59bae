import { ARGON2_OPTIONS, users } from '@estately/db';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@estately/domain';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Parameters, needsRehash, verifyPassword } from '../../src/lib/passwords.ts';
import { createUser } from '../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../support/helpers.ts';

// Issue 11 item 1 (ASVS 5.0 V6.2, OWASP password storage cheat sheet): how passwords are
// stored, upgraded and bounded, proved through the real sign-up and login calls.
let api: TestApi;
let address = 0;

beforeAll(async () => {
  api = await buildTestApi();
});
afterAll(() => api.close());

/** Each request its own client address, so the per-address budgets never interfere. */
function post(url: string, payload: Record<string, unknown>) {
  address += 1;
  return api.app.inject({ method: 'POST', url, payload, remoteAddress: `192.0.2.${address}` });
}

let emailCounter = 0;
function freshEmail(): string {
  emailCounter += 1;
  return `pw-${emailCounter}-${Date.now()}@example.com`;
}

async function storedHash(email: string): Promise<string> {
  const [row] = await api.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no account ${email}`);
  return row.hash;
}

/** The OWASP floor for argon2id (issue 11): 19 MiB, two passes, one lane. */
const FLOOR = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

describe('password storage', () => {
  it('stores argon2id at or above m=19456 KiB, t=2, p=1, read back from the stored hash', async () => {
    const email = freshEmail();
    const response = await post('/auth/signup', { email, password: 'Brno-Garden-2026', country_code: 'CZ' });
    expect(response.statusCode, response.body).toBe(201);
    const stored = await storedHash(email);
    const params = argon2Parameters(stored);
    expect(params?.algorithm).toBe('argon2id');
    expect(params?.memoryCost).toBeGreaterThanOrEqual(FLOOR.memoryCost);
    expect(params?.timeCost).toBeGreaterThanOrEqual(FLOOR.timeCost);
    expect(params?.parallelism).toBeGreaterThanOrEqual(FLOOR.parallelism);
    // The configuration itself must not sit below the floor either.
    expect(ARGON2_OPTIONS.memoryCost).toBeGreaterThanOrEqual(FLOOR.memoryCost);
    expect(ARGON2_OPTIONS.timeCost).toBeGreaterThanOrEqual(FLOOR.timeCost);
  });

  it('rehashes a weaker hash at the next login, in the same request, and keeps the password', async () => {
    for (const weak of [
      { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 },
      // argon2i (algorithm 1) at full cost: the variant itself is upgraded.
      { algorithm: 1, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
    ] as const) {
      const password = 'Olomouc-Roof-77';
      const user = await createUser(api.db);
      const weakHash = await hash(password, weak);
      await api.db.update(users).set({ passwordHash: weakHash }).where(eq(users.id, user.id));
      expect(needsRehash(weakHash)).toBe(true);

      const response = await post('/auth/login', { email: user.email, password });
      expect(response.statusCode, response.body).toBe(200);
      const upgraded = await storedHash(user.email);
      expect(upgraded).not.toBe(weakHash);
      expect(argon2Parameters(upgraded)).toMatchObject({
        algorithm: 'argon2id',
        memoryCost: ARGON2_OPTIONS.memoryCost,
        timeCost: ARGON2_OPTIONS.timeCost,
        parallelism: ARGON2_OPTIONS.parallelism,
      });
      expect(await verifyPassword(upgraded, password)).toBe(true);

      // A hash at the configured cost is left alone (no rewrite on every login).
      expect((await post('/auth/login', { email: user.email, password })).statusCode).toBe(200);
      expect(await storedHash(user.email)).toBe(upgraded);
    }
  });

  it('does not rehash on a failed login', async () => {
    const user = await createUser(api.db);
    const weakHash = await hash(user.password, {
      algorithm: 2,
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    await api.db.update(users).set({ passwordHash: weakHash }).where(eq(users.id, user.id));
    expect((await post('/auth/login', { email: user.email, password: 'Wrong-Password-1' })).statusCode).toBe(
      401,
    );
    expect(await storedHash(user.email)).toBe(weakHash);
  });
});

describe('password length and content (8..128 characters)', () => {
  it('has the bounds of issue 11', () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([8, 128]);
  });

  it.each([
    ['7 characters', 'k9#Lm2q', 422, 'validation.password_too_short'],
    ['8 characters', 'k9#Lm2qZ', 201, null],
    ['128 characters', 'k9#Lm2qZ'.repeat(16), 201, null],
    ['129 characters', `${'k9#Lm2qZ'.repeat(16)}x`, 422, 'validation.password_too_long'],
    // 128 characters that are 256 UTF-16 units: the cap counts characters, not units or bytes.
    ['128 emoji', '🏠🏡🏢🏣'.repeat(32), 201, null],
  ] as const)('sign-up with %s answers %i', async (_name, password, status, key) => {
    const response = await post('/auth/signup', { email: freshEmail(), password, country_code: 'CZ' });
    expect(response.statusCode, response.body).toBe(status);
    if (key) expect(response.json().errors).toEqual({ password: [key] });
  });

  it('accepts Unicode passwords and signs in with exactly them', async () => {
    for (const password of ['пароль-дом-2026', 'كلمة سر طويلة جدا', '家を探しています', 'Žluťoučký kůň 🐎']) {
      const email = freshEmail();
      expect((await post('/auth/signup', { email, password, country_code: 'CZ' })).statusCode).toBe(201);
      expect((await post('/auth/login', { email, password })).statusCode).toBe(200);
    }
  });

  it('never truncates: a 128-character password differing only in its last character does not sign in', async () => {
    const email = freshEmail();
    const password = `${'Vltava-Bridge-9!'.repeat(8).slice(0, 127)}A`;
    expect([...password].length).toBe(128);
    expect((await post('/auth/signup', { email, password, country_code: 'CZ' })).statusCode).toBe(201);
    expect((await post('/auth/login', { email, password })).statusCode).toBe(200);
    const lastChanged = `${password.slice(0, 127)}B`;
    expect((await post('/auth/login', { email, password: lastChanged })).statusCode).toBe(401);
    // Beyond 72 bytes too, where bcrypt would have stopped reading.
    const multiByte = `${'ř'.repeat(80)}-Ostrava-1`;
    const email2 = freshEmail();
    expect(
      (await post('/auth/signup', { email: email2, password: multiByte, country_code: 'CZ' })).statusCode,
    ).toBe(201);
    expect(
      (await post('/auth/login', { email: email2, password: `${multiByte.slice(0, -1)}2` })).statusCode,
    ).toBe(401);
  });

  it.each(['password', '12345678', 'iloveyou', 'P@ssw0rd', 'qwerty123', 'Password123', 'aaaaaaaa'])(
    'refuses the common password %s',
    async (password) => {
      const email = freshEmail();
      const response = await post('/auth/signup', { email, password, country_code: 'CZ' });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ password: ['validation.password_too_common'] });
      expect(await api.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    },
  );
});
