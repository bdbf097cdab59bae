import type { Db } from '@estately/db';
import {
  type CountryCode,
  LOCATION_AUTOCOMPLETE_DEFAULT_LIMIT,
  type Locale,
  type LocationSuggestion,
} from '@estately/domain';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type SummaryRow, summaryColumns, summaryJoins, toSummary } from './place-names.ts';

export interface AutocompleteLocationsOptions {
  db: Db;
  q: string;
  locale: Locale;
  limit?: number;
  countryCode?: CountryCode;
}

/** Below this many letters a trigram index has nothing to work with (a trigram needs 3). */
const MIN_TRIGRAM_QUERY = 3;

/** `%` and `_` typed by the visitor are letters, not LIKE wildcards. */
function likePrefix(normalized: SQL): SQL {
  return sql`replace(replace(replace(${normalized}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
}

/**
 * German spelling without umlauts ("Muenchen", "Koeln", "Zuerich") folded to the vowel the
 * unaccented name has ("munchen"), so a prefix typed that way still ranks as a prefix. Only
 * ever an extra alternative: the query as typed is always matched too.
 */
export function foldUmlautSpelling(query: string): string {
  return query.toLowerCase().replace(/ae/g, 'a').replace(/oe/g, 'o').replace(/ue/g, 'u');
}

function letterCount(query: string): number {
  return query.normalize('NFD').replace(/\p{M}/gu, '').trim().length;
}

interface SuggestionRow extends SummaryRow {
  matched_name: string;
}

/**
 * GET /public/locations/autocomplete: places whose name in ANY locale matches what was typed,
 * accents and case ignored (`name_normalized` = search_normalize(name) = lower(unaccent(name)),
 * the query normalised by the same function), named in
 * the visitor's locale. Ranking: names that start with the query first, then trigram
 * similarity of the closest name, then population, so "pra" offers Praha before Prachatice
 * and an exact name before a longer one.
 *
 * Matching runs on the GIN trigram index `location_names_normalized_trgm` (prefix LIKE and
 * word-similarity `<%`, combined by a BitmapOr); the matches are materialised once and folded
 * to one row per place before the names in the visitor's locale are joined for the few kept.
 * One- and two-letter queries cannot use trigrams: they take the btree
 * `location_names_locale_normalized_idx` and match prefixes of names in the visitor's locale only.
 */
export async function autocompleteLocations(
  options: AutocompleteLocationsOptions,
): Promise<LocationSuggestion[]> {
  const { db, locale, countryCode } = options;
  const q = options.q.trim();
  const limit = options.limit ?? LOCATION_AUTOCOMPLETE_DEFAULT_LIMIT;
  const normalized = sql`search_normalize(${q})`;
  const folded = foldUmlautSpelling(q);
  const alternative = folded !== q.toLowerCase() ? sql`search_normalize(${folded})` : null;
  const patterns = alternative ? [likePrefix(normalized), likePrefix(alternative)] : [likePrefix(normalized)];

  const isPrefix = sql.join(
    patterns.map((pattern) => sql`m.norm like ${pattern}`),
    sql` or `,
  );
  const similarity = alternative
    ? sql`greatest(similarity(${normalized}, m.norm), similarity(${alternative}, m.norm))`
    : sql`similarity(${normalized}, m.norm)`;

  let match: SQL;
  if (letterCount(q) < MIN_TRIGRAM_QUERY) {
    match = sql`n.locale = ${locale} and n.name_normalized like ${patterns[0]}`;
  } else {
    const conditions = [
      ...patterns.map((pattern) => sql`n.name_normalized like ${pattern}`),
      sql`${normalized} <% n.name_normalized`,
      ...(alternative ? [sql`${alternative} <% n.name_normalized`] : []),
    ];
    match = sql`(${sql.join(conditions, sql` or `)})`;
  }
  const country = countryCode ? sql` and n.country_code = ${countryCode}` : sql``;

  const rows = await queryRows<SuggestionRow>(
    db,
    sql`
    with matches as materialized (
      select n.location_id, n.name, n.population, n.name_normalized as norm
      from location_names n
      where ${match}${country}
    ),
    scored as (
      select m.location_id, m.name, m.population, (${isPrefix}) as is_prefix, ${similarity} as score
      from matches m
    ),
    ranked as (
      select distinct on (s.location_id) s.location_id, s.name as matched_name, s.is_prefix, s.score, s.population
      from scored s
      order by s.location_id, s.is_prefix desc, s.score desc, s.name
    ),
    top as (
      select * from ranked r
      order by r.is_prefix desc, r.score desc, r.population desc, r.location_id
      limit ${limit}
    )
    select ${summaryColumns}, t.matched_name, t.is_prefix, t.score
    from top t
    join locations l on l.id = t.location_id
    ${summaryJoins(locale)}
    order by t.is_prefix desc, t.score desc, l.population desc, l.id`,
  );
  return rows.map((row) => ({ ...toSummary(row, locale), matched_name: row.matched_name }));
}
