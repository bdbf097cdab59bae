import {
  type Locale,
  type PageMeta,
  SCAM_FLAG_STATUSES,
  type ScamFlagItem,
  type ScamReasonCode,
} from '@estately/domain';
import { formatDateTime, formatNumber, type MessageKey, type Translator } from '@estately/i18n';
import { propertyDetailPath } from '../../routing/site-paths.ts';
import { api, type Context, offerModerationHref, queueRequest, stateLabel } from './admin-shared.server.ts';

// The scam review queue (issue 43 point 4, decision 067): flagged offers and messages by status,
// each with its reasons in the admin's language, what matched, and release or reject.

type ScamFlagsResponse = { data: ScamFlagItem[]; meta: PageMeta };
const SCAM_FLAGS_PAGE_SIZE = 20;

/** Every reason code's message: a missing one fails the type check, not the page. */
const REASON_KEYS = {
  price_far_below_median: 'admin.scam_reason.price_far_below_median',
  price_below_median: 'admin.scam_reason.price_below_median',
  photos_of_other_seller: 'admin.scam_reason.photos_of_other_seller',
  advance_payment: 'admin.scam_reason.advance_payment',
  transfer_service: 'admin.scam_reason.transfer_service',
  crypto_payment: 'admin.scam_reason.crypto_payment',
  owner_abroad: 'admin.scam_reason.owner_abroad',
  wire_transfer: 'admin.scam_reason.wire_transfer',
  contact_details: 'admin.scam_reason.contact_details',
  new_account_burst: 'admin.scam_reason.new_account_burst',
  new_account_flood: 'admin.scam_reason.new_account_flood',
  payment_link: 'admin.scam_reason.payment_link',
} as const satisfies Record<ScamReasonCode, MessageKey>;

export const SCAM_FLAG_MESSAGES: readonly MessageKey[] = [
  'admin.scams',
  'admin.scams_empty',
  'admin.scam_total',
  'admin.scam_by_seller',
  'admin.scam_by_buyer',
  'admin.scam_held',
  'admin.scam_release',
  'admin.scam_reject',
  'admin.scam_reject_reason',
  'admin.offer_number',
];

function reasonText(t: Translator, locale: Locale, reason: ScamFlagItem['reasons'][number]) {
  const detail = reason.detail ?? {};
  const share = formatNumber(detail.ratio ?? 0, locale, { style: 'percent' });
  const text = t(REASON_KEYS[reason.code], { share, offers: detail.offers ?? 0 });
  // What matched, as written (words in any language, link hosts): for the admin to judge.
  const found = [...(detail.terms ?? []), ...(detail.hosts ?? [])];
  return {
    code: reason.code,
    text,
    weight: reason.weight,
    found: found.length > 0 ? t('admin.scam_found', { terms: found.join(', ') }) : null,
  };
}

export async function loadScamFlags(context: Context, request: Request, locale: Locale, t: Translator) {
  const queue = queueRequest(request, locale, 'scams', SCAM_FLAG_STATUSES, (value) =>
    t(`admin.scam_status.${value}` as MessageKey),
  );
  const answer = await api(context, request).get<ScamFlagsResponse>('/admin/scam-flags', {
    query: { status: queue.status, page: queue.page, per_page: SCAM_FLAGS_PAGE_SIZE },
  });
  const href = queue.href;
  return {
    status: queue.status,
    tabs: queue.tabs,
    items: answer.data.map((flag) => {
      const offerLabel = t('admin.offer_number', { id: flag.property.id });
      return {
        id: flag.id,
        subject: flag.subject,
        title: flag.subject === 'offer' ? offerLabel : t('admin.scam_message_on', { id: flag.property.id }),
        offerLabel,
        score: t('admin.scam_score', { score: flag.score }),
        held: flag.held,
        open: flag.status === 'open',
        statusLabel: t(`admin.scam_status.${flag.status}`),
        state: stateLabel(t, flag.property.state),
        city: flag.property.city,
        flagged: t('admin.scam_flagged_at', { date: formatDateTime(new Date(flag.created_at), locale) }),
        flaggedIso: flag.created_at,
        reasons: flag.reasons.map((reason) => reasonText(t, locale, reason)),
        message: flag.message ? { body: flag.message.body, fromOwner: flag.message.from_owner } : null,
        moderateHref: offerModerationHref(locale, flag.property.id),
        publicHref:
          flag.property.state === 'active' && !flag.held
            ? propertyDetailPath(locale, flag.property.id)
            : null,
      };
    }),
    total: answer.meta.total,
    page: answer.meta.page,
    pages: answer.meta.total_pages,
    previous: href(answer.meta.prev_page),
    next: href(answer.meta.next_page),
  };
}
