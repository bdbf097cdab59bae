import { HIDDEN_OFFERS_COOKIE, RECENTLY_VIEWED_COOKIE } from '@estately/domain';
import type { WebConfig } from '../../config.server.ts';
import { browserListsOf, listCookie } from '../../lib/offer-lists.server.ts';
import { SSR_API_TIMEOUT_MS } from '../../request-state.server.ts';

/**
 * At sign-in, the offers this browser hid and viewed as a guest become the account's (issue 44
 * point 6, decision 072), and the browser's copies are expired: from now on the account holds
 * them. A failed merge keeps the cookies (the next sign-in tries again) and never fails the
 * sign-in itself. Returns the Set-Cookie values to send with the redirect.
 */
export async function mergeBrowserLists(
  config: WebConfig,
  request: Request,
  identity: Record<string, string>,
  token: string,
): Promise<string[]> {
  const lists = browserListsOf(request);
  const send = async (path: string, ids: readonly number[]) => {
    if (ids.length === 0) return false;
    const response = await fetch(`${config.apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...identity },
      body: JSON.stringify({ offer_ids: ids }),
      signal: AbortSignal.timeout(SSR_API_TIMEOUT_MS * 2),
    }).catch(() => null);
    return response?.ok === true;
  };
  const cookies: string[] = [];
  if (await send('/user/hidden_offers', lists.hidden))
    cookies.push(listCookie(request, HIDDEN_OFFERS_COOKIE, []));
  if (await send('/user/recently_viewed', lists.recent))
    cookies.push(listCookie(request, RECENTLY_VIEWED_COOKIE, []));
  return cookies;
}
