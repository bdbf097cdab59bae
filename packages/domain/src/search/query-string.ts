import { encodeAreas } from './drawn-areas.ts';
import type { SearchFilters } from './filter-spec.ts';
import {
  DEFAULT_PAGE,
  DEFAULT_PER_PAGE,
  DEFAULT_RADIUS_KM,
  DEFAULT_SORT,
  FILTER_KEYS,
  type FilterKey,
} from './filters.ts';

// The URL form of a search (spec 9 filters, spec 5 rules).
//
// Canonical query string, as `serializeFilters` writes it:
// - keys in alphabetical order; absent filters and defaults (sort=activated_at_desc, page=1,
//   per_page=25, radius_km=25 next to lat/lng) are left out;
// - multi-value filters as ONE comma list in value-set order: `dispositions=2,3`. Parsing
//   accepts comma lists, repeated keys (`dispositions=2&dispositions=3`) and `dispositions[]`;
// - flags as `1`, the bounding box as `bbox=south,west,north,east`, numbers in JavaScript's
//   shortest round-trip form; drawn areas in their compact form (drawn-areas.ts).
// Values are percent-encoded except the list commas, so `6+` travels as `6%2B`.

export type FieldErrors = Record<string, string[]>;

function isDefault(filters: SearchFilters, name: FilterKey): boolean {
  switch (name) {
    case 'sort':
      return filters.sort === DEFAULT_SORT;
    case 'page':
      return filters.page === DEFAULT_PAGE;
    case 'per_page':
      return filters.per_page === DEFAULT_PER_PAGE;
    case 'radius_km':
      // The default only applies around a lat/lng point; elsewhere the radius must be written.
      return (
        filters.radius_km === DEFAULT_RADIUS_KM && filters.lat !== undefined && filters.lng !== undefined
      );
    default:
      return false;
  }
}

function encodeValue(value: unknown): string | undefined {
  if (value === undefined || value === null || value === false) return undefined;
  if (value === true) return '1';
  if (Array.isArray(value)) {
    return value.length === 0 ? undefined : value.map((item) => encodeURIComponent(String(item))).join(',');
  }
  if (typeof value === 'object') {
    const box = value as { south: number; west: number; north: number; east: number };
    return [box.south, box.west, box.north, box.east].map(String).join(',');
  }
  return encodeURIComponent(String(value));
}

/**
 * The canonical query string of `filters` (without the leading `?`; empty when nothing
 * differs from the defaults). `omit` leaves out keys carried elsewhere, e.g. in the path.
 */
export function serializeFilters(filters: SearchFilters, omit: readonly FilterKey[] = []): string {
  const parts: string[] = [];
  for (const name of FILTER_KEYS) {
    if (omit.includes(name) || isDefault(filters, name)) continue;
    const encoded =
      name === 'areas'
        ? filters.areas?.length
          ? encodeAreas(filters.areas)
          : undefined
        : encodeValue(filters[name]);
    if (encoded !== undefined) parts.push(`${name}=${encoded}`);
  }
  return parts.join('&');
}
