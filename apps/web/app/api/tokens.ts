import { cookieValue, serializeCookie } from './cookies.ts';
import { browserStatsToken, STATS_TOKEN_COOKIE } from './stats-token.ts';

// Tokens of the session, kept in cookies readable by script (spec 4 and 9), so the same client
// works in the browser (document.cookie) and in server loaders (the request's Cookie header).
// No imports with runtime code here but the cookie helpers (cookies.ts, stats-token.ts): this
// module reaches the browser, with the browser's API client (fetched on first use).

export const ACCESS_TOKEN_COOKIE = 'token';
export const REFRESH_TOKEN_COOKIE = 'refresh_token';

/** Spec 9: access token 604800 s (7 days), refresh token 30 days (the stats token: stats-token.ts). */
export const ACCESS_TOKEN_MAX_AGE = 604_800;
export const REFRESH_TOKEN_MAX_AGE = 30 * 24 * 60 * 60;

export interface SessionTokens {
  token: string | null;
  refreshToken: string | null;
}

/**
 * Where the client reads and writes the tokens. The browser store writes document.cookie; the
 * server store remembers the changes of one request and turns them into Set-Cookie headers.
 */
export interface TokenStore {
  get(): SessionTokens;
  /** Stores a new pair (after a refresh) or clears both (null: the session is over). */
  set(tokens: SessionTokens | null): void;
  /** The visitor's statistics token (X-Stats-Token), or null when there is none yet. */
  statsToken(): string | null;
}

/** The cookies that store a token pair, or expire both when `tokens` is null. */
export function tokenCookies(tokens: SessionTokens | null, secure: boolean): string[] {
  if (!tokens?.token) {
    return [
      serializeCookie(ACCESS_TOKEN_COOKIE, '', 0, secure),
      serializeCookie(REFRESH_TOKEN_COOKIE, '', 0, secure),
    ];
  }
  const cookies = [serializeCookie(ACCESS_TOKEN_COOKIE, tokens.token, ACCESS_TOKEN_MAX_AGE, secure)];
  if (tokens.refreshToken) {
    cookies.push(serializeCookie(REFRESH_TOKEN_COOKIE, tokens.refreshToken, REFRESH_TOKEN_MAX_AGE, secure));
  }
  return cookies;
}

/** Tokens read from a Cookie header. */
export function tokensFromCookies(cookieHeader: string | null | undefined): SessionTokens {
  return {
    token: cookieValue(cookieHeader, ACCESS_TOKEN_COOKIE),
    refreshToken: cookieValue(cookieHeader, REFRESH_TOKEN_COOKIE),
  };
}

/** The browser's store: document.cookie, written with the spec's lifetimes. */
export function browserTokenStore(): TokenStore {
  const secure = () => window.location.protocol === 'https:';
  return {
    get: () => tokensFromCookies(document.cookie),
    set(tokens) {
      for (const cookie of tokenCookies(tokens, secure())) {
        // biome-ignore lint/suspicious/noDocumentCookie: values are built and escaped by serializeCookie; the Cookie Store API is missing in some supported browsers.
        document.cookie = cookie;
      }
    },
    statsToken: browserStatsToken,
  };
}

/**
 * A server loader's store for one request: starts from the request's cookies and records every
 * change as Set-Cookie headers for the response, so a refresh made during SSR reaches the browser.
 */
export interface RequestTokenStore extends TokenStore {
  /** Set-Cookie values to add to the response (empty when nothing changed). */
  setCookies(): string[];
}

export function requestTokenStore(request: Request): RequestTokenStore {
  const cookieHeader = request.headers.get('cookie');
  let tokens = tokensFromCookies(cookieHeader);
  const stats = cookieValue(cookieHeader, STATS_TOKEN_COOKIE);
  const secure = new URL(request.url).protocol === 'https:';
  const pending = new Map<string, string>();
  return {
    get: () => tokens,
    set(next) {
      tokens = next?.token ? next : { token: null, refreshToken: null };
      for (const cookie of tokenCookies(next, secure))
        pending.set(cookie.slice(0, cookie.indexOf('=')), cookie);
    },
    // Only the browser creates the visitor's token; a server render forwards the one it has, so a
    // first visit stays cacheable (the API then counts views by address and user agent).
    statsToken: () => stats,
    setCookies: () => [...pending.values()],
  };
}
