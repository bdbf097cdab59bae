import { AUTH_RATE_LIMITS, OFFER_MESSAGE_LIMITS } from '@estately/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/auth-helpers.ts';
import { buildTestApi, insertOffer, insertOwner, type TestApi } from '../support/helpers.ts';

// Issue 11 item 2 (ASVS 5.0 V6.3, OWASP authentication cheat sheet): every action an attacker
// repeats is budgeted per client address and per account; the client address cannot be reset
// by a forged X-Forwarded-For; and the answers do not tell known e-mails from unknown ones.
//
// Each check spends one budget completely, then proves the next request is refused with 429 and
// a Retry-After within the rule's window. Every request of a budget carries a different forged
// X-Forwarded-For, so a limiter keyed on that header would never refuse.

let api: TestApi;
let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};

beforeAll(async () => {
  api = await buildTestApi();
});
afterAll(() => api.close());

function post(url: string, payload: Record<string, unknown>, remoteAddress: string) {
  return api.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress,
    // A new "client" on every request, as an attacker rotating a forged header would claim.
    headers: { 'x-forwarded-for': `198.18.${next() % 250}.${next() % 250}` },
  });
}

function expectRefused(response: LightMyRequestResponse, windowMs: number) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toMatchObject({ code: 'too_many_requests' });
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
}

/** Spends `max` requests (none refused), then expects the next one refused. */
async function spendThenRefused(
  max: number,
  windowMs: number,
  send: (attempt: number) => Promise<LightMyRequestResponse>,
) {
  for (let attempt = 0; attempt < max; attempt += 1) {
    const response = await send(attempt);
    expect(response.statusCode, `attempt ${attempt + 1}: ${response.body}`).not.toBe(429);
  }
  expectRefused(await send(max), windowMs);
}

const email = () => `bf-${next()}@example.com`;

describe('per-address budgets, with a forged X-Forwarded-For on every request (TRUST_PROXY=false)', () => {
  it('login', async () => {
    const { ip } = AUTH_RATE_LIMITS.login;
    await spendThenRefused(ip.max, ip.windowMs, () =>
      post('/auth/login', { email: email(), password: 'Wrong-Password-1' }, '203.0.113.10'),
    );
  });

  it('sign-up (person and company share it)', async () => {
    const { ip } = AUTH_RATE_LIMITS.signup;
    await spendThenRefused(ip.max, ip.windowMs, () =>
      post(
        '/auth/signup',
        { email: email(), password: 'Brno-Garden-2026', country_code: 'CZ' },
        '203.0.113.11',
      ),
    );
  });

  it('recovery (both flows share it)', async () => {
    const { ip } = AUTH_RATE_LIMITS.recovery;
    await spendThenRefused(ip.max, ip.windowMs, (attempt) =>
      post(
        attempt % 2 ? '/auth/forgot_password' : '/users/reset-password-send',
        { email: email() },
        '203.0.113.12',
      ),
    );
  });

  it('confirmation e-mails', async () => {
    const { ip } = AUTH_RATE_LIMITS.confirmationSend;
    await spendThenRefused(ip.max, ip.windowMs, () =>
      post('/users/send-confirmation-email', { email: email() }, '203.0.113.13'),
    );
  });

  it('messages to sellers', async () => {
    const offerId = await insertOffer(api.db, {
      ownerId: await insertOwner(api.db),
      publishedAt: new Date(),
    });
    const { perAddress } = OFFER_MESSAGE_LIMITS;
    await spendThenRefused(perAddress.max, perAddress.windowMs, () =>
      post(
        `/public/offers/${offerId}/offer_message`,
        { offer_message: { name: 'Eva Nová', email: email(), text: 'Is the flat still available?' } },
        '203.0.113.14',
      ),
    );
  });
});

describe('per-account budgets, from a new address every time', () => {
  it('login, whatever the case of the e-mail', async () => {
    const user = await createUser(api.db);
    const { account } = AUTH_RATE_LIMITS.login;
    await spendThenRefused(account.max, account.windowMs, (attempt) =>
      post(
        '/auth/login',
        { email: attempt % 2 ? user.email.toUpperCase() : user.email, password: 'Wrong-Password-1' },
        `100.64.1.${attempt + 1}`,
      ),
    );
    // The right password is refused too while the budget is spent: guessing cannot be
    // confirmed by a different answer.
    expectRefused(
      await post('/auth/login', { email: user.email, password: user.password }, '100.64.1.200'),
      account.windowMs,
    );
  });

  it('sign-up of one e-mail', async () => {
    const target = email();
    const { account } = AUTH_RATE_LIMITS.signup;
    await spendThenRefused(account.max, account.windowMs, (attempt) =>
      post(
        '/auth/signup',
        { email: target, password: 'Brno-Garden-2026', country_code: 'CZ' },
        `100.64.2.${attempt + 1}`,
      ),
    );
  });

  it('recovery of one e-mail', async () => {
    const user = await createUser(api.db);
    const { account } = AUTH_RATE_LIMITS.recovery;
    await spendThenRefused(account.max, account.windowMs, (attempt) =>
      post('/auth/forgot_password', { email: user.email }, `100.64.3.${attempt + 1}`),
    );
  });

  it('messages from one sender to one offer', async () => {
    const offerId = await insertOffer(api.db, {
      ownerId: await insertOwner(api.db),
      publishedAt: new Date(),
    });
    const sender = email();
    const { perSenderAndOffer } = OFFER_MESSAGE_LIMITS;
    await spendThenRefused(perSenderAndOffer.max, perSenderAndOffer.windowMs, (attempt) =>
      post(
        `/public/offers/${offerId}/offer_message`,
        { offer_message: { name: 'Eva Nová', email: sender, text: 'Is the flat still available?' } },
        `100.64.4.${attempt + 1}`,
      ),
    );
  });
});

