import { useI18n } from '../../i18n/i18n-context.tsx';
import { type Packed, unpack } from '../../routing/packed-data.ts';
import { PagedOfferList } from '../../ui/offers/paged-offer-list.tsx';
import type { CompanyPageData } from './load-company-page.server.ts';

/** A company's public page: its logo, details, description and offers, a page at a time. */
export function CompanyPage({ loaderData }: { loaderData: { page: Packed<CompanyPageData> } }) {
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
