import {
  composeSearchPath,
  DecomposeSearchPathResponseSchema,
  defaultFilters,
  type Locale,
  type SearchFilters,
} from '@estately/domain';
import type { ApiClient } from '../../../api/api-client.ts';
import { ApiError } from '../../../api/api-error.ts';
import type { WebConfig } from '../../../config.server.ts';

// The place a search path's locality segment names (spec 2): a slug that names no place in that
// country is a search page that does not exist (route validation: 404), and a slug that does
// gives the place's name in the page's language for the heading and title ("praha" is "Praha",
// "ceske-budejovice" "České Budějovice"). Asked of the API's search-path decomposition, and kept
// per web server: places are few (thousands) and their names change seldom.

export interface SearchPlace {
  name: string;
}

/** How long a place's answer is kept, and how many are. */
const KEEP_MS = 60 * 60_000;
const MAX_KEPT = 10_000;

/** Answers kept, by locale, country and slug; insertion order is age order. */
export type KeptPlaces = Map<string, { place: SearchPlace | null; at: number }>;

const perConfig = new WeakMap<WebConfig, KeptPlaces>();

/**
 * The places kept by the web server serving `config`: each startWeb has its own config, so
 * servers in one process (the browser tests) never share what their APIs answered.
 */
export function keptPlacesOf(config: WebConfig): KeptPlaces {
  let kept = perConfig.get(config);
  if (!kept) {
    kept = new Map();
    perConfig.set(config, kept);
  }
  return kept;
}

/**
 * The place `filters` search in, in `locale`: null when their locality names no place (the page
 * is a 404), undefined when they name none or the API could not say (the page goes on without).
 */
export async function placeOfSearch(options: {
  api: ApiClient;
  kept: KeptPlaces;
  locale: Locale;
  filters: SearchFilters;
  signal?: AbortSignal;
  now?: number;
}): Promise<SearchPlace | null | undefined> {
  const { api, kept, locale, filters, now = Date.now() } = options;
  if (!filters.locality || !filters.country_code) return undefined;
  const key = `${locale}\n${filters.country_code}\n${filters.locality}`;
  const hit = kept.get(key);
  if (hit && now - hit.at < KEEP_MS) return hit.place;
  let place: SearchPlace | null;
  try {
    const path = composeSearchPath(locale, {
      ...defaultFilters(),
      country_code: filters.country_code,
      locality: filters.locality,
    });
    const answer = DecomposeSearchPathResponseSchema.parse(
      await api.post('/public/offer_search_path/decompose', { path }, { signal: options.signal }),
    );
    place = answer.location ? { name: answer.location.name } : null;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) return undefined;
    place = null;
  }
  kept.delete(key);
  kept.set(key, { place, at: now });
  // The oldest answer makes room (a Map keeps insertion order).
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value ?? key);
  return place;
}