describe('behind trusted proxies (a TRUST_PROXY hop count)', () => {
  const apis = new Map<string, TestApi>();
  beforeAll(async () => {
    for (const hops of ['1', '2']) apis.set(hops, await buildTestApi({ TRUST_PROXY: hops }));
  });
  afterAll(async () => {
    for (const each of apis.values()) await each.close();
  });

  /**
   * A request as `hops` proxies forward it: whatever the client put in X-Forwarded-For, then the
   * client's address as the first proxy saw it, then each further proxy's own address; the last
   * proxy is the socket peer.
   */
  const viaProxies = (hops: string, forgedByClient: string, client: string) => {
    const chain = [
      forgedByClient,
      client,
      ...Array.from({ length: Number(hops) - 1 }, (_, i) => `10.0.1.${i + 1}`),
    ];
    return apis.get(hops)!.app.inject({
      method: 'POST',
      url: '/auth/forgot_password',
      payload: { email: `proxy-${next()}@example.com` },
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': chain.join(', ') },
    });
  };

  async function rightMostUntrustedCounts(hops: string) {
    const { ip } = AUTH_RATE_LIMITS.recovery;
    await spendThenRefused(ip.max, ip.windowMs, () =>
      viaProxies(hops, `192.0.2.${next() % 250}`, '203.0.113.50'),
    );
    // Another real client behind the same proxies keeps its own budget: the limit is per client,
    // not per proxy.
    expect((await viaProxies(hops, '192.0.2.1', '203.0.113.51')).statusCode).toBe(202);
  }

  it('with 2 hops, counts the right-most untrusted address, not what the client forged', async () => {
    await rightMostUntrustedCounts('2');
  });

  // TRUST_PROXY=1 once read as `true` (trust every hop): the client's own left-most
  // X-Forwarded-For entry became request.ip and rotating it reset every per-address limit.
  it('with 1 hop, counts the right-most untrusted address, not what the client forged', async () => {
    await rightMostUntrustedCounts('1');
  });
});

describe('the global per-address limit', () => {
  let limited: TestApi;
  beforeAll(async () => {
    limited = await buildTestApi({ RATE_LIMIT_MAX: '5' });
  });
  afterAll(() => limited.close());

  it('throttles guessed tokens before they are checked, so a token flood costs no lookups', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const response = await limited.app.inject({
        method: 'GET',
        url: '/user/me',
        headers: { authorization: `Bearer guess-${attempt}` },
        remoteAddress: '203.0.113.77',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});

describe('no account enumeration', () => {
  function median(values: number[]): number {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  }

  it('login answers a wrong password and an unknown e-mail with the same status and body, in similar time', async () => {
    const user = await createUser(api.db);
    // Bounded: 7 pairs, interleaved so load on the shared machine hits both sides alike.
    const SAMPLES = 7;
    const known: number[] = [];
    const unknown: number[] = [];
    const bodies = new Set<string>();
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      for (const [target, times] of [
        [user.email, known],
        [email(), unknown],
      ] as const) {
        const started = performance.now();
        const response = await post(
          '/auth/login',
          { email: target, password: 'Wrong-Password-1' },
          `100.64.9.${next() % 250}`,
        );
        times.push(performance.now() - started);
        expect(response.statusCode).toBe(401);
        bodies.add(response.body);
      }
    }
    expect(bodies.size).toBe(1);
    // Loose on purpose (a loaded 2-core machine): the dummy argon2 hash keeps both sides within
    // a factor of 3; without it an unknown e-mail answers in well under a tenth of the time.
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });

  it('recovery and confirmation requests answer the same for known and unknown e-mails', async () => {
    const user = await createUser(api.db);
    for (const url of [
      '/auth/forgot_password',
      '/users/reset-password-send',
      '/users/send-confirmation-email',
    ]) {
      const knownAnswer = await post(url, { email: user.email }, `100.64.10.${next() % 250}`);
      const unknownAnswer = await post(url, { email: email() }, `100.64.10.${next() % 250}`);
      expect([knownAnswer.statusCode, knownAnswer.body]).toEqual([
        unknownAnswer.statusCode,
        unknownAnswer.body,
      ]);
      expect(knownAnswer.statusCode).toBe(202);
    }
  });
});
