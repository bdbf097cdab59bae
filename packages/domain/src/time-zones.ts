import type { CountryCode } from './value-sets.ts';

/**
 * The IANA time zone of each of the portal's countries: an offer's viewing slots are entered
 * and shown in the time of the place (its country), and stored as UTC instants (decision 011).
 * Countries spanning several zones (US) use their most populous one until an offer carries
 * its own zone.
 */
export const COUNTRY_TIME_ZONES: Readonly<Record<CountryCode, string>> = {
  CZ: 'Europe/Prague',
  SK: 'Europe/Bratislava',
  AT: 'Europe/Vienna',
  DE: 'Europe/Berlin',
  PL: 'Europe/Warsaw',
  GB: 'Europe/London',
  US: 'America/New_York',
  IT: 'Europe/Rome',
  FR: 'Europe/Paris',
  GR: 'Europe/Athens',
  CY: 'Asia/Nicosia',
  HR: 'Europe/Zagreb',
  ES: 'Europe/Madrid',
  MT: 'Europe/Malta',
  BA: 'Europe/Sarajevo',
  ME: 'Europe/Podgorica',
  CH: 'Europe/Zurich',
  LU: 'Europe/Luxembourg',
  BE: 'Europe/Brussels',
  AE: 'Asia/Dubai',
  RS: 'Europe/Belgrade',
  PT: 'Europe/Lisbon',
  TR: 'Europe/Istanbul',
  NL: 'Europe/Amsterdam',
  BG: 'Europe/Sofia',
};

/** The portal's home zone, for an offer without a known country. */
export const DEFAULT_TIME_ZONE = 'Europe/Prague';

/** The time zone of an offer in `countryCode` (the default zone for an unknown code). */
export function timeZoneOfCountry(countryCode: string | null | undefined): string {
  return (countryCode && COUNTRY_TIME_ZONES[countryCode.toUpperCase() as CountryCode]) || DEFAULT_TIME_ZONE;
}

/** A wall-clock date and time: `date` YYYY-MM-DD, `time` HH:MM. */
export interface LocalDateTime {
  date: string;
  time: string;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock date and time of `instant` in `timeZone`. */
export function utcToLocal(instant: Date, timeZone: string): LocalDateTime {
  const parts: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** How far `timeZone` is ahead of UTC at `instant`, in minutes. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const local = utcToLocal(instant, timeZone);
  const seconds = instant.getUTCSeconds() * 1000 + instant.getUTCMilliseconds();
  const asUtc = Date.parse(`${local.date}T${local.time}:00Z`) + seconds;
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/**
 * The UTC instant of a wall-clock `date` and `time` in `timeZone`. A time skipped by a
 * change to summer time (02:30 on the spring day in Prague) moves forward by the gap, as a
 * clock would show it; a time that occurs twice (the autumn change) is its first occurrence.
 */
export function localToUtc(local: LocalDateTime, timeZone: string): Date {
  const wall = Date.parse(`${local.date}T${local.time}:00Z`);
  if (Number.isNaN(wall)) throw new RangeError(`invalid local date and time: ${local.date} ${local.time}`);
  // The offsets just before and after the wall time cover both sides of a change.
  const before = offsetMinutes(new Date(wall - 86_400_000 / 2), timeZone);
  const after = offsetMinutes(new Date(wall + 86_400_000 / 2), timeZone);
  for (const offset of before >= after ? [before, after] : [after, before]) {
    const candidate = new Date(wall - offset * 60_000);
    if (offsetMinutes(candidate, timeZone) === offset) return candidate;
  }
  // In a gap: the wall time does not exist; the earlier offset moves it forward by the gap.
  return new Date(wall - Math.min(before, after) * 60_000);
}

/** The zone's name in `locale` ("Central European Time"), falling back to its IANA id. */
export function timeZoneLabel(timeZone: string, locale: string, at: Date = new Date()): string {
  const name = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return name ?? timeZone;
}
