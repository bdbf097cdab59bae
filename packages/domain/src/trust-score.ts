// Trust score of an offer, 0..100 (spec 5), computed from parts anyone can check, so the
// detail call can show why an offer scores what it does (issue 7). Weights sum to 100.

export const TRUST_SCORE_WEIGHTS = {
  verification: 25,
  completeness: 20,
  photos: 15,
  seller_rating: 15,
  reports: 15,
  account_age: 10,
} as const;
export type TrustScoreFactor = keyof typeof TRUST_SCORE_WEIGHTS;

export interface TrustScoreInput {
  /** An admin verified the listing (PATCH /properties/{id}/verify). */
  isVerified: boolean;
  /** Required publish fields present, 0..1. */
  completeness: number;
  photos: number;
  /** Seller rating 1.0..5.0 (spec 5), null when unrated. */
  sellerRating: number | null;
  /** Reports an admin upheld (resolved) against the offer. */
  upheldReports: number;
  /** Reports not reviewed yet: they cost less than upheld ones. */
  openReports: number;
  /** Age of the owner's account in days. */
  accountAgeDays: number;
}

export interface TrustScore {
  score: number;
  parts: { factor: TrustScoreFactor; points: number; max: number }[];
}

/** Photos that earn the full photo points; fewer earn a share. */
export const TRUST_SCORE_FULL_PHOTOS = 5;
/** Account age that earns the full age points. */
export const TRUST_SCORE_FULL_AGE_DAYS = 365;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function computeTrustScore(input: TrustScoreInput): TrustScore {
  const w = TRUST_SCORE_WEIGHTS;
  const points: Record<TrustScoreFactor, number> = {
    verification: input.isVerified ? w.verification : 0,
    completeness: Math.round(clamp(input.completeness, 0, 1) * w.completeness),
    photos: Math.round(
      (clamp(input.photos, 0, TRUST_SCORE_FULL_PHOTOS) / TRUST_SCORE_FULL_PHOTOS) * w.photos,
    ),
    // An unrated seller gets half: no evidence either way.
    seller_rating:
      input.sellerRating === null
        ? Math.round(w.seller_rating / 2)
        : Math.round(((clamp(input.sellerRating, 1, 5) - 1) / 4) * w.seller_rating),
    // Each upheld report costs 10 points, each open one 3, down to nothing.
    reports: clamp(w.reports - 10 * input.upheldReports - 3 * input.openReports, 0, w.reports),
    account_age: Math.round(
      (clamp(input.accountAgeDays, 0, TRUST_SCORE_FULL_AGE_DAYS) / TRUST_SCORE_FULL_AGE_DAYS) * w.account_age,
    ),
  };
  const parts = (Object.keys(w) as TrustScoreFactor[]).map((factor) => ({
    factor,
    points: points[factor],
    max: w[factor],
  }));
  return {
    score: clamp(
      parts.reduce((sum, part) => sum + part.points, 0),
      0,
      100,
    ),
    parts,
  };
}
