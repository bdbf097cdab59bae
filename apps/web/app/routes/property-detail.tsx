import {
  OfferContactSchema,
  OfferDetailSchema,
  PointsOfInterestResponseSchema,
  PublicTourDatesResponseSchema,
  SellerOffersResponseSchema,
  SimilarOffersResponseSchema,
} from '@estately/domain';
import { lazy, type ReactNode, Suspense } from 'react';
import { data, Link } from 'react-router';
import { ApiError } from '../api/api-error.ts';
import { webConfigContext } from '../config.server.ts';
import { favoriteTexts } from '../features/favorites-toggle/favorite-texts.server.ts';
import { type FavoriteTexts, FavoriteToggle } from '../features/favorites-toggle/favorite-toggle.tsx';
import { telHref } from '../features/offer-detail/contact-bar.tsx';
import '../features/offer-detail/energy-label.css';
import { Gallery } from '../features/offer-detail/gallery.tsx';
import { KeptTextArea } from '../features/offer-detail/kept-text-area.tsx';
import { offerDetailTexts } from '../features/offer-detail/offer-detail-texts.server.ts';
import { toOfferDetailView } from '../features/offer-detail/offer-detail-view.server.ts';
import { OfferForm } from '../features/offer-detail/offer-form.tsx';
import { readOfferForm } from '../features/offer-detail/offer-form-validation.ts';
import { apiFieldErrors, type OfferFormResult, offerFormPath } from '../features/offer-detail/offer-forms.ts';
import { offerStaticParts, withoutStaticParts } from '../features/offer-detail/offer-static-parts.server.tsx';
import { offerStreetMapView } from '../features/offer-detail/offer-street-map.server.ts';
import { toPoiGroups } from '../features/offer-detail/points-of-interest.server.ts';
import { ShareButton } from '../features/offer-detail/share-button.tsx';
import { staticMapView } from '../features/offer-detail/static-map-view.server.ts';
import { offerStructuredData } from '../features/offer-detail/structured-data.server.ts';
import { loadDescriptionTranslation } from '../features/offer-detail/translate-control.server.ts';
import { toViewingSlots } from '../features/offer-detail/viewing-slots.server.ts';
import { toOfferCardView } from '../features/offers/offer-card-view.server.ts';
import type { OfferCardView } from '../features/offers/offer-card-view.ts';
import { ResultCard } from '../features/search/results/result-card.tsx';
import { localizedErrorText } from '../i18n/error-text.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { requestApi } from '../request-state.server.ts';
import { pack, unpack } from '../routing/packed-data.ts';
import { displayCurrency, notFound, pageTitle, screenOf, screenTitle } from '../routing/screen.server.ts';
import { throwPageFailure } from '../routing/unavailable.server.ts';
import { loadSession } from '../session/session.server.ts';
import { renderStaticHtml } from '../ui/render-static.server.ts';
import { ServerHtml } from '../ui/server-html.tsx';
import type { Route } from './+types/property-detail.ts';

// Property detail (spec 2 /{locale}/property/{id}): GET /public/offers/{id} with the price in the
// visitor's currency and the original beside it, the gallery, parameters, the description in the
// page's language (spec 4 fallback), the seller, contact (shown on request: `?contact=1`, a plain
// link that works without JavaScript), the message and report forms, the favourite heart,
// similar offers nearby and abroad (4 each, spec 9) and schema.org data. Unknown or struck offers
// are the 404 page.

const SIMILAR_LIMIT = 4;
/** The message form's first field: the phone contact bar's Message jumps there. */
const MESSAGE_FIELD_ID = 'message-name';

// What only some offers or sites need comes after the page's first load, in files of its own:
// the description's translation control (a site with a translation service), the video player
// (an offer with a video) and the live street map (a site with a street basemap). The server
// renders them within the page; until their code is there, the browser keeps that markup, and
// a page reached by a link inside the site shows the same part rendered by the server (parts).
const DescriptionSection = lazy(() =>
  import('../features/offer-detail/translate-control.tsx').then((module) => ({
    default: module.DescriptionSection,
  })),
);
const OfferVideo = lazy(() =>
  import('../features/property-media-extras/offer-media.tsx').then((module) => ({
    default: module.OfferVideo,
  })),
);
const StaticMap = lazy(() =>
  import('../features/offer-detail/static-map.tsx').then((module) => ({ default: module.StaticMap })),
);

type LoadedPage = NonNullable<Route.ComponentProps['loaderData']['page']>;

function offerIdOf(value: string | undefined): number {
  // Route validation (spec 2): an id that is no positive whole number is a 404.
  if (!/^[1-9]\d{0,15}$/.test(value ?? '')) notFound();
  return Number(value);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
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
  };
  // Sent as JSON text (routing/packed-data.ts, decision 033).
  return { page: pack(page), gone: undefined };
}

