import { cookieValue, serializeCookie } from './cookies.ts';

// The visitor's statistics token (spec 9): a random id in a cookie for 3 hours, sent to the API as
// X-Stats-Token so an offer's views count once per visitor. Made in the browser only (a server
// render forwards the one it has, so a first visit stays cacheable). Apart from tokens.ts: every
// page makes it once it runs (root.tsx), which the session's token store is not needed for.

export const STATS_TOKEN_COOKIE = 'stats_token';
export const STATS_TOKEN_MAX_AGE = 3 * 60 * 60;

/** The browser's statistics token, made (a random visitor id, renewed after 3 hours) when missing. */
export function browserStatsToken(): string {
  let value = cookieValue(document.cookie, STATS_TOKEN_COOKIE);
  if (!value) {
    value = crypto.randomUUID();
    // biome-ignore lint/suspicious/noDocumentCookie: the value is a UUID written by serializeCookie; the Cookie Store API is missing in some supported browsers.
    document.cookie = serializeCookie(
      STATS_TOKEN_COOKIE,
      value,
      STATS_TOKEN_MAX_AGE,
      window.location.protocol === 'https:',
    );
  }
  return value;
}
