import { type Db, locationNames } from '@estately/db';
import type { BoundingBox, ExchangeRates, SavedSearchAlertKind, SearchFilters } from '@estately/domain';
import { type SQL, sql } from 'drizzle-orm';
import {
  type BoundContext,
  type BoundFilter,
  boundValue,
  type ChoiceFilter,
  chosenValues,
  type FilterColumn,
  type FlagFilter,
  flagSet,
  OFFER_FILTERS,
  type OfferFilter,
  rowOf,
} from '../search/filter-columns.ts';
import {
  circleBoundingBox,
  includedAreasBox,
  polygonLiteral,
  queryRows,
  resolveRadiusCentre,
} from '../search/offer-conditions.ts';
import type { AlertEvent } from './collect-alert-events.ts';

// Set-based matching of many saved searches against the offers that are news (DESIGN 5: the
// search runs in PostgreSQL). Searches with identical filters share one "matcher", matched once
// a session however many batches hold them; each new offer gets join keys
// `offer type|property type|place`, with `*` for "any", in a temporary table indexed (and
// written in the order of) key and event time, and each matcher reads the offers under its keys
// newest first, checking the remaining filters, until it has the few an e-mail lists. A
// country-wide search thus stops after a dozen rows instead of pairing with thousands. The place part is
// a location id, a country, or for a radius or map box without a named place the cells of a
// GRID_DEGREES grid the area overlaps, so a circle is compared with the offers near it rather
// than with a whole country. The conditions are those of `offerConditions` (the public
// search), generated from the same filter-to-column map (filter-columns.ts): a matcher row holds
// each set filter under the filter's name, and the residual SQL tests each against its column.

/** Grid cell size for radius and box searches (about 28 x 18 km in central Europe). */
const GRID_DEGREES = 0.25;
/** An area covering more cells than this is keyed by its country instead (very large boxes). */
const MAX_GRID_CELLS = 400;

/** Keys of the grid cells a box overlaps, or null when it crosses the antimeridian or is too big. */
function gridCells(box: BoundingBox): string[] | null {
  if (box.west > box.east) return null;
  const south = Math.floor(box.south / GRID_DEGREES);
  const north = Math.floor(box.north / GRID_DEGREES);
  const west = Math.floor(box.west / GRID_DEGREES);
  const east = Math.floor(box.east / GRID_DEGREES);
  if ((north - south + 1) * (east - west + 1) > MAX_GRID_CELLS) return null;
  const cells: string[] = [];
  for (let y = south; y <= north; y++) for (let x = west; x <= east; x++) cells.push(`G${y}:${x}`);
  return cells;
}

export interface SearchToMatch {
  id: number;
  filters: SearchFilters;
  /**
   * Equal for equal filters and kinds (their canonical JSON): such searches share a matcher, in
   * one batch and across the batches of a session (a key names one filter set for a whole run).
   */
  groupKey: string;
  /** The kinds of news the search reports; undefined for every kind. */
  kinds?: readonly SavedSearchAlertKind[];
  /** Offers with an event after this instant are new for the search. */
  since: Date;
}

export interface SearchMatches {
  /** The newest new offers that match (at most `limit`, latest event first). */
  ids: number[];
}

type Matcher = Record<string, unknown> & { g: number; keys: string[] };

/** The filters tested column by column; the place (named place, radius, box) is matched apart. */
const COLUMN_FILTERS = OFFER_FILTERS.filter((name) => {
  const match = rowOf(name).match;
  return match !== 'place' && match !== 'unit';
});

/** A filter's value in a matcher row, or undefined when the filter is unset. */
function matcherValue(name: OfferFilter, filters: SearchFilters, context: BoundContext): unknown {
  const row: FilterColumn = rowOf(name);
  switch (row.match) {
    case 'equal':
      return chosenValues(name as ChoiceFilter, filters)?.[0];
    case 'one-of':
    case 'overlaps':
      return chosenValues(name as ChoiceFilter, filters);
    case 'at-least':
    case 'at-most':
      return boundValue(name as BoundFilter, filters, context);
    case 'flag':
      return flagSet(name as FlagFilter, filters) ? true : undefined;
    default:
      return undefined;
  }
}

