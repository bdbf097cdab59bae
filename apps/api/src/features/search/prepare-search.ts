import type { Db } from '@estately/db';
import { type ExchangeRates, parseFilters, type SearchFilters } from '@estately/domain';
import { AppError } from '../../lib/app-error.ts';
import { loadExchangeRates, ratesFromRows } from '../offers-shared/exchange-rates.ts';
import {
  type OfferConditions,
  offerConditions,
  resolveRadiusCentre,
  withHiddenLeftOut,
} from './offer-conditions.ts';
import { type CountScope, type ReadSnapshot, readVersions } from './read-versions.ts';

export interface PreparedSearch {
  filters: SearchFilters;
  rates: ExchangeRates;
  conditions: OfferConditions;
  /** The change counters' sum of the scope asked for (count-cache.ts), read with the rates. */
  version?: string;
  /** The snapshot the rates and version come from, when counts are cached. */
  snapshot?: ReadSnapshot;
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

/**
 * The live exchange rates and, for a count scope, the sum of its change counters: from a
 * snapshot of the change counters (read-versions.ts, shared by the requests of the moment)
 * when counts are cached, else from the rates table.
 */
async function loadRatesAndVersion(db: Db, scope: CountScope | undefined, taken: ReadSnapshot | undefined) {
  if (scope === undefined)
    return { rates: await loadExchangeRates(db), version: undefined, snapshot: undefined };
  const snapshot = taken ?? (await readVersions(db).current());
  return { rates: snapshot.rates, version: snapshot.version(scope), snapshot };
}

/**
 * The filters' SQL conditions with the live exchange rates (and a radius centre named by a
 * place); with `scope`, the rates and the scope's change counters come from a snapshot: `taken`
 * when the caller read one after its request came, else one read now.
 */
export async function prepareSearch(
  db: Db,
  filters: SearchFilters,
  now: Date,
  scope?: CountScope,
  taken?: ReadSnapshot,
  hidden: readonly number[] = [],
): Promise<PreparedSearch> {
  const [{ rates, version, snapshot }, centre] = await Promise.all([
    loadRatesAndVersion(db, scope, taken),
    resolveRadiusCentre(db, filters),
  ]);
  const conditions = withHiddenLeftOut(offerConditions(filters, { rates, now, centre }), hidden);
  return { filters, rates, version, snapshot, conditions };
}

/**
 * The conditions when they can be built without a database round trip: no price bound in a
 * currency other than CZK (the base, whose rate is always 1) and no radius around a named
 * place. Then a search sends its page query alongside the rates instead of after them.
 */
export function conditionsWithoutLookups(
  filters: SearchFilters,
  now: Date,
  hidden: readonly number[] = [],
): OfferConditions | null {
  const priced = filters.price_from !== undefined || filters.price_to !== undefined;
  if (priced && filters.currency !== undefined && filters.currency !== 'CZK') return null;
  if (filters.radius_km !== undefined && filters.lat === undefined) return null;
  const rates: ExchangeRates = { base: 'CZK', rates: { ...ratesFromRows([]).rates, CZK: 1 } };
  return withHiddenLeftOut(offerConditions(filters, { rates, now }), hidden);
}
