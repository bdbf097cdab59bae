import type { Db } from '@estately/db';
import {
  type ComposeSearchPathResponse,
  type CountryCode,
  composeSearchPath,
  type Locale,
  type SearchFilters,
  type SearchPathLocation,
} from '@estately/domain';
import { AppError } from '../../lib/app-error.ts';
import { findLocalityBySlug, findLocationById } from './find-search-location.ts';

export interface ComposePathOptions {
  db: Db;
  locale: Locale;
  filters: SearchFilters;
}

/**
 * POST /public/offer_search_path/compose: the canonical search URL of `filters` in `locale`
 * (spec 2), the inverse of decompose. The domain's composeSearchPath writes it (and leaves out a
 * currency without price bounds, as every search URL of the web does); beyond that this puts
 * places into the path the way visitors read them:
 * - `location_id` (an autocomplete pick) of a city or city part becomes `/{country}/{locality}`
 *   with the locale's slug, of a country `/{country}`; it then leaves the query. An unknown id
 *   is 404; an id in another country than `country_code` is 422 on `filters.location_id`.
 * - a `locality` slug of another locale (after a language switch) becomes this locale's slug;
 *   a slug that names no place in the country is 404.
 */
export async function composePath(options: ComposePathOptions): Promise<ComposeSearchPathResponse> {
  const { db, locale } = options;
  const filters: SearchFilters = { ...options.filters };
  let location: SearchPathLocation | null = null;

  if (filters.locality && filters.country_code) {
    location = (await findLocalityBySlug(db, locale, filters.country_code, filters.locality)) ?? null;
    if (!location) throw new AppError('not_found');
    filters.locality = location.slug;
  } else if (filters.location_id !== undefined && !filters.locality) {
    location = (await findLocationById(db, locale, filters.location_id)) ?? null;
    if (!location) throw new AppError('not_found');
    if (filters.country_code && filters.country_code !== location.country_code) {
      throw new AppError('validation_errors', {
        errors: { 'filters.location_id': ['validation.invalid_value'] },
      });
    }
    filters.country_code = location.country_code as CountryCode;
    if (location.kind !== 'country') filters.locality = location.slug;
    delete filters.location_id;
  }

  return { path: composeSearchPath(locale, filters), location_id: location?.id ?? null, location };
}