/** A filter's type in the matcher recordset. */
function recordsetType(name: OfferFilter): string {
  const row: FilterColumn = rowOf(name);
  switch (row.match) {
    case 'equal':
      return 'text';
    case 'one-of':
    case 'overlaps':
      return 'text[]';
    case 'at-least':
    case 'at-most':
      return row.type;
    case 'flag':
      return 'boolean';
    default:
      throw new Error(`saved-search matcher: ${name} has no column`);
  }
}

/**
 * The test of one filter for an offer row `alias` (its columns named as in `offers`) and the
 * matcher row `m`, true when the matcher's value is null (the filter is unset). Filter and
 * column names are plain identifiers from the map, never user input.
 */
function columnTest(name: OfferFilter, alias: string): string {
  const row: FilterColumn = rowOf(name);
  const m = `m.${name}`;
  if (row.match === 'place' || row.match === 'unit')
    throw new Error(`saved-search matcher: ${name} has no column`);
  const o = `${alias}.${row.column.name}`;
  switch (row.match) {
    case 'equal':
      return `(${m} is null or ${o} = ${m})`;
    case 'one-of':
      return `(${m} is null or ${o} = any(${m}))`;
    case 'overlaps':
      return `(${m} is null or ${o} && ${m})`;
    case 'flag':
      return `(${m} is null or ${o} = ${row.means})`;
    default: {
      const test = `${o} ${row.match === 'at-least' ? '>=' : '<='} ${m}`;
      return `(${m} is null or ${row.orNone ? `${o} is null or ` : ''}${test})`;
    }
  }
}

/** Locality slugs -> location ids, one query for every (country, slug) pair of the batch. */
async function resolveLocalities(
  db: Db,
  pairs: { country: string; slug: string }[],
): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>();
  if (pairs.length === 0) return found;
  const rows = await queryRows<{ country_code: string; slug: string; ids: (number | string)[] }>(
    db,
    sql`
      select n.country_code, n.slug, array_agg(distinct n.location_id) as ids
      from ${locationNames} n
      join jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as q(country text, slug text)
        on n.country_code = q.country and n.slug = q.slug
      group by n.country_code, n.slug
    `,
  );
  for (const row of rows) found.set(`${row.country_code}/${row.slug}`, row.ids.map(Number));
  return found;
}

/** One matcher row for a filter set, or null when the search can match nothing (unknown place). */
async function toMatcher(
  db: Db,
  g: number,
  filters: SearchFilters,
  kinds: readonly SavedSearchAlertKind[] | undefined,
  localities: Map<string, number[]>,
  rates: ExchangeRates,
  now: Date,
): Promise<Matcher | null> {
  const m: Matcher = { g, keys: [] };
  // Every kind (the default) stays null: no test.
  if (kinds) m.kinds = kinds;
  const ot = filters.offer_type ?? '*';
  const pt = filters.property_type ?? '*';

  const localityIds =
    filters.locality !== undefined && filters.country_code !== undefined
      ? (localities.get(`${filters.country_code}/${filters.locality}`) ?? [])
      : null;
  let places: string[];
  if (filters.radius_km !== undefined) {
    // A circle: around lat/lng, or around the named place (location_id or locality).
    const centre =
      filters.lat !== undefined && filters.lng !== undefined
        ? { lat: filters.lat, lng: filters.lng }
        : await resolveRadiusCentre(db, filters);
    if (!centre) return null;
    m.c_lat = centre.lat;
    m.c_lng = centre.lng;
    m.radius = filters.radius_km;
    const cells = gridCells(circleBoundingBox(centre.lat, centre.lng, filters.radius_km));
    places = cells ?? [filters.country_code ? `C${filters.country_code}` : '*'];
  } else if (filters.location_id !== undefined) {
    m.loc_ids = [filters.location_id];
    if (localityIds) m.loc_any = localityIds;
    places = [`L${filters.location_id}`];
  } else if (localityIds) {
    if (localityIds.length === 0) return null;
    m.loc_any = localityIds;
    places = localityIds.map((id) => `L${id}`);
  } else {
    // The viewport, else the box around the drawn areas searched in (decision 069).
    const box = filters.bbox ?? (filters.areas ? includedAreasBox(filters.areas) : null);
    const cells = box ? gridCells(box) : null;
    places = cells ?? [filters.country_code ? `C${filters.country_code}` : '*'];
  }
  m.keys = places.map((place) => `${ot}|${pt}|${place}`);
  if (m.keys.length === 1) m.key1 = m.keys[0];

  // Absent filters stay out of the row (null in SQL): the matcher JSON of a batch stays small.
  for (const name of COLUMN_FILTERS) {
    const value = matcherValue(name, filters, { rates, now });
    if (value !== undefined) m[name] = value;
  }
  if (filters.bbox) {
    m.bs = filters.bbox.south;
    m.bw = filters.bbox.west;
    m.bn = filters.bbox.north;
    m.be = filters.bbox.east;
  }
  if (filters.areas) {
    m.areas = filters.areas.map((area) =>
      area.shape === 'polygon'
        ? { x: area.exclude, poly: polygonLiteral(area.points) }
        : { x: area.exclude, lat: area.lat, lng: area.lng, r: area.radius_m / 1000 },
    );
  }
  return m;
}

