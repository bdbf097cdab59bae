import type { Locale, OfferDetail } from '@estately/domain';
import {
  layoutMessage,
  OFFER_VISIBILITY,
  offerHeading,
  sellerSlug,
  shownPrice,
  valueMessageKey,
} from '@estately/domain';
import {
  formatArea,
  formatDate,
  formatNumber,
  formatPrice,
  translate,
  translateDynamic,
} from '@estately/i18n';
import { companyPagePath } from '../../routing/company-paths.ts';
import { sellerPagePath } from '../../routing/seller-paths.ts';
import { resolveMediaUrl } from '../../ui/offers/offer-card-view.server.ts';
import { type OfferBadge, offerBadges, pricePerAreaText } from '../../ui/offers/price-per-area.server.ts';
import { responsivenessText } from '../../ui/offers/responsiveness-text.server.ts';
import {
  type EnergyCertificateView,
  energyCertificateView,
  type FloorPlanView,
  floorPlanViews,
  type OfferVideoView,
  offerVideoView,
} from '../../ui/property-media-extras/media-view.server.ts';
import { ENERGY_LABEL_CLASSES, type EnergyLabelClass, type EnergyLabelView } from './energy-label.tsx';
import { type OfferHistoryView, offerHistoryView } from './offer-history-view.server.ts';
import { type PropertyGroupView, propertyGroupView } from './property-group-view.server.ts';
import { type TrustPanelView, trustPanelView } from './trust-panel-view.server.ts';

/** An offer detail ready to render: every text already in the page's locale. */
export interface OfferDetailView {
  id: number;
  title: string;
  address: string;
  price: string;
  /** The seller's own price when it differs in currency from the shown one (prices in two currencies). */
  originalPrice: string | null;
  /** "112 000 Kč/m²" for a sale with an area, else null (price-per-area.server.ts). */
  pricePerArea: string | null;
  /** "New" and "Price reduced" beside the state badge (issue 39 point 12). */
  badges: OfferBadge[];
  facts: { label: string; value: string }[];
  /** `energy`: the energy rating's value drawn as the A-G label (issue 39 point 14). */
  parameters: { label: string; value: string; energy?: EnergyLabelView }[];
  /** Every amenity ticked in the editor (`other_params`: lift, loggia...), in the page's locale. */
  amenities: string[];
  description: string | null;
  photos: GalleryPhoto[];
  /** Floor plans, shown as their own group, never in the photo gallery (issue 38 point 13). */
  floorPlans: { heading: string; plans: FloorPlanView[] };
  video: OfferVideoView | null;
  energyCertificate: EnergyCertificateView | null;
  sellerName: string | null;
  seller: {
    name: string;
    type: string;
    rating: string | null;
    /** The seller (agency, developer...) was verified: "verified seller". */
    verified: boolean;
    /** The publishing account confirmed its e-mail: "verified e-mail", nothing more. */
    emailVerified: boolean;
    memberSince: string;
    /** How the seller answers messages: share and usual time (decision 065); null without figures. */
    responsiveness: string | null;
    /** The company account that published the offer (issue 38 point 12): its page, name and logo. */
    company: { name: string; href: string; logo: string | null; logoAlt: string; linkText: string } | null;
    /** The seller page of the publishing account (issue 39 point 15); a company links its company page instead. */
    page: { href: string; linkText: string } | null;
  };
  /** An admin verified the listing (moderation): "verified listing". */
  verified: boolean;
  /** "Reserved", "Sold" or "Rented" in the page's locale (OFFER_VISIBILITY badge, decision 042). */
  stateBadge: string | null;
  /** Price and state changes with days on market (decision 063). */
  history: OfferHistoryView | null;
  /** Every offer of the same property with its seller and price (decision 068); null when alone. */
  group: PropertyGroupView | null;
  /** The trust score with every signal, had and lacked (decision 066). */
  trust: TrustPanelView | null;
}

/** One gallery photo: responsive sources from the stored variants (320 to 1920 wide). */
export interface GalleryPhoto {
  src: string;
  srcSet: string;
  avifSrcSet: string | null;
  thumb: string;
  alt: string;
}

