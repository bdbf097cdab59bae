import type { SavedSearchFrequency } from '@estately/domain';

/** Frequencies that send e-mails (`off` never does). */
export type AlertFrequency = Exclude<SavedSearchFrequency, 'off'>;
export const ALERT_FREQUENCIES: readonly AlertFrequency[] = ['instant', 'daily', 'weekly'];

/**
 * Instant alerts go out in slots of this many minutes: the short-period job runs every minute
 * or two, and each search gets at most one e-mail per slot, so a burst of new offers becomes
 * one digest instead of a mail per offer, and a new offer is mailed within minutes.
 */
export const INSTANT_SLOT_MINUTES = 5;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Start of the alert period `now` falls in (UTC): the instant slot, the day, or the ISO week
 * (Monday). A search is due when it was last notified before this instant; the dedupe key of
 * its e-mail names the period, so one period never yields two e-mails.
 */
export function periodStart(frequency: AlertFrequency, now: Date): Date {
  const t = now.getTime();
  if (frequency === 'instant') return new Date(t - (t % (INSTANT_SLOT_MINUTES * MINUTE)));
  const day = t - (t % DAY);
  if (frequency === 'daily') return new Date(day);
  // 1970-01-01 was a Thursday: days since the last Monday = (weekday + 6) % 7.
  const weekday = new Date(day).getUTCDay();
  return new Date(day - ((weekday + 6) % 7) * DAY);
}

/** The outbox dedupe key of a search's e-mail for one period (exactly one per period). */
export function alertDedupeKey(savedSearchId: number, period: Date): string {
  return `saved_search:${savedSearchId}:${period.toISOString()}`;
}