/**
 * An offer `o` within one drawn area `a` of a matcher's list: the polygon's `<@` or the
 * circle's distance, as `offerConditions` spells them (decision 069).
 */
const IN_DRAWN_AREA = `case when a.poly is not null then o.location <@ a.poly
  else geo_distance_km(o.location, point(a.lng, a.lat)) <= a.r end`;
const DRAWN_AREA_RECORD =
  'jsonb_to_recordset(m.areas) as a(x boolean, poly polygon, lat float8, lng float8, r float8)';

/**
 * The place of a matcher row `m` for an offer `o`: inside the named place, within the circle,
 * inside the map box (west > east crosses the antimeridian), inside the drawn areas searched in
 * and outside those left out, as `offerConditions` spells them.
 */
const PLACE_TEST = `(m.loc_ids is null or o.location_path @> m.loc_ids)
and (m.loc_any is null or o.location_path && m.loc_any)
and (m.radius is null or geo_distance_km(o.location, point(m.c_lng, m.c_lat)) <= m.radius)
and (m.bs is null or (o.latitude between m.bs and m.bn and (case when m.bw <= m.be
then o.longitude between m.bw and m.be else o.longitude >= m.bw or o.longitude <= m.be end)))
and (m.areas is null or (
  (not exists (select 1 from ${DRAWN_AREA_RECORD} where not a.x)
    or exists (select 1 from ${DRAWN_AREA_RECORD} where not a.x and ${IN_DRAWN_AREA}))
  and not exists (select 1 from ${DRAWN_AREA_RECORD} where a.x and ${IN_DRAWN_AREA})))`;

/** The place's columns of a matcher row. */
const PLACE_RECORDSET = `loc_ids bigint[], loc_any bigint[], c_lat float8, c_lng float8, radius float8,
  bs float8, bw float8, bn float8, be float8, areas jsonb`;

/**
 * Every filter for an offer `o` and a matcher row `m` (the conditions of `offerConditions`,
 * each switched off when the matcher's value is null). Static SQL text.
 */
const RESIDUAL = sql.raw(`(
${[...COLUMN_FILTERS.map((name) => columnTest(name, 'o')), PLACE_TEST].join('\nand ')}
)`);

/** The matcher recordset's columns: its group and keys, each filter by name, the place. */
const RECORDSET = sql.raw(
  `g int, keys text[], key1 text, kinds text[], ${COLUMN_FILTERS.map((name) => `${name} ${recordsetType(name)}`).join(', ')}, ${PLACE_RECORDSET}`,
);

/**
 * The most selective filters again on the key table's own copy of their columns (price, area,
 * layout): checked on the index entries, so most rejected offers cost no lookup of their row.
 */
const PREFILTERED = [
  'price_from',
  'price_to',
  'area_from',
  'area_to',
  'dispositions',
] as const satisfies readonly OfferFilter[];
const PREFILTER = sql.raw(
  `(${[...PREFILTERED.map((name) => columnTest(name, 'k')), '(m.kinds is null or k.kinds && m.kinds)'].join(' and ')})`,
);
/** The offer columns the key table copies, once each. */
const KEY_COLUMNS = [...new Set(PREFILTERED.map((name) => rowOf(name).column))];
const KEY_COLUMN_NAMES = sql.raw(KEY_COLUMNS.map((column) => column.name).join(', '));
const KEY_COLUMN_DEFINITIONS = sql.raw(
  KEY_COLUMNS.map((column) => `${column.name} ${column.getSQLType()}`).join(', '),
);
const KEY_COLUMN_VALUES = sql.raw(KEY_COLUMNS.map((column) => `o.${column.name}`).join(', '));

