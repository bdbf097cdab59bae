import '../features/offer-detail/energy-label.css';
import '../features/offer-detail/price-context.css';
import '../features/offer-detail/trust-panel.css';
import '../ui/offer-actions/offer-actions.css';
import {
  loadOfferDetailPage,
  offerDetailPageAction,
} from '../features/offer-detail/load-offer-detail-page.server.tsx';
import { OfferDetailPage } from '../features/offer-detail/offer-detail-page.tsx';
import { unpack } from '../routing/packed-data.ts';
import type { Route } from './+types/property-detail.ts';

// Property detail (spec 2 /{locale}/property/{id}): the offer with its gallery, facts, maps,
// seller, contact and forms, or the 410 page of an offer no longer shown; unknown or struck offers
// are the 404 page (features/offer-detail/load-offer-detail-page.server.tsx).

export const loader = (args: Route.LoaderArgs) => loadOfferDetailPage(args);

/** The forms' post without JavaScript: validated with the same schema, then sent to the API. */
export const action = (args: Route.ActionArgs) => offerDetailPageAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  if (loaderData.gone)
    return [{ title: unpack(loaderData.gone).title }, { name: 'robots', content: 'noindex' }];
  const page = unpack(loaderData.page);
  return [
    { title: page.title },
    ...(page.description ? [{ name: 'description', content: page.description }] : []),
  ];
};

export default OfferDetailPage;
