import { tokenCookies } from '../api/tokens.ts';

/** Set-Cookie headers storing a new token pair (spec 9 lifetimes), or expiring both (null). */
export function sessionCookieHeaders(
  request: Request,
  pair: { token: string; refresh_token: string } | null,
): Headers {
  const secure = new URL(request.url).protocol === 'https:';
  const headers = new Headers();
  const cookies = tokenCookies(pair ? { token: pair.token, refreshToken: pair.refresh_token } : null, secure);
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return headers;
}
