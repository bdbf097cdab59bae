import { type Db, type DbOrTx, offerViewStats, offerViewVisitors } from '@estately/db';
import { STATS_TOKEN_COOKIE_MAX_AGE_S } from '@estately/domain';
import { type SQL, sql } from 'drizzle-orm';

/** One detail view to count: the offer, who viewed it (see visitor.ts) and when. */
export interface OfferView {
  id: number;
  visitorKey: string;
  now?: Date;
}

function list(values: SQL[], type: string): SQL {
  return sql`array[${sql.join(values, sql`, `)}]::${sql.raw(type)}`;
}

/**
 * Counts detail views of offers for the sellers' statistics: once per visitor and offer
 * within the stats token's lifetime (3 hours, spec 9). One statement for any number of views,
 * safe under concurrent requests: each visitor row is inserted, or moved forward only when its
 * last counted view is at least 3 hours old; only those raise the day's counter. The same
 * visitor and offer twice in one call counts once (the first). Offers that are not public (or
 * no longer exist) are skipped, so a view written alongside a 404 counts nothing. Returns the views that counted, as `id:visitorKey`.
 */
export async function countOfferViews(db: DbOrTx, views: readonly OfferView[]): Promise<Set<string>> {
  const written = await writeOfferViews(db, views);
  return new Set(written.filter((row) => row.counted).map((row) => row.key));
}

/** One view as written: whether it counted, and when its visitor's last counted view was. */
interface WrittenView {
  key: string;
  counted: boolean;
  /** Milliseconds; the view's own time when it counted. */
  lastCounted: number;
}

/**
 * What a view opens: the offer's detail page (`detail_views`) or its contact details, the
 * seller's phone and e-mail shown on request (`contact_views`, issue 38 point 11). A contact
 * reveal's visitor row is its visitor key prefixed with `contact/`, so the two are counted
 * apart, each once per visitor and offer within 3 hours.
 */
export type ViewKind = 'detail' | 'contact';
const VIEW_COLUMNS = { detail: 'detail_views', contact: 'contact_views' } as const;
const VIEW_PREFIXES = { detail: '', contact: 'contact/' } as const;

async function writeOfferViews(
  db: DbOrTx,
  views: readonly OfferView[],
  kind: ViewKind = 'detail',
): Promise<WrittenView[]> {
  const column = sql.raw(VIEW_COLUMNS[kind]);
  const prefix = VIEW_PREFIXES[kind];
  const unique = new Map<string, { id: number; visitorKey: string; at: string; day: string }>();
  for (const view of views) {
    const key = `${view.id}:${view.visitorKey}`;
    if (unique.has(key)) continue;
    const at = (view.now ?? new Date()).toISOString();
    unique.set(key, { id: view.id, visitorKey: `${prefix}${view.visitorKey}`, at, day: at.slice(0, 10) });
  }
  if (unique.size === 0) return [];
  // Sorted by offer, so two writers lock the counter rows in the same order.
  const rows = [...unique.values()].sort((a, b) => a.id - b.id || (a.visitorKey < b.visitorKey ? -1 : 1));
  const result = (await db.execute(sql`
    with input as (
      select * from unnest(
        ${list(
          rows.map((row) => sql`${row.id}`),
          'bigint[]',
        )},
        ${list(
          rows.map((row) => sql`${row.visitorKey}`),
          'text[]',
        )},
        ${list(
          rows.map((row) => sql`${row.at}`),
          'timestamptz[]',
        )},
        ${list(
          rows.map((row) => sql`${row.day}`),
          'date[]',
        )}
      ) as v(property_id, visitor_hash, viewed_at, day)
      -- Statistics need not wait for the write-ahead log to reach the disk: a database crash
      -- may lose the last fraction of a second of views, never other data. Local to this
      -- statement's transaction, and in force when it commits.
      where (select set_config('synchronous_commit', 'off', true)) is not null
        and exists (select 1 from properties p
                    where p.id = v.property_id and p.state in ('active', 'reserved') and p.struck_at is null)
    ),
    seen as (
      insert into ${offerViewVisitors} (property_id, visitor_hash, viewed_at)
      select property_id, visitor_hash, viewed_at from input order by property_id, visitor_hash
      on conflict (property_id, visitor_hash) do update set viewed_at = excluded.viewed_at
        where ${offerViewVisitors}.viewed_at <= excluded.viewed_at - make_interval(secs => ${STATS_TOKEN_COOKIE_MAX_AGE_S})
      returning property_id, visitor_hash
    ),
    counted as (
      insert into ${offerViewStats} (property_id, day, ${column})
      select input.property_id, input.day, count(*)::int
      from seen join input using (property_id, visitor_hash)
      group by input.property_id, input.day
      order by input.property_id, input.day
      on conflict (property_id, day) do update set ${column} = ${offerViewStats}.${column} + excluded.${column}
      returning 1
    )
    -- Every public view with its visitor's last counted view: its own time when it counted,
    -- else the stored one (the statement sees the table as it was before its own writes).
    select input.property_id::text || ':' || input.visitor_hash as key,
           seen.property_id is not null as counted,
           (extract(epoch from case when seen.property_id is not null then input.viewed_at
                                    else before.viewed_at end) * 1000)::float8 as last_counted
    from input
    left join seen using (property_id, visitor_hash)
    left join ${offerViewVisitors} before
      on before.property_id = input.property_id and before.visitor_hash = input.visitor_hash
  `)) as unknown as { rows: { key: string; counted: boolean; last_counted: number | string | null }[] };
  return result.rows.map((row) => ({
    key: row.key,
    counted: row.counted,
    lastCounted: Number(row.last_counted ?? Number.NaN),
  }));
}

