import { type Db, offers, priceHistory, properties } from '@estately/db';
import { sql } from 'drizzle-orm';
import { queryRows } from '../search/offer-conditions.ts';

/** An offer that is news for watch-dogs: it went live, or its price dropped, at `at`. */
export interface AlertEvent {
  id: number;
  at: Date;
  reduced: boolean;
}

/**
 * Public offers activated, or reduced in price (a price_history row lower than the previous one
 * in the same currency), in (since, until]. One entry per offer with its latest event. Run
 * once per alert run; every batch of searches is matched against this list.
 */
export async function collectAlertEvents(options: {
  db: Db;
  since: Date;
  until: Date;
}): Promise<AlertEvent[]> {
  const { db, since, until } = options;
  const from = since.toISOString();
  const to = until.toISOString();
  const rows = await queryRows<{ id: number | string; event_at: Date | string; reduced: boolean }>(
    db,
    sql`
      with activated as (
        select ${offers.id} as id, ${offers.activatedAt} as event_at, false as reduced
        from ${offers}
        where ${offers.activatedAt} > ${from}::timestamptz and ${offers.activatedAt} <= ${to}::timestamptz
      ),
      priced as (
        select h.property_id, h.changed_at, h.price, h.currency,
          lag(h.price) over w as previous_price, lag(h.currency) over w as previous_currency
        from ${priceHistory} h
        where h.property_id in (
          select property_id from ${priceHistory}
          where changed_at > ${from}::timestamptz and changed_at <= ${to}::timestamptz
        )
        window w as (partition by h.property_id order by h.changed_at, h.id)
      ),
      reduced as (
        select property_id as id, max(changed_at) as event_at, true as reduced
        from priced
        where changed_at > ${from}::timestamptz and changed_at <= ${to}::timestamptz
          and currency = previous_currency and price < previous_price
        group by property_id
      ),
      events as (select * from activated union all select * from reduced)
      select e.id, max(e.event_at) as event_at, bool_or(e.reduced) as reduced
      from events e
      join ${properties} p on p.id = e.id and p.state = 'active' and p.struck_at is null
      join ${offers} o on o.id = e.id
      group by e.id
    `,
  );
  return rows.map((row) => ({ id: Number(row.id), at: new Date(row.event_at), reduced: row.reduced }));
}
