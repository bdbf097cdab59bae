import { buildPath, type Locale } from '@estately/domain';
import { type RouterContextProvider, redirect } from 'react-router';
import { pendingSetCookies } from '../request-state.server.ts';
import { pageUrl } from '../routing/page-url.ts';
import { sessionCookieHeaders } from './session-cookies.server.ts';

/**
 * The session ended (the API answered 401 and the refresh failed too): the sign-in page, which
 * brings the visitor back to this page afterwards, where a form puts back what was typed. The
 * session cookies are expired, and cookies set earlier in this request (a refresh's) still go out.
 */
export function signInAgain(context: Readonly<RouterContextProvider>, request: Request, locale: Locale) {
  const page = pageUrl(request);
  const headers = sessionCookieHeaders(request, null);
  for (const cookie of pendingSetCookies(context)) headers.append('Set-Cookie', cookie);
  return redirect(
    `${buildPath('auth', locale)}?redirect=${encodeURIComponent(page.pathname + page.search)}`,
    {
      headers,
    },
  );
}
