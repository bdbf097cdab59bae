import type { Locale } from './locales.ts';

// Business constants and limits of spec 9, in one place. Paging and radius defaults live with
// the filter model (filters.ts) and are re-exported there; these are the rest.

export {
  DEFAULT_PAGE,
  DEFAULT_PER_PAGE,
  DEFAULT_RADIUS_KM,
  DEFAULT_SORT,
  MAX_PER_PAGE,
  MAX_RADIUS_KM,
} from './search/filters.ts';

const DAY_S = 24 * 60 * 60;

/** Cookie lifetimes in seconds (spec 9). */
export const ACCESS_TOKEN_COOKIE_MAX_AGE_S = 604_800;
export const REFRESH_TOKEN_COOKIE_MAX_AGE_S = 30 * DAY_S;
export const STATS_TOKEN_COOKIE_MAX_AGE_S = 3 * 60 * 60;
export const LOCALE_COOKIE_MAX_AGE_S = 365 * DAY_S;

/** Cookie names (designed here). */
export const COOKIE_NAMES = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  statsToken: 'stats_token',
  locale: 'locale',
} as const;

/**
 * Spec 9: the session cookies are secure, SameSite=Lax and readable by script (the client
 * attaches the bearer token itself), so they are not HttpOnly.
 */
export const SESSION_COOKIE_ATTRIBUTES = {
  secure: true,
  sameSite: 'lax',
  httpOnly: false,
  path: '/',
} as const;

/** Spec 9 list sizes. */
export const SIMILAR_OFFERS_LIMIT = 4;
export const FAVOURITES_PAGE_SIZE = 10;
export const FEATURED_LIMIT = 8;

/** Recent-locations cache in the browser (spec 9). */
export const RECENT_LOCATIONS_KEY = 'maptiler_locations';
export const RECENT_LOCATIONS_MAX = 50;
export const RECENT_LOCATIONS_TTL_MS = 7 * DAY_S * 1000;

/** Spec 9: Earth radius for distance computations. */
export { EARTH_RADIUS_KM } from './earth.ts';

/** Toasts (spec 2, spec 9): top right, visible 4000 ms, at most 3 at once. */
export const TOAST_DURATION_MS = 4000;
export const TOAST_MAX_VISIBLE = 3;
export const TOAST_POSITION = 'top-right' as const;

/** Fallback toast text when an error carries none (spec 8). */
export const DEFAULT_ERROR_MESSAGE = 'An error occurred';

export interface DateConventions {
  /** 1 = Monday. */
  weekStartsOn: 0 | 1;
  hourCycle: 'h23' | 'h12';
  /** Display pattern of a date. */
  datePattern: string;
}

/** Date conventions the spec states (spec 9); other locales follow their Intl data. */
export const LOCALE_DATE_CONVENTIONS: Readonly<Partial<Record<Locale, DateConventions>>> = {
  cs: { weekStartsOn: 1, hourCycle: 'h23', datePattern: 'DD.MM.YYYY' },
  'en-GB': { weekStartsOn: 1, hourCycle: 'h23', datePattern: 'DD/MM/YYYY' },
};
