import companyStylesHref from '../features/company-profile/company.css?url';
import { loadSellerPage } from '../features/seller-page/load-seller-page.server.ts';
import stylesHref from '../features/seller-page/seller-page.css?url';
import { SellerPage } from '../features/seller-page/seller-page-view.tsx';
import { unpack } from '../routing/packed-data.ts';
import type { Route } from './+types/seller-page.ts';

// `/{locale}/seller/{id}-{slug}` (issue 39 point 15): a seller's public page with picture, type,
// rating, member since and reply rate, and its offers with a search that runs on the server (a
// plain GET form: the page's address holds the search). Unknown sellers are the 404 page.

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: companyStylesHref },
  { rel: 'stylesheet', href: stylesHref },
];

export const loader = (args: Route.LoaderArgs) => loadSellerPage(args);

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const page = unpack(loaderData.page);
  return [
    { title: page.title },
    { name: 'description', content: page.metaDescription },
    { tagName: 'link', rel: 'canonical', href: page.canonical },
    ...(page.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    { property: 'og:title', content: page.seller.name },
    { property: 'og:description', content: page.metaDescription },
    ...(page.seller.picture ? [{ property: 'og:image', content: page.seller.picture }] : []),
  ];
};

export default SellerPage;
