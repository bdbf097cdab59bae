import { type Db, offers } from '@estately/db';
import {
  encodeAreas,
  FACET_GROUPS,
  FACET_VALUES,
  type FacetCounts,
  type FacetGroup,
  type OfferFacetsResponse,
  type SearchFilters,
} from '@estately/domain';
import { type SQL, sql } from 'drizzle-orm';
import { countScope, countVersion, type OfferCountCache } from './count-cache.ts';
import { indexable, partitionFacetStatement, partitionOnly } from './facet-count-rows.ts';
import type { FacetIndex } from './facet-index-types.ts';
import { arrayColumn, facetValueExpression, isArrayGroup, queryRows } from './offer-conditions.ts';
import { prepareSearch } from './prepare-search.ts';
import { type ReadSnapshot, readVersions } from './read-versions.ts';

export interface CountOfferFacetsOptions {
  db: Db;
  filters: SearchFilters;
  /** Groups to count; all by default. */
  groups?: readonly FacetGroup[];
  now?: Date;
  /** Serves the counts from memory while no offer they count has changed. */
  cache?: OfferCountCache;
  /**
   * Add up the pre-aggregated counts when the filters allow it (default); false counts the
   * offers themselves whatever the filters (what the pre-aggregated counts are tested against).
   */
  partitionCounts?: boolean;
  /**
   * The process's facet index: counts searches by partition and value-set choices in memory
   * (facet-index.ts) instead of reading every matching offer. Used with `cache` only, whose
   * snapshot of the change counters it is brought up to.
   */
  index?: FacetIndex;
  /** Offers the person asking hid (decision 072): not counted. */
  hidden?: readonly number[];
}

/** The `groups` parameter: a comma list (or repeated key) of facet groups; absent means all, null when invalid. */
export function parseFacetGroups(raw: unknown): FacetGroup[] | null {
  if (raw === undefined || raw === null || raw === '') return [...FACET_GROUPS];
  const items = (Array.isArray(raw) ? raw : [raw])
    .flatMap((item) => String(item).split(','))
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.some((item) => !(FACET_GROUPS as readonly string[]).includes(item))) return null;
  return FACET_GROUPS.filter((group) => items.includes(group));
}

const TOTAL = '__total';

/** The cache key of an answer of the facet index: every filter it counts by, in a fixed order. */
export function indexKey(kind: string, filters: SearchFilters, groups: readonly FacetGroup[]): string {
  const parts = [kind, filters.offer_type ?? '', filters.property_type ?? '', filters.country_code ?? ''];
  for (const group of FACET_GROUPS) {
    const chosen = (filters as unknown as Record<string, unknown>)[group];
    if (Array.isArray(chosen) && chosen.length > 0) parts.push(`${group}=${[...chosen].sort().join(',')}`);
  }
  // Price bounds count with a currency only (offer-conditions.ts); callers add the rates to the version.
  if (filters.currency !== undefined && (filters.price_from !== undefined || filters.price_to !== undefined))
    parts.push(`price=${filters.price_from ?? ''}..${filters.price_to ?? ''} ${filters.currency}`);
  if (filters.area_from !== undefined || filters.area_to !== undefined)
    parts.push(`area=${filters.area_from ?? ''}..${filters.area_to ?? ''}`);
  if (filters.radius_km !== undefined && filters.lat !== undefined && filters.lng !== undefined)
    parts.push(`radius=${filters.lat},${filters.lng},${filters.radius_km}`);
  if (filters.bbox !== undefined) {
    const { south, west, north, east } = filters.bbox;
    parts.push(`bbox=${south},${west},${north},${east}`);
  }
  // Drawn areas (decision 069) in their URL form: equal areas, equal key.
  if (filters.areas !== undefined) parts.push(`areas=${encodeAreas(filters.areas)}`);
  parts.push(`groups=${groups.join(',')}`);
  return parts.join('|');
}

