import type { PropertyState } from './value-sets.ts';

// The public history of an offer (issue 43 point 1, docs/decisions/063): what each lifecycle
// transition means to a visitor, and the timeline built from the stored state entries and the
// price history. The API's detail and its tests derive from these functions.

/** What a state entry says on the timeline (`price_change` comes from the price history). */
export const STATE_HISTORY_KINDS = [
  'listed',
  'relisted',
  'reserved',
  'sold',
  'rented',
  'withdrawn',
  'back_on_market',
] as const;
export type StateHistoryKind = (typeof STATE_HISTORY_KINDS)[number];

export const OFFER_HISTORY_KINDS = [...STATE_HISTORY_KINDS, 'price_change'] as const;
export type OfferHistoryKind = (typeof OFFER_HISTORY_KINDS)[number];

/**
 * The entry a transition writes, or null when the visitor saw nothing change: archiving an offer
 * already off the market (paused, sold, rented) or a draft, and reopening an archived one as
 * paused (it is still off the market until it is active again). `firstListing` is true when the
 * property was never published before (`published_at` empty).
 */
export function stateHistoryKind(
  from: PropertyState,
  to: PropertyState,
  firstListing: boolean,
): StateHistoryKind | null {
  if (from === to) return null;
  switch (to) {
    case 'active':
      return firstListing ? 'listed' : 'back_on_market';
    case 'reserved':
    case 'sold':
    case 'rented':
      return to;
    case 'paused':
    case 'archived':
      return from === 'active' || from === 'reserved' ? 'withdrawn' : null;
    default:
      return null;
  }
}

/** A stored state entry (the `property_state_history` table); `listing` is its property's id. */
export interface StateHistoryRecord {
  listing: number;
  kind: StateHistoryKind;
  at: Date;
  price: number | null;
  currency: string | null;
}

/** A stored price (the `price_history` table); `listing` is its property's id. */
export interface PriceHistoryRecord {
  listing: number;
  at: Date;
  price: number;
  currency: string;
}

export interface OfferTimelineEntry {
  kind: OfferHistoryKind;
  at: Date;
  price: number | null;
  currency: string | null;
  /** Against the price before it, in the same currency; null for the first price or another currency. */
  changePercent: number | null;
}

/** Percent change from `before` to `after`, one decimal, or null when not comparable. */
export function priceChangePercent(
  before: { price: number | null; currency: string | null } | null,
  after: { price: number | null; currency: string | null },
): number | null {
  if (!before || before.price === null || after.price === null || before.price <= 0) return null;
  if (before.currency !== after.currency) return null;
  return Math.round(((after.price - before.price) / before.price) * 1000) / 10;
}

/**
 * The timeline of an offer and of the offers it was relisted from, oldest first: every state
 * entry, and every price change each listing made once it was listed or relisted (a price set
 * in a draft is no change a visitor saw). A price change that repeats the price before it is
 * left out; `listed`/`relisted` entries carry the price of that moment.
 */
export function buildOfferTimeline(
  states: readonly StateHistoryRecord[],
  prices: readonly PriceHistoryRecord[],
): OfferTimelineEntry[] {
  const listedAt = new Map<number, number>();
  for (const entry of states) {
    const known = listedAt.get(entry.listing);
    if (known === undefined || entry.at.getTime() < known) listedAt.set(entry.listing, entry.at.getTime());
  }
  const merged: { entry: OfferTimelineEntry; order: number }[] = [];
  for (const state of states) {
    merged.push({
      entry: {
        kind: state.kind,
        at: state.at,
        price: state.price,
        currency: state.currency,
        changePercent: null,
      },
      order: 0,
    });
  }
  for (const price of prices) {
    const listed = listedAt.get(price.listing);
    if (listed === undefined || price.at.getTime() <= listed) continue;
    merged.push({
      entry: {
        kind: 'price_change',
        at: price.at,
        price: price.price,
        currency: price.currency,
        changePercent: null,
      },
      order: 1,
    });
  }
  merged.sort((a, b) => a.entry.at.getTime() - b.entry.at.getTime() || a.order - b.order);
  const timeline: OfferTimelineEntry[] = [];
  let last: { price: number | null; currency: string | null } | null = null;
  for (const { entry } of merged) {
    if (entry.kind === 'price_change') {
      if (last && last.price === entry.price && last.currency === entry.currency) continue;
      entry.changePercent = priceChangePercent(last, entry);
    } else if (entry.kind === 'relisted') {
      entry.changePercent = priceChangePercent(last, entry);
    }
    if (entry.price !== null) last = { price: entry.price, currency: entry.currency };
    timeline.push(entry);
  }
  return timeline;
}

const DAY_MS = 86_400_000;

/** States in which the offer is on the market: days on market run on. */
const ON_MARKET: readonly PropertyState[] = ['active', 'reserved'];

/**
 * Whole days from the first listing to now, or to when it left the market (the last sold,
 * rented or withdrawn entry) for an offer that is off it. Null without a listing.
 */
export function daysOnMarket(
  timeline: readonly OfferTimelineEntry[],
  state: PropertyState,
  now: Date = new Date(),
): number | null {
  const first = timeline.find((entry) => entry.kind === 'listed');
  if (!first) return null;
  let end = now.getTime();
  if (!ON_MARKET.includes(state)) {
    const left = [...timeline]
      .reverse()
      .find((entry) => entry.kind === 'sold' || entry.kind === 'rented' || entry.kind === 'withdrawn');
    if (left) end = left.at.getTime();
  }
  return Math.max(0, Math.floor((end - first.at.getTime()) / DAY_MS));
}

/** How long a price reduction shows as "reduced by N %" on cards (issue 43 point 1). */
export const PRICE_REDUCED_BADGE_DAYS = 30;

/** The card's "reduced by N %": the percent when the reduction is recent enough, else null. */
export function recentReductionPercent(
  percent: number | null,
  reducedAt: Date | null,
  now: Date = new Date(),
): number | null {
  if (percent === null || !reducedAt) return null;
  return now.getTime() - reducedAt.getTime() <= PRICE_REDUCED_BADGE_DAYS * DAY_MS ? percent : null;
}
