import { type Db, offerViewStats, offerViewVisitors } from '@estately/db';
import { STATS_TOKEN_COOKIE_MAX_AGE_S } from '@estately/domain';
import { sql } from 'drizzle-orm';

/**
 * Counts a detail view of an offer for the seller's statistics: once per visitor and offer
 * within the stats token's lifetime (3 hours, spec 9). One statement, safe under concurrent
 * requests: the visitor row is inserted, or moved forward only when its last counted view is
 * at least 3 hours old; only then is the day's counter raised. Returns whether it counted.
 */
export async function countOfferView(options: {
  db: Db;
  id: number;
  visitorKey: string;
  now?: Date;
}): Promise<boolean> {
  const { db, id, visitorKey } = options;
  const now = options.now ?? new Date();
  const day = now.toISOString().slice(0, 10);
  const result = (await db.execute(sql`
    with seen as (
      insert into ${offerViewVisitors} (property_id, visitor_hash, viewed_at)
      values (${id}, ${visitorKey}, ${now.toISOString()}::timestamptz)
      on conflict (property_id, visitor_hash) do update set viewed_at = excluded.viewed_at
        where ${offerViewVisitors}.viewed_at <= excluded.viewed_at - make_interval(secs => ${STATS_TOKEN_COOKIE_MAX_AGE_S})
      returning 1
    )
    insert into ${offerViewStats} (property_id, day, detail_views)
    select ${id}, ${day}::date, 1 from seen
    on conflict (property_id, day) do update set detail_views = ${offerViewStats}.detail_views + 1
    returning detail_views
  `)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
