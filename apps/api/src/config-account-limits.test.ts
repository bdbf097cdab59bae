import { PROPERTY_LIMITS, PROPERTY_PHOTOS_CEILING } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { DEFAULT_ACCOUNT_LIMITS, limitFor } from './lib/account-limits.ts';

// The account limits of issue 37 point 5 are configuration: read from the environment,
// validated at boot with every other variable, with defaults for a real portal.

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ NODE_ENV: 'test', ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('account limits in the configuration', () => {
  it('defaults to generous limits, a company many times a person', () => {
    const limits = loadConfig({ NODE_ENV: 'test' }).accountLimits;
    expect(limits).toEqual(DEFAULT_ACCOUNT_LIMITS);
    expect(limits.photosPerProperty).toBe(PROPERTY_LIMITS.photosMax);
    expect(limits.properties.company).toBeGreaterThanOrEqual(1_000);
    expect(limits.photos.company).toBeGreaterThanOrEqual(limits.properties.company * 10);
    expect(limits.uploadBytesPerHour.person).toBe(1024 ** 3);
  });

  it('reads every variable', () => {
    const limits = loadConfig({
      NODE_ENV: 'test',
      ACCOUNT_MAX_PROPERTIES: '7',
      COMPANY_MAX_PROPERTIES: '700',
      PROPERTY_MAX_PHOTOS: '25',
      ACCOUNT_MAX_PHOTOS: '70',
      COMPANY_MAX_PHOTOS: '7000',
      ACCOUNT_UPLOAD_MB_PER_HOUR: '100',
      COMPANY_UPLOAD_MB_PER_HOUR: '2000',
      MESSAGES_PER_DAY: '9',
      REPORTS_PER_DAY: '4',
    }).accountLimits;
    expect(limits).toEqual({
      properties: { person: 7, company: 700 },
      photosPerProperty: 25,
      photos: { person: 70, company: 7000 },
      uploadBytesPerHour: { person: 100 * 1024 * 1024, company: 2000 * 1024 * 1024 },
      messagesPerDay: 9,
      reportsPerDay: 4,
    });
    expect(limitFor(limits.properties, 'company')).toBe(700);
    expect(limitFor(limits.properties, 'person')).toBe(7);
  });

  it('lists every bad value at once', () => {
    expect(
      problemsOf({
        ACCOUNT_MAX_PROPERTIES: '0',
        PROPERTY_MAX_PHOTOS: String(PROPERTY_PHOTOS_CEILING + 1),
        ACCOUNT_UPLOAD_MB_PER_HOUR: '10',
        MESSAGES_PER_DAY: 'many',
      }),
    ).toEqual([
      'ACCOUNT_MAX_PROPERTIES: expected a whole number of properties (1..1000000), got "0"',
      `PROPERTY_MAX_PHOTOS: expected a whole number of photos (1..${PROPERTY_PHOTOS_CEILING}), got "${PROPERTY_PHOTOS_CEILING + 1}"`,
      'ACCOUNT_UPLOAD_MB_PER_HOUR: expected a whole number of MiB (15..1000000), got "10"',
      'MESSAGES_PER_DAY: expected a whole number of messages (1..100000), got "many"',
    ]);
  });
});
