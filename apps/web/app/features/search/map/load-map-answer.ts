import {
  type BoundingBox,
  type Currency,
  GUEST_HIDDEN_CAP,
  HIDDEN_OFFERS_COOKIE,
  type OfferMapResponse,
  OfferMapResponseSchema,
  readOfferIdList,
  type SearchFilters,
  serializeFilters,
} from '@estately/domain';
import { browserApi } from '../../../api/browser-api.ts';
import { cookieValue } from '../../../api/cookies.ts';
import type { OfferCardView } from '../../../ui/offers/offer-card-view.ts';

/**
 * Clusters and single offers of GET /public/offers/map for a viewport: the search's filters
 * with the viewport as bbox, at a whole zoom, prices in the page's currency.
 */
export async function loadMapAnswer(options: {
  apiUrl: string;
  filters: SearchFilters;
  box: BoundingBox;
  zoom: number;
  currency: Currency;
  signal?: AbortSignal;
}): Promise<OfferMapResponse> {
  const query: Record<string, string | number> = Object.fromEntries(
    new URLSearchParams(
      serializeFilters({ ...options.filters, bbox: options.box }, ['sort', 'page', 'per_page']),
    ),
  );
  query.zoom = Math.max(0, Math.min(22, Math.floor(options.zoom)));
  query.currency = options.currency;
  // A guest's hidden offers stay off the map too (decision 072); an account's go by its token.
  const hidden = readOfferIdList(cookieValue(document.cookie, HIDDEN_OFFERS_COOKIE), GUEST_HIDDEN_CAP);
  if (hidden.length > 0) query.hidden = hidden.join('.');
  const raw = await browserApi(options.apiUrl).get<unknown>('/public/offers/map', {
    query,
    signal: options.signal,
  });
  return OfferMapResponseSchema.parse(raw);
}

export type MapCardResult =
  | { status: 'ready'; card: OfferCardView }
  | { status: 'missing' }
  | { status: 'error' };

/**
 * The card of a map point, fetched from this site's /map/card (load-map-card.server.ts formats it
 * on the server in the locale).
 */
export async function fetchMapCard(options: {
  id: number;
  lat: number;
  lng: number;
  locale: string;
  currency: Currency;
  signal?: AbortSignal;
}): Promise<MapCardResult> {
  const query = new URLSearchParams({
    id: String(options.id),
    lat: String(options.lat),
    lng: String(options.lng),
    locale: options.locale,
    currency: options.currency,
  });
  try {
    const response = await fetch(`/map/card?${query}`, { signal: options.signal });
    if (response.status === 404) return { status: 'missing' };
    if (!response.ok) return { status: 'error' };
    const body = (await response.json()) as { card: OfferCardView };
    return { status: 'ready', card: body.card };
  } catch {
    return { status: 'error' };
  }
}
