import { sql } from 'drizzle-orm';
import type { DbOrTx } from './types.ts';

// The price map's figures (issue 44 point 5, docs/decisions/073): one pass over the public
// offers computes the median price per m² of every city and every country per offer type and
// replaces the table's rows. Which offers count is packages/domain `priceMapValueOf`: a stated
// price (base currency) over a useful area of at least 1 m², rents only when monthly.

/** Rows of a raw statement; both drivers (PGlite, node-postgres) answer `{rows}`. */
async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

export interface PriceMapRefresh {
  /** Rows written per level (places with at least one offer, under the minimum too). */
  localities: number;
  countries: number;
  computedAt: Date;
}

/**
 * Replaces every figure in one transaction, so readers see the old set or the new one, never a
 * mix. One scan of the public offers, grouped twice (GROUPING SETS): by city (an offer placed in
 * a city part counts for its city; one without a gazetteer place counts for its country only)
 * and by country. Places are the gazetteer's cities and countries, at their points.
 */
export async function refreshPriceMapMedians(db: DbOrTx, now = new Date()): Promise<PriceMapRefresh> {
  const stamp = now.toISOString();
  const run = async (tx: DbOrTx) => {
    await tx.execute(sql`delete from price_map_medians`);
    const written = await rows<{ level: string; n: number | string }>(
      tx,
      sql`with placed as (
          select o.offer_type, o.country_code,
            o.price_normalized / o.useful_area_meters as per_m2,
            case l.kind when 'city' then l.id when 'city_part' then l.parent_id end as city_id
          from offers o
          left join locations l on l.id = o.location_id
          where o.is_public and o.price_normalized > 0 and o.useful_area_meters >= 1
            and o.price_variant <> 'on_request' and (o.offer_type <> 'rent' or o.rent_price_period = 'month')
        ), grouped as (
          select offer_type, country_code, city_id, grouping(city_id) = 1 as whole_country,
            percentile_cont(0.5) within group (order by per_m2) as median, count(*) as offers
          from placed
          group by grouping sets ((offer_type, country_code, city_id), (offer_type, country_code))
        ), countries as (
          select distinct on (country_code) id, country_code, latitude, longitude
          from locations where kind = 'country'
          order by country_code, population desc, id
        ), inserted as (
          insert into price_map_medians
            (offer_type, level, location_id, country_code, latitude, longitude, median_per_m2, offers, computed_at)
          select g.offer_type, 'locality'::text, c.id, c.country_code, c.latitude, c.longitude, g.median, g.offers::int, ${stamp}::timestamptz
          from grouped g join locations c on c.id = g.city_id and c.kind = 'city'
          where not g.whole_country
          union all
          select g.offer_type, 'country'::text, k.id, k.country_code, k.latitude, k.longitude, g.median, g.offers::int, ${stamp}::timestamptz
          from grouped g join countries k on k.country_code = g.country_code
          where g.whole_country
          returning level
        )
        select level, count(*) as n from inserted group by level`,
    );
    const count = (level: string) => Number(written.find((row) => row.level === level)?.n ?? 0);
    return { localities: count('locality'), countries: count('country'), computedAt: now };
  };
  // Within a caller's transaction this is a savepoint.
  return db.transaction((tx) => run(tx));
}
