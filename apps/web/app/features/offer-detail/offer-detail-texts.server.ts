import { type Locale, OFFER_REPORT_REASONS, type OfferReportReason } from '@estately/domain';
import { type MessageKey, translate } from '@estately/i18n';

// Texts of the detail page's interactive parts in the page's locale, sent with the page's data:
// the browser carries no catalog (only the shell's keys), and the strings hydrate identically.

const REPORT_REASON_KEYS: Record<OfferReportReason, MessageKey> = {
  wrong_price: 'offer.report_reason.wrong_price',
  wrong_location: 'offer.report_reason.wrong_location',
  wrong_parameters: 'offer.report_reason.wrong_parameters',
  already_sold: 'offer.report_reason.already_sold',
  duplicate: 'offer.report_reason.duplicate',
  fraud: 'offer.report_reason.fraud',
  inappropriate: 'offer.report_reason.inappropriate',
  other: 'offer.report_reason.other',
};

const VALIDATION_KEYS = [
  'validation.required',
  'validation.invalid_email',
  'validation.invalid_phone',
  'validation.invalid_value',
  'validation.invalid_integer',
  'validation.invalid_characters',
] as const satisfies readonly MessageKey[];

const LABEL_KEYS = [
  'offer.contact_seller',
  'offer.contact_person',
  'offer.your_name',
  'auth.email',
  'auth.phone',
  'offer.message',
  'offer.message_placeholder',
  'offer.send_message',
  'offer.viewings',
  'offer.viewings_hint',
  'offer.viewing_choice',
  'offer.viewing_none',
  'offer.show_phone',
  'offer.call',
  'offer.write_message',
  'offer.report',
  'offer.report_reason',
  'offer.report_details',
  'offer.seller',
  'offer.verified',
  'offer.seller_verified',
  'offer.email_verified',
  'offer.similar',
  'offer.abroad',
  'offer.seller_offers',
  'offer.points_of_interest',
  'offer.share',
  'offer.link_copied',
] as const satisfies readonly MessageKey[];

export type DetailLabels = Record<(typeof LABEL_KEYS)[number], string>;

export function offerDetailTexts(locale: Locale) {
  const validation: Record<string, string> = Object.fromEntries(
    VALIDATION_KEYS.map((key) => [key, translate(locale, key)]),
  );
  // Inputs carry maxLength, so "too long" only reaches a visitor through the API: one text suffices.
  validation['validation.too_long'] = translate(locale, 'validation.too_long', { max: 5000 });
  return {
    labels: Object.fromEntries(LABEL_KEYS.map((key) => [key, translate(locale, key)])) as DetailLabels,
    message: { sent: translate(locale, 'offer.message_sent'), validation },
    report: {
      sent: translate(locale, 'offer.report_sent'),
      conflict: translate(locale, 'offer.report_already'),
      validation,
    },
    reasonPlaceholder: translate(locale, 'offer.report_choose_reason'),
    reasons: OFFER_REPORT_REASONS.map((reason) => ({
      value: reason,
      label: translate(locale, REPORT_REASON_KEYS[reason]),
    })),
    gallery: {
      label: translate(locale, 'offer.gallery'),
      previous: translate(locale, 'offer.previous_photo'),
      next: translate(locale, 'offer.next_photo'),
      fullScreen: translate(locale, 'offer.full_screen'),
      exitFullScreen: translate(locale, 'offer.exit_full_screen'),
    },
  };
}
