import type { PropertyState } from './value-sets.ts';

// What the public sees of an offer in each lifecycle state (docs/decisions/042). One table:
// the read model's `is_public`/`is_reserved` (packages/db offer-projection.ts and migration
// 0018), the API's detail answer and the web badge all derive from it.

/** How the offer page answers: shown (200), gone (410 with similar offers) or unknown (404). */
export type OfferPage = 'shown' | 'outcome' | 'gone' | 'not_found';

export interface OfferVisibility {
  /** `outcome`: shown for OUTCOME_PAGE_DAYS after the state change, then gone. */
  page: OfferPage;
  /** In search results, totals, facets, the map and saved-search alerts. */
  search: boolean;
  /** Whether the page and the card carry the state as a badge (`value.property_state.*`). */
  badge: boolean;
}

export const OFFER_VISIBILITY: Readonly<Record<PropertyState, OfferVisibility>> = {
  draft: { page: 'not_found', search: false, badge: false },
  active: { page: 'shown', search: true, badge: false },
  // A buyer who already wrote must still find it; a reserved deal often falls through.
  reserved: { page: 'shown', search: true, badge: true },
  sold: { page: 'outcome', search: false, badge: true },
  rented: { page: 'outcome', search: false, badge: true },
  // Paused and archived (withdrawn) offers were public once: their links answer 410.
  paused: { page: 'gone', search: false, badge: false },
  archived: { page: 'gone', search: false, badge: false },
};

/** How long a sold or rented offer keeps its page with the outcome (days after the change). */
export const OUTCOME_PAGE_DAYS = 90;

const DAY_MS = 86_400_000;

/** States whose offers search shows (the read model's `is_public`, unless struck). */
export const SEARCHABLE_STATES = (Object.keys(OFFER_VISIBILITY) as PropertyState[]).filter(
  (state) => OFFER_VISIBILITY[state].search,
);

/** States whose detail may answer 200 (for `outcome` only within OUTCOME_PAGE_DAYS). */
export const PAGE_STATES = (Object.keys(OFFER_VISIBILITY) as PropertyState[]).filter(
  (state) => OFFER_VISIBILITY[state].page === 'shown' || OFFER_VISIBILITY[state].page === 'outcome',
);

/**
 * The answer of the offer page of a property that is not struck and was activated once:
 * `shown` or `gone` (`not_found` for a draft). An `outcome` state is shown until
 * OUTCOME_PAGE_DAYS after `stateChangedAt`.
 */
export function offerPageAnswer(
  state: PropertyState,
  stateChangedAt: Date | null,
  now: Date = new Date(),
): 'shown' | 'gone' | 'not_found' {
  const page = OFFER_VISIBILITY[state]?.page ?? 'not_found';
  if (page !== 'outcome') return page;
  return outcomeShownUntil(stateChangedAt) > now.getTime() ? 'shown' : 'gone';
}

/** Until when (ms since the epoch) a sold or rented offer keeps its page. */
export function outcomeShownUntil(stateChangedAt: Date | null): number {
  return stateChangedAt ? stateChangedAt.getTime() + OUTCOME_PAGE_DAYS * DAY_MS : 0;
}
