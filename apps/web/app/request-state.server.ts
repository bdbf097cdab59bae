import { INTERNAL_TOKEN_HEADER, VISITOR_ADDRESS_HEADER } from '@estately/domain';
import { createContext, type RouterContextProvider } from 'react-router';
import { type ApiClient, createApiClient } from './api/api-client.ts';
import { createApiFetch } from './api/api-fetch.server.ts';
import type { ApiFetch } from './api/api-response.ts';
import { createAuthClient } from './api/auth-client.ts';
import { type RequestTokenStore, requestTokenStore } from './api/tokens.ts';
import { type WebConfig, webConfigContext } from './config.server.ts';
import { pickRequestLocale } from './locale/pick-locale.server.ts';
import { type Logger, webLog } from './web-log.server.ts';

/**
 * What one request shares between its loaders and entry.server.tsx: the API client with the
 * request's token store (a refresh during SSR must reach the browser as Set-Cookie). The session,
 * loaded once however many loaders ask for it, is kept beside it (session/session.server.ts).
 * Created per request by createLoadContext, never a module global (CONVENTIONS habit 4).
 */
export interface RequestState {
  api?: { client: ApiClient; tokens: RequestTokenStore };
  /** Set-Cookie values a loader adds for the response (issue 44: a notice read once, expired). */
  cookies?: string[];
}

export const requestStateContext = createContext<RequestState>({});

/**
 * Whom the request is rendered for: the visitor's address (server.ts reads it from the socket,
 * or from X-Forwarded-For behind WEB_TRUST_PROXY), or null when the web server renders on its
 * own behalf (a page-cache renewal shared by every later visitor). docs/decisions/041.
 */
export const visitorContext = createContext<string | null>(null);

/**
 * The request's id (server.ts: the balancer's X-Request-Id, else its own), passed to every API
 * call of the request so the API's log lines carry the same id. Null outside the web server
 * (`react-router dev`, tests that build a context by hand).
 */
export const requestIdContext = createContext<string | null>(null);

/** The header the request's id travels in, to the API as from the balancer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * The log of one request: the process's JSON log with the request's id on every line
 * (web-log.server.ts), so a loader's warning is found with the balancer's and the API's lines.
 */
export function requestLog(context: Readonly<RouterContextProvider>): Logger {
  return webLog().child({ reqId: context.get(requestIdContext) });
}

/** What a warning says of an error: its message (the stack is the API's story, not the page's). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `{ X-Request-Id }` of the request, or nothing when it has no id. */
export function requestIdHeaders(context: Readonly<RouterContextProvider>): Record<string, string> {
  const id = context.get(requestIdContext);
  return id ? { [REQUEST_ID_HEADER]: id } : {};
}

/**
 * Headers of a call to the API made for this request's visitor: the internal token and the
 * visitor's address, so the API charges the visitor's budgets rather than this server's (without
 * INTERNAL_API_TOKEN neither: the API then sees this server as one client), and the request's id.
 */
export function visitorHeaders(context: Readonly<RouterContextProvider>): Record<string, string> {
  const config = context.get(webConfigContext);
  const visitor = context.get(visitorContext);
  const own = ownCallHeaders(config, context);
  return visitor === null || !config.internalApiToken ? own : { ...own, [VISITOR_ADDRESS_HEADER]: visitor };
}

/**
 * Headers of a call the web server makes on its own behalf (the featured list, redirects): no
 * visitor pays. With the request's `context`, its id goes along too.
 */
export function ownCallHeaders(
  config: WebConfig,
  context?: Readonly<RouterContextProvider>,
): Record<string, string> {
  const headers: Record<string, string> = config.internalApiToken
    ? { [INTERNAL_TOKEN_HEADER]: config.internalApiToken }
    : {};
  const id = context?.get(requestIdContext);
  if (id) headers[REQUEST_ID_HEADER] = id;
  return headers;
}

/** `fetch` with `headers` added to every call. */
function withHeaders(fetch: ApiFetch, headers: Record<string, string>): ApiFetch {
  if (Object.keys(headers).length === 0) return fetch;
  return (url, init) => fetch(url, { ...init, headers: { ...init?.headers, ...headers } });
}

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
    const fetch = withHeaders(apiFetch, visitorHeaders(context));
    const auth = createAuthClient({ baseUrl: config.apiUrl, fetch });
    state.api = {
      tokens,
      client: createApiClient({
        baseUrl: config.apiUrl,
        tokens,
        auth,
        fetch,
        acceptLanguage: pickRequestLocale(request).locale,
      }),
    };
  }
  return state.api;
}

const noTokens = {
  get: () => ({ token: null, refreshToken: null }),
  set: () => undefined,
  statsToken: () => null,
};

const ownClients = new WeakMap<WebConfig, ApiClient>();

/**
 * The client of the calls the web server makes on its own behalf while it renders (the stored
 * redirects): no session, no visitor charged. One per configuration.
 */
export function ownApi(config: WebConfig): ApiClient {
  let client = ownClients.get(config);
  if (!client) {
    const fetch = withHeaders(apiFetch, ownCallHeaders(config));
    client = createApiClient({
      baseUrl: config.apiUrl,
      tokens: noTokens,
      auth: createAuthClient({ baseUrl: config.apiUrl, fetch }),
      fetch,
    });
    ownClients.set(config, client);
  }
  return client;
}

/** Set-Cookie headers the request's API calls produced (refreshed or cleared tokens, stats token). */
export function pendingSetCookies(context: Readonly<RouterContextProvider> | undefined): string[] {
  if (!context) return [];
  try {
    const state = context.get(requestStateContext);
    return [...(state.api?.tokens.setCookies() ?? []), ...(state.cookies ?? [])];
  } catch {
    return [];
  }
}

/** Adds a Set-Cookie to the response of the request being rendered (entry.server.tsx writes it). */
export function addResponseCookie(context: Readonly<RouterContextProvider>, cookie: string): void {
  const state = context.get(requestStateContext);
  state.cookies = [...(state.cookies ?? []), cookie];
}
