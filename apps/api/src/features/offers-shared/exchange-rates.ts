import { type Db, exchangeRates } from '@estately/db';
import { CURRENCIES, type Currency, convertPrice, DEFAULT_RATES, type ExchangeRates } from '@estately/domain';
import { type SQL, sql } from 'drizzle-orm';

/**
 * CZK per unit of each currency from the exchange_rates table. A currency missing from the
 * table falls back to the built-in starting rate, so a fresh database still shows prices.
 */
export async function loadExchangeRates(db: Db): Promise<ExchangeRates> {
  const rows = await db
    .select({ currency: exchangeRates.currency, rate: exchangeRates.rateToCzk })
    .from(exchangeRates);
  return ratesFromRows(rows);
}

export interface RateRow {
  currency: string;
  rate: number | string;
}

/**
 * The exchange_rates rows as one JSON column ([{currency, rate}]), for a query that needs the
 * rates in the same round trip; turn it into rates with `ratesFromRows(parseJson(value))`.
 */
export function ratesColumn(): SQL<RateRow[] | string | null> {
  return sql<
    RateRow[] | string | null
  >`(select json_agg(json_build_object('currency', ${exchangeRates.currency}, 'rate', ${exchangeRates.rateToCzk})) from ${exchangeRates})`;
}

/** A json column's value: drivers hand it over parsed, or as text. */
export function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** Exchange rates from rows of the exchange_rates table (see `loadExchangeRates`). */
export function ratesFromRows(rows: readonly { currency: string; rate: number | string }[]): ExchangeRates {
  const rates: Record<Currency, number> = { ...DEFAULT_RATES.rates };
  for (const row of rows) {
    const rate = Number(row.rate);
    if ((CURRENCIES as readonly string[]).includes(row.currency) && rate > 0)
      rates[row.currency as Currency] = rate;
  }
  rates.CZK = 1;
  return { base: 'CZK', rates };
}

/** The price in `to`, or null when it cannot be converted (no usable rate). */
export function convertedPrice(
  amount: number,
  from: Currency,
  to: Currency,
  rates: ExchangeRates,
): number | null {
  try {
    return convertPrice(amount, from, to, rates);
  } catch {
    return null;
  }
}
