import { describe, expect, it } from 'vitest';
import {
  computeTrustScore,
  countStatedParameters,
  TRUST_FULL_PHOTOS,
  TRUST_PARAMETERS,
  TRUST_SIGNALS,
  type TrustInputs,
  type TrustSignalKey,
  trustChecklist,
  trustPoints,
  trustScoreFromPoints,
} from './trust-score.ts';

const nothing: TrustInputs = {
  identityVerified: false,
  listingVerified: false,
  photos: 0,
  copiedPhotos: 0,
  hasFloorPlan: false,
  parametersStated: 0,
  pricePerM2: null,
  medianPerM2: null,
  replyRatePercent: null,
  replyMedianMinutes: null,
  accountAgeDays: 0,
  upheldReports: 1,
};

const everything: TrustInputs = {
  identityVerified: true,
  listingVerified: true,
  photos: 12,
  copiedPhotos: 0,
  hasFloorPlan: true,
  parametersStated: TRUST_PARAMETERS.length,
  pricePerM2: 100_000,
  medianPerM2: 95_000,
  replyRatePercent: 90,
  replyMedianMinutes: 120,
  accountAgeDays: 800,
  upheldReports: 0,
};

const signal = (inputs: TrustInputs, key: TrustSignalKey) =>
  computeTrustScore(inputs).signals.find((s) => s.signal === key);

describe('computeTrustScore', () => {
  it('has signals whose points add up to 100', () => {
    expect(TRUST_SIGNALS.reduce((sum, s) => sum + s.points, 0)).toBe(100);
  });

  it('is 0 with nothing in favour and 100 with everything; the score is the sum of the signals', () => {
    expect(computeTrustScore(nothing).score).toBe(0);
    const full = computeTrustScore(everything);
    expect(full.score).toBe(100);
    expect(full.signals.every((s) => s.status === 'met')).toBe(true);
  });

  it('each yes/no signal adds its points and nothing else', () => {
    const base = { ...everything, upheldReports: 0 };
    const cases: [TrustSignalKey, Partial<TrustInputs>][] = [
      ['identity_verified', { identityVerified: false }],
      ['listing_verified', { listingVerified: false }],
      ['floor_plan', { hasFloorPlan: false }],
      ['original_photos', { copiedPhotos: 1 }],
      ['no_upheld_reports', { upheldReports: 2 }],
    ];
    for (const [key, change] of cases) {
      const lacking = computeTrustScore({ ...base, ...change });
      const max = TRUST_SIGNALS.find((s) => s.key === key)?.points ?? 0;
      expect(lacking.score, key).toBe(100 - max);
      expect(signal({ ...base, ...change }, key)?.status, key).toBe('missing');
    }
  });

  it('photos earn their share up to the full count; without photos there is no originality', () => {
    expect(signal({ ...everything, photos: TRUST_FULL_PHOTOS / 2 }, 'photos')).toMatchObject({
      points: 5,
      status: 'partial',
    });
    expect(signal({ ...everything, photos: 0 }, 'original_photos')?.points).toBe(0);
  });

  it('the price is consistent within the band around the median and unknown without one', () => {
    expect(
      signal({ ...everything, pricePerM2: 50_000, medianPerM2: 100_000 }, 'consistent_price')?.points,
    ).toBe(0);
    expect(
      signal({ ...everything, pricePerM2: 61_000, medianPerM2: 100_000 }, 'consistent_price')?.points,
    ).toBe(10);
    expect(
      signal({ ...everything, pricePerM2: 170_000, medianPerM2: 100_000 }, 'consistent_price')?.points,
    ).toBe(0);
    expect(signal({ ...everything, medianPerM2: null }, 'consistent_price')).toMatchObject({
      points: null,
      status: 'unknown',
    });
    expect(signal({ ...everything, pricePerM2: null }, 'consistent_price')?.status).toBe('unknown');
  });

  it('quick replies need the share and the median time, and are unknown with too few conversations', () => {
    expect(signal({ ...everything, replyRatePercent: 79 }, 'quick_replies')?.points).toBe(0);
    expect(signal({ ...everything, replyMedianMinutes: 25 * 60 }, 'quick_replies')?.points).toBe(0);
    expect(signal({ ...everything, replyRatePercent: null }, 'quick_replies')?.status).toBe('unknown');
  });

  it('account age earns half from 90 days and all from a year', () => {
    expect(signal({ ...everything, accountAgeDays: 89 }, 'account_age')?.points).toBe(0);
    expect(signal({ ...everything, accountAgeDays: 90 }, 'account_age')?.points).toBe(4);
    expect(signal({ ...everything, accountAgeDays: 365 }, 'account_age')?.points).toBe(7);
  });

  it('stored points give back the same score and statuses', () => {
    const score = computeTrustScore({ ...everything, photos: 3, medianPerM2: null, hasFloorPlan: false });
    expect(trustScoreFromPoints(trustPoints(score))).toEqual(score);
  });
});

describe('trustChecklist', () => {
  it('lists what the seller can still earn, with the points, and not age or reports', () => {
    const list = trustChecklist(computeTrustScore(nothing));
    expect(list.map((item) => item.signal)).toEqual([
      'identity_verified',
      'listing_verified',
      'photos',
      'original_photos',
      'floor_plan',
      'complete_parameters',
      'quick_replies',
    ]);
    expect(list.find((item) => item.signal === 'floor_plan')?.gain).toBe(8);
    expect(trustChecklist(computeTrustScore({ ...everything, photos: 4 }))).toEqual([
      { signal: 'photos', gain: 5 },
    ]);
  });
});

describe('countStatedParameters', () => {
  it('counts values that are there and not unknown', () => {
    expect(countStatedParameters({ year_built: 1990, penb: 'unknown', floor: 0, parking: null })).toBe(2);
  });
});
