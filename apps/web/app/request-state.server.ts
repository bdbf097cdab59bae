import { createContext, type RouterContextProvider } from 'react-router';
import { type ApiClient, createApiClient } from './api/api-client.ts';
import { createApiFetch } from './api/api-fetch.server.ts';
import { createAuthClient } from './api/auth-client.ts';
import { type RequestTokenStore, requestTokenStore } from './api/tokens.ts';
import type { WebConfig } from './config.server.ts';
import { pickRequestLocale } from './locale/pick-locale.server.ts';
import type { Session } from './session/session.ts';

/**
 * What one request shares between its loaders and entry.server.tsx: the API client with the
 * request's token store (a refresh during SSR must reach the browser as Set-Cookie) and the
 * session, loaded once however many loaders ask for it. Created per request by
 * createLoadContext, never a module global (CONVENTIONS habit 4).
 */
export interface RequestState {
  api?: { client: ApiClient; tokens: RequestTokenStore };
  session?: Promise<Session>;
}

export const requestStateContext = createContext<RequestState>({});

/** Timeout of one API call made while rendering a page. */
export const SSR_API_TIMEOUT_MS = 4_000;

/** The web server's calls to the API: kept-alive connections shared by every request. */
const apiFetch = createApiFetch(SSR_API_TIMEOUT_MS);

export function requestApi(
  context: Readonly<RouterContextProvider>,
  request: Request,
  config: WebConfig,
): { client: ApiClient; tokens: RequestTokenStore } {
  const state = context.get(requestStateContext);
  if (!state.api) {
    const tokens = requestTokenStore(request);
    const auth = createAuthClient({ baseUrl: config.apiUrl, fetch: apiFetch });
    state.api = {
      tokens,
      client: createApiClient({
        baseUrl: config.apiUrl,
        tokens,
        auth,
        fetch: apiFetch,
        acceptLanguage: pickRequestLocale(request).locale,
      }),
    };
  }
  return state.api;
}

/** Set-Cookie headers the request's API calls produced (refreshed or cleared tokens, stats token). */
export function pendingSetCookies(context: Readonly<RouterContextProvider> | undefined): string[] {
  if (!context) return [];
  try {
    return context.get(requestStateContext).api?.tokens.setCookies() ?? [];
  } catch {
    return [];
  }
}
