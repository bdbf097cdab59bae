import { ApiError, apiErrorFrom } from './api-error.ts';
import type { ApiFetch, ApiResponse } from './api-response.ts';

// The authentication client of spec 7: plain calls without a bearer token and without any
// refresh logic (a failing refresh must not trigger another refresh). The main client
// (api-client.ts) uses `refresh` when one of its requests gets a 401.

export interface TokenPair {
  token: string;
  refresh_token: string;
}

export interface AuthClient {
  login(input: { email: string; password: string }): Promise<TokenPair>;
  refresh(refreshToken: string): Promise<TokenPair>;
}

function isTokenPair(value: unknown): value is TokenPair {
  const record = value as Record<string, unknown> | null;
  return typeof record?.token === 'string' && typeof record.refresh_token === 'string';
}

export function createAuthClient(options: { baseUrl: string; fetch?: ApiFetch }): AuthClient {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  async function post(path: string, body: unknown): Promise<TokenPair> {
    let response: ApiResponse;
    try {
      response = await doFetch(`${options.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
    } catch {
      throw new ApiError({ status: 0 });
    }
    if (!response.ok) throw await apiErrorFrom(response);
    const pair: unknown = await response.json();
    if (!isTokenPair(pair)) throw new ApiError({ status: 500, serverMessage: 'Malformed token answer' });
    return pair;
  }
  return {
    login: (input) => post('/auth/login', input),
    refresh: (refreshToken) => post('/api/token/refresh', { refresh_token: refreshToken }),
  };
}
