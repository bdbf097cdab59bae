import { describe, expect, it } from 'vitest';
import {
  createApiClient,
  MISSING_REFRESH_TOKEN_TEXT,
  STATS_TOKEN_HEADER,
  TIMESTAMP_PARAM,
} from './api-client.ts';
import { ApiError, errorToastText } from './api-error.ts';
import { createAuthClient } from './auth-client.ts';
import type { SessionTokens, TokenStore } from './tokens.ts';

// The queueing of spec 4 against an in-memory API: a request is accepted only with the current
// access token; POST /api/token/refresh rotates the pair after a delay, so concurrent requests
// really overlap with the refresh.

interface FakeApi {
  fetch: typeof fetch;
  refreshCalls: number;
  requests: { url: URL; method: string; headers: Headers }[];
  validToken: string;
  refreshFails: boolean;
}

function fakeApi(options: { validToken: string; refreshDelayMs?: number; refreshFails?: boolean }): FakeApi {
  const api: FakeApi = {
    refreshCalls: 0,
    requests: [],
    validToken: options.validToken,
    refreshFails: options.refreshFails ?? false,
    fetch: async (input, init) => {
      const url = new URL(String(input));
      const headers = new Headers(init?.headers);
      api.requests.push({ url, method: init?.method ?? 'GET', headers });
      if (url.pathname === '/api/token/refresh') {
        api.refreshCalls++;
        await new Promise((resolve) => setTimeout(resolve, options.refreshDelayMs ?? 20));
        const body = JSON.parse(String(init?.body)) as { refresh_token: string };
        if (api.refreshFails || body.refresh_token !== 'refresh-1') {
          return Response.json({ code: 'unauthorized', message: 'Refresh token revoked' }, { status: 401 });
        }
        api.validToken = `access-${api.refreshCalls + 1}`;
        return Response.json({ token: api.validToken, refresh_token: `refresh-${api.refreshCalls + 1}` });
      }
      if (headers.get('authorization') !== `Bearer ${api.validToken}`) {
        return Response.json({ code: 'unauthorized', message: 'Token expired' }, { status: 401 });
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
      return Response.json({ path: url.pathname, token: api.validToken });
    },
  };
  return api;
}

function memoryStore(
  initial: SessionTokens,
  stats: string | null = 'stats-abcdefgh',
): TokenStore & {
  history: (SessionTokens | null)[];
} {
  let tokens = initial;
  const history: (SessionTokens | null)[] = [];
  return {
    history,
    get: () => tokens,
    set(next) {
      history.push(next);
      tokens = next ?? { token: null, refreshToken: null };
    },
    statsToken: () => stats,
  };
}

function clientFor(api: FakeApi, store: TokenStore) {
  return createApiClient({
    baseUrl: 'http://api.test',
    tokens: store,
    auth: createAuthClient({ baseUrl: 'http://api.test', fetch: api.fetch }),
    fetch: api.fetch,
    now: () => 1_700_000_000_000,
  });
}

describe('API client', () => {
  it('sends the bearer token, the stats token header and a timestamp on GETs only', async () => {
    const api = fakeApi({ validToken: 'access-1' });
    const client = clientFor(api, memoryStore({ token: 'access-1', refreshToken: 'refresh-1' }));
    await client.get('/user/me', { query: { page: 2, tags: ['a', 'b'] } });
    await client.patch('/users/me', { preferredLanguage: 'de' });
    const [get, patch] = api.requests;
    expect(get?.headers.get('authorization')).toBe('Bearer access-1');
    expect(get?.headers.get(STATS_TOKEN_HEADER)).toBe('stats-abcdefgh');
    expect(get?.url.searchParams.get(TIMESTAMP_PARAM)).toBe('1700000000000');
    expect(get?.url.searchParams.getAll('tags')).toEqual(['a', 'b']);
    expect(patch?.url.searchParams.has(TIMESTAMP_PARAM)).toBe(false);
    expect(patch?.headers.get('content-type')).toBe('application/json');
    expect(patch?.headers.get(STATS_TOKEN_HEADER)).toBe('stats-abcdefgh');
  });

  it('makes exactly one refresh for concurrent 401s and replays every request with the new token', async () => {
    const api = fakeApi({ validToken: 'access-fresh-elsewhere', refreshDelayMs: 30 });
    const store = memoryStore({ token: 'access-1', refreshToken: 'refresh-1' });
    const client = clientFor(api, store);
    const paths = ['/a', '/b', '/c', '/d', '/e'];
    const results = await Promise.all(paths.map((path) => client.get<{ path: string; token: string }>(path)));
    expect(api.refreshCalls).toBe(1);
    expect(results.map((r) => r.path)).toEqual(paths);
    expect(results.every((r) => r.token === 'access-2')).toBe(true);
    expect(store.get()).toEqual({ token: 'access-2', refreshToken: 'refresh-2' });
    // 5 failed tries, 1 refresh, 5 replays.
    expect(api.requests).toHaveLength(11);
  });

  it('gives a later rotation its own single refresh, and fails when that refresh is refused', async () => {
    const api = fakeApi({ validToken: 'rotated', refreshDelayMs: 5 });
    const store = memoryStore({ token: 'access-1', refreshToken: 'refresh-1' });
    const client = clientFor(api, store);
    await client.get('/first');
    expect(api.refreshCalls).toBe(1);
    // A later request still fails once the server rotates again; it gets its own single refresh.
    api.validToken = 'rotated-again';
    await expect(client.get('/second')).rejects.toMatchObject({ status: 401 });
    expect(api.refreshCalls).toBe(2);
  });

  it('clears the tokens and fails every waiting request when the refresh fails', async () => {
    const api = fakeApi({ validToken: 'unreachable', refreshFails: true, refreshDelayMs: 20 });
    const store = memoryStore({ token: 'access-1', refreshToken: 'refresh-1' });
    const client = clientFor(api, store);
    const outcomes = await Promise.allSettled([client.get('/a'), client.get('/b'), client.post('/c', {})]);
    expect(api.refreshCalls).toBe(1);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(ApiError);
      expect((reason as ApiError).status).toBe(401);
    }
    expect(store.get()).toEqual({ token: null, refreshToken: null });
    expect(store.history).toEqual([null]);
  });

  it('fails with the spec text when there is no refresh token', async () => {
    const api = fakeApi({ validToken: 'other' });
    const store = memoryStore({ token: 'access-1', refreshToken: null });
    const client = clientFor(api, store);
    const error = await client.get('/user/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(errorToastText(error)).toBe(MISSING_REFRESH_TOKEN_TEXT);
    expect(api.refreshCalls).toBe(0);
    expect(store.get().token).toBeNull();
  });

  it('does not refresh for a guest without tokens', async () => {
    const api = fakeApi({ validToken: 'x' });
    const client = clientFor(api, memoryStore({ token: null, refreshToken: null }));
    await expect(client.get('/user/me')).rejects.toMatchObject({
      status: 401,
      serverMessage: 'Token expired',
    });
    expect(api.refreshCalls).toBe(0);
  });

  it('reports an unreachable API as status 0', async () => {
    const client = createApiClient({
      baseUrl: 'http://api.test',
      tokens: memoryStore({ token: null, refreshToken: null }),
      auth: createAuthClient({ baseUrl: 'http://api.test' }),
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(client.get('/x')).rejects.toMatchObject({ status: 0 });
  });
});

describe('toast text of an error (spec 8)', () => {
  it('prefers the error text, then the server message, then the status text, then the default', () => {
    expect(
      errorToastText(new ApiError({ status: 422, serverMessage: 'srv', text: 'Profile update failed' })),
    ).toBe('Profile update failed');
    expect(errorToastText(new ApiError({ status: 422, serverMessage: 'Bad e-mail' }))).toBe('Bad e-mail');
    expect(errorToastText(new ApiError({ status: 503 }))).toBe('Service Unavailable');
    expect(errorToastText(new ApiError({ status: 418 }))).toBe('An error occurred');
    expect(errorToastText(null)).toBe('An error occurred');
  });
});
