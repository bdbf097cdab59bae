import { createTranslator } from '@estately/i18n';
import companyStylesHref from '../features/company-profile/company.css?url';
import { PagedOfferList } from '../features/offers/paged-offer-list.tsx';
import stylesHref from '../features/seller-page/seller-page.css?url';
import { loadSellerPage } from '../features/seller-page/seller-page.server.ts';
import { localeFromPathname } from '../locale/locale-path.ts';
import { pack, unpack } from '../routing/packed-data.ts';
import { pageUrl } from '../routing/page-url.ts';
import type { Route } from './+types/seller-page.ts';

// `/{locale}/seller/{id}-{slug}` (issue 39 point 15): a seller's public page with picture, type,
// rating, member since and reply rate, and its offers with a search that runs on the server (a
// plain GET form: the page's address holds the search). Unknown sellers are the 404 page.

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: companyStylesHref },
  { rel: 'stylesheet', href: stylesHref },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = localeFromPathname(pageUrl(request).pathname) ?? 'cs';
  const t = createTranslator(locale);
  // Sent as JSON text (routing/packed-data.ts, decision 033).
  return { page: pack(await loadSellerPage(context, request, locale, t, params.slug)) };
}

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

export default function SellerPage({ loaderData }: Route.ComponentProps) {
  const page = unpack(loaderData.page);
  const { seller, search } = page;
  const facts = [seller.type, seller.rating, seller.verified, seller.replyRate].filter(
    (fact): fact is string => Boolean(fact),
  );
  return (
    <article className="container page seller-page" data-testid="seller-page">
      <header className="company-page__header">
        {seller.picture && (
          // The name is beside it: the picture adds nothing a screen reader should say.
          <img className="seller-page__picture" src={seller.picture} alt="" width={112} height={112} />
        )}
        <div>
          <h1 dir="auto" data-testid="seller-page-name">
            {seller.name}
          </h1>
          <ul className="seller-page__facts" data-testid="seller-page-facts">
            {facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
          <p className="company-page__since" data-testid="seller-page-since">
            {seller.memberSince}
          </p>
        </div>
      </header>
      <search aria-label={search.heading}>
        <form
          method="get"
          action={search.action}
          className="seller-page__search"
          data-testid="seller-page-search"
        >
          <label>
            {search.label}
            <input type="search" name="q" defaultValue={search.q} maxLength={100} />
          </label>
          <label>
            {search.typeLabel}
            <select name="offer_type" defaultValue={search.offerType ?? ''}>
              <option value="">{search.any}</option>
              {search.types.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button button--primary">
            {search.submit}
          </button>
        </form>
      </search>
      <PagedOfferList
        id="seller-offers-heading"
        heading={page.offersHeading}
        offers={page.offers}
        empty={page.empty}
        favoriteTexts={page.favoriteTexts}
        paging={page.paging}
        texts={page.pagingTexts}
        testId="seller-page-offers"
      />
    </article>
  );
}
