import { type Currency, type Locale, SearchOffersResponseSchema } from '@estately/domain';
import type { ApiClient } from '../../../api/api-client.ts';
import { toOfferCardView } from '../../../ui/offers/offer-card-view.server.ts';
import type { OfferCardView } from '../../../ui/offers/offer-card-view.ts';

/** Half the edge of the box a point's card is looked up in: about 1 m, the point is exact. */
const NEAR = 0.00001;

/**
 * The card of a map point (photo, price, layout, area, place, link to the detail), formatted on
 * the server like the list's cards. Looked up through the search (a tiny bbox around the
 * point's position) rather than the detail call, which would count a detail view for the
 * seller's statistics (spec 7) for a glance at the map. Null when the offer is no longer listed.
 */
export async function loadMapCard(options: {
  api: ApiClient;
  id: number;
  lat: number;
  lng: number;
  locale: Locale;
  currency: Currency;
  publicApiUrl: string;
  signal?: AbortSignal;
}): Promise<OfferCardView | null> {
  const { lat, lng } = options;
  const bbox = [lat - NEAR, lng - NEAR, lat + NEAR, lng + NEAR].map((value) => String(value)).join(',');
  const raw = await options.api.get<unknown>('/public/offers', {
    query: { bbox, per_page: 50, currency: options.currency },
    signal: options.signal,
  });
  const offer = SearchOffersResponseSchema.parse(raw).data.find((item) => item.id === options.id);
  return offer ? toOfferCardView(offer, options.locale, options.publicApiUrl) : null;
}
