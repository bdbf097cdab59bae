import { createTranslator, localeData } from '@estately/i18n';
import { data } from 'react-router';
import { webConfigContext } from '../config.server.ts';
import { fetchFeaturedOffers } from '../features/offers/fetch-featured-offers.server.ts';
import { OfferCardItem } from '../features/offers/offer-card.tsx';
import { toOfferCardView } from '../features/offers/offer-card-view.server.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { pickRequestLocale } from '../locale/pick-locale.server.ts';
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
    currency: localeData(locale).currency,
    signal: request.signal,
  });
  const body = {
    title: `${t('screen.home')} | ${t('meta.site_name')}`,
    description: t('meta.home_description'),
    featuredStatus: featured.status,
    offers: featured.offers.map((offer) => toOfferCardView(offer, locale, config.publicApiUrl)),
  };
  // The unprefixed page differs per visitor: shared caches must key it on what chose the locale.
  const headers: HeadersInit =
    source === 'path' ? {} : { Vary: 'Cookie, Accept-Language', 'Cache-Control': 'private, no-cache' };
  return data(body, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: loaderData.title },
        { name: 'description', content: loaderData.description },
        { property: 'og:title', content: loaderData.title },
        { property: 'og:description', content: loaderData.description },
      ]
    : [];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <>
      <section className="hero">
        <div className="container">
          <h1>{t('home.hero_heading')}</h1>
          <p>{t('home.hero_subheading')}</p>
        </div>
      </section>
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
            {loaderData.offers.map((offer) => (
              <li key={offer.id}>
                <OfferCardItem offer={offer} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
