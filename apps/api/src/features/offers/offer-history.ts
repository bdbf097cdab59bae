import { offers, priceHistory, properties, propertyStateHistory } from '@estately/db';
import {
  buildOfferTimeline,
  type Currency,
  daysOnMarket,
  type ExchangeRates,
  type OfferDetail,
  type PriceHistoryRecord,
  type PropertyState,
  type StateHistoryKind,
  type StateHistoryRecord,
} from '@estately/domain';
import { type SQL, sql } from 'drizzle-orm';
import { convertedPrice, parseJson } from '../offers-shared/exchange-rates.ts';

interface StoredHistory {
  states:
    | {
        listing: number | string;
        kind: string;
        at: string;
        price: number | string | null;
        currency: string | null;
      }[]
    | null;
  prices: { listing: number | string; at: string; price: number | string; currency: string }[] | null;
}

/** How many relistings back the history follows: far more than a property is ever re-posted, and a stop for a loop. */
const MAX_RELISTINGS = 20;

/**
 * The detail statement's column with the stored history of the offer and of the offers it was
 * relisted from (`relisted_from`, decision 063): state entries and prices, as one JSON value in
 * the detail's round trip. Only the detail reads it; search never joins the history.
 */
export function offerHistoryColumn(): SQL<StoredHistory | string | null> {
  return sql<StoredHistory | string | null>`(
    with recursive chain(id, depth) as (
      select ${offers.id}, 0
      union all
      select p.relisted_from, c.depth + 1 from chain c join ${properties} p on p.id = c.id
        where p.relisted_from is not null and c.depth < ${MAX_RELISTINGS}
    )
    select json_build_object(
      'states', (select json_agg(json_build_object('listing', s.property_id, 'kind', s.kind, 'at', s.changed_at, 'price', s.price,
          'currency', s.currency) order by s.changed_at, s.id)
        from ${propertyStateHistory} s where s.property_id in (select id from chain)),
      'prices', (select json_agg(json_build_object('listing', h.property_id, 'at', h.changed_at, 'price', h.price,
          'currency', h.currency) order by h.changed_at, h.id)
        from ${priceHistory} h where h.property_id in (select id from chain))
    ))`;
}

/**
 * The detail's `history`, `first_listed_at` and `days_on_market` from the stored history, prices
 * converted into the detail's currency. An offer written without the lifecycle operation (the
 * demo and benchmark data) has no state entry: it is listed at its first publication with the
 * price it had then, so the timeline of a public offer is never empty.
 */
export function offerHistoryOf(options: {
  id: number;
  stored: unknown;
  state: PropertyState;
  listedAt: Date;
  price: number | null;
  originalCurrency: Currency;
  currency: Currency;
  rates: ExchangeRates;
  now?: Date;
}): Pick<OfferDetail, 'history' | 'first_listed_at' | 'days_on_market'> {
  const stored = parseJson<StoredHistory | null>(options.stored);
  const prices: PriceHistoryRecord[] = (stored?.prices ?? []).map((entry) => ({
    listing: Number(entry.listing),
    at: new Date(entry.at),
    price: Number(entry.price),
    currency: entry.currency,
  }));
  let states: StateHistoryRecord[] = (stored?.states ?? []).map((entry) => ({
    listing: Number(entry.listing),
    kind: entry.kind as StateHistoryKind,
    at: new Date(entry.at),
    price: entry.price === null ? null : Number(entry.price),
    currency: entry.currency,
  }));
  if (states.length === 0) {
    const then = prices.filter((entry) => entry.at.getTime() <= options.listedAt.getTime()).at(-1);
    states = [
      {
        listing: options.id,
        kind: 'listed',
        at: options.listedAt,
        price: then?.price ?? options.price,
        currency: then?.currency ?? (options.price === null ? null : options.originalCurrency),
      },
    ];
  }
  const timeline = buildOfferTimeline(states, prices);
  const first = timeline.find((entry) => entry.kind === 'listed');
  return {
    history: timeline.map((entry) => {
      const original = entry.currency as Currency | null;
      return {
        date: entry.at.toISOString(),
        kind: entry.kind,
        price:
          entry.price === null || original === null
            ? null
            : convertedPrice(entry.price, original, options.currency, options.rates),
        currency: entry.price === null ? null : options.currency,
        original_price: entry.price,
        original_currency: original,
        change_percent: entry.changePercent,
      };
    }),
    first_listed_at: first ? first.at.toISOString() : null,
    days_on_market: daysOnMarket(timeline, options.state, options.now),
  };
}
