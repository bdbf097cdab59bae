import type { Db } from '@estately/db';
import { composeSearchPath, type DecomposeSearchPathResponse, decomposeSearchPath } from '@estately/domain';
import { AppError } from '../../lib/app-error.ts';
import { findLocalityBySlug } from './find-search-location.ts';

export interface DecomposePathOptions {
  db: Db;
  /** A search URL, path with optional query or absolute. */
  path: string;
}

/**
 * POST /public/offer_search_path/decompose: a localized search URL (spec 2) to its locale and
 * filters (spec 9), with the place its locality segment names and the canonical form of the
 * same search. Failures:
 * - not a search path, or a segment that names nothing: 422 `{path: [key]}`;
 * - filters in the query that break spec 5: 422 keyed by the filter (`price_from`, ...);
 * - a locality slug that names no place in that country: 404, as the search page for such
 *   a URL is a 'Page Not Found' (spec 2 route validation).
 */
export async function decomposePath(options: DecomposePathOptions): Promise<DecomposeSearchPathResponse> {
  const result = decomposeSearchPath(options.path);
  if (!result.success) {
    if (result.error === 'invalid_filters') {
      throw new AppError('validation_errors', {
        errors: result.errors ?? { path: ['validation.invalid_value'] },
      });
    }
    const key = result.error === 'unknown_segment' ? 'validation.invalid_slug' : 'validation.invalid_value';
    throw new AppError('validation_errors', { errors: { path: [key] } });
  }

  const { locale } = result;
  let { filters } = result;
  let location = null;
  if (filters.locality && filters.country_code) {
    location = await findLocalityBySlug(options.db, locale, filters.country_code, filters.locality);
    if (!location) throw new AppError('not_found');
    // A slug of another locale is answered with this locale's slug.
    filters = { ...filters, locality: location.slug };
  }
  return {
    locale,
    filters,
    canonical_path: composeSearchPath(locale, filters),
    location_id: location?.id ?? null,
    location,
  };
}
