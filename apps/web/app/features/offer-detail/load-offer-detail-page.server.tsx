import {
  OfferContactSchema,
  OfferDetailSchema,
  PointsOfInterestResponseSchema,
  PublicTourDatesResponseSchema,
  SellerOffersResponseSchema,
  SimilarOffersResponseSchema,
} from '@estately/domain';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { localizedErrorText } from '../../i18n/error-text.ts';
import { requestApi } from '../../request-state.server.ts';
import { type Packed, pack } from '../../routing/packed-data.ts';
import { displayCurrency, notFound, pageTitle, screenOf, screenTitle } from '../../routing/screen.server.ts';
import { throwPageFailure } from '../../routing/unavailable.server.ts';
import { loadSession } from '../../session/session.server.ts';
import { addToBoardTexts } from '../../ui/board-add/board-texts.server.ts';
import { favoriteTexts } from '../../ui/favorite-toggle/favorite-texts.server.ts';
import { toOfferCardView } from '../../ui/offers/offer-card-view.server.ts';
import type { OfferCardView } from '../../ui/offers/offer-card-view.ts';
import { renderStaticHtml } from '../../ui/render-static.server.ts';
import { telHref } from './contact-bar.tsx';
import { MESSAGE_FIELD_ID } from './offer-detail-page.tsx';
import { offerDetailTexts } from './offer-detail-texts.server.ts';
import { toOfferDetailView } from './offer-detail-view.server.ts';
import { readOfferForm } from './offer-form-validation.ts';
import { apiFieldErrors, type OfferFormResult, offerFormPath } from './offer-forms.ts';
import { offerListsHeadingHtml } from './offer-lists-parts.server.ts';
import { offerStaticParts, withoutStaticParts } from './offer-static-parts.server.tsx';
import { offerStreetMapView } from './offer-street-map.server.ts';
import { toPoiGroups } from './points-of-interest.server.ts';
import { priceContextView } from './price-context-view.server.ts';
import { staticMapView } from './static-map-view.server.ts';
import { offerStructuredData } from './structured-data.server.ts';
import { loadDescriptionTranslation } from './translate-control.server.ts';
import { toViewingSlots } from './viewing-slots.server.ts';

// Property detail (spec 2 /{locale}/property/{id}): GET /public/offers/{id} with the price in the
// visitor's currency and the original beside it, the gallery, parameters, the description in the
// page's language (spec 4 fallback), the seller, contact (shown on request: `?contact=1`, a plain
// link that works without JavaScript), the message and report forms, the favourite heart,
// similar offers nearby and abroad (4 each, spec 9) and schema.org data. Unknown or struck offers
// are the 404 page.

const SIMILAR_LIMIT = 4;

function offerIdOf(value: string | undefined): number {
  // Route validation (spec 2): an id that is no positive whole number is a 404.
  if (!/^[1-9]\d{0,15}$/.test(value ?? '')) notFound();
  return Number(value);
}

