import type { Db } from '@estately/db';
import { type ExchangeRates, parseFilters, type SearchFilters } from '@estately/domain';
import { AppError } from '../../lib/app-error.ts';
import { loadExchangeRates } from '../offers-shared/exchange-rates.ts';
import { type OfferConditions, offerConditions, resolveRadiusCentre } from './offer-conditions.ts';

export interface PreparedSearch {
  filters: SearchFilters;
  rates: ExchangeRates;
  conditions: OfferConditions;
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

export async function prepareSearch(db: Db, filters: SearchFilters, now: Date): Promise<PreparedSearch> {
  const [rates, centre] = await Promise.all([loadExchangeRates(db), resolveRadiusCentre(db, filters)]);
  return { filters, rates, conditions: offerConditions(filters, { rates, now, centre }) };
}