/**
 * The key table of a run holds a row per offer with news and key (about 24 each: 200,000 rows,
 * 35 MB at the bench's 8,500 offers), read at random by every matcher. With the default 8 MB of
 * temporary buffers each batch read most of its pages back from the kernel (290,000 reads a
 * batch, a third of the match). The buffers are taken as pages are used, not all at once.
 */
const TEMP_BUFFERS = '128MB';

/** A group's newest matching offers, newest first, with their event times in microseconds. */
interface GroupList {
  ids: number[];
  tss: number[];
}
const NO_MATCH: GroupList = { ids: [], tss: [] };

/**
 * One matching session: the new offers' keys are built once and serve every batch of searches,
 * and a filter set (with its kinds) is matched once a session, whichever batches hold it.
 */
export interface AlertMatcher {
  /** The session's connection (on PGlite the only one): other reads during the session go here. */
  db: Db;
  match(searches: readonly SearchToMatch[]): Promise<Map<number, SearchMatches>>;
}

/**
 * The newest matching offers (at most `limit`) of each filter set, in one statement over the
 * session's key table; a set that matches nothing has no entry.
 */
async function matchGroups(
  db: Db,
  groups: readonly {
    g: number;
    filters: SearchFilters;
    kinds: readonly SavedSearchAlertKind[] | undefined;
  }[],
  options: { rates: ExchangeRates; now: Date; limit: number },
): Promise<Map<number, GroupList>> {
  const { rates, now, limit } = options;
  const lists = new Map<number, GroupList>();
  const pairs = new Map<string, { country: string; slug: string }>();
  for (const { filters } of groups)
    if (filters.locality !== undefined && filters.country_code !== undefined)
      pairs.set(`${filters.country_code}/${filters.locality}`, {
        country: filters.country_code,
        slug: filters.locality,
      });
  const localities = await resolveLocalities(db, [...pairs.values()]);
  const matchers: Matcher[] = [];
  for (const { g, filters, kinds } of groups) {
    const found = await toMatcher(db, g, filters, kinds, localities, rates, now);
    if (found) matchers.push(found);
  }
  if (matchers.length === 0) return lists;
  // The newest matching offers under one key: an ordered index scan that stops at the limit.
  const newestUnder = (key: SQL) => sql`
    select k.id, k.ts
    from alert_offer_keys k
    join offers o on o.id = k.id
    where k.key = ${key} and ${PREFILTER} and ${RESIDUAL}
    order by k.ts desc, k.id desc
    limit ${limit}`;
  const rows = await queryRows<{ g: number; ids: number[]; tss: number[] }>(
    db,
    sql`
      with m as materialized (
        select * from jsonb_to_recordset(${JSON.stringify(matchers)}::jsonb) as m(${RECORDSET})
      ),
      -- The newest matching offers of each matcher, read newest first until it has enough.
      top as (
        -- One key: an ordered index scan that stops at the limit.
        select m.g, t.id, t.ts
        from m
        cross join lateral (${newestUnder(sql.raw('m.key1'))}) t
        where m.key1 is not null
        union all
        -- Several keys (grid cells, nested localities): the newest few under each key, then
        -- the newest few of those, each offer once.
        select m.g, t.id, t.ts
        from m
        cross join lateral (
          select distinct on (c.ts, c.id) c.id, c.ts
          from unnest(m.keys) as mk(key)
          cross join lateral (${newestUnder(sql.raw('mk.key'))}) c
          order by c.ts desc, c.id desc
          limit ${limit}
        ) t
        where m.key1 is null
      )
      -- JSON lists (read faster than arrays); event times in whole microseconds (exact in a
      -- double until the year 2255).
      select g, json_agg(id order by ts desc, id desc) as ids,
        json_agg((extract(epoch from ts) * 1000000)::bigint order by ts desc, id desc) as tss
      from top group by g
    `,
  );
  for (const row of rows) lists.set(Number(row.g), { ids: row.ids, tss: row.tss });
  return lists;
}

/**
 * Runs `use` with a matcher over `events`, inside one transaction that holds the temporary
 * key table (dropped at its end). The transaction only reads shared tables.
 */
