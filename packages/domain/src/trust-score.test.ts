import { describe, expect, it } from 'vitest';
import { computeTrustScore, TRUST_SCORE_WEIGHTS } from './trust-score.ts';

const base = {
  isVerified: false,
  completeness: 0,
  photos: 0,
  sellerRating: 1,
  upheldReports: 5,
  openReports: 0,
  accountAgeDays: 0,
};

describe('computeTrustScore', () => {
  it('weights add up to 100', () => {
    expect(Object.values(TRUST_SCORE_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('is 0 with nothing in favour and 100 with everything', () => {
    expect(computeTrustScore(base).score).toBe(0);
    expect(
      computeTrustScore({
        isVerified: true,
        completeness: 1,
        photos: 12,
        sellerRating: 5,
        upheldReports: 0,
        openReports: 0,
        accountAgeDays: 4000,
      }).score,
    ).toBe(100);
  });

  it('verification raises the score by its weight and each part is explained', () => {
    const before = computeTrustScore({ ...base, completeness: 0.5, photos: 2 });
    const after = computeTrustScore({ ...base, completeness: 0.5, photos: 2, isVerified: true });
    expect(after.score - before.score).toBe(TRUST_SCORE_WEIGHTS.verification);
    expect(after.parts.find((p) => p.factor === 'photos')).toEqual({ factor: 'photos', points: 6, max: 15 });
    expect(after.parts.reduce((s, p) => s + p.points, 0)).toBe(after.score);
  });

  it('reports cost points, upheld ones more than open ones; an unrated seller gets half', () => {
    const clean = { ...base, sellerRating: null, upheldReports: 0 };
    expect(computeTrustScore(clean).parts.find((p) => p.factor === 'seller_rating')?.points).toBe(8);
    const reports = (u: number, o: number) =>
      computeTrustScore({ ...clean, upheldReports: u, openReports: o }).parts.find(
        (p) => p.factor === 'reports',
      )?.points;
    expect(reports(0, 0)).toBe(15);
    expect(reports(0, 1)).toBe(12);
    expect(reports(1, 0)).toBe(5);
    expect(reports(3, 3)).toBe(0);
  });
});