function priceOf(
  amount: number | null,
  currency: OfferDetail['currency_iso_code'],
  offer: OfferDetail,
  locale: Locale,
) {
  if (amount === null || offer.price_variant === 'on_request')
    return translate(locale, 'offer.price_on_request');
  // A price converted from the seller's currency is an estimate: three significant figures.
  const price = formatPrice(
    shownPrice(amount, currency !== offer.original_currency_iso_code),
    currency,
    locale,
  );
  if (offer.offer_type !== 'rent') return price;
  if (offer.rent_price_period === 'week') return translate(locale, 'offer.price_per_week', { price });
  if (offer.rent_price_period === 'day') return translate(locale, 'offer.price_per_day', { price });
  return translate(locale, 'offer.price_per_month', { price });
}

/** The energy rating's parameter (a class A to G) as the label to draw; nothing for any other. */
function energyLabelOf(
  parameter: OfferDetail['parameters'][number],
  locale: Locale,
): { energy?: EnergyLabelView } {
  const energyClass = parameter.value as EnergyLabelClass;
  if (parameter.key !== 'offer.energy_rating' || !ENERGY_LABEL_CLASSES.includes(energyClass)) return {};
  return {
    energy: {
      energyClass,
      text: translate(locale, 'offer.energy_label', {
        letter: translate(locale, `value.energy_class.${energyClass}`),
      }),
    },
  };
}