export async function withAlertMatcher<T>(
  options: { db: Db; events: readonly AlertEvent[]; rates: ExchangeRates; now: Date; limit: number },
  use: (matcher: AlertMatcher) => Promise<T>,
): Promise<T> {
  const { db, events, rates, now, limit } = options;
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    // temp_buffers can only be set before the session's first temporary table; a pooled
    // connection that already had one keeps the size it had (the first run's, as a rule), so a
    // refusal is no error: the savepoint of the block swallows it.
    await tx.execute(
      sql.raw(
        `do $$ begin perform set_config('temp_buffers', '${TEMP_BUFFERS}', true); exception when others then null; end $$`,
      ),
    );
    // A matcher wants its newest few offers: an ordered index scan that stops early. Row counts
    // of the temporary table mislead the planner into bitmap scans that read every entry of a
    // key and sort them; they are off for this read-only session.
    await tx.execute(sql`set local enable_bitmapscan = off`);
    await tx.execute(sql`set local enable_memoize = off`);
    await tx.execute(
      sql`create temporary table alert_offer_keys (key text not null, ts timestamptz not null, id bigint not null, kinds text[] not null, ${KEY_COLUMN_DEFINITIONS}) on commit drop`,
    );
    if (events.length > 0) {
      await tx.execute(sql`
        insert into alert_offer_keys (key, ts, id, kinds, ${KEY_COLUMN_NAMES})
        select ot || '|' || pt || '|' || pl, ev.ts, ev.id, string_to_array(ev.kinds, ','), ${KEY_COLUMN_VALUES}
        from unnest(${`{${events.map((e) => e.id).join(',')}}`}::bigint[],
                    ${`{${events.map((e) => `"${e.at.toISOString()}"`).join(',')}}`}::timestamptz[],
                    ${`{${events.map((e) => `"${e.kinds.join(',')}"`).join(',')}}`}::text[]) as ev(id, ts, kinds)
        join offers o on o.id = ev.id
        cross join lateral unnest(array[o.offer_type, '*']) ot
        cross join lateral unnest(array[o.property_type, '*']) pt
        cross join lateral unnest(
          array['*', 'C' || o.country_code,
            'G' || floor(o.latitude / ${GRID_DEGREES}::float8)::int || ':' || floor(o.longitude / ${GRID_DEGREES}::float8)::int]
          || array(select 'L' || x from unnest(o.location_path) x)
        ) pl
        -- In the index's order: a matcher's entries then lie on a few pages, not one page each.
        order by 1, 2 desc, 3 desc
      `);
    }
    await tx.execute(sql`create index on alert_offer_keys (key, ts desc, id desc)`);
    await tx.execute(sql`analyze alert_offer_keys`);

    // Each filter set's list, once matched: later batches with the same set only read it.
    const lists = new Map<string, GroupList>();
    const matcher: AlertMatcher = {
      db: tx as unknown as Db,
      async match(searches) {
        const result = new Map<number, SearchMatches>();
        if (searches.length === 0 || events.length === 0) return result;
        // Identical filters share one matcher; sets matched by an earlier batch are not matched again.
        const groups = new Map<
          string,
          { g: number; filters: SearchFilters; kinds: readonly SavedSearchAlertKind[] | undefined }
        >();
        for (const search of searches)
          if (!lists.has(search.groupKey) && !groups.has(search.groupKey))
            groups.set(search.groupKey, { g: groups.size + 1, filters: search.filters, kinds: search.kinds });
        if (groups.size > 0) {
          const found = await matchGroups(tx as unknown as Db, [...groups.values()], { rates, now, limit });
          for (const [groupKey, { g }] of groups) lists.set(groupKey, found.get(g) ?? NO_MATCH);
        }
        // A search's new offers are the prefix of its group's list after its own watermark, as
        // the statement compared them: event times in microseconds against the watermark's
        // milliseconds.
        for (const search of searches) {
          const list = lists.get(search.groupKey)!;
          const since = search.since.getTime() * 1000;
          let total = 0;
          while (total < list.tss.length && list.tss[total]! > since) total += 1;
          if (total > 0) result.set(search.id, { ids: list.ids.slice(0, total) });
        }
        return result;
      },
    };
    return use(matcher);
  });
}

/** Matches one set of searches against `events` (a session of one batch). */
export async function matchSavedSearches(options: {
  db: Db;
  searches: readonly SearchToMatch[];
  events: readonly AlertEvent[];
  rates: ExchangeRates;
  now: Date;
  limit: number;
}): Promise<Map<number, SearchMatches>> {
  return withAlertMatcher(options, (matcher) => matcher.match(options.searches));
}
