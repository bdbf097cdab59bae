import type { Db } from '@estately/db';
import {
  type CountryCode,
  LOCALES,
  type Locale,
  languageOf,
  type SearchPathLocation,
} from '@estately/domain';
import { type SQL, sql } from 'drizzle-orm';

// The place behind a search path's locality segment (spec 2: .../{country}/{locality}), found
// through location_names: a slug is unique per (locale, country), the unique index
// `location_names_slug_unique (locale, country_code, slug)` answers each probe.

interface Row {
  id: number | string;
  kind: SearchPathLocation['kind'];
  country_code: string;
  name: string;
  slug: string;
}

async function rows(db: Db, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

/** The place's name and slug in `locale`, else the same language, else English, else any. */
function namedIn(locale: Locale, where: SQL): SQL {
  return sql`
    select l.id, l.kind, l.country_code, nm.name, nm.slug
    from locations l
    join lateral (
      select x.name, x.slug from location_names x
      where x.location_id = l.id
      order by case
          when x.locale = ${locale} then 0
          when split_part(x.locale, '-', 1) = ${languageOf(locale)} then 1
          when x.locale = 'en' then 2
          else 3
        end, x.id
      limit 1
    ) nm on true
    where ${where}`;
}

function toLocation(row: Row): SearchPathLocation {
  return {
    id: Number(row.id),
    kind: row.kind,
    country_code: row.country_code,
    name: row.name,
    slug: row.slug,
  };
}

const ALL_LOCALES = sql.raw(`array[${LOCALES.map((l) => `'${l}'`).join(', ')}]::text[]`);

/**
 * The city or city part with `slug` in `country` under `locale`. A slug of another locale is
 * accepted too (a link shared across languages, a language switch): then the most populous
 * place carrying it wins, and the caller writes the slug of `locale` back into the path.
 */
export async function findLocalityBySlug(
  db: Db,
  locale: Locale,
  country: CountryCode,
  slug: string,
): Promise<SearchPathLocation | undefined> {
  const probe = (locales: SQL) => sql`
    select n.location_id from location_names n
    where n.locale = any(${locales}) and n.country_code = ${country} and n.slug = ${slug}
      and n.kind in ('city', 'city_part')
    order by (n.locale = ${locale}) desc, n.population desc, n.location_id
    limit 1`;
  const [own] = await rows(db, namedIn(locale, sql`l.id = (${probe(sql`array[${locale}]::text[]`)})`));
  if (own) return toLocation(own);
  const [other] = await rows(db, namedIn(locale, sql`l.id = (${probe(ALL_LOCALES)})`));
  return other ? toLocation(other) : undefined;
}

/** A location by id, named in `locale`. */
export async function findLocationById(
  db: Db,
  locale: Locale,
  id: number,
): Promise<SearchPathLocation | undefined> {
  const [row] = await rows(db, namedIn(locale, sql`l.id = ${id}`));
  return row ? toLocation(row) : undefined;
}
