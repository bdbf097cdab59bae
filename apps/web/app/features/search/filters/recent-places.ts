// Recently chosen places (spec 9): localStorage `maptiler_locations`, at most 50, each kept 7 days.
// The key keeps the name the product has always used, so places chosen before carry over.

export const RECENT_PLACES_KEY = 'maptiler_locations';
export const RECENT_PLACES_MAX = 50;
export const RECENT_PLACES_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface RecentPlace {
  id: number;
  kind: 'country' | 'city' | 'city_part';
  name: string;
  parent_name: string | null;
  slug: string;
  country_code: string;
  /** When it was chosen (ms since the epoch). */
  saved_at: number;
}

function isRecentPlace(value: unknown): value is RecentPlace {
  const place = value as Partial<RecentPlace> | null;
  return (
    typeof place === 'object' &&
    place !== null &&
    typeof place.id === 'number' &&
    typeof place.name === 'string' &&
    typeof place.slug === 'string' &&
    typeof place.country_code === 'string' &&
    typeof place.saved_at === 'number'
  );
}

/** The stored list without expired or malformed entries, newest first. */
export function readRecentPlaces(storage: Pick<Storage, 'getItem'>, now = Date.now()): RecentPlace[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(RECENT_PLACES_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter(isRecentPlace)
    .filter((place) => now - place.saved_at < RECENT_PLACES_TTL_MS)
    .sort((a, b) => b.saved_at - a.saved_at)
    .slice(0, RECENT_PLACES_MAX);
}

/** Puts a place first (once), drops expired ones and keeps the newest 50. */
export function rememberPlace(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  place: Omit<RecentPlace, 'saved_at'>,
  now = Date.now(),
): RecentPlace[] {
  const list = [
    { ...place, saved_at: now },
    ...readRecentPlaces(storage, now).filter((other) => other.id !== place.id),
  ].slice(0, RECENT_PLACES_MAX);
  try {
    storage.setItem(RECENT_PLACES_KEY, JSON.stringify(list));
  } catch {
    // A full or blocked storage only costs the list of recent places.
  }
  return list;
}
