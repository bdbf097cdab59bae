import { type Locale, replyTimeUnit } from '@estately/domain';
import { formatNumber, translate } from '@estately/i18n';

/**
 * "Replies to 92 % of messages, usual reply time: 3 hours" in the page’s locale (decision 065),
 * from the seller's stored reply figures; the time in the locale's own words for minutes, hours
 * or days (Intl's units, so every language declines them its way). Shown on the offer page and
 * the seller page alike.
 */
export function responsivenessText(
  locale: Locale,
  figures: { ratePercent: number; medianMinutes: number | null },
): string {
  const percent = formatNumber(figures.ratePercent / 100, locale, {
    style: 'percent',
    maximumFractionDigits: 0,
  });
  if (figures.medianMinutes === null) return translate(locale, 'seller_page.reply_rate', { percent });
  const { unit, value } = replyTimeUnit(figures.medianMinutes);
  const time = formatNumber(value, locale, { style: 'unit', unit, unitDisplay: 'long' });
  return translate(locale, 'offer.responsiveness', { percent, time });
}
