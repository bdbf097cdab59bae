// Compare, hidden offers and recently viewed offers (issue 44 points 4 and 6, decision 072):
// the limits and the one spelling of an id list that the URL of the compare page, the guests'
// cookies, the API's parameters and the sign-in merge all share.

/** Offers compared side by side: at least two make a comparison, four fit a phone turned sideways. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
/**
 * Hidden offers a guest's browser carries to every search (a cookie, sent with each request):
 * 100 ids are about 800 bytes, well within a cookie's 4 KB. An account has no such cap.
 */
export const GUEST_HIDDEN_CAP = 100;
/** Offers an account can hide: a bound that keeps a search's exclusion list small. */
export const ACCOUNT_HIDDEN_CAP = 1_000;
/** Recently viewed offers kept per browser and per account, newest first. */
export const RECENTLY_VIEWED_CAP = 20;

/** Cookie names of a guest's lists (read by the web server, never by the API). */
export const HIDDEN_OFFERS_COOKIE = 'hidden_offers';
export const RECENTLY_VIEWED_COOKIE = 'recently_viewed';
export const COMPARE_COOKIE = 'compare_offers';

const ID = /^[1-9]\d{0,15}$/;

/**
 * The offer ids of a list written `12.34.56` (dots or commas, as URLs and cookies carry them):
 * valid ids only, each once, in their first order, at most `cap`. Null when any part is not
 * an id, so a caller can refuse a bad list rather than act on part of it.
 */
export function parseOfferIdList(raw: string | null | undefined, cap: number): number[] | null {
  if (raw === null || raw === undefined) return [];
  const text = raw.trim();
  if (text === '') return [];
  const ids: number[] = [];
  for (const part of text.split(/[.,]/)) {
    if (!ID.test(part)) return null;
    const id = Number(part);
    if (!Number.isSafeInteger(id)) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids.slice(0, cap);
}

/** The same list, forgiving: bad parts are skipped (a cookie a person or an old version wrote). */
export function readOfferIdList(raw: string | null | undefined, cap: number): number[] {
  if (!raw) return [];
  const ids: number[] = [];
  for (const part of raw.split(/[.,]/)) {
    const text = part.trim();
    if (!ID.test(text)) continue;
    const id = Number(text);
    if (Number.isSafeInteger(id) && !ids.includes(id)) ids.push(id);
    if (ids.length >= cap) break;
  }
  return ids;
}

/** The list as URLs and cookies carry it (dots need no escaping in either). */
export function writeOfferIdList(ids: readonly number[]): string {
  return ids.join('.');
}

/** `id` first, then the rest without it, cut to `cap`: a newest-first list after adding. */
export function withIdFirst(ids: readonly number[], id: number, cap: number): number[] {
  return [id, ...ids.filter((other) => other !== id)].slice(0, cap);
}

/** The list without `id`. */
export function withoutId(ids: readonly number[], id: number): number[] {
  return ids.filter((other) => other !== id);
}