/**
 * Facet counts of the filter panel (spec 9, DESIGN 5: one round trip). Standard disjunctive
 * faceting: the count of value v in group G is the number of offers matching every filter
 * except G's own choice, and having v. One SQL statement: a CTE holds the offers matching the
 * filters outside the counted groups, with one boolean per counted group that has a choice; each group is then
 * a GROUP BY over the CTE with the other groups' booleans, all joined by UNION ALL, plus the
 * total with every boolean. A search that filters by offer type, property type and country
 * alone adds up the pre-aggregated counts instead (facet-count-rows.ts); one that adds only
 * value-set choices is counted by the process's facet index (facet-index.ts).
 */
export async function countOfferFacets(options: CountOfferFacetsOptions): Promise<OfferFacetsResponse> {
  const { db, filters, groups = FACET_GROUPS, now = new Date() } = options;
  // A person's hidden offers (decision 072) make the counts theirs alone: counted in SQL, kept
  // nowhere.
  const hidden = options.hidden ?? [];
  const personal = hidden.length > 0;
  const cache = personal ? undefined : options.cache;
  const index = personal ? undefined : options.index;
  const partitionCounts = !personal && (options.partitionCounts ?? true);
  const scope = countScope(filters, groups);
  let taken: ReadSnapshot | undefined;
  if (cache && index && !partitionOnly(filters) && indexable(filters)) {
    const held = await countAsHeld(db, filters, groups, cache, index);
    if ('counts' in held) return held.counts;
    taken = held.snapshot;
  }
  const { conditions, version, snapshot } = await prepareSearch(
    db,
    filters,
    now,
    cache ? scope : undefined,
    taken,
    hidden,
  );
  if (cache && index && snapshot && version !== undefined && !partitionOnly(filters) && indexable(filters)) {
    return cache.getKeyed(indexKey('facets', filters, groups), `${version}|${snapshot.ratesKey}`, () =>
      index.count(db, snapshot, filters, groups),
    );
  }
  type Row = { facet: string; value: string | null; n: number };
  if (partitionCounts && partitionOnly(filters)) {
    // Offer type, property type and country alone: the pre-aggregated rows. Cached under the
    // filters' own key, so a cached answer costs no statement building (the page's filter
    // panel asks for one on every results page).
    const count = () => queryRows<Row>(db, partitionFacetStatement(filters, groups));
    const rows = cache
      ? await cache.getKeyed(
          indexKey('partition-facets', filters, groups),
          version ?? (await countVersion(db, scope)),
          count,
        )
      : await count();
    return facetsOfRows(rows, groups);
  }
  // Only a counted group needs its choice as a flag; the choice of a group that is not
  // counted is an ordinary filter in the CTE, where indexes can serve it.
  const chosen = (Object.keys(conditions.groups) as FacetGroup[]).filter((group) => groups.includes(group));
  const filtersInBase = [
    ...conditions.common,
    ...(Object.keys(conditions.groups) as FacetGroup[])
      .filter((group) => !groups.includes(group))
      .map((group) => conditions.groups[group]!),
  ];
  const column = (prefix: string, group: string) => sql.raw(`${prefix}_${group}`);

  const selected: SQL[] = [sql`1 as one`];
  for (const group of groups) {
    const expression = isArrayGroup(group) ? sql`${arrayColumn(group)}` : facetValueExpression(group);
    selected.push(sql`${expression} as ${column('v', group)}`);
  }
  for (const group of chosen) {
    selected.push(sql`coalesce(${conditions.groups[group]}, false) as ${column('f', group)}`);
  }
  const flagsExcept = (skip?: FacetGroup): SQL => {
    const flags = chosen.filter((group) => group !== skip).map((group) => column('f', group));
    return flags.length === 0 ? sql`true` : sql.join(flags, sql` and `);
  };
  const common = filtersInBase.length === 0 ? sql`true` : sql.join(filtersInBase, sql` and `);

  const parts: SQL[] = [
    sql`select ${TOTAL}::text as facet, null::text as value, count(*)::int as n from base where ${flagsExcept()}`,
  ];
  for (const group of groups) {
    const value = column('v', group);
    parts.push(
      isArrayGroup(group)
        ? // Each value once per offer, however often its array holds it (two bedrooms are one
          // offer with a bedroom), as the search with the value finds it (migration 0045).
          sql`select ${group}::text, item, count(*)::int from base cross join lateral (select distinct item from unnest(${value}) as item) as items where ${flagsExcept(group)} group by item`
        : sql`select ${group}::text, ${value}, count(*)::int from base where ${flagsExcept(group)} group by ${value}`,
    );
  }
  const statement = sql`with base as materialized (
    select ${sql.join(selected, sql`, `)}
    from ${offers}
    where ${common}
  )
  ${sql.join(parts, sql` union all `)}`;

  const count = () => queryRows<Row>(db, statement);
  const rows = cache ? await cache.get(db, scope, statement, count, version) : await count();
  return facetsOfRows(rows, groups);
}

