import {
  CURRENCIES,
  type Currency,
  convertPrice,
  DEFAULT_RATES,
  FILTER_LIMITS,
  type SearchFilters,
} from '@estately/domain';
import { displayCurrencyCookie } from '../../../lib/currency-choice.ts';

function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/**
 * The headers of the redirect that a plain GET filter form (no JavaScript) lands on: its currency
 * field, when it differs from the display currency, becomes the display currency, as the
 * enhanced form does in the browser. Empty when nothing changes.
 */
export function chosenCurrencyHeaders(request: Request, query: URLSearchParams, display: Currency): Headers {
  const headers = new Headers();
  const chosen = query.get('currency')?.toUpperCase();
  if (isCurrency(chosen) && chosen !== display) {
    headers.append('Set-Cookie', displayCurrencyCookie(chosen, new URL(request.url).protocol === 'https:'));
  }
  return headers;
}

/**
 * `value` to three significant digits, down or up (321 600 → 321 000 or 322 000), within the
 * price filter's limits (1 to 10^12), so the re-expressed search is a valid one.
 */
export function roundBound(value: number, direction: 'down' | 'up'): number {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(value, 1))) - 2);
  const rounded = (direction === 'down' ? Math.floor(value / step) : Math.ceil(value / step)) * step;
  return Math.min(FILTER_LIMITS.price.max, Math.max(1, rounded));
}

/**
 * The same search with its price bounds re-expressed in `display` (decision 048), or null when
 * its bounds are already in it (or it has none). The lower bound is rounded down and the upper
 * one up to three significant digits, so no offer of the original range is lost. Converted at
 * the built-in rates, the ones the seed writes to the API's exchange_rates table.
 */
export function boundsInCurrency(filters: SearchFilters, display: Currency): SearchFilters | null {
  const from = filters.currency;
  if (!from || from === display) return null;
  if (filters.price_from === undefined && filters.price_to === undefined) return null;
  const convert = (amount: number | undefined, direction: 'down' | 'up') =>
    amount === undefined
      ? undefined
      : roundBound(convertPrice(amount, from, display, DEFAULT_RATES), direction);
  return {
    ...filters,
    currency: display,
    price_from: convert(filters.price_from, 'down'),
    price_to: convert(filters.price_to, 'up'),
  };
}
