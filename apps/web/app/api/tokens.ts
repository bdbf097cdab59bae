// Tokens of the session, kept in cookies readable by script (spec 4 and 9), so the same client
// works in the browser (document.cookie) and in server loaders (the request's Cookie header).
// No imports with runtime code here: this module reaches the browser.

export const ACCESS_TOKEN_COOKIE = 'token';
export const REFRESH_TOKEN_COOKIE = 'refresh_token';
export const STATS_TOKEN_COOKIE = 'stats_token';

/** Spec 9: access token 604800 s (7 days), refresh token 30 days, stats token 3 hours. */
export const ACCESS_TOKEN_MAX_AGE = 604_800;
export const REFRESH_TOKEN_MAX_AGE = 30 * 24 * 60 * 60;
export const STATS_TOKEN_MAX_AGE = 3 * 60 * 60;

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

/** One Set-Cookie / document.cookie value: site-wide, SameSite=Lax, Secure over https (spec 9). */
export function serializeCookie(name: string, value: string, maxAge: number, secure: boolean): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`;
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

/** Value of one cookie from a Cookie header (or document.cookie), or null. */
export function cookieValue(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    if (raw === '') return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
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
    statsToken() {
      let value = cookieValue(document.cookie, STATS_TOKEN_COOKIE);
      if (!value) {
        // A random visitor id for view statistics, renewed after 3 hours (spec 9).
        value = crypto.randomUUID();
        // biome-ignore lint/suspicious/noDocumentCookie: see above.
        document.cookie = serializeCookie(STATS_TOKEN_COOKIE, value, STATS_TOKEN_MAX_AGE, secure());
      }
      return value;
    },
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
