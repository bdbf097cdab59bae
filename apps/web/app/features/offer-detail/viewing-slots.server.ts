import { type Locale, type PublicTourDatesResponse, timeZoneLabel } from '@estately/domain';
import { formatDateLong, formatTime, localeData } from '@estately/i18n';

/** An upcoming viewing slot as the offer page lists it and the message form offers it. */
export interface ViewingSlotView {
  id: number;
  /** e.g. cs `5. ledna 2027, 17:00–18:00 (středoevropský čas)`. */
  label: string;
}

/**
 * The offer's upcoming viewing slots in the offer's local time (its country's zone, decision
 * 011), written for the visitor's locale with the zone named; slots already begun are left out.
 */
export function toViewingSlots(
  answer: PublicTourDatesResponse,
  locale: Locale,
  now = new Date(),
): ViewingSlotView[] {
  const timeZone = answer.time_zone;
  const tag = localeData(locale).tag;
  return answer.data
    .filter((slot) => Date.parse(slot.starts_at) > now.getTime())
    .map((slot) => {
      const startsAt = new Date(slot.starts_at);
      const endsAt = new Date(slot.ends_at);
      const date = formatDateLong(startsAt, locale, { timeZone });
      const from = formatTime(startsAt, locale, { timeZone });
      const to = formatTime(endsAt, locale, { timeZone });
      const time = endsAt > startsAt ? `${from}–${to}` : from;
      return { id: slot.id, label: `${date}, ${time} (${timeZoneLabel(timeZone, tag, startsAt)})` };
    });
}
