import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { type Packed, unpack } from '../../routing/packed-data.ts';
import { useShellData } from '../../shell/use-shell-data.ts';
import { type FavoriteTexts, FavoriteToggle } from '../../ui/favorite-toggle/favorite-toggle.tsx';
import type { OfferCardView } from '../../ui/offers/offer-card-view.ts';
import { ResultCard } from '../../ui/offers/result-card.tsx';
import { ServerHtml } from '../../ui/server-html.tsx';
import { Gallery } from './gallery.tsx';
import { KeptTextArea } from './kept-text-area.tsx';
import type { OfferDetailLoaderData, OfferPageData } from './load-offer-detail-page.server.tsx';
import { OfferForm } from './offer-form.tsx';
import type { OfferFormResult } from './offer-forms.ts';

// The offer detail page's view (routes/property-detail.tsx): the offer, or the page of an offer
// no longer shown.

/** The message form's first field: the phone contact bar's Message jumps there. */
export const MESSAGE_FIELD_ID = 'message-name';

// What only some offers or sites need comes after the page's first load, in files of its own:
// the description's translation control (a site with a translation service), the video player
// (an offer with a video) and the live street map (a site with a street basemap). The server
// renders them within the page; until their code is there, the browser keeps that markup, and
// a page reached by a link inside the site shows the same part rendered by the server (parts).
const DescriptionSection = lazy(() =>
  import('./translate-control.tsx').then((module) => ({
    default: module.DescriptionSection,
  })),
);
const OfferVideo = lazy(() =>
  import('../../ui/property-media-extras/offer-media.tsx').then((module) => ({
    default: module.OfferVideo,
  })),
);
// "Add to a search board" only for a signed-in visitor: a guest's first load carries none of it.
const AddToBoard = lazy(() => import('../../ui/board-add/add-to-board.tsx'));
const StaticMap = lazy(() => import('./static-map.tsx').then((module) => ({ default: module.StaticMap })));
// Sharing needs JavaScript: the button shows once the page is live, its code after the first load.
const ShareButton = lazy(() => import('./share-button.tsx'));

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

/** The offer page, or the page of an offer no longer shown with similar offers (decision 042). */
export function OfferDetailPage({
  loaderData: packed,
  actionData,
}: {
  loaderData: OfferDetailLoaderData;
  actionData: OfferFormResult | undefined;
}) {
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
  page: Packed<OfferPageData>;
  actionData: OfferFormResult | undefined;
}) {
  const loaderData = unpack(page);
  const { t, dir } = useI18n();
  const { offer, texts, contact, parts } = loaderData;
  const labels = texts.labels;
  const signedIn = Boolean(useShellData()?.user);
  return (
    <article className="container page offer-detail" data-testid="offer-detail">
      <header className="offer-detail__header">
        <ServerHtml html={parts.heading} />
        <FavoriteToggle offerId={offer.id} texts={loaderData.favoriteTexts} />
        {signedIn && (
          <Suspense fallback={null}>
            <AddToBoard offerId={offer.id} texts={loaderData.addToBoardTexts} />
          </Suspense>
        )}
        <Suspense fallback={null}>
          <ShareButton
            url={loaderData.shareUrl}
            title={offer.title}
            texts={{ share: labels['offer.share'], copied: labels['offer.link_copied'] }}
          />
        </Suspense>
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
