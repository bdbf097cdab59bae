import { createTranslator } from '@estately/i18n';
import stylesHref from '../features/company-profile/company.css?url';
import { loadCompanyPage } from '../features/company-profile/company-page.server.ts';
import { PagedOfferList } from '../features/offers/paged-offer-list.tsx';
import { useI18n } from '../i18n/i18n-context.tsx';
import { localeFromPathname } from '../locale/locale-path.ts';
import { pack, unpack } from '../routing/packed-data.ts';
import { pageUrl } from '../routing/page-url.ts';
import type { Route } from './+types/company-page.ts';

// `/{locale}/company/{id}-{slug}` (issue 38 point 12): a company's public page with its logo,
// details, description and offers, a page at a time. Unknown companies are the 404 page.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = localeFromPathname(pageUrl(request).pathname) ?? 'cs';
  const t = createTranslator(locale);
  const page = await loadCompanyPage(context, request, locale, t, params.slug);
  const texts = {
    about: t('company.about'),
    contact: t('company.contact'),
    registrationNumber: t('company.registration_number'),
    website: t('company.website'),
    phone: t('company.phone'),
    address: t('company.address'),
    noOffers: t('company.no_offers'),
    pagination: t('results.pagination'),
    previous: t('results.previous'),
    next: t('results.next'),
    pageOf: t('results.page', { page: page.paging.page, pages: Math.max(1, page.paging.totalPages) }),
  };
  // Sent as JSON text (routing/packed-data.ts, decision 033).
  return { page: pack({ ...page, texts }) };
}

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

export default function CompanyPage({ loaderData }: Route.ComponentProps) {
  const page = unpack(loaderData.page);
  const { dir } = useI18n();
  const { company, texts } = page;
  return (
    <article className="container page company-page" data-testid="company-page">
      <header className="company-page__header">
        {company.logo && (
          <img
            className="company-logo company-logo--large"
            src={company.logo}
            alt={company.logoAlt}
            data-testid="company-page-logo"
          />
        )}
        <div>
          <h1 data-testid="company-page-name">{company.name}</h1>
          <p className="company-page__since">{company.memberSince}</p>
        </div>
      </header>
      <div className="company-page__body">
        {company.description && (
          <section aria-labelledby="company-about" className="company-page__about">
            <h2 id="company-about">{texts.about}</h2>
            <p
              lang={company.description.foreign ? company.description.lang : undefined}
              dir={company.description.foreign ? 'auto' : dir}
              className="company-page__description"
              data-testid="company-page-description"
            >
              {company.description.text}
            </p>
          </section>
        )}
        <section aria-labelledby="company-contact" className="company-page__contact">
          <h2 id="company-contact">{texts.contact}</h2>
          <dl className="facts" data-testid="company-page-details">
            {(company.address || company.country) && (
              <div>
                <dt>{texts.address}</dt>
                <dd>{[company.address, company.country].filter(Boolean).join(', ')}</dd>
              </div>
            )}
            {company.registrationNumber && (
              <div>
                <dt>{texts.registrationNumber}</dt>
                <dd>
                  <bdi>{company.registrationNumber}</bdi>
                </dd>
              </div>
            )}
            {company.website && (
              <div>
                <dt>{texts.website}</dt>
                <dd>
                  <a href={company.website} rel="noopener nofollow ugc" dir="ltr">
                    {company.websiteLabel}
                  </a>
                </dd>
              </div>
            )}
            {company.phone && (
              <div>
                <dt>{texts.phone}</dt>
                <dd>
                  <a href={`tel:${company.phone.replace(/[^+\d]/g, '')}`} dir="ltr">
                    {company.phone}
                  </a>
                </dd>
              </div>
            )}
          </dl>
        </section>
      </div>
      <PagedOfferList
        id="company-offers"
        heading={page.offersHeading}
        offers={page.offers}
        empty={texts.noOffers}
        favoriteTexts={page.favoriteTexts}
        paging={page.paging}
        texts={texts}
        testId="company-page-offers"
      />
    </article>
  );
}
