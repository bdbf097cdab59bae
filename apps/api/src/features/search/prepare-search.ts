import { type Db, exchangeRates } from '@estately/db';
import { type ExchangeRates, parseFilters, type SearchFilters } from '@estately/domain';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { loadExchangeRates, ratesFromRows } from '../offers-shared/exchange-rates.ts';
import { type CountScope, versionCondition } from './count-cache.ts';
import { type OfferConditions, offerConditions, queryRows, resolveRadiusCentre } from './offer-conditions.ts';

export interface PreparedSearch {
  filters: SearchFilters;
  rates: ExchangeRates;
  conditions: OfferConditions;
  /** The change counters' sum of the scope asked for (count-cache.ts), read with the rates. */
  version?: string;
}

/**
 * Validates a raw query with the domain's filter model (spec 5 rules; 422 naming each field)
 * and turns it into SQL conditions with the live exchange rates.
 */
export function validateFilters(query: unknown): SearchFilters {
  const parsed = parseFilters((query ?? {}) as Record<string, unknown>);
  if (!parsed.success) throw new AppError('validation_errors', { errors: parsed.errors });
  return parsed.data;
}

const VERSION_ROW = '*version';

/**
 * The live exchange rates and, for a count scope, the sum of its change counters, in one
 * round trip: a served search needs nothing else before its page.
 */
async function loadRatesAndVersion(db: Db, scope: CountScope | undefined) {
  if (scope === undefined) return { rates: await loadExchangeRates(db), version: undefined };
  const rows = await queryRows<{ currency: string; rate: string }>(
    db,
    sql`select ${exchangeRates.currency} as currency, ${exchangeRates.rateToCzk}::text as rate from ${exchangeRates}
        union all
        select ${VERSION_ROW}, coalesce(sum(version), 0)::text from offer_count_versions where ${versionCondition(scope)}`,
  );
  const version = rows.find((row) => row.currency === VERSION_ROW)?.rate ?? '0';
  return { rates: ratesFromRows(rows.filter((row) => row.currency !== VERSION_ROW)), version };
}

/**
 * The filters' SQL conditions with the live exchange rates (and a radius centre named by a
 * place); with `scope`, the scope's change counters are read in the same round trip.
 */
export async function prepareSearch(
  db: Db,
  filters: SearchFilters,
  now: Date,
  scope?: CountScope,
): Promise<PreparedSearch> {
  const [{ rates, version }, centre] = await Promise.all([
    loadRatesAndVersion(db, scope),
    resolveRadiusCentre(db, filters),
  ]);
  return { filters, rates, version, conditions: offerConditions(filters, { rates, now, centre }) };
}

/**
 * The conditions when they can be built without a database round trip: no price bound in a
 * currency other than CZK (the base, whose rate is always 1) and no radius around a named
 * place. Then a search sends its page query alongside the rates instead of after them.
 */
export function conditionsWithoutLookups(filters: SearchFilters, now: Date): OfferConditions | null {
  const priced = filters.price_from !== undefined || filters.price_to !== undefined;
  if (priced && filters.currency !== undefined && filters.currency !== 'CZK') return null;
  if (filters.radius_km !== undefined && filters.lat === undefined) return null;
  const rates: ExchangeRates = { base: 'CZK', rates: { ...ratesFromRows([]).rates, CZK: 1 } };
  return offerConditions(filters, { rates, now });
}
