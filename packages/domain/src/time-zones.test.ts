import { describe, expect, it } from 'vitest';
import { COUNTRY_TIME_ZONES, localToUtc, timeZoneOfCountry, utcToLocal } from './time-zones.ts';
import { COUNTRY_CODES } from './value-sets.ts';

describe('timeZoneOfCountry', () => {
  it('names a valid IANA zone for every country of the portal', () => {
    expect(Object.keys(COUNTRY_TIME_ZONES).sort()).toEqual([...COUNTRY_CODES].sort());
    for (const zone of Object.values(COUNTRY_TIME_ZONES))
      expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
    expect(timeZoneOfCountry('CZ')).toBe('Europe/Prague');
    expect(timeZoneOfCountry('cz')).toBe('Europe/Prague');
    expect(timeZoneOfCountry('AE')).toBe('Asia/Dubai');
    expect(timeZoneOfCountry(null)).toBe('Europe/Prague');
    expect(timeZoneOfCountry('XX')).toBe('Europe/Prague');
  });
});

describe('localToUtc and utcToLocal', () => {
  const prague = 'Europe/Prague';

  it('converts Prague wall time in winter (+1) and summer (+2)', () => {
    expect(localToUtc({ date: '2027-01-15', time: '17:00' }, prague).toISOString()).toBe(
      '2027-01-15T16:00:00.000Z',
    );
    expect(localToUtc({ date: '2027-07-15', time: '17:00' }, prague).toISOString()).toBe(
      '2027-07-15T15:00:00.000Z',
    );
    expect(utcToLocal(new Date('2027-07-15T15:00:00Z'), prague)).toEqual({
      date: '2027-07-15',
      time: '17:00',
    });
    expect(utcToLocal(new Date('2027-01-15T16:00:00Z'), prague)).toEqual({
      date: '2027-01-15',
      time: '17:00',
    });
  });

  it('keeps the local date when UTC is on another day', () => {
    expect(localToUtc({ date: '2027-07-15', time: '00:30' }, prague).toISOString()).toBe(
      '2027-07-14T22:30:00.000Z',
    );
    expect(utcToLocal(new Date('2027-07-14T22:30:00Z'), prague)).toEqual({
      date: '2027-07-15',
      time: '00:30',
    });
    expect(utcToLocal(new Date('2027-07-15T20:30:00Z'), 'Asia/Dubai')).toEqual({
      date: '2027-07-16',
      time: '00:30',
    });
  });

  it('uses the right offset on both sides of the spring change day (29 March 2026)', () => {
    expect(localToUtc({ date: '2026-03-29', time: '01:30' }, prague).toISOString()).toBe(
      '2026-03-29T00:30:00.000Z',
    );
    expect(localToUtc({ date: '2026-03-29', time: '17:00' }, prague).toISOString()).toBe(
      '2026-03-29T15:00:00.000Z',
    );
    expect(utcToLocal(new Date('2026-03-29T15:00:00Z'), prague)).toEqual({
      date: '2026-03-29',
      time: '17:00',
    });
    // 02:30 does not exist that night: the clock jumps from 02:00 to 03:00.
    expect(localToUtc({ date: '2026-03-29', time: '02:30' }, prague).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('uses the right offset on the autumn change day (25 October 2026)', () => {
    expect(localToUtc({ date: '2026-10-25', time: '17:00' }, prague).toISOString()).toBe(
      '2026-10-25T16:00:00.000Z',
    );
    expect(localToUtc({ date: '2026-10-25', time: '01:30' }, prague).toISOString()).toBe(
      '2026-10-24T23:30:00.000Z',
    );
    // 02:30 occurs twice; the first (summer time) is meant.
    expect(localToUtc({ date: '2026-10-25', time: '02:30' }, prague).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(utcToLocal(new Date('2026-10-25T01:30:00Z'), prague)).toEqual({
      date: '2026-10-25',
      time: '02:30',
    });
  });

  it('round-trips every quarter hour of a change week in several zones', () => {
    for (const zone of ['Europe/Prague', 'Europe/London', 'America/New_York', 'Asia/Dubai']) {
      for (
        let t = Date.parse('2026-03-26T00:00:00Z');
        t < Date.parse('2026-04-02T00:00:00Z');
        t += 15 * 60_000
      ) {
        const instant = new Date(t);
        const local = utcToLocal(instant, zone);
        const back = localToUtc(local, zone);
        // An instant in a repeated hour maps to the first occurrence; elsewhere it comes back exactly.
        expect(utcToLocal(back, zone)).toEqual(local);
      }
    }
  });
});
