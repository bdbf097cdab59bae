import { type Locale, type OwnProperty, trustChecklist, trustScoreFromPoints } from '@estately/domain';
import { formatNumber, translate, translateDynamic } from '@estately/i18n';
import type { TrustChecklistView } from './trust-checklist.tsx';

/**
 * The seller's checklist (issue 43 point 3, decision 066): the offer's trust score and each
 * signal the seller can still earn, as an action with the points it adds ("Add a floor plan:
 * +8"), in the page's locale.
 */
export function trustChecklistView(
  trust: OwnProperty['trust_score'],
  locale: Locale,
): TrustChecklistView | null {
  if (!trust) return null;
  const items = trustChecklist(trustScoreFromPoints(trust.signals.map((signal) => signal.points)));
  return {
    heading: translate(locale, 'trust.checklist_heading'),
    intro: translate(locale, 'trust.checklist_intro', { score: formatNumber(trust.score, locale) }),
    done: items.length === 0 ? translate(locale, 'trust.checklist_done') : null,
    items: items.map((item) => ({
      key: item.signal,
      action: translateDynamic(locale, `trust.action.${item.signal}`),
      gain: `+${formatNumber(item.gain, locale)}`,
    })),
  };
}