/** The forms' post without JavaScript: validated with the same schema, then sent to the API. */
export async function action({ request, context, params }: Route.ActionArgs): Promise<OfferFormResult> {
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

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  if (loaderData.gone)
    return [{ title: unpack(loaderData.gone).title }, { name: 'robots', content: 'noindex' }];
  const page = unpack(loaderData.page);
  return [
    { title: page.title },
    ...(page.description ? [{ name: 'description', content: page.description }] : []),
  ];
};

/** A labelled input of an offer form, its error after it (the form's children get both helpers). */
function OfferInput(props: {
  label: string;
  name: string;
  id?: string;
  type?: 'email' | 'tel';
  autoComplete: string;
  required?: boolean;
  maxLength: number;
  errorOf: (field: string) => ReactNode;
  describedBy: (field: string) => string | undefined;
  /** Whether the input says it is invalid while it has an error (the message form's do). */
  marksInvalid?: boolean;
}) {
  const described = props.describedBy(props.name);
  return (
    <label>
      {props.label}
      <input
        id={props.id}
        name={props.name}
        type={props.type}
        autoComplete={props.autoComplete}
        required={props.required}
        maxLength={props.maxLength}
        aria-describedby={described}
        aria-invalid={props.marksInvalid ? Boolean(described) : undefined}
      />
      {props.errorOf(props.name)}
    </label>
  );
}

function OfferList(props: {
  heading: string;
  offers: OfferCardView[];
  texts: FavoriteTexts;
  testId: string;
  id?: string;
}) {
  if (props.offers.length === 0) return null;
  return (
    <section id={props.id} aria-label={props.heading} data-testid={props.testId}>
      <h2>{props.heading}</h2>
      <ul className="offer-grid">
        {props.offers.map((card) => (
          <ResultCard key={card.id} offer={card} favoriteTexts={props.texts} />
        ))}
      </ul>
    </section>
  );
}

export default function PropertyDetail({ loaderData: packed, actionData }: Route.ComponentProps) {
  if (packed.gone) {
    const gone = unpack(packed.gone);
    return (
      <article className="container page" data-testid="offer-gone">
        <ServerHtml html={gone.intro} />
        <OfferList
          heading={gone.similarHeading}
          offers={gone.similar}
          texts={gone.favoriteTexts}
          testId="similar-offers"
        />
      </article>
    );
  }
  return <OfferPage page={packed.page} actionData={actionData} />;
}

