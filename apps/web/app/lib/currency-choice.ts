import type { Currency } from '@estately/domain';
import { serializeCookie } from '../api/cookies.ts';

// One currency choice for the whole site (issue 39 defect 6, decision 048): the header's switcher
// and the filter panel's currency field both write the `currency` cookie, which every loader
// reads (routing/screen.server.ts displayCurrency). A search's price bounds keep their own
// currency in the URL, so a shared search stays exact; the prices shown follow the choice.

/** A year, like the locale cookie. */
export const CURRENCY_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The `Set-Cookie` value (or `document.cookie` line) that makes `currency` the display currency. */
export function displayCurrencyCookie(currency: Currency, secure: boolean): string {
  return serializeCookie('currency', currency, CURRENCY_COOKIE_MAX_AGE, secure);
}

/** In the browser: make `currency` the display currency; the loaders read it on their next run. */
export function chooseDisplayCurrency(currency: Currency): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the value is one of the currency codes; the Cookie Store API is missing in some supported browsers.
  document.cookie = displayCurrencyCookie(currency, window.location.protocol === 'https:');
}
