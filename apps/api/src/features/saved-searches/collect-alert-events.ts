import { type Db, offers, priceHistory, properties, propertyStateHistory } from '@estately/db';
import type { SavedSearchAlertKind } from '@estately/domain';
import { sql } from 'drizzle-orm';
import { queryRows } from '../search/offer-conditions.ts';

/**
 * An offer that is news for watch-dogs: at `at` (its latest event) it went live for the first
 * time (`new`), came back on the market (`back_on_market`: active again after being reserved,
 * paused or rented, or listed again by its seller as the continuation of a withdrawn offer,
 * decision 063), or its price dropped (`price_drop`). `kinds` holds every kind it had in the window.
 */
export interface AlertEvent {
  id: number;
  at: Date;
  kinds: SavedSearchAlertKind[];
}

/**
 * Public offers activated, back on the market, or reduced in price (a price_history row lower
 * than the previous one in the same currency), in (since, until]. One entry per offer. Run once
 * per alert run; every batch of searches is matched against this list.
 */
export async function collectAlertEvents(options: {
  db: Db;
  since: Date;
  until: Date;
}): Promise<AlertEvent[]> {
  const { db, since, until } = options;
  const from = since.toISOString();
  const to = until.toISOString();
  const rows = await queryRows<{ id: number | string; event_at: Date | string; kinds: string[] }>(
    db,
    sql`
      with activated as (
        -- An activation is news as a first listing unless the timeline says the offer came back
        -- (offers written without the lifecycle, like the demo data, have no entry: new).
        select ${offers.id} as id, ${offers.activatedAt} as event_at,
          case when exists (
            select 1 from ${propertyStateHistory} s
            where s.property_id = ${offers.id} and s.kind in ('back_on_market', 'relisted')
              and s.changed_at > ${from}::timestamptz and s.changed_at <= ${to}::timestamptz
          ) then 'back_on_market' else 'new' end as kind
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
        select property_id as id, max(changed_at) as event_at, 'price_drop' as kind
        from priced
        where changed_at > ${from}::timestamptz and changed_at <= ${to}::timestamptz
          and currency = previous_currency and price < previous_price
        group by property_id
      ),
      events as (select * from activated union all select * from reduced)
      select e.id, max(e.event_at) as event_at, array_agg(distinct e.kind) as kinds
      from events e
      join ${properties} p on p.id = e.id and p.state = 'active' and p.struck_at is null
      join ${offers} o on o.id = e.id
      group by e.id
    `,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    at: new Date(row.event_at),
    kinds: row.kinds as SavedSearchAlertKind[],
  }));
}
