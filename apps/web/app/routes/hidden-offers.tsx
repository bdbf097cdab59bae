import { HiddenOffersPage } from '../features/offer-lists/hidden-offers-page.tsx';
import { loadHiddenPage } from '../features/offer-lists/load-hidden-page.server.ts';
import { unpack } from '../routing/packed-data.ts';
import actionsStylesHref from '../ui/offer-actions/offer-actions.css?url';
import type { Route } from './+types/hidden-offers.ts';

// `/{locale}/{hidden offers word}` (issue 44 point 6, decision 072): the offers this person hid,
// each with "Show again"; a guest's from the browser, a signed-in person's from the account.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: actionsStylesHref }];

export const loader = (args: Route.LoaderArgs) => loadHiddenPage(args);

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  return [{ title: unpack(loaderData.page).title }, { name: 'robots', content: 'noindex' }];
};

export default HiddenOffersPage;
