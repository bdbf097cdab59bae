import { HomePage } from '../features/search/home/home-page.tsx';
import { loadHomePage } from '../features/search/home/load-home-page.server.ts';
import { unpack } from '../routing/packed-data.ts';
import type { Route } from './+types/home.ts';

// Home: at /{locale}, and at / with no prefix (spec 2). The unprefixed / renders in place in the
// negotiated locale (cookie, Accept-Language, cs) with its canonical URL at /{locale}
// (docs/decisions/002-url-prefixed-locales.md): no redirect round trip for a first visit.

export const loader = (args: Route.LoaderArgs) => loadHomePage(args);

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const page = unpack(loaderData.page);
  return [
    { title: page.title },
    { name: 'description', content: page.description },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
  ];
};

export default HomePage;
