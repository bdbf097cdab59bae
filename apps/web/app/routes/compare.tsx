import stylesHref from '../features/offer-lists/compare.css?url';
import { ComparePage } from '../features/offer-lists/compare-page.tsx';
import { loadComparePage } from '../features/offer-lists/load-compare-page.server.ts';
import { unpack } from '../routing/packed-data.ts';
import actionsStylesHref from '../ui/offer-actions/offer-actions.css?url';
import type { Route } from './+types/compare.ts';

// `/{locale}/{compare word}?ids=1.2.3` (issue 44 point 4, decision 072): 2-4 offers side by
// side, with distances to a typed place, printable. Not indexed: a comparison is a visitor's own.

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: actionsStylesHref },
  { rel: 'stylesheet', href: stylesHref },
];

export const loader = (args: Route.LoaderArgs) => loadComparePage(args);

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  return [{ title: unpack(loaderData.page).title }, { name: 'robots', content: 'noindex' }];
};

export default ComparePage;
