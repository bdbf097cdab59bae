import { type DbOrTx, leadThreads, users } from '@estately/db';
import { REPLY_GRACE_HOURS, REPLY_WINDOW_DAYS, replyFigures } from '@estately/domain';
import { sql } from 'drizzle-orm';

const HOUR_MS = 3_600_000;

type CountRow = {
  id: number | string;
  threads: number | null;
  replied: number | null;
  median: number | null;
  stored_threads: number;
  stored_rate: number | null;
  stored_median: number | null;
};

/**
 * Writes the reply figures (decision 065) of one seller (`ownerId`) or of every seller with a
 * conversation in the window or figures still stored (the daily roll-up): one statement counts
 * the conversations of the last REPLY_WINDOW_DAYS days per owner (an unanswered one only once
 * it is REPLY_GRACE_HOURS old), `replyFigures` turns them into the stored figures, and one
 * statement writes the owners whose figures changed (none: no statement, so the detail caches
 * under the 'accounts' counter stay). Returns how many accounts changed.
 */
export async function refreshReplyFigures(options: {
  db: DbOrTx;
  now?: Date;
  ownerId?: number;
}): Promise<number> {
  const { db, ownerId } = options;
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - REPLY_WINDOW_DAYS * 24 * HOUR_MS).toISOString();
  const graceEnd = new Date(now.getTime() - REPLY_GRACE_HOURS * HOUR_MS).toISOString();
  const forOwner = ownerId === undefined ? sql`true` : sql`${leadThreads.ownerId} = ${ownerId}`;
  const candidates =
    ownerId === undefined
      ? sql`${users.id} in (select owner_id from counted) or ${users.replyThreads} > 0`
      : sql`${users.id} = ${ownerId}`;
  const result = await db.execute(sql`
    with counted as (
      select ${leadThreads.ownerId} as owner_id,
          count(*) filter (where ${leadThreads.firstReplyAt} is not null
            or ${leadThreads.createdAt} <= ${graceEnd}::timestamptz)::int as threads,
          count(${leadThreads.firstReplyAt})::int as replied,
          percentile_cont(0.5) within group (order by extract(epoch from ${leadThreads.firstReplyAt} - ${leadThreads.createdAt}))
            filter (where ${leadThreads.firstReplyAt} is not null) as median
        from ${leadThreads}
        where ${leadThreads.createdAt} >= ${since}::timestamptz and ${forOwner}
        group by ${leadThreads.ownerId}
    )
    select ${users.id} as id, counted.threads, counted.replied, counted.median,
        ${users.replyThreads} as stored_threads, ${users.replyRatePercent} as stored_rate,
        ${users.replyMedianMinutes} as stored_median
      from ${users} left join counted on counted.owner_id = ${users.id}
      where ${candidates}`);
  const rows = ((result as { rows?: CountRow[] }).rows ?? (result as unknown as CountRow[])) as CountRow[];
  const changed: { id: number; threads: number; rate: number | null; median: number | null }[] = [];
  for (const row of rows) {
    const figures = replyFigures({
      threads: Number(row.threads ?? 0),
      replied: Number(row.replied ?? 0),
      medianSeconds: row.median === null ? null : Number(row.median),
    });
    const same =
      figures.threads === Number(row.stored_threads) &&
      figures.ratePercent === (row.stored_rate === null ? null : Number(row.stored_rate)) &&
      figures.medianMinutes === (row.stored_median === null ? null : Number(row.stored_median));
    if (!same)
      changed.push({
        id: Number(row.id),
        threads: figures.threads,
        rate: figures.ratePercent,
        median: figures.medianMinutes,
      });
  }
  if (changed.length === 0) return 0;
  await db.execute(sql`
    update ${users} set reply_threads = v.threads, reply_rate_percent = v.rate,
        reply_median_minutes = v.median, reply_stats_at = ${now.toISOString()}::timestamptz
      from unnest(${`{${changed.map((c) => c.id).join(',')}}`}::bigint[],
          ${`{${changed.map((c) => c.threads).join(',')}}`}::int[],
          ${`{${changed.map((c) => c.rate ?? 'NULL').join(',')}}`}::int[],
          ${`{${changed.map((c) => c.median ?? 'NULL').join(',')}}`}::int[]) as v (id, threads, rate, median)
      where ${users.id} = v.id`);
  return changed.length;
}
