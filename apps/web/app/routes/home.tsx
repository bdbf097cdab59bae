import {
  buildPath,
  composeSearchPath,
  defaultFilters,
  OFFER_TYPES,
  type OfferType,
  PROPERTY_TYPES,
  type PropertyType,
  type SearchFilters,
} from '@estately/domain';
import { createTranslator, localeData } from '@estately/i18n';
import { useRef } from 'react';
import { data, Link } from 'react-router';
import { webConfigContext } from '../config.server.ts';
import { fetchFeaturedOffers } from '../features/offers/fetch-featured-offers.server.ts';
import { OfferCardItem } from '../features/offers/offer-card.tsx';
import { toOfferCardView } from '../features/offers/offer-card-view.server.ts';
import { PlaceBox } from '../features/search/filters/place-box.tsx';
import { WHERE_PARAM } from '../features/search/filters/where-param.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { pickRequestLocale } from '../locale/pick-locale.server.ts';
import { ownCallHeaders } from '../request-state.server.ts';
import { pack, unpack } from '../routing/packed-data.ts';
import { retryLaterOrRethrow } from '../routing/unavailable.server.ts';
import type { Route } from './+types/home.ts';

// Home: at /{locale}, and at / with no prefix (spec 2). The unprefixed / renders in place in the
// negotiated locale (cookie, Accept-Language, cs) with its canonical URL at /{locale}
// (docs/decisions/002-url-prefixed-locales.md): no redirect round trip for a first visit.

export async function loader({ request, context }: Route.LoaderArgs) {
  const config = context.get(webConfigContext);
  const { locale, source } = pickRequestLocale(request);
  const t = createTranslator(locale);
  // Featured offers in the locale's currency (spec 7: GET /properties, latest 8).
  const featured = await fetchFeaturedOffers({
    apiUrl: config.apiUrl,
    // The same list for everyone, kept by the page cache: the web server's own call.
    headers: ownCallHeaders(config),
    currency: localeData(locale).currency,
    signal: request.signal,
  }).catch(retryLaterOrRethrow(context, 'limited'));
  // Home's search box submits to the results list; the popular searches are search-path links
  // in the locale's own words (spec 2 search URLs).
  const search = {
    action: buildPath('results', locale),
    offerTypeLabel: t('filter.offer_type'),
    propertyTypeLabel: t('filter.property_type'),
    submit: t('action.search'),
    offerTypes: OFFER_TYPES.map((value) => ({ value, label: t(`value.offer_type.${value}`) })),
    propertyTypes: PROPERTY_TYPES.map((value) => ({ value, label: t(`value.property_type.${value}`) })),
    // The place box: suggestions as on the results page; what is typed without picking one is
    // sent as `where` and looked up there (where-param.server.ts).
    base: defaultFilters(),
    location: {
      texts: { 'filter.location': t('filter.location'), 'error.no_results': t('error.no_results') },
      placeholder: t('home.search_placeholder'),
    },
    popularHeading: t('home.browse_by_type'),
    popular: OFFER_TYPES.flatMap((offer_type) =>
      PROPERTY_TYPES.map((property_type) => ({
        href: composeSearchPath(locale, { ...defaultFilters(), offer_type, property_type }),
        label: t(`offer.title.${offer_type}_${property_type}`),
      })),
    ),
  };
  const body = {
    search,
    title: `${t('screen.home')} | ${t('meta.site_name')}`,
    description: t('meta.home_description'),
    featuredStatus: featured.status,
    offers: featured.offers.map((offer) => toOfferCardView(offer, locale, config.publicApiUrl)),
  };
  // The unprefixed page differs per visitor: shared caches must key it on what chose the locale.
  const headers: HeadersInit =
    source === 'path' ? {} : { Vary: 'Cookie, Accept-Language', 'Cache-Control': 'private, no-cache' };
  // Sent as JSON text (routing/packed-data.ts, decision 033).
  return data({ page: pack(body) }, { headers });
}

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

export default function Home({ loaderData: packed }: Route.ComponentProps) {
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
    </>
  );
}
