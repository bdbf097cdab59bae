// Issue 37, points 1 and 3: the product started as a fresh `npm start` starts it (scripts/start.ts,
// no NODE_ENV, no JWT_SECRETS, no INTERNAL_API_TOKEN, no SMTP_URL) is safe to expose. The key
// that used to be written in config.ts signs nothing the API accepts; the keys are the data
// folder's, in a file only its owner reads; the dev mailbox is not served; mail is printed to
// the operator's console instead.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@estately/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessClaims } from '../../apps/api/src/lib/jwt.ts';
import { signAccessToken } from '../../apps/api/src/lib/jwt.ts';
import { LOCAL_SECRETS_FILE } from '../../apps/api/src/local-secrets.ts';
import { ensureWebBuild } from '../../apps/web/test/browser-setup.ts';
import { type Stack, startStack } from '../../scripts/reliability/lib/load-stack.ts';

// The development key config.ts carried until issue 37 (DEV_JWT_SECRETS). It is public (it is in
// the repository's history), so it is here only as the attacker's key: it must sign nothing.
const PUBLISHED_DEV_SECRET = 'estately-development-only-signing-key-do-not-use-in-production';

let stack: Stack;
let admin: { token: string; claims: AccessClaims };

function claimsOf(token: string): AccessClaims {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as AccessClaims;
}

const get = (path: string, token?: string) =>
  fetch(`${stack.apiUrl}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

beforeAll(async () => {
  ensureWebBuild();
  stack = await startStack({
    label: 'secure-default',
    rateLimitMax: 'as shipped',
    offers: 50,
    asShipped: true,
  });
  const login = await fetch(`${stack.apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const token = ((await login.json()) as { token: string }).token;
  admin = { token, claims: claimsOf(token) };
});

afterAll(async () => {
  await stack?.close();
});

describe('a default start (npm start as shipped)', () => {
  it('keeps its signing keys in the data folder, readable by its owner only', () => {
    const file = join(stack.dataDir, LOCAL_SECRETS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(stack.dataDir).mode & 0o007).toBe(0);
    const secrets = JSON.parse(readFileSync(file, 'utf8')) as { jwtKeys: { kid: string; secret: string }[] };
    expect(secrets.jwtKeys[0]!.secret).not.toBe(PUBLISHED_DEV_SECRET);
    // The banner names the file, and says where mail goes; it offers no mailbox address.
    expect(stack.output()).toContain(file);
    expect(stack.output()).toContain('Mail: printed here');
    expect(stack.output()).not.toContain('/dev/mailbox');
  });

  it('refuses an admin token signed with the old development key (401), and takes the real ones', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { ...admin.claims, iat: now - 5, exp: now + 3600, jti: crypto.randomUUID() };
    delete claims.aud;
    // As the old default start issued them: the admin's own session, signed with the old key.
    const forged = signAccessToken([{ kid: 'dev', secret: PUBLISHED_DEV_SECRET }], claims);
    expect((await get('/user/me', forged)).status).toBe(401);
    expect((await get('/admin/redirects', forged)).status).toBe(401);
    // Nor under the key id this start signs with.
    const secrets = JSON.parse(readFileSync(join(stack.dataDir, LOCAL_SECRETS_FILE), 'utf8')) as {
      jwtKeys: { kid: string; secret: string }[];
    };
    const relabelled = signAccessToken(
      [{ kid: secrets.jwtKeys[0]!.kid, secret: PUBLISHED_DEV_SECRET }],
      claims,
    );
    expect((await get('/user/me', relabelled)).status).toBe(401);
    expect((await get('/admin/redirects', relabelled)).status).toBe(401);
    // The same claims under the data folder's key pass: the refusals above are the key's alone.
    const genuine = signAccessToken(secrets.jwtKeys, claims);
    expect((await get('/user/me', genuine)).status).toBe(200);
    expect((await get('/admin/redirects', genuine)).status).toBe(200);
    expect((await get('/admin/redirects', admin.token)).status).toBe(200);
  });

  it('does not serve the dev mailbox, not even to this machine', async () => {
    for (const path of ['/dev/mailbox', '/dev/mailbox/1']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('reset-password');
    }
  });

  it("prints a password-reset mail's recipient, subject and link to the operator's console", async () => {
    const response = await fetch(`${stack.apiUrl}/auth/forgot_password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.person }),
    });
    expect(response.status).toBe(202);
    await expect
      .poll(
        () => stack.output().match(/\[mail\] to demo@estately\.test: .+\n {2}http\S+reset-password\S+/)?.[0],
        {
          timeout: 20_000,
        },
      )
      .toBeTruthy();
    const mailbox = await get('/dev/mailbox');
    expect(mailbox.status).toBe(404);
  });
});
