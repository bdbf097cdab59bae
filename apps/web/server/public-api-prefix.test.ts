// The API published under a path of the site (the balancer's https://host/api, with the photos
// at https://host/media): every address the browser is given keeps the path, and the page's
// Content-Security-Policy, which names origins only, lets them in.

import { describe, expect, it } from 'vitest';
import { createApiClient } from '../app/api/api-client.ts';
import type { ApiFetch, ApiRequestInit } from '../app/api/api-response.ts';
import { createAuthClient } from '../app/api/auth-client.ts';
import { requestTokenStore, type SessionTokens, type TokenStore } from '../app/api/tokens.ts';
import { contentSecurityPolicy } from '../app/document/csp.server.ts';
import { resolveMediaUrl } from '../app/ui/offers/offer-card-view.server.ts';
import { publicConfigOf, readWebConfig } from '../app/web-config.ts';

const PUBLIC_API_URL = 'https://localhost:26000/api';
const ENV = {
  API_URL: 'http://127.0.0.1:26001',
  PUBLIC_API_URL,
  PUBLIC_WEB_URL: 'https://localhost:26000',
  MEDIA_PUBLIC_URL: 'https://localhost:26000/media',
};

function directive(policy: string, name: string): string[] {
  const found = policy.split('; ').find((part) => part.startsWith(`${name} `));
  return found?.split(' ').slice(1) ?? [];
}

describe('PUBLIC_API_URL with a path (the API under /api of the site)', () => {
  it('the configuration and the browser keep the path; photos share the origin', () => {
    const config = readWebConfig({ ...ENV, PUBLIC_API_URL: `${PUBLIC_API_URL}/` });
    expect(config.publicApiUrl).toBe(PUBLIC_API_URL);
    expect(config.apiUrl).toBe('http://127.0.0.1:26001');
    expect(publicConfigOf(config).apiUrl).toBe(PUBLIC_API_URL);
    expect(config.mediaOrigin).toBe('https://localhost:26000');
  });

  it("the CSP lets the browser call and load images from the API's origin", () => {
    const config = readWebConfig(ENV);
    const policy = contentSecurityPolicy('n0nce', config.publicApiUrl, null, config.mediaOrigin);
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://localhost:26000']);
    // The media origin is the API's: named once.
    expect(directive(policy, 'img-src')).toEqual(["'self'", 'data:', 'https://localhost:26000']);
  });

  it('a photo path from the API resolves under the prefix; an absolute media URL stays as it is', () => {
    expect(resolveMediaUrl('/media/photos/1/card.webp', PUBLIC_API_URL)).toBe(
      'https://localhost:26000/api/media/photos/1/card.webp',
    );
    expect(resolveMediaUrl('media/photos/1/card.webp', PUBLIC_API_URL)).toBe(
      'https://localhost:26000/api/media/photos/1/card.webp',
    );
    expect(resolveMediaUrl('https://localhost:26000/media/photos/1/card.webp', PUBLIC_API_URL)).toBe(
      'https://localhost:26000/media/photos/1/card.webp',
    );
  });

  it("the browser's client calls, refreshes its token and replays under the prefix", async () => {
    const calls: { url: string; init?: ApiRequestInit }[] = [];
    const fetch: ApiFetch = async (url, init) => {
      calls.push({ url, init });
      const path = new URL(url).pathname;
      if (path === '/api/api/token/refresh')
        return Response.json({ token: 'fresh', refresh_token: 'fresh-refresh' });
      const bearer = init?.headers?.authorization ?? init?.headers?.Authorization;
      return bearer === 'Bearer fresh' ? Response.json({ items: [] }) : new Response('{}', { status: 401 });
    };
    let tokens: SessionTokens = { token: 'stale', refreshToken: 'refresh-1' };
    const store: TokenStore = {
      get: () => tokens,
      set: (next) => {
        tokens = next ?? { token: null, refreshToken: null };
      },
      statsToken: () => null,
    };
    const client = createApiClient({
      baseUrl: PUBLIC_API_URL,
      tokens: store,
      auth: createAuthClient({ baseUrl: PUBLIC_API_URL, fetch }),
      fetch,
      now: () => 1_700_000_000_000,
    });
    await client.get('/favorites', { query: { page: 2 } });
    const paths = calls.map((call) => {
      const url = new URL(call.url);
      return `${url.origin}${url.pathname}`;
    });
    expect(paths).toEqual([
      'https://localhost:26000/api/favorites',
      'https://localhost:26000/api/api/token/refresh',
      'https://localhost:26000/api/favorites',
    ]);
    expect(new URL(calls[0]?.url ?? '').searchParams.get('page')).toBe('2');
    expect(tokens).toEqual({ token: 'fresh', refreshToken: 'fresh-refresh' });
  });

  it('a refresh during a render behind the TLS proxy sets Secure cookies (the request URL says https)', () => {
    const store = requestTokenStore(new Request('https://localhost:26000/en/account'));
    store.set({ token: 'fresh', refreshToken: 'fresh-refresh' });
    const cookies = store.setCookies();
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) expect(cookie).toMatch(/; Path=\/; Max-Age=\d+; SameSite=Lax; Secure$/);
    const plain = requestTokenStore(new Request('http://localhost:3000/en/account'));
    plain.set({ token: 'fresh', refreshToken: 'fresh-refresh' });
    for (const cookie of plain.setCookies()) expect(cookie).not.toContain('Secure');
  });
});
