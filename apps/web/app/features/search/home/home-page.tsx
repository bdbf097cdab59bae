import type { OfferType, PropertyType, SearchFilters } from '@estately/domain';
import { useRef } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../../i18n/i18n-context.tsx';
import { type Packed, unpack } from '../../../routing/packed-data.ts';
import { OfferCardItem } from '../../../ui/offers/offer-card.tsx';
import { PlaceBox } from '../filters/place-box.tsx';
import { WHERE_PARAM } from '../filters/where-param.ts';
import type { HomePageData } from './load-home-page.server.ts';
import { RecentlyViewed } from './recently-viewed.tsx';

/**
 * The search home's form describes: its offer and property type on `base` (the first page). The
 * form's values are among the loader's choices, which come from the domain's value sets.
 */
function searchOfForm(form: HTMLFormElement | null, base: SearchFilters): SearchFilters {
  const fields = form ? new FormData(form) : null;
  const offer = fields?.get('offer_type');
  const property = fields?.get('property_type');
  return {
    ...base,
    ...(typeof offer === 'string' ? { offer_type: offer as OfferType } : {}),
    ...(typeof property === 'string' ? { property_type: property as PropertyType } : {}),
  };
}

/** The home page: the search box, the popular searches and the featured offers. */
export function HomePage({ loaderData: packed }: { loaderData: { page: Packed<HomePageData> } }) {
  const loaderData = unpack(packed.page);
  const { t, locale } = useI18n();
  const { search } = loaderData;
  const form = useRef<HTMLFormElement>(null);
  return (
    <>
      <section className="hero">
        <div className="container">
          <h1>{t('home.hero_heading')}</h1>
          <p>{t('home.hero_subheading')}</p>
          <search>
            <form
              ref={form}
              className="search-box"
              method="get"
              action={search.action}
              data-testid="home-search"
            >
              <label>
                <span>{search.offerTypeLabel}</span>
                <select name="offer_type">
                  {search.offerTypes.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                <span>{search.propertyTypeLabel}</span>
                <select name="property_type">
                  {search.propertyTypes.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </label>
              <PlaceBox
                locale={locale}
                name={WHERE_PARAM}
                filters={() => searchOfForm(form.current, search.base)}
                texts={search.location.texts}
                placeholder={search.location.placeholder}
              />
              <button type="submit">{search.submit}</button>
            </form>
          </search>
        </div>
      </section>
      <nav className="container popular-searches" aria-labelledby="popular-heading">
        <h2 id="popular-heading" className="section-title">
          {search.popularHeading}
        </h2>
        <ul className="pill-nav">
          {search.popular.map((link) => (
            <li key={link.href}>
              <Link to={link.href}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="container" aria-labelledby="featured-heading">
        <h2 id="featured-heading" className="section-title">
          {t('home.featured_offers')}
        </h2>
        {loaderData.featuredStatus === 'unavailable' ? (
          <p className="notice" role="status" data-testid="offers-unavailable">
            {t('home.offers_unavailable')}
          </p>
        ) : loaderData.offers.length === 0 ? (
          <p className="notice" data-testid="offers-empty">
            {t('home.no_offers')}
          </p>
        ) : (
          <ul className="offer-grid">
            {loaderData.offers.map((offer, index) => (
              <li key={offer.id}>
                <OfferCardItem offer={offer} priority={index === 0} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <RecentlyViewed locale={locale} />
    </>
  );
}
