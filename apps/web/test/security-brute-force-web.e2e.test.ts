// Issue 36 and issue 11 item 2, through the web server: the API's per-address login budget holds
// for a person who signs in through the website's form, and it is that person's alone. Before
// the web server named its visitors (docs/decisions/041), every sign-in through the website came
// from the web server's own address, so twenty wrong passwords by one person locked every other
// person out of signing in for 15 minutes.

import { request as httpRequest } from 'node:http';
import { AUTH_RATE_LIMITS, buildPath } from '@estately/domain';
import { translate } from '@estately/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWeb } from '../server/server.ts';
import { PERSON_UA, startApiAndWeb } from './browser-setup.ts';

const TOKEN = 'web-tier-secret-of-this-test-0123456789abcdef';

let stack: Awaited<ReturnType<typeof startApiAndWeb>>;
let web: RunningWeb;

beforeAll(async () => {
  // The shipped request budget (RATE_LIMIT_MAX unset): limits on, as `npm start` runs them.
  stack = await startApiAndWeb({
    apiEnv: { INTERNAL_API_TOKEN: TOKEN, RATE_LIMIT_MAX: '' },
    webEnv: { INTERNAL_API_TOKEN: TOKEN },
  });
  web = stack.web;
}, 180_000);

afterAll(() => stack?.close());

/** The sign-in form posted as a browser without JavaScript posts it, from `localAddress`. */
function signIn(
  localAddress: string,
  email: string,
  extra: Record<string, string> = {},
): Promise<{ status: number; html: string }> {
  const body = new URLSearchParams({ intent: 'signin', email, password: 'Wrong-Password-1' }).toString();
  const url = new URL(buildPath('authSignin', 'en'), web.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(Buffer.byteLength(body)),
          origin: web.url,
          'user-agent': PERSON_UA,
          'accept-language': 'en',
          ...extra,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, html: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('failed sign-ins through the website', () => {
  const { ip } = AUTH_RATE_LIMITS.login;
  const invalid = translate('en', 'auth.invalid_credentials');

  it("lock out the person who made them, and only that person's address", async () => {
    for (let attempt = 1; attempt <= ip.max; attempt += 1) {
      const answer = await signIn('127.0.0.61', `guess-${attempt}@example.com`);
      expect(answer.status, `attempt ${attempt}`).toBe(401);
      expect(answer.html).toContain(invalid);
    }
    const refused = await signIn('127.0.0.61', 'one-more@example.com');
    expect(refused.status).toBe(429);
    expect(refused.html).not.toContain(invalid);

    // Another person signing in through the same web server is not refused.
    const other = await signIn('127.0.0.62', 'someone@example.com');
    expect(other.status).toBe(401);
    expect(other.html).toContain(invalid);
  });

  it('a forged X-Forwarded-For does not give the locked-out person a new budget', async () => {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const answer = await signIn('127.0.0.61', `forged-${attempt}@example.com`, {
        'x-forwarded-for': `198.51.100.${attempt}`,
        'x-visitor-address': `198.51.100.${attempt}`,
      });
      expect(answer.status).toBe(429);
    }
  });
});
