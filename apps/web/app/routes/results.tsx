import '../ui/offer-actions/offer-actions.css';
import { loadResultsPage, resultsPageAction } from '../features/search/results/load-results-page.server.tsx';
import { ResultsPage } from '../features/search/results/results-page.tsx';
import { unpack } from '../routing/packed-data.ts';
import type { Route } from './+types/results.ts';

// Results list, old search, property list and the search path (spec 2): the filter panel with
// facet counts beside the page of GET /public/offers (25 a page). The search path is the
// shareable address of a search: any other spelling of the same filters (a plain GET form's
// query, another order) is redirected to the canonical URL composed by the domain package.

export const loader = (args: Route.LoaderArgs) => loadResultsPage(args);

export const action = (args: Route.ActionArgs) => resultsPageAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const page = unpack(loaderData.page);
  return [{ title: page.title }, { name: 'description', content: page.description }];
};

export default ResultsPage;
