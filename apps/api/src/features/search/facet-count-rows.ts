import { offerFacetCounts } from '@estately/db';
import { type FacetGroup, MULTI_VALUE_FILTER_KEYS, type SearchFilters } from '@estately/domain';
import { type SQL, sql } from 'drizzle-orm';

// The landing searches (`/en/search/sale`, a country's apartments for rent) filter by offer
// type, property type and country alone, and they are the broadest: counting their facets
// offer by offer reads up to every public offer. The read model keeps those counts
// pre-aggregated per partition and facet value (offer_facet_counts, migration 0015, kept by
// statement triggers on `offers`), so such a search adds up a few thousand rows instead
// (docs/decisions/025).

/** Keys that narrow nothing or only partition: what a partition-only search may set. */
const PARTITION_KEYS = new Set<string>(['offer_type', 'property_type', 'country_code']);
/** Keys that change the order, the page or the shown currency, never which offers match. */
const PRESENTATION_KEYS = new Set<string>(['sort', 'page', 'per_page', 'currency']);

/**
 * True when the filters narrow by offer type, property type and country at most: every other
 * filter is absent, an empty choice, or a flag left off (`false` is the same as absent).
 * A currency alone only converts the shown prices; with a price bound it is not alone.
 */
export function partitionOnly(filters: SearchFilters): boolean {
  return narrowsOnlyBy(filters, PARTITION_KEYS);
}

const INDEX_KEYS = new Set<string>([
  ...PARTITION_KEYS,
  ...MULTI_VALUE_FILTER_KEYS,
  'price_from',
  'price_to',
  'area_from',
  'area_to',
  'lat',
  'lng',
  'radius_km',
  'bbox',
  // Drawn areas (decision 069): the index tests them as the SQL does.
  'areas',
]);

/**
 * True when the filters narrow by offer type, property type, country, value-set choices,
 * price and area bounds, a viewport, drawn areas and a radius around a point at most: what the
 * per-process facet index counts and pages (facet-index.ts). A radius around a named place
 * (location_id, locality) is not among them.
 */
export function indexable(filters: SearchFilters): boolean {
  return narrowsOnlyBy(filters, INDEX_KEYS);
}

function narrowsOnlyBy(filters: SearchFilters, keys: ReadonlySet<string>): boolean {
  for (const [key, value] of Object.entries(filters)) {
    if (keys.has(key) || PRESENTATION_KEYS.has(key)) continue;
    if (value === undefined || value === false) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    return false;
  }
  return true;
}

const TOTAL = '__total';

function partitionConditions(filters: SearchFilters, skip?: 'offer_type' | 'property_type'): SQL[] {
  const conditions: SQL[] = [];
  if (filters.offer_type !== undefined && skip !== 'offer_type')
    conditions.push(sql`${offerFacetCounts.offerType} = ${filters.offer_type}`);
  if (filters.property_type !== undefined && skip !== 'property_type')
    conditions.push(sql`${offerFacetCounts.propertyType} = ${filters.property_type}`);
  if (filters.country_code !== undefined)
    conditions.push(sql`${offerFacetCounts.countryCode} = ${filters.country_code}`);
  return conditions;
}

const and = (conditions: SQL[]): SQL =>
  conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);

/**
 * The total of a partition-only search: every public offer counts once under its offer type.
 * One row `{ total }`.
 */
export function partitionTotalStatement(filters: SearchFilters): SQL {
  return sql`select coalesce(sum(${offerFacetCounts.offers}), 0)::int as total
    from ${offerFacetCounts}
    where ${offerFacetCounts.facet} = 'offer_type' and ${and(partitionConditions(filters))}`;
}

/**
 * Disjunctive facet counts of a partition-only search from the pre-aggregated rows, in the
 * row shape of the live counting statement (`facet`, `value`, `n`; the total under
 * `__total`). The offer type's counts drop the offer type's own choice and keep the others,
 * the property type's likewise; every value-set group keeps all three.
 */
export function partitionFacetStatement(filters: SearchFilters, groups: readonly FacetGroup[]): SQL {
  const parts: SQL[] = [
    sql`select ${TOTAL}::text as facet, null::text as value, coalesce(sum(${offerFacetCounts.offers}), 0)::int as n
      from ${offerFacetCounts}
      where ${offerFacetCounts.facet} = 'offer_type' and ${and(partitionConditions(filters))}`,
  ];
  // The offer type and the property type each drop their own choice; the value-set groups
  // share one pass that keeps all three.
  for (const group of ['offer_type', 'property_type'] as const) {
    if (!groups.includes(group)) continue;
    parts.push(sql`select ${group}::text, ${offerFacetCounts.value}, sum(${offerFacetCounts.offers})::int
      from ${offerFacetCounts}
      where ${offerFacetCounts.facet} = ${group} and ${and(partitionConditions(filters, group))}
      group by ${offerFacetCounts.value}`);
  }
  const others = groups.filter((group) => group !== 'offer_type' && group !== 'property_type');
  if (others.length > 0) {
    const list = sql.join(
      others.map((group) => sql`${group}`),
      sql`, `,
    );
    parts.push(sql`select ${offerFacetCounts.facet}, ${offerFacetCounts.value}, sum(${offerFacetCounts.offers})::int
      from ${offerFacetCounts}
      where ${offerFacetCounts.facet} in (${list}) and ${and(partitionConditions(filters))}
      group by ${offerFacetCounts.facet}, ${offerFacetCounts.value}`);
  }
  return sql.join(parts, sql` union all `);
}