function OfferPage({
  page,
  actionData,
}: {
  page: LoadedPage;
  actionData: Route.ComponentProps['actionData'];
}) {
  const loaderData = unpack(page);
  const { t, dir } = useI18n();
  const { offer, texts, contact, parts } = loaderData;
  const labels = texts.labels;
  return (
    <article className="container page offer-detail" data-testid="offer-detail">
      <header className="offer-detail__header">
        <ServerHtml html={parts.heading} />
        <FavoriteToggle offerId={offer.id} texts={loaderData.favoriteTexts} />
        <ShareButton
          url={loaderData.shareUrl}
          title={offer.title}
          texts={{ share: labels['offer.share'], copied: labels['offer.link_copied'] }}
        />
      </header>
      <div className="offer-detail__layout">
        <div>
          <Gallery photos={offer.photos} texts={texts.gallery} dir={dir} />
          <ServerHtml html={parts.facts} />
          {offer.description && loaderData.translation ? (
            <Suspense fallback={<ServerHtml html={parts.description} />}>
              <DescriptionSection
                heading={t('offer.description')}
                description={offer.description}
                view={loaderData.translation}
              />
            </Suspense>
          ) : (
            <ServerHtml html={parts.description} />
          )}
          <ServerHtml html={parts.floorPlans} />
          {offer.video && (
            <Suspense fallback={<ServerHtml html={parts.video} />}>
              <OfferVideo video={offer.video} />
            </Suspense>
          )}
          <ServerHtml html={parts.details} />
          {loaderData.streetMap ? (
            <Suspense fallback={<ServerHtml html={parts.staticMap} />}>
              <StaticMap view={loaderData.staticMap} street={loaderData.streetMap} />
            </Suspense>
          ) : (
            <ServerHtml html={parts.staticMap} />
          )}
          <ServerHtml html={parts.places} />
        </div>
        <aside className="offer-detail__aside">
          <section className="seller-card" aria-labelledby="seller-heading" data-testid="seller-card">
            <ServerHtml html={parts.seller} />
            <div id="contact">
              {contact ? (
                <dl className="facts" data-testid="offer-contact">
                  {contact.contact_name && (
                    <div>
                      <dt>{labels['offer.contact_person']}</dt>
                      <dd>{contact.contact_name}</dd>
                    </div>
                  )}
                  {contact.contact_phone && (
                    <div>
                      <dt>{labels['auth.phone']}</dt>
                      <dd>
                        <a href={`tel:${contact.contact_phone.replace(/[^+\d]/g, '')}`} dir="ltr">
                          {contact.contact_phone}
                        </a>
                      </dd>
                    </div>
                  )}
                  {contact.contact_email && (
                    <div>
                      <dt>{labels['auth.email']}</dt>
                      <dd>
                        <a href={`mailto:${contact.contact_email}`}>{contact.contact_email}</a>
                      </dd>
                    </div>
                  )}
                </dl>
              ) : (
                <Link
                  className="button"
                  to={loaderData.contactHref}
                  preventScrollReset
                  rel="nofollow"
                  data-testid="show-contact"
                >
                  {labels['offer.show_phone']}
                </Link>
              )}
            </div>
          </section>
          <ServerHtml html={parts.viewings} />
          <OfferForm
            kind="message"
            offerId={offer.id}
            texts={texts.message}
            result={actionData}
            submit={labels['offer.send_message']}
          >
            {(errorOf, describedBy) => (
              <>
                <h2>{labels['offer.contact_seller']}</h2>
                <OfferInput
                  label={labels['offer.your_name']}
                  name="name"
                  id={MESSAGE_FIELD_ID}
                  autoComplete="name"
                  required
                  maxLength={100}
                  errorOf={errorOf}
                  describedBy={describedBy}
                  marksInvalid
                />
                <OfferInput
                  label={labels['auth.email']}
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  maxLength={254}
                  errorOf={errorOf}
                  describedBy={describedBy}
                  marksInvalid
                />
                <OfferInput
                  label={labels['auth.phone']}
                  name="phone"
                  type="tel"
                  autoComplete="tel"
                  maxLength={30}
                  errorOf={errorOf}
                  describedBy={describedBy}
                  marksInvalid
                />
                {loaderData.viewingSlots.length > 0 && (
                  <label>
                    {labels['offer.viewing_choice']}
                    <select
                      name="tour_date_id"
                      defaultValue=""
                      aria-describedby={describedBy('tour_date_id')}
                      aria-invalid={Boolean(describedBy('tour_date_id'))}
                    >
                      <option value="">{labels['offer.viewing_none']}</option>
                      {loaderData.viewingSlots.map((slot) => (
                        <option key={slot.id} value={slot.id}>
                          {slot.label}
                        </option>
                      ))}
                    </select>
                    {errorOf('tour_date_id')}
                  </label>
                )}
                <label>
                  {labels['offer.message']}
                  <KeptTextArea
                    name="text"
                    required
                    maxLength={5000}
                    defaultValue={labels['offer.message_placeholder']}
                    aria-describedby={describedBy('text')}
                    aria-invalid={Boolean(describedBy('text'))}
                  />
                  {errorOf('text')}
                </label>
              </>
            )}
          </OfferForm>
          <details className="offer-report" data-testid="report">
            <summary>{labels['offer.report']}</summary>
            <OfferForm
              kind="report"
              offerId={offer.id}
              texts={texts.report}
              result={actionData}
              submit={labels['offer.report']}
            >
              {(errorOf, describedBy) => (
                <>
                  <label>
                    {labels['offer.report_reason']}
                    <select
                      name="reason"
                      required
                      aria-describedby={describedBy('reason')}
                      data-testid="report-reason"
                      defaultValue=""
                    >
                      <option value="" disabled>
                        {texts.reasonPlaceholder}
                      </option>
                      {texts.reasons.map((reason) => (
                        <option key={reason.value} value={reason.value}>
                          {reason.label}
                        </option>
                      ))}
                    </select>
                    {errorOf('reason')}
                  </label>
                  <label>
                    {labels['offer.report_details']}
                    <textarea name="text" maxLength={2000} aria-describedby={describedBy('text')} />
                    {errorOf('text')}
                  </label>
                  <OfferInput
                    label={labels['auth.email']}
                    name="email"
                    type="email"
                    autoComplete="email"
                    maxLength={254}
                    errorOf={errorOf}
                    describedBy={describedBy}
                  />
                </>
              )}
            </OfferForm>
          </details>
        </aside>
      </div>
      <OfferList
        heading={labels['offer.seller_offers']}
        offers={loaderData.sellerOffers.offers}
        texts={loaderData.favoriteTexts}
        testId="seller-offers"
        id="seller-offers"
      />
      <OfferList
        heading={labels['offer.similar']}
        offers={loaderData.similar}
        texts={loaderData.favoriteTexts}
        testId="similar-offers"
      />
      <OfferList
        heading={labels['offer.abroad']}
        offers={loaderData.abroad}
        texts={loaderData.favoriteTexts}
        testId="abroad-offers"
      />
      <ServerHtml html={parts.contactBar} />
    </article>
  );
}
