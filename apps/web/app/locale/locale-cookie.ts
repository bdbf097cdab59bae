// Only types from @estately/domain here: this module reaches the browser (the locale switcher), and
// the domain package's index would bring its zod schemas along.
import type { Locale } from '@estately/domain';
import { serializeCookie } from '../api/cookies.ts';

// The visitor's chosen locale, kept in the `locale` cookie for 365 days (spec 9). Readable by
// script like the spec's other cookies, so the locale switcher can set it before navigating.

export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Value of one cookie from a Cookie header, or null. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** A Set-Cookie / document.cookie value that remembers the locale for a year on the whole site. */
export function serializeLocaleCookie(locale: Locale, secure = false): string {
  return serializeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE, secure);
}
