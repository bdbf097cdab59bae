import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../support/helpers.ts';

// Issue 11 item 8, API part (ASVS 5.0 V3.4, OWASP CSP and HTTP headers cheat sheets): every
// kind of answer the API gives, success, each client error, the 404 of an unknown route and a
// 500, carries a Content-Security-Policy without 'unsafe-inline' or 'unsafe-eval' that forbids
// plugins (object-src 'none'), <base> rewriting (base-uri 'none') and framing
// (frame-ancestors), plus nosniff and a Referrer-Policy; HSTS in production and only there.
// The web app's nonce-based policy is the web suite's.

const ERROR_ROUTE = '/test/boom';

async function build(env: Record<string, string>) {
  return buildTestApi(env, (app) => {
    app.get(ERROR_ROUTE, async () => {
      throw new Error('boom: select * from users');
    });
  });
}

let dev: TestApi;
let production: TestApi;

beforeAll(async () => {
  dev = await build({});
  production = await build({
    NODE_ENV: 'production',
    JWT_SECRETS: `prod:${'s'.repeat(48)}`,
    INTERNAL_API_TOKEN: 'i'.repeat(40),
    SMTP_URL: 'smtp://127.0.0.1:2525',
    PUBLIC_WEB_URL: 'https://estately.test',
  });
});
afterAll(async () => {
  await dev?.close();
  await production?.close();
});

/** One request of each kind of answer; `name` says which. */
async function everyKindOfAnswer(api: TestApi): Promise<Array<[string, LightMyRequestResponse]>> {
  const user = await createUser(api.db);
  const inject = (options: InjectOptions) => api.app.inject(options);
  return [
    ['200 JSON', await inject({ method: 'GET', url: '/health' })],
    ['200 HEAD', await inject({ method: 'HEAD', url: '/health' })],
    ['200 signed in', await inject({ method: 'GET', url: '/user/me', headers: bearer(api.config, user.id) })],
    [
      '201',
      await inject({
        method: 'POST',
        url: '/auth/signup',
        payload: { email: `h-${Date.now()}@example.com`, password: 'Brno-Garden-2026', country_code: 'CZ' },
      }),
    ],
    [
      '202',
      await inject({ method: 'POST', url: '/auth/forgot_password', payload: { email: 'x@example.com' } }),
    ],
    ['204', await inject({ method: 'POST', url: '/auth/logout', payload: {} })],
    [
      '204 CORS preflight',
      await inject({
        method: 'OPTIONS',
        url: '/health',
        headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' },
      }),
    ],
    [
      '400 malformed JSON',
      await inject({
        method: 'POST',
        url: '/auth/login',
        payload: '{"email":',
        headers: { 'content-type': 'application/json' },
      }),
    ],
    ['401', await inject({ method: 'GET', url: '/user/me' })],
    ['404 unknown route', await inject({ method: 'GET', url: '/no/such/route' })],
    ['404 missing media', await inject({ method: 'GET', url: '/media/none.webp' })],
    [
      '413',
      await inject({
        method: 'POST',
        url: '/auth/login',
        payload: JSON.stringify({ padding: 'x'.repeat(1_100_000) }),
        headers: { 'content-type': 'application/json' },
      }),
    ],
    [
      '415',
      await inject({
        method: 'POST',
        url: '/auth/login',
        payload: '<a/>',
        headers: { 'content-type': 'application/xml' },
      }),
    ],
    ['422', await inject({ method: 'POST', url: '/auth/login', payload: { email: 'nope' } })],
    ['500', await inject({ method: 'GET', url: ERROR_ROUTE })],
    ['OpenAPI JSON', await inject({ method: 'GET', url: '/docs/json' })],
    ['docs page', await inject({ method: 'GET', url: '/docs/' })],
  ];
}

function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

function expectStrictHeaders(name: string, response: LightMyRequestResponse) {
  const csp = String(response.headers['content-security-policy'] ?? '');
  expect(csp, `${name}: no Content-Security-Policy`).not.toBe('');
  const policy = directives(csp);
  expect(csp, name).not.toMatch(/'unsafe-inline'|'unsafe-eval'|'unsafe-hashes'|\*/);
  expect(policy.get('object-src'), `${name}: ${csp}`).toEqual(["'none'"]);
  expect(policy.get('base-uri'), `${name}: ${csp}`).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors'), `${name}: ${csp}`).toEqual(["'none'"]);
  expect(response.headers['x-content-type-options'], name).toBe('nosniff');
  expect(response.headers['referrer-policy'], name).toMatch(/^(no-referrer|same-origin|strict-origin)/);
  expect(response.headers['x-powered-by'], name).toBeUndefined();
}

describe('security headers on every kind of answer', () => {
  it('in development: strict CSP, nosniff, Referrer-Policy; no HSTS over plain http', async () => {
    const answers = await everyKindOfAnswer(dev);
    expect(answers.find(([name]) => name === '500')?.[1].statusCode).toBe(500);
    for (const [name, response] of answers) {
      expectStrictHeaders(name, response);
      expect(response.headers['strict-transport-security'], name).toBeUndefined();
    }
  });

  it('in production: the same, plus HSTS for a year with subdomains', async () => {
    const answers = await everyKindOfAnswer(production);
    const statuses = Object.fromEntries(answers.map(([name, response]) => [name, response.statusCode]));
    expect(statuses).toMatchObject({ '404 unknown route': 404, '413': 413, '415': 415, '500': 500 });
    for (const [name, response] of answers) {
      expectStrictHeaders(name, response);
      const hsts = String(response.headers['strict-transport-security'] ?? '');
      expect(hsts, name).toMatch(/max-age=(\d+)/);
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), name).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts, name).toContain('includeSubDomains');
    }
  });

  it('answers a 500 without the error text', async () => {
    const response = await dev.app.inject({ method: 'GET', url: ERROR_ROUTE });
    expect(response.json()).toEqual({ code: 'internal_error', message: expect.any(String) });
    expect(response.body).not.toMatch(/boom|select|\.ts:\d+/i);
  });
});
