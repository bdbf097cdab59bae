import type { Locale, OfferDetail, TrustSignalStatus } from '@estately/domain';
import { formatNumber, translate, translateDynamic } from '@estately/i18n';

/** The offer's trust score ready to render (issue 43 point 3, decision 066), in the page's locale. */
export interface TrustPanelView {
  /** "Trust 72/100". */
  heading: string;
  signals: { key: string; label: string; status: TrustSignalStatus; statusText: string; points: string }[];
}

/** "7/10" in the locale's digits; a signal not known yet has no points to show ("–/10"). */
function pointsText(points: number | null, max: number, locale: Locale): string {
  return `${points === null ? '–' : formatNumber(points, locale)}/${formatNumber(max, locale)}`;
}

/** Formats the detail's `trust` for the page, on the server: every signal, had and lacked. */
export function trustPanelView(trust: OfferDetail['trust'], locale: Locale): TrustPanelView | null {
  if (!trust) return null;
  return {
    heading: translate(locale, 'offer.trust_heading', { score: formatNumber(trust.score, locale) }),
    signals: trust.signals.map((signal) => ({
      key: signal.signal,
      label: translateDynamic(locale, `trust.signal.${signal.signal}`),
      status: signal.status,
      statusText: translateDynamic(locale, `trust.status.${signal.status}`),
      points: pointsText(signal.points, signal.max, locale),
    })),
  };
}
