import {
  OfferContactSchema,
  OfferDetailSchema,
  PointsOfInterestResponseSchema,
  PublicTourDatesResponseSchema,
  SellerOffersResponseSchema,
  SimilarOffersResponseSchema,
} from '@estately/domain';
import type { ReactNode } from 'react';
import { data, Link } from 'react-router';
import { ApiError } from '../api/api-error.ts';
import { webConfigContext } from '../config.server.ts';
import { favoriteTexts } from '../features/favorites-toggle/favorite-texts.server.ts';
import { type FavoriteTexts, FavoriteToggle } from '../features/favorites-toggle/favorite-toggle.tsx';
import { ContactBar, telHref } from '../features/offer-detail/contact-bar.tsx';
import { EnergyLabel } from '../features/offer-detail/energy-label.tsx';
import { Gallery } from '../features/offer-detail/gallery.tsx';
import { KeptTextArea } from '../features/offer-detail/kept-text-area.tsx';
import { offerDetailTexts } from '../features/offer-detail/offer-detail-texts.server.ts';
import { toOfferDetailView } from '../features/offer-detail/offer-detail-view.server.ts';
import { OfferForm } from '../features/offer-detail/offer-form.tsx';
import { readOfferForm } from '../features/offer-detail/offer-form-validation.ts';
import { apiFieldErrors, type OfferFormResult, offerFormPath } from '../features/offer-detail/offer-forms.ts';
import { OfferGone } from '../features/offer-detail/offer-gone.tsx';
import { offerStreetMapView } from '../features/offer-detail/offer-street-map.server.ts';
import { toPoiGroups } from '../features/offer-detail/points-of-interest.server.ts';
import { ShareButton } from '../features/offer-detail/share-button.tsx';
import { StaticMap } from '../features/offer-detail/static-map.tsx';
import { staticMapView } from '../features/offer-detail/static-map-view.server.ts';
import { offerStructuredData } from '../features/offer-detail/structured-data.server.ts';
import { loadDescriptionTranslation } from '../features/offer-detail/translate-control.server.ts';
import { TranslatableDescription } from '../features/offer-detail/translate-control.tsx';
import { toViewingSlots } from '../features/offer-detail/viewing-slots.server.ts';
import { toOfferCardView } from '../features/offers/offer-card-view.server.ts';
import type { OfferCardView } from '../features/offers/offer-card-view.ts';
import {
  EnergyCertificateLink,
  FloorPlans,
  OfferVideo,
} from '../features/property-media-extras/offer-media.tsx';
import { ResultCard } from '../features/results/result-card.tsx';
import { localizedErrorText } from '../i18n/error-text.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { useNonce } from '../nonce-context.tsx';
import { requestApi } from '../request-state.server.ts';
import { pack, unpack } from '../routing/packed-data.ts';
import { displayCurrency, notFound, pageTitle, screenOf, screenTitle } from '../routing/screen.server.ts';
import { throwPageFailure } from '../routing/unavailable.server.ts';
import { loadSession } from '../session/session.server.ts';
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
      const gone = {
        title: pageTitle(t, t('offer.gone.title')),
        heading: t('offer.gone.title'),
        text: t('offer.gone.text'),
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
  const page = {
    translation: translated,
    title: pageTitle(t, `${offer.title}, ${offer.address} – ${screenTitle(t, screen)}`),
    description: offer.description?.slice(0, 160) ?? null,
    offer,
    similar: nearby,
    pointsOfInterest: placesNearby ? toPoiGroups(placesNearby, locale) : [],
    staticMap: staticMapView({ locale, offerId: id, address: offer.address, pointsOfInterest: placesNearby }),
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
    contactHref: `${url.pathname}?contact=1#contact`,
    shareUrl: `${origin}${url.pathname}`,
    texts: offerDetailTexts(locale),
    favoriteTexts: favoriteTexts(locale),
    structuredData: offerStructuredData(detail, {
      url: `${origin}${url.pathname}`,
      title: `${offer.title}, ${offer.address}`,
      photos: offer.photos.map((photo) => photo.src),
    }),
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
  if (packed.gone) return <OfferGone {...unpack(packed.gone)} />;
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
  const nonce = useNonce();
  const { offer, texts, contact } = loaderData;
  const labels = texts.labels;
  return (
    <article className="container page offer-detail" data-testid="offer-detail">
      <script
        type="application/ld+json"
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every `<` escaped (structured-data.server.ts)
        dangerouslySetInnerHTML={{ __html: loaderData.structuredData }}
      />
      <header className="offer-detail__header">
        <h1>{offer.title}</h1>
        <p className="offer-detail__address">{offer.address}</p>
        <p className="offer-detail__price" data-testid="offer-detail-price">
          {offer.price}
        </p>
        {offer.pricePerArea && (
          <p className="offer-detail__price-per-area" data-testid="offer-detail-price-per-area">
            {offer.pricePerArea}
          </p>
        )}
        {offer.originalPrice && (
          <p className="offer-detail__original" data-testid="offer-original-price">
            {offer.originalPrice}
          </p>
        )}
        {offer.stateBadge && (
          <span className="badge badge--state" data-testid="offer-state-badge">
            {offer.stateBadge}
          </span>
        )}
        {offer.badges.map((badge) => (
          <span
            key={badge.kind}
            className={`badge badge--${badge.kind}`}
            data-testid={`offer-badge-${badge.kind}`}
          >
            {badge.text}
          </span>
        ))}
        {offer.verified && (
          <span className="badge badge--verified" data-testid="listing-verified">
            {t('offer.verified')}
          </span>
        )}
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
          <dl className="facts">
            {offer.facts.map((fact) => (
              <div key={fact.label}>
                <dt>{fact.label}</dt>
                <dd>
                  <bdi>{fact.value}</bdi>
                </dd>
              </div>
            ))}
          </dl>
          {offer.description && (
            <section aria-labelledby="description-heading">
              <h2 id="description-heading">{t('offer.description')}</h2>
              <TranslatableDescription description={offer.description} view={loaderData.translation} />
            </section>
          )}
          <FloorPlans plans={offer.floorPlans.plans} heading={offer.floorPlans.heading} />
          {offer.video && <OfferVideo video={offer.video} />}
          {offer.parameters.length > 0 && (
            <section aria-labelledby="parameters-heading">
              <h2 id="parameters-heading">{t('offer.parameters')}</h2>
              <dl className="facts">
                {offer.parameters.map((parameter) => (
                  <div key={parameter.label}>
                    <dt>{parameter.label}</dt>
                    <dd>{parameter.energy ? <EnergyLabel label={parameter.energy} /> : parameter.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
          {offer.energyCertificate && <EnergyCertificateLink certificate={offer.energyCertificate} />}
          {offer.amenities.length > 0 && (
            <section aria-labelledby="amenities-heading" data-testid="offer-amenities">
              <h2 id="amenities-heading">{t('offer.features')}</h2>
              <ul className="offer-detail__amenities">
                {offer.amenities.map((amenity) => (
                  <li key={amenity}>{amenity}</li>
                ))}
              </ul>
            </section>
          )}
          <StaticMap view={loaderData.staticMap} street={loaderData.streetMap} />
          {loaderData.pointsOfInterest.length > 0 && (
            <section aria-labelledby="poi-heading" data-testid="points-of-interest">
              <h2 id="poi-heading">{labels['offer.points_of_interest']}</h2>
              <dl className="facts">
                {loaderData.pointsOfInterest.map((group) => (
                  <div key={group.label}>
                    <dt>{group.label}</dt>
                    <dd>
                      {group.items.map((item, index) => (
                        <span key={item.id}>
                          {index > 0 && ', '}
                          {item.kind}
                          {item.name && (
                            <>
                              {' '}
                              <bdi>{item.name}</bdi>
                            </>
                          )}{' '}
                          (<bdi>{item.distance}</bdi>)
                        </span>
                      ))}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </div>
        <aside className="offer-detail__aside">
          <section className="seller-card" aria-labelledby="seller-heading" data-testid="seller-card">
            <h2 id="seller-heading">{labels['offer.seller']}</h2>
            {offer.seller.company?.logo && (
              <img
                className="seller-card__logo"
                src={offer.seller.company.logo}
                alt={offer.seller.company.logoAlt}
                width={96}
                height={48}
                loading="lazy"
                data-testid="seller-company-logo"
              />
            )}
            <p>
              <strong dir="auto" data-testid="seller-name">
                {offer.seller.name}
              </strong>{' '}
              · {offer.seller.type}
            </p>
            {offer.seller.company && (
              <p>
                <a href={offer.seller.company.href} data-testid="seller-company-link">
                  {offer.seller.company.linkText}
                </a>
              </p>
            )}
            {offer.seller.page && (
              <p>
                <a href={offer.seller.page.href} data-testid="seller-page-link">
                  {offer.seller.page.linkText}
                </a>
              </p>
            )}
            {offer.seller.rating && <p>{offer.seller.rating}</p>}
            {offer.seller.verified && (
              <span className="badge badge--verified" data-testid="seller-verified">
                {labels['offer.seller_verified']}
              </span>
            )}
            {offer.seller.emailVerified && (
              <span className="badge" data-testid="email-verified">
                {labels['offer.email_verified']}
              </span>
            )}
            {loaderData.sellerOffers.link && (
              <p>
                <a href="#seller-offers" data-testid="seller-offers-link">
                  {loaderData.sellerOffers.link}
                </a>
              </p>
            )}
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
          {loaderData.viewingSlots.length > 0 && (
            <section className="offer-viewings" data-testid="viewing-slots">
              <h2>{labels['offer.viewings']}</h2>
              <ul>
                {loaderData.viewingSlots.map((slot) => (
                  <li key={slot.id} data-testid="viewing-slot">
                    {slot.label}
                  </li>
                ))}
              </ul>
              <p className="field__hint">{labels['offer.viewings_hint']}</p>
            </section>
          )}
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
      <ContactBar
        callHref={contact ? contact.contact_phone && telHref(contact.contact_phone) : loaderData.contactHref}
        messageFieldId={MESSAGE_FIELD_ID}
        texts={{
          label: labels['offer.contact_seller'],
          call: labels['offer.call'],
          message: labels['offer.write_message'],
        }}
      />
    </article>
  );
}
