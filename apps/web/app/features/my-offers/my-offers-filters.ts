import {
  MY_PROPERTIES_QUERY_MAX,
  MY_PROPERTIES_SORTS,
  type MyPropertiesSort,
  OFFER_TYPES,
  type OfferType,
  PROPERTY_STATES,
  PROPERTY_TYPES,
  type PropertyState,
  type PropertyType,
} from '@estately/domain';

// The filters of my offers in the page's URL (issue 38 point 12): `state`, `kind` (sale or rent),
// `type` (apartment or house), `q` (search text), `sort` and `page`, so a filtered list is a link
// and the filter bar is a plain GET form that works before the scripts load. A value the list
// does not know is ignored rather than refused: the URL is typed by hand or kept from an older
// version. Browser-safe, pure.

export interface MyOffersFilters {
  state: PropertyState | null;
  kind: OfferType | null;
  type: PropertyType | null;
  q: string;
  sort: MyPropertiesSort;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

export function parseMyOffersFilters(params: URLSearchParams): MyOffersFilters {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    state: oneOf(PROPERTY_STATES, params.get('state')),
    kind: oneOf(OFFER_TYPES, params.get('kind')),
    type: oneOf(PROPERTY_TYPES, params.get('type')),
    q: (params.get('q') ?? '').trim().slice(0, MY_PROPERTIES_QUERY_MAX),
    sort: oneOf(MY_PROPERTIES_SORTS, params.get('sort')) ?? 'newest',
    page: Number.isSafeInteger(page) && page > 1 ? Math.min(page, 100_000) : 1,
  };
}

/**
 * The filters as parameters: for the API (`offer_type`, `property_type`, ...) or, with `forUrl`,
 * for the page's own URL (`kind`, `type`, ...), leaving out what is at its default.
 */
export function myOffersQuery(filters: MyOffersFilters, forUrl = false): Record<string, string> {
  const out: Record<string, string> = {};
  if (filters.state) out.state = filters.state;
  if (filters.kind) out[forUrl ? 'kind' : 'offer_type'] = filters.kind;
  if (filters.type) out[forUrl ? 'type' : 'property_type'] = filters.type;
  if (filters.q) out.q = filters.q;
  if (!forUrl || filters.sort !== 'newest') out.sort = filters.sort;
  if (!forUrl || filters.page > 1) out.page = String(filters.page);
  return out;
}
