import { ApiError, apiErrorFrom } from './api-error.ts';
import type { ApiFetch, ApiResponse } from './api-response.ts';
import type { AuthClient } from './auth-client.ts';
import type { TokenStore } from './tokens.ts';

// The main API client of spec 4 and 7, one module for server loaders and the browser. Every
// request carries the bearer token and the stats token header; GETs also a timestamp parameter,
// so no browser or proxy cache answers with yesterday's data. On a 401 exactly one refresh runs
// (through the auth client, which has no refresh logic of its own); requests that fail while it
// runs wait for it and are replayed with the new token. A failed refresh clears the tokens and
// fails every waiting request.

export const STATS_TOKEN_HEADER = 'x-stats-token';
export const TIMESTAMP_PARAM = 'timestamp';
export const MISSING_REFRESH_TOKEN_TEXT = 'No refresh token available';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sees the final answer's headers (e.g. `ETag`) before its body is read. */
  onResponse?: (response: ApiResponse) => void;
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

export interface ApiClientOptions {
  baseUrl: string;
  tokens: TokenStore;
  auth: AuthClient;
  fetch?: ApiFetch;
  now?: () => number;
  /** Sent as Accept-Language (server loaders pass the page's locale). */
  acceptLanguage?: string;
}

function buildUrl(
  base: string,
  path: string,
  query: RequestOptions['query'],
  timestamp: number | null,
): string {
  const url = new URL(`${base}${path}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, String(item));
    else url.searchParams.set(key, String(value));
  }
  if (timestamp !== null) url.searchParams.set(TIMESTAMP_PARAM, String(timestamp));
  return url.href;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const now = options.now ?? Date.now;
  // The refresh in flight, shared by every request that fails meanwhile (spec 4: one refresh).
  let refreshing: Promise<string> | null = null;

  function refreshOnce(): Promise<string> {
    refreshing ??= (async () => {
      const refreshToken = options.tokens.get().refreshToken;
      if (!refreshToken) {
        options.tokens.set(null);
        throw new ApiError({ status: 401, code: 'unauthorized', text: MISSING_REFRESH_TOKEN_TEXT });
      }
      try {
        const pair = await options.auth.refresh(refreshToken);
        options.tokens.set({ token: pair.token, refreshToken: pair.refresh_token });
        return pair.token;
      } catch (error) {
        options.tokens.set(null);
        throw error instanceof ApiError
          ? new ApiError({ ...error, status: 401, code: 'unauthorized' })
          : error;
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function send(method: string, path: string, request: RequestOptions, token: string | null) {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    const stats = options.tokens.statsToken();
    if (stats) headers[STATS_TOKEN_HEADER] = stats;
    if (options.acceptLanguage) headers['accept-language'] ??= options.acceptLanguage;
    let body: string | undefined;
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    const isGet = method === 'GET';
    try {
      return await doFetch(buildUrl(options.baseUrl, path, request.query, isGet ? now() : null), {
        method,
        headers,
        body,
        signal: request.signal,
      });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      // Status 0: the API could not be reached at all.
      throw new ApiError({ status: 0 });
    }
  }

  async function parse<T>(response: ApiResponse): Promise<T> {
    if (!response.ok) throw await apiErrorFrom(response);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }

  async function request<T>(method: string, path: string, request: RequestOptions = {}): Promise<T> {
    const upper = method.toUpperCase();
    const sentToken = options.tokens.get().token;
    const response = await send(upper, path, request, sentToken);
    if (response.status !== 401) {
      request.onResponse?.(response);
      return parse<T>(response);
    }
    // A guest's 401 is the answer; a visitor whose access cookie expired still has a refresh token.
    if (!sentToken && !options.tokens.get().refreshToken) return parse<T>(response);
    // Drain the body so the connection is reused.
    await response.arrayBuffer().catch(() => undefined);
    const current = options.tokens.get().token;
    // Another request already refreshed while this one was under way: replay with its token.
    const token = current && current !== sentToken ? current : await refreshOnce();
    // Replayed once only: a second 401 is the answer.
    const replayed = await send(upper, path, request, token);
    request.onResponse?.(replayed);
    return parse<T>(replayed);
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    patch: (path, body, opts) => request('PATCH', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
  };
}
