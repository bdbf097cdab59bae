import {
  COMPARE_COOKIE,
  COMPARE_MAX,
  GUEST_HIDDEN_CAP,
  HIDDEN_OFFERS_COOKIE,
  RECENTLY_VIEWED_CAP,
  RECENTLY_VIEWED_COOKIE,
  readOfferIdList,
  writeOfferIdList,
} from '@estately/domain';
import { cookieValue, serializeCookie } from '../api/cookies.ts';

// The lists a browser keeps in cookies (issue 44 points 4 and 6, decision 072): the offers
// picked for comparison (the tray), a guest's hidden offers (sent with every search) and a
// guest's recently viewed offers (written by the offer page, merged into the account at sign-in).
// Hidden and compare cookies make the pages of that browser its own: the page cache and the
// Cache-Control rules treat them like a session (server/page-cache.ts, entry.server.tsx).

/** A year: a hidden offer stays hidden, a comparison waits for its visitor to come back. */
const LIST_MAX_AGE = 365 * 24 * 3600;

export interface BrowserLists {
  compare: number[];
  hidden: number[];
  recent: number[];
}

export function browserListsOf(request: Request): BrowserLists {
  const header = request.headers.get('cookie');
  return {
    compare: readOfferIdList(cookieValue(header, COMPARE_COOKIE), COMPARE_MAX),
    hidden: readOfferIdList(cookieValue(header, HIDDEN_OFFERS_COOKIE), GUEST_HIDDEN_CAP),
    recent: readOfferIdList(cookieValue(header, RECENTLY_VIEWED_COOKIE), RECENTLY_VIEWED_CAP),
  };
}

function secure(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}

/** The Set-Cookie of one list: written, or expired when empty. */
export function listCookie(
  request: Request,
  name: typeof COMPARE_COOKIE | typeof HIDDEN_OFFERS_COOKIE | typeof RECENTLY_VIEWED_COOKIE,
  ids: readonly number[],
): string {
  return serializeCookie(name, writeOfferIdList(ids), ids.length === 0 ? 0 : LIST_MAX_AGE, secure(request));
}

/** A one-time notice for the next page (hidden with undo, compare full): read once, then expired. */
export const LIST_NOTICE_COOKIE = 'offer_list_notice';

export type ListNotice =
  | { kind: 'hidden'; id: number }
  | { kind: 'compare_full' }
  | { kind: 'shown'; id: number };

export function noticeCookie(request: Request, notice: ListNotice | null): string {
  const value =
    notice === null ? '' : notice.kind === 'compare_full' ? 'compare_full' : `${notice.kind}.${notice.id}`;
  return serializeCookie(LIST_NOTICE_COOKIE, value, notice === null ? 0 : 60, secure(request));
}

export function noticeOf(request: Request): ListNotice | null {
  const raw = cookieValue(request.headers.get('cookie'), LIST_NOTICE_COOKIE);
  if (raw === 'compare_full') return { kind: 'compare_full' };
  const match = /^(hidden|shown)\.([1-9]\d{0,15})$/.exec(raw ?? '');
  if (!match) return null;
  return { kind: match[1] as 'hidden' | 'shown', id: Number(match[2]) };
}
