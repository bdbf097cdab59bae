import {
  CURRENCIES,
  type Currency,
  type Locale,
  matchPath,
  type RouteMatch,
  type Screen,
} from '@estately/domain';
import { createTranslator, localeData, type MessageKey, type Translator } from '@estately/i18n';
import { data } from 'react-router';
import { cookieValue } from '../api/cookies.ts';
import { pageUrl } from './page-url.ts';

/**
 * Throws the 404 of spec 2's route validation: the error page then shows
 * 'Page Not Found: {full path}'.
 */
export function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export interface ScreenRequest {
  match: RouteMatch;
  screen: Screen;
  locale: Locale;
  t: Translator;
  url: URL;
}

/** The screen and locale a request renders, from the domain route table. */
export function screenOf(request: Request): ScreenRequest {
  const url = pageUrl(request);
  const match = matchPath(url.pathname);
  if (!match) notFound();
  return { match, screen: match.screen, locale: match.locale, t: createTranslator(match.locale), url };
}

/** `{what} | Estately`: every page names its screen in the title (issue 8). */
export function pageTitle(t: Translator, what: string): string {
  return `${what} | ${t('meta.site_name')}`;
}

export function screenTitle(t: Translator, screen: Screen): string {
  return t(`screen.${screen}` as MessageKey);
}

export const CURRENCY_COOKIE = 'currency';

/**
 * The currency prices are shown in: the visitor's choice (currency cookie, set by the header's
 * switcher), else the signed-in user's preferred one, else the locale's default (spec 9).
 */
export function displayCurrency(request: Request, locale: Locale, preferred?: string | null): Currency {
  const chosen = cookieValue(request.headers.get('cookie'), CURRENCY_COOKIE)?.toUpperCase();
  if (chosen && (CURRENCIES as readonly string[]).includes(chosen)) return chosen as Currency;
  if (preferred && (CURRENCIES as readonly string[]).includes(preferred)) return preferred as Currency;
  return localeData(locale).currency;
}