/**
 * Counts one contact reveal (GET /public/offers/{id}/contact) for the seller's statistics, like
 * a detail view: once per visitor and offer within 3 hours, public offers only; whether it counted.
 */
export async function countContactReveal(options: {
  db: DbOrTx;
  id: number;
  visitorKey: string;
  now?: Date;
}): Promise<boolean> {
  const written = await writeOfferViews(options.db, [options], 'contact');
  return written.some((row) => row.counted);
}

/** Counts one detail view now (see `countOfferViews`); whether it counted. */
export async function countOfferView(options: {
  db: Db;
  id: number;
  visitorKey: string;
  now?: Date;
}): Promise<boolean> {
  const counted = await countOfferViews(options.db, [options]);
  return counted.has(`${options.id}:${options.visitorKey}`);
}

/**
 * Group commit of detail views: a view is written at once when no write is in flight, else it
 * joins the next write, which takes every view that arrived meanwhile in one statement. Each
 * caller's promise settles when its view is stored, so a request that awaits it answers after
 * the view counts (as one write per view did), while under load many views share a statement
 * and a commit instead of one each (docs/decisions/012).
 */
export class OfferViewCounter {
  private pending: { view: OfferView; settle: (error?: unknown) => void }[] = [];
  /**
   * Each visitor's last counted view of each offer that this process wrote or read back, in
   * milliseconds: a view within 3 hours of it cannot count, so it is not written at all (a
   * reload, a visitor going back and forth). Another process, or this one after a restart,
   * still gets the same answer from the database. Bounded; the oldest entries go first.
   */
  private readonly lastCounted = new Map<string, number>();
  private readonly maxRemembered: number;
  private writing: Promise<void> | null = null;

  // Plain fields, not constructor parameter properties: Node runs this file with type
  // stripping only (`npm start`), which has no parameter properties.
  private readonly db: Db;
  /** Most views in one statement. */
  private readonly maxBatch: number;

  constructor(db: Db, maxBatch = 500, maxRemembered = 100_000) {
    this.db = db;
    this.maxBatch = maxBatch;
    this.maxRemembered = maxRemembered;
  }

  count(view: OfferView): Promise<void> {
    const last = this.lastCounted.get(`${view.id}:${view.visitorKey}`);
    const at = (view.now ?? new Date()).getTime();
    if (last !== undefined && at - last < STATS_TOKEN_COOKIE_MAX_AGE_S * 1000) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ view, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      this.writing ??= this.drain();
    });
  }

  /** Resolves once every view handed in so far is written. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private remember(key: string, lastCounted: number): void {
    this.lastCounted.delete(key);
    this.lastCounted.set(key, lastCounted);
    if (this.lastCounted.size > this.maxRemembered) {
      const oldest = this.lastCounted.keys().next().value;
      if (oldest !== undefined) this.lastCounted.delete(oldest);
    }
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, this.maxBatch);
        try {
          const written = await writeOfferViews(
            this.db,
            batch.map((entry) => entry.view),
          );
          for (const row of written)
            if (Number.isFinite(row.lastCounted)) this.remember(row.key, row.lastCounted);
          for (const entry of batch) entry.settle();
        } catch (error) {
          for (const entry of batch) entry.settle(error ?? new Error('view not counted'));
        }
      }
    } finally {
      this.writing = null;
    }
  }
}
