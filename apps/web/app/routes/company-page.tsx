import stylesHref from '../features/company-profile/company.css?url';
import { CompanyPage } from '../features/company-profile/company-page-view.tsx';
import { loadCompanyPage } from '../features/company-profile/load-company-page.server.ts';
import { unpack } from '../routing/packed-data.ts';
import type { Route } from './+types/company-page.ts';

// `/{locale}/company/{id}-{slug}` (issue 38 point 12): a company's public page with its logo,
// details, description and offers, a page at a time. Unknown companies are the 404 page.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export const loader = (args: Route.LoaderArgs) => loadCompanyPage(args);

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const page = unpack(loaderData.page);
  return [
    { title: page.title },
    { name: 'description', content: page.metaDescription },
    { tagName: 'link', rel: 'canonical', href: page.canonical },
    { property: 'og:title', content: page.company.name },
    { property: 'og:description', content: page.metaDescription },
    ...(page.company.logo ? [{ property: 'og:image', content: page.company.logo }] : []),
  ];
};

export default CompanyPage;
