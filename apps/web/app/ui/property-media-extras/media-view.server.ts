import {
  type EnergyCertificate,
  type Locale,
  type OfferPhoto,
  type PropertyVideo,
  type VideoProvider,
  videoEmbedUrl,
} from '@estately/domain';
import { formatNumber, translate } from '@estately/i18n';
import { resolveMediaUrl } from '../offers/offer-card-view.server.ts';

// More media of an offer (issue 38 point 13) made ready for the page on the server: the video's
// player address and texts, the certificate's link with its size in the page's locale.

const PROVIDER_NAMES: Record<VideoProvider, string> = { youtube: 'YouTube', vimeo: 'Vimeo' };

/** The video as the offer page shows it: a click-to-load facade, then the privacy-enhanced player. */
export interface OfferVideoView {
  provider: VideoProvider;
  providerName: string;
  /** The player, started by the visitor's click (autoplay after the click only). */
  embedUrl: string;
  watchUrl: string;
  heading: string;
  play: string;
  consent: string;
  frameTitle: string;
  watchOn: string;
}

export function offerVideoView(video: PropertyVideo | null, locale: Locale): OfferVideoView | null {
  if (!video) return null;
  const provider = PROVIDER_NAMES[video.provider];
  return {
    provider: video.provider,
    providerName: provider,
    embedUrl: videoEmbedUrl(video, { autoplay: true }),
    watchUrl: video.watch_url,
    heading: translate(locale, 'media.video'),
    play: translate(locale, 'media.play_video'),
    consent: translate(locale, 'media.video_consent', { provider }),
    frameTitle: translate(locale, 'media.video_frame_title', { provider }),
    watchOn: translate(locale, 'media.watch_on', { provider }),
  };
}

/** "1.2 MB", "350 kB": a file's size in the page's locale. */
export function fileSizeText(bytes: number, locale: Locale): string {
  if (bytes >= 100_000) {
    return formatNumber(bytes / 1_000_000, locale, {
      style: 'unit',
      unit: 'megabyte',
      maximumFractionDigits: 1,
    });
  }
  return formatNumber(Math.max(1, Math.round(bytes / 1000)), locale, { style: 'unit', unit: 'kilobyte' });
}

export interface EnergyCertificateView {
  href: string;
  /** "Energy performance certificate (PDF, 1.2 MB)". */
  label: string;
  fileName: string;
  size: string;
}

export function energyCertificateView(
  certificate: EnergyCertificate | null,
  locale: Locale,
  publicApiUrl: string,
): EnergyCertificateView | null {
  if (!certificate) return null;
  const size = fileSizeText(certificate.bytes, locale);
  return {
    href: resolveMediaUrl(certificate.url, publicApiUrl),
    label: translate(locale, 'media.energy_certificate_pdf', { size }),
    fileName: certificate.file_name,
    size,
  };
}

/** A floor plan on the offer page: the image and a link to its full size. */
export interface FloorPlanView {
  src: string;
  srcSet: string;
  full: string;
  alt: string;
}

/** The offer's floor plans in their display order ("Floor plan 1 of 2"). */
export function floorPlanViews(photos: OfferPhoto[], locale: Locale, publicApiUrl: string): FloorPlanView[] {
  const plans = photos.filter((photo) => photo.is_floor_plan);
  return plans.map((plan, index) => {
    const url = (path: string) => resolveMediaUrl(path, publicApiUrl);
    const file = plan.image_file;
    return {
      src: url(file.card),
      srcSet: `${url(file.card)} 640w, ${url(file.gallery)} 1280w, ${url(file.full)} 1920w`,
      full: url(file.full),
      alt: translate(locale, 'media.floor_plan_of', { index: index + 1, count: plans.length }),
    };
  });
}
