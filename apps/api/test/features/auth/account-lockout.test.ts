import { jobs } from '@estately/db';
import { AUTH_RATE_LIMITS } from '@estately/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';

// Issue 37 point 7: the per-account budgets of sign-in and recovery bound guessing one password
// from many addresses, but they refused the owner too, so a stranger who knew an e-mail could
// lock its owner out for 15 minutes and block the reset e-mails for an hour with 3 requests.
// Attempts from an address the owner signed in from before do not spend the budget strangers
// share (features/auth/is-known-address.ts).

let api: TestApi;
let counter = 0;
/** A stranger's address never seen before. */
const stranger = () => {
  counter += 1;
  return `203.0.113.${counter}`;
};

beforeAll(async () => {
  api = await buildTestApi();
});
afterAll(() => api.close());

function login(email: string, password: string, remoteAddress: string) {
  return api.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress });
}

function forgot(email: string, remoteAddress: string) {
  return api.app.inject({ method: 'POST', url: '/auth/forgot_password', payload: { email }, remoteAddress });
}

async function resetMailsTo(email: string): Promise<number> {
  const rows = await api.db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(sql`${jobs.payload}::text like ${`%${email}%`} and ${jobs.payload}::text like '%reset_password%'`);
  return rows[0]?.n ?? 0;
}

describe('a stranger cannot lock the owner out', () => {
  it('sign-in: failures from strangers spend the shared budget; the owner still signs in from a known address', async () => {
    const owner = await createUser(api.db);
    const home = '198.51.100.40';
    expect((await login(owner.email, owner.password, home)).statusCode).toBe(200);

    // The owner's first sign-in, from an address not known yet, took one attempt of the budget.
    const { account } = AUTH_RATE_LIMITS.login;
    for (let i = 1; i < account.max; i += 1) {
      expect((await login(owner.email, 'Wrong-Password-1', stranger())).statusCode).toBe(401);
    }
    // The budget strangers share is spent: even the right password from a new address is
    // refused, so guessing from many addresses stays bounded.
    expect((await login(owner.email, owner.password, stranger())).statusCode).toBe(429);
    // The owner, from where they signed in before, is not refused.
    expect((await login(owner.email, owner.password, home)).statusCode).toBe(200);
    // Nor are their own typos counted against it.
    expect((await login(owner.email, 'Typo-Password-1', home)).statusCode).toBe(401);
    expect((await login(owner.email, owner.password, home)).statusCode).toBe(200);
  });

  it('an IPv6 owner is known by their /64 network', async () => {
    const owner = await createUser(api.db);
    expect((await login(owner.email, owner.password, '2001:db8:1:2::5')).statusCode).toBe(200);
    for (let i = 0; i < AUTH_RATE_LIMITS.login.account.max; i += 1) {
      await login(owner.email, 'Wrong-Password-1', stranger());
    }
    expect((await login(owner.email, owner.password, stranger())).statusCode).toBe(429);
    expect((await login(owner.email, owner.password, '2001:db8:1:2::99')).statusCode).toBe(200);
    expect((await login(owner.email, owner.password, '2001:db8:1:3::5')).statusCode).toBe(429);
  });

  it('recovery: strangers spend the shared budget; the owner still gets the reset e-mail from a known address', async () => {
    const owner = await createUser(api.db);
    const home = '198.51.100.41';
    expect((await login(owner.email, owner.password, home)).statusCode).toBe(200);

    const { account } = AUTH_RATE_LIMITS.recovery;
    for (let i = 0; i < account.max; i += 1)
      expect((await forgot(owner.email, stranger())).statusCode).toBe(202);
    expect((await forgot(owner.email, stranger())).statusCode).toBe(429);
    const before = await resetMailsTo(owner.email);
    expect((await forgot(owner.email, home)).statusCode).toBe(202);
    expect(await resetMailsTo(owner.email)).toBe(before + 1);
  });

  it('an address known to one account is a stranger to another', async () => {
    const first = await createUser(api.db);
    const second = await createUser(api.db);
    const shared = '198.51.100.42';
    expect((await login(first.email, first.password, shared)).statusCode).toBe(200);
    for (let i = 0; i < AUTH_RATE_LIMITS.login.account.max; i += 1) {
      await login(second.email, 'Wrong-Password-1', stranger());
    }
    expect((await login(second.email, second.password, shared)).statusCode).toBe(429);
  });
});