/** Formats GET /public/offers/{id} for the page, on the server (no Intl drift at hydration). */
export function toOfferDetailView(
  offer: OfferDetail,
  locale: Locale,
  publicApiUrl: string,
  now: number = Date.now(),
): OfferDetailView {
  const words = (key: string, values?: Record<string, string | number>) =>
    translateDynamic(locale, key, values);
  // "Prodej bytu 3+kk, 75 m²": the layout in the reader's words (issue 38 point 5).
  const title = offerHeading(
    offer,
    offer.useful_area_meters !== null ? formatArea(offer.useful_area_meters, locale) : null,
    words,
  );
  const facts: OfferDetailView['facts'] = [];
  const layout = layoutMessage(offer);
  if (layout)
    facts.push({ label: translate(locale, 'offer.layout'), value: words(layout.key, layout.values) });
  if (offer.useful_area_meters !== null) {
    facts.push({
      label: translate(locale, 'offer.useful_area'),
      value: formatArea(offer.useful_area_meters, locale),
    });
  }
  if (offer.floor !== null) {
    facts.push({
      label: translate(locale, 'offer.floor_label'),
      value:
        offer.total_floors !== null
          ? translate(locale, 'offer.floor', { floor: offer.floor, total: offer.total_floors })
          : String(offer.floor),
    });
  }
  facts.push({
    label: translate(locale, 'offer.free_from'),
    value: offer.free_from_date
      ? formatDate(offer.free_from_date, locale)
      : translate(locale, 'offer.available_now'),
  });
  facts.push({ label: translate(locale, 'offer.id'), value: String(offer.id) });
  const galleryPhotos = offer.photos.filter((photo) => !photo.is_floor_plan);
  const original =
    offer.original_price !== null && offer.original_currency_iso_code !== offer.currency_iso_code
      ? translate(locale, 'offer.original_price', {
          price: priceOf(offer.original_price, offer.original_currency_iso_code, offer, locale),
        })
      : null;
  return {
    id: offer.id,
    stateBadge: OFFER_VISIBILITY[offer.state].badge
      ? translate(locale, `value.property_state.${offer.state}`)
      : null,
    title,
    address: offer.address,
    price: priceOf(offer.price, offer.currency_iso_code, offer, locale),
    pricePerArea: pricePerAreaText(offer, locale),
    badges: offerBadges(offer, locale, now),
    originalPrice: original,
    history: offerHistoryView(offer, locale),
    group: propertyGroupView(offer, locale, (amount, currency) => priceOf(amount, currency, offer, locale)),
    trust: trustPanelView(offer.trust, locale),
    facts,
    parameters: offer.parameters.map((parameter) => ({
      label: translateDynamic(locale, parameter.key),
      ...energyLabelOf(parameter, locale),
      value:
        parameter.value_keys.length > 0
          ? parameter.value_keys.map((key) => translateDynamic(locale, key)).join(', ')
          : parameter.value,
    })),
    amenities: offer.other_params.map((param) => words(valueMessageKey('other_param', param))),
    description: offer.description,
    floorPlans: {
      heading: translate(locale, 'media.floor_plans'),
      plans: floorPlanViews(offer.photos, locale, publicApiUrl),
    },
    video: offerVideoView(offer.video, locale),
    energyCertificate: energyCertificateView(offer.energy_certificate, locale, publicApiUrl),
    photos: galleryPhotos.map((photo, index) => {
      const url = (path: string) => resolveMediaUrl(path, publicApiUrl);
      const file = photo.image_file;
      const avif =
        file.thumb_avif && file.card_avif && file.gallery_avif && file.full_avif
          ? `${url(file.thumb_avif)} 320w, ${url(file.card_avif)} 640w, ${url(file.gallery_avif)} 1280w, ${url(file.full_avif)} 1920w`
          : null;
      return {
        src: url(file.gallery),
        srcSet: `${url(file.thumb)} 320w, ${url(file.card)} 640w, ${url(file.gallery)} 1280w, ${url(file.full)} 1920w`,
        avifSrcSet: avif,
        thumb: url(file.thumb),
        alt: translate(locale, 'offer.photo_of', { index: index + 1, count: galleryPhotos.length }),
      };
    }),
    sellerName: offer.seller?.name ?? offer.creator.display_name,
    seller: {
      // The account's display name (first and last name, else company name), else a neutral
      // "Private seller" in the page's language: never the label "Seller" as a name (issue 38).
      // A company's offer is named by the company's profile (issue 38 point 12).
      name:
        offer.company?.name ??
        offer.seller?.name ??
        offer.creator.display_name ??
        translate(locale, 'value.seller_type.private'),
      type: translateDynamic(
        locale,
        valueMessageKey('seller_type', offer.seller?.seller_type ?? offer.seller_type),
      ),
      rating: sellerRatingText(offer, locale),
      // Three facts with three labels (issue 38 point 3): a confirmed e-mail never stands in for
      // a verified seller, nor either of them for the listing an admin verified.
      verified: offer.seller?.is_verified === true,
      emailVerified: offer.creator.email_verified,
      memberSince: offer.creator.member_since,
      responsiveness: offer.responsiveness
        ? responsivenessText(locale, {
            ratePercent: offer.responsiveness.reply_rate_percent,
            medianMinutes: offer.responsiveness.median_reply_minutes,
          })
        : null,
      company: offer.company
        ? {
            name: offer.company.name,
            href: companyPagePath(locale, offer.company.slug),
            logo: offer.company.logo_url ? resolveMediaUrl(offer.company.logo_url, publicApiUrl) : null,
            logoAlt: translate(locale, 'company.logo_alt', { name: offer.company.name }),
            linkText: translate(locale, 'company.page_link'),
          }
        : null,
      page: offer.company
        ? null
        : {
            href: sellerPagePath(
              locale,
              sellerSlug(offer.creator.id, offer.creator.display_name ?? offer.seller?.name ?? ''),
            ),
            linkText: translate(locale, 'seller_page.link'),
          },
    },
    verified: offer.is_verified,
  };
}

/**
 * "Seller rating 4.5 of 5 (12 ratings)": the seller profile's rating, else the publishing
 * account's own (a person selling without a profile, decision 066); null before the first.
 */
function sellerRatingText(offer: OfferDetail, locale: Locale): string | null {
  const [rating, count] = offer.seller
    ? [offer.seller.rating, offer.seller.rating_count]
    : [offer.creator.rating, offer.creator.rating_count];
  if (rating === null) return null;
  const text = translate(locale, 'offer.seller_rating', {
    // The locale's decimal separator: "4,7" in pl and de, "4.7" in en.
    rating: formatNumber(rating, locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  });
  return count > 0 ? `${text} ${translate(locale, 'offer.seller_rating_count', { count })}` : text;
}