export async function loadOfferDetailPage({ request, context, params }: LoaderFunctionArgs) {
  const config = context.get(webConfigContext);
  const { screen, locale, t, url } = screenOf(request);
  const id = offerIdOf(params.id);
  const session = await loadSession(context, request, config);
  const currency = displayCurrency(request, locale, session.user?.preferredCurrency);
  const { client } = requestApi(context, request, config);
  let raw: unknown;
  try {
    raw = await client.get(`/public/offers/${id}`, { query: { currency }, signal: request.signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    // Withdrawn, or sold or rented long ago (decision 042): 410 with the similar offers.
    if (error instanceof ApiError && error.status === 410) {
      const similar = await client
        .get(`/public/offers/${id}/similar_offers`, {
          query: { limit: SIMILAR_LIMIT, currency },
          signal: request.signal,
        })
        .then((answer) =>
          SimilarOffersResponseSchema.parse(answer).data.map((card) =>
            toOfferCardView(card, locale, config.publicApiUrl),
          ),
        )
        .catch(() => []);
      // The page of an offer that was public and is no longer shown: withdrawn (paused,
      // archived) or sold or rented more than 90 days ago, with similar offers, so a buyer who
      // kept the link finds a way on (docs/decisions/042).
      const gone = {
        title: pageTitle(t, t('offer.gone.title')),
        intro: renderStaticHtml(
          <>
            <h1>{t('offer.gone.title')}</h1>
            <p>{t('offer.gone.text')}</p>
          </>,
        ),
        similarHeading: t('offer.similar'),
        similar,
        favoriteTexts: favoriteTexts(locale),
      };
      return data({ gone: pack(gone), page: undefined }, { status: 410, statusText: 'Gone' });
    }
    // A timeout or an unavailable API is a 503 with Retry-After, a limit a 429 with the API's
    // Retry-After, anything else a 500.
    throwPageFailure(error, context);
  }
  const detail = OfferDetailSchema.parse(raw);
  const offer = toOfferDetailView(detail, locale, config.publicApiUrl);

  // Secondary parts never cost the visitor the page: each fails alone, to nothing.
  const similar = (abroad: boolean): Promise<OfferCardView[]> =>
    client
      .get(`/public/offers/${id}/similar_offers`, {
        query: { limit: SIMILAR_LIMIT, currency, ...(abroad ? { abroad: 'true' } : {}) },
        signal: request.signal,
      })
      .then((answer) =>
        SimilarOffersResponseSchema.parse(answer).data.map((card) =>
          toOfferCardView(card, locale, config.publicApiUrl),
        ),
      )
      .catch(() => []);
  // The seller card's other offers: a few cards and how many there are in all.
  const sellerOffers = client
    .get(`/public/offers/${id}/seller_offers`, {
      query: { limit: SIMILAR_LIMIT, currency },
      signal: request.signal,
    })
    .then((answer) => {
      const { data, meta } = SellerOffersResponseSchema.parse(answer);
      return {
        offers: data.map((card) => toOfferCardView(card, locale, config.publicApiUrl)),
        link: meta.total > 0 ? t('offer.seller_offers_count', { count: meta.total }) : null,
      };
    })
    .catch(() => ({ offers: [], link: null }));
  const contact = url.searchParams.has('contact')
    ? client
        .get(`/public/offers/${id}/contact`, { signal: request.signal })
        .then((answer) => OfferContactSchema.parse(answer))
        .catch(() => null)
    : Promise.resolve(null);
  // The description's "Translate" control, and the translation with ?translate=1 (issue 39).
  const translation = loadDescriptionTranslation({
    client,
    apiUrl: config.apiUrl,
    publicApiUrl: config.publicApiUrl,
    detail,
    locale,
    url,
    t,
    signal: request.signal,
  });
  const places = client
    .get(`/public/offers/${id}/points_of_interest`, { signal: request.signal })
    .then((answer) => PointsOfInterestResponseSchema.parse(answer))
    .catch(() => null);
  // Upcoming viewing slots in the offer's local time (decision 011).
  const viewings = client
    .get(`/public/offers/${id}/tour_dates`, { signal: request.signal })
    .then((answer) => toViewingSlots(PublicTourDatesResponseSchema.parse(answer), locale))
    .catch(() => []);
  const [nearby, abroad, fromSeller, contactDetails, translated, placesNearby, viewingSlots] =
    await Promise.all([similar(false), similar(true), sellerOffers, contact, translation, places, viewings]);
  const origin = config.publicWebUrl ?? url.origin;
  const texts = offerDetailTexts(locale);
  const contactHref = `${url.pathname}?contact=1#contact`;
  const staticMap = staticMapView({
    locale,
    offerId: id,
    address: offer.address,
    pointsOfInterest: placesNearby,
  });
  const pointsOfInterest = placesNearby ? toPoiGroups(placesNearby, locale) : [];
  const page = {
    translation: translated,
    title: pageTitle(t, `${offer.title}, ${offer.address} – ${screenTitle(t, screen)}`),
    description: offer.description?.slice(0, 160) ?? null,
    offer: withoutStaticParts(offer),
    parts: offerStaticParts({
      offer,
      t,
      labels: texts.labels,
      pointsOfInterest,
      viewingSlots,
      sellerOffersLink: fromSeller.link,
      staticMap,
      priceContext: {
        view: priceContextView(detail, locale, url.searchParams),
        action: `${url.pathname}#price-context`,
      },
      structuredData: offerStructuredData(detail, {
        url: `${origin}${url.pathname}`,
        title: `${offer.title}, ${offer.address}`,
        photos: offer.photos.map((photo) => photo.src),
      }),
      contactBar: {
        callHref: contactDetails
          ? contactDetails.contact_phone && telHref(contactDetails.contact_phone)
          : contactHref,
        messageFieldId: MESSAGE_FIELD_ID,
        texts: {
          label: texts.labels['offer.contact_seller'],
          call: texts.labels['offer.call'],
          message: texts.labels['offer.write_message'],
        },
      },
    }),
    similar: nearby,
    staticMap,
    // With a street basemap, the static map is covered by a live one in view (decision 051).
    streetMap: offerStreetMapView({
      config,
      locale,
      latitude: detail.latitude,
      longitude: detail.longitude,
      address: offer.address,
      pointsOfInterest: placesNearby,
    }),
    abroad,
    sellerOffers: fromSeller,
    contact: contactDetails,
    viewingSlots,
    contactHref,
    shareUrl: `${origin}${url.pathname}`,
    texts,
    favoriteTexts: favoriteTexts(locale),
    // "Add to a search board" (issue 44 point 3).
    addToBoardTexts: addToBoardTexts(locale),
  };
  // Compare, hide and the tray under the heading, and the pixel that records the view (issue 44,
  // decision 072): written by the server, no code in the page's first load.
  page.parts.heading += offerListsHeadingHtml(request, context, { locale, t, url, id });
  // Sent as JSON text (routing/packed-data.ts, decision 033).
  return { page: pack(page), gone: undefined };
}

/** The forms' post without JavaScript: validated with the same schema, then sent to the API. */
export async function offerDetailPageAction({
  request,
  context,
  params,
}: ActionFunctionArgs): Promise<OfferFormResult> {
  const config = context.get(webConfigContext);
  const id = offerIdOf(params.id);
  const fields = await request.formData();
  const kind = fields.get('intent') === 'report' ? 'report' : 'message';
  const read = readOfferForm(kind, fields);
  if (!read.ok) return { form: kind, status: 'invalid', errors: read.errors };
  try {
    await requestApi(context, request, config).client.post(offerFormPath(kind, id), read.body, {
      signal: request.signal,
    });
    return { form: kind, status: 'sent' };
  } catch (error) {
    const errors = apiFieldErrors(error);
    if (errors) return { form: kind, status: 'invalid', errors };
    // A second open report by the same visitor: say so in their language (issue 39).
    if (kind === 'report' && error instanceof ApiError && error.status === 409)
      return { form: kind, status: 'failed', message: screenOf(request).t('offer.report_already') };
    return { form: kind, status: 'failed', message: localizedErrorText(error, screenOf(request).t) };
  }
}

type PackedValue<P> = P extends Packed<infer T> ? T : never;
type LoadedPage = Awaited<ReturnType<typeof loadOfferDetailPage>>;
/** What the offer page shows. */
export type OfferPageData = PackedValue<Extract<LoadedPage, { page: object }>['page']>;
/** What the page of an offer no longer shown shows (410). */
export type OfferGoneData = PackedValue<Extract<LoadedPage, { data: object }>['data']['gone']>;
/** The loader's data as the page gets it. */
export type OfferDetailLoaderData =
  | { page: Packed<OfferPageData>; gone: undefined }
  | { gone: Packed<OfferGoneData>; page: undefined };