/**
 * The index's counts without waiting for a snapshot first (docs/decisions/025, addendum on
 * fresh searches): a snapshot read is sent (shared with the requests of the moment), and while
 * it is on its way the index counts the partitions as held at the last snapshot. The same
 * counter total and rates in the new snapshot mean no offer changed since, so the counts are
 * those of now. Otherwise, or when the guess cannot be made, the snapshot read (if any) for
 * the usual road. A kept answer under the last snapshot is checked the usual way instead.
 */
async function countAsHeld(
  db: Db,
  filters: SearchFilters,
  groups: readonly FacetGroup[],
  cache: OfferCountCache,
  index: FacetIndex,
): Promise<{ counts: OfferFacetsResponse } | { snapshot?: ReadSnapshot }> {
  const versions = readVersions(db);
  const base = versions.latest();
  if (!base) return {};
  const key = indexKey('facets', filters, groups);
  const versioned = `${base.version(countScope(filters, groups))}|${base.ratesKey}`;
  if (cache.holds(key, versioned)) return {};
  const reading = versions.current();
  // The read is sent at the end of this turn; the count runs after it, while it is on its way.
  await new Promise((resolve) => setImmediate(resolve));
  const held = index.countAsHeld(db, base, filters, groups);
  const snapshot = await reading;
  if (!held || snapshot.total !== base.total || snapshot.ratesKey !== base.ratesKey) return { snapshot };
  held.confirm();
  cache.put(key, versioned, held.value);
  return { counts: held.value };
}

// The answer of kept rows, kept beside them (the partitions' counts are asked on every results
// page): rows come back from the cache as the same array until they change, and the answer
// goes with them. Answers are shared read-only, as the index's kept answers are.
const answersOfRows = new WeakMap<object, Map<string, OfferFacetsResponse>>();

/** The answer of the counting statements' rows (`facet`, `value`, `n`; the total under `__total`). */
function facetsOfRows(
  rows: readonly { facet: string; value: string | null; n: number }[],
  groups: readonly FacetGroup[],
): OfferFacetsResponse {
  let answers = answersOfRows.get(rows);
  if (!answers) {
    answers = new Map();
    answersOfRows.set(rows, answers);
  }
  const key = groups.join(',');
  let answer = answers.get(key);
  if (!answer) {
    answer = answerOfRows(rows, groups);
    answers.set(key, answer);
  }
  return answer;
}

function answerOfRows(
  rows: readonly { facet: string; value: string | null; n: number }[],
  groups: readonly FacetGroup[],
): OfferFacetsResponse {
  const facets: Record<string, Record<string, number>> = {};
  for (const group of groups)
    facets[group] = Object.fromEntries(FACET_VALUES[group].map((value) => [value, 0]));
  let total = 0;
  for (const row of rows) {
    if (row.facet === TOTAL) total = Number(row.n);
    else if (row.value !== null && facets[row.facet] && row.value in facets[row.facet]!)
      facets[row.facet]![row.value] = Number(row.n);
  }
  return { total, facets: facets as FacetCounts };
}
