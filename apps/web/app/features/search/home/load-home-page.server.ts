import { buildPath, composeSearchPath, defaultFilters, OFFER_TYPES, PROPERTY_TYPES } from '@estately/domain';
import { createTranslator, localeData } from '@estately/i18n';
import { data, type LoaderFunctionArgs } from 'react-router';
import { webConfigContext } from '../../../config.server.ts';
import { pickRequestLocale } from '../../../locale/pick-locale.server.ts';
import { ownCallHeaders } from '../../../request-state.server.ts';
import { type Packed, pack } from '../../../routing/packed-data.ts';
import { retryLaterOrRethrow } from '../../../routing/unavailable.server.ts';
import { toOfferCardView } from '../../../ui/offers/offer-card-view.server.ts';
import { fetchFeaturedOffers } from './fetch-featured-offers.server.ts';

// The home page's data: its search box, the popular searches and the featured offers, in the
// locale of the path or, at /, the negotiated one (docs/decisions/002-url-prefixed-locales.md).

export async function loadHomePage({ request, context }: LoaderFunctionArgs) {
  const config = context.get(webConfigContext);
  const { locale, source } = pickRequestLocale(request);
  const t = createTranslator(locale);
  // Featured offers in the locale's currency (spec 7: GET /properties, latest 8).
  const featured = await fetchFeaturedOffers({
    apiUrl: config.apiUrl,
    // The same list for everyone, kept by the page cache: the web server's own call.
    headers: ownCallHeaders(config, context),
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

type PackedValue<P> = P extends Packed<infer T> ? T : never;
/** What the home page shows. */
export type HomePageData = PackedValue<Awaited<ReturnType<typeof loadHomePage>>['data']['page']>;
