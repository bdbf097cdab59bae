import type { Translator } from '@estately/i18n';
import {
  EnergyCertificateLink,
  FloorPlans,
  OfferVideo,
} from '../../ui/property-media-extras/offer-media.tsx';
import { renderStaticHtml } from '../../ui/render-static.server.ts';
import { ContactBar, type ContactBarTexts } from './contact-bar.tsx';
import { EnergyLabel } from './energy-label.tsx';
import type { OfferDetailView } from './offer-detail-view.server.ts';
import { OfferHistory } from './offer-history.tsx';
import type { PoiGroupView } from './points-of-interest.server.ts';
import { PriceContext } from './price-context.tsx';
import type { PriceContextView } from './price-context-view.server.ts';
import { PropertyGroup } from './property-group.tsx';
import { StaticMap, type StaticMapView } from './static-map.tsx';
import { DescriptionSection } from './translate-control.tsx';
import { TrustPanel } from './trust-panel.tsx';
import type { ViewingSlotView } from './viewing-slots.server.ts';

// The parts of the offer page that never change once the server wrote them, rendered here to
// HTML (ui/server-html.tsx): the heading with the price and badges, the facts, the parameters
// with the energy label, the amenities, the places nearby, the seller's card and the viewing
// times. The page shows them as they are, so their code is not in the page's JavaScript.
// Everything the visitor acts on (the gallery, the heart, share, the description's translation,
// the forms, the contact reveal, the maps) stays in the route's components.

export interface OfferStaticParts {
  heading: string;
  facts: string;
  /** The description without the translation control (with one, the route's component shows it). */
  description: string;
  floorPlans: string;
  /** The video's poster and play link, before it plays (offer-media.tsx). */
  video: string;
  details: string;
  /** The map image and its legend; a street basemap covers the image with a live map in the route. */
  staticMap: string;
  places: string;
  seller: string;
  viewings: string;
  contactBar: string;
}

type Labels = Record<
  | 'offer.points_of_interest'
  | 'offer.seller'
  | 'offer.seller_verified'
  | 'offer.email_verified'
  | 'offer.viewings'
  | 'offer.viewings_hint',
  string
>;

export function offerStaticParts(input: {
  offer: OfferDetailView;
  t: Translator;
  labels: Labels;
  pointsOfInterest: PoiGroupView[];
  viewingSlots: ViewingSlotView[];
  /** "12 offers of this seller", linking the list below, when there are any. */
  sellerOffersLink: string | null;
  /** The phone contact bar's Call and its texts (contact-bar.tsx). */
  contactBar: { callHref: string | null; messageFieldId: string; texts: ContactBarTexts };
  staticMap: StaticMapView;
  /** schema.org's description of the offer for search engines (structured-data.server.ts). */
  structuredData: string;
  /** The price in context (decision 064) and the page address its mortgage form asks. */
  priceContext: { view: PriceContextView | null; action: string };
}): OfferStaticParts {
  const { offer, t, labels } = input;
  return {
    heading: renderStaticHtml(
      <>
        {/* A data block, never run: no nonce needed. */}
        <script
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every `<` escaped (structured-data.server.ts)
          dangerouslySetInnerHTML={{ __html: input.structuredData }}
        />
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
      </>,
    ),
    facts: renderStaticHtml(
      <dl className="facts">
        {offer.facts.map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>
              <bdi>{fact.value}</bdi>
            </dd>
          </div>
        ))}
      </dl>,
    ),
    description: offer.description
      ? renderStaticHtml(
          <DescriptionSection heading={t('offer.description')} description={offer.description} view={null} />,
        )
      : '',
    video: offer.video ? renderStaticHtml(<OfferVideo video={offer.video} />) : '',
    staticMap: renderStaticHtml(<StaticMap view={input.staticMap} />),
    floorPlans: renderStaticHtml(
      <FloorPlans plans={offer.floorPlans.plans} heading={offer.floorPlans.heading} />,
    ),
    details: renderStaticHtml(
      <>
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
        {offer.group && <PropertyGroup group={offer.group} />}
        {offer.history && <OfferHistory history={offer.history} />}
        {offer.trust && <TrustPanel trust={offer.trust} />}
        {input.priceContext.view && (
          <PriceContext view={input.priceContext.view} action={input.priceContext.action} />
        )}
      </>,
    ),
    places:
      input.pointsOfInterest.length === 0
        ? ''
        : renderStaticHtml(
            <section aria-labelledby="poi-heading" data-testid="points-of-interest">
              <h2 id="poi-heading">{labels['offer.points_of_interest']}</h2>
              <dl className="facts">
                {input.pointsOfInterest.map((group) => (
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
            </section>,
          ),
    // The seller card's heading and facts; the contact (a reveal) follows them in the route.
    seller: renderStaticHtml(
      <>
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
        {offer.seller.responsiveness && (
          <p data-testid="seller-responsiveness">{offer.seller.responsiveness}</p>
        )}
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
        {input.sellerOffersLink && (
          <p>
            <a href="#seller-offers" data-testid="seller-offers-link">
              {input.sellerOffersLink}
            </a>
          </p>
        )}
      </>,
    ),
    viewings:
      input.viewingSlots.length === 0
        ? ''
        : renderStaticHtml(
            <section className="offer-viewings" data-testid="viewing-slots">
              <h2>{labels['offer.viewings']}</h2>
              <ul>
                {input.viewingSlots.map((slot) => (
                  <li key={slot.id} data-testid="viewing-slot">
                    {slot.label}
                  </li>
                ))}
              </ul>
              <p className="field__hint">{labels['offer.viewings_hint']}</p>
            </section>,
          ),
    contactBar: renderStaticHtml(<ContactBar {...input.contactBar} />),
  };
}

/**
 * The offer as the route's components still need it: what the static parts show is left out of
 * the page's data, so it is not sent twice.
 */
export function withoutStaticParts(offer: OfferDetailView) {
  const {
    facts: _facts,
    parameters: _parameters,
    amenities: _amenities,
    badges: _badges,
    stateBadge: _stateBadge,
    price: _price,
    pricePerArea: _pricePerArea,
    originalPrice: _originalPrice,
    seller: _seller,
    energyCertificate: _energyCertificate,
    floorPlans: _floorPlans,
    ...shown
  } = offer;
  return shown;
}
