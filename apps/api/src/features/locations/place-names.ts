import type { Db } from '@estately/db';
import { type Locale, type LocationSummary, languageOf } from '@estately/domain';
import { type SQL, sql } from 'drizzle-orm';

// Pieces every location call shares: the name of a place in the visitor's locale with a
// fallback, and the row shape that becomes a LocationSummary.

/** Rows of a raw query; both drivers (PGlite, node-postgres) answer `{rows}`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * A LATERAL subquery with the `name`, `slug` and `locale` of location `locationId` in `locale`,
 * else in a locale of the same language (de-AT for de), else English, else any. The gazetteer
 * names every place in all 30 locales, but a place added by hand may have fewer. Reads at most
 * 30 rows through the (location_id, locale) unique index.
 */
export function localizedName(locationId: SQL, locale: Locale): SQL {
  return sql`(
    select x.name, x.slug, x.locale
    from location_names x
    where x.location_id = ${locationId}
    order by case
        when x.locale = ${locale} then 0
        when split_part(x.locale, '-', 1) = ${languageOf(locale)} then 1
        when x.locale = 'en' then 2
        else 3
      end,
      x.id
    limit 1
  )`;
}

/** The columns a query selects (aliases l, nm, pn) to build a LocationSummary. */
export const summaryColumns = sql`
  l.id, l.kind, l.country_code, l.parent_id, l.latitude, l.longitude, l.population,
  nm.name, nm.slug, nm.locale as name_locale, pn.name as parent_name`;

/** Joins for `summaryColumns`: the place's and its parent's names in `locale`. */
export function summaryJoins(locale: Locale): SQL {
  return sql`
    left join lateral ${localizedName(sql`l.id`, locale)} nm on true
    left join lateral ${localizedName(sql`l.parent_id`, locale)} pn on true`;
}

export interface SummaryRow {
  id: number | string;
  kind: LocationSummary['kind'];
  country_code: string;
  parent_id: number | string | null;
  latitude: number;
  longitude: number;
  population: number | string;
  name: string | null;
  slug: string | null;
  name_locale: Locale | null;
  parent_name: string | null;
}

export function toSummary(row: SummaryRow, locale: Locale): LocationSummary {
  return {
    id: Number(row.id),
    kind: row.kind,
    // A place without any name row cannot come out of autocomplete; reverse lookup could meet
    // one, and then shows its country code rather than nothing.
    name: row.name ?? row.country_code,
    name_locale: row.name_locale ?? locale,
    slug: row.slug ?? String(row.id),
    country_code: row.country_code,
    parent_id: row.parent_id === null ? null : Number(row.parent_id),
    parent_name: row.parent_name,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    population: Number(row.population),
  };
}
