import type { properties } from '@estately/db';

type StrikeColumns = Pick<
  typeof properties.$inferSelect,
  'struckAt' | 'struckBy' | 'strikeReason' | 'heldForReviewAt'
>;

/**
 * How the owner sees a strike or a scam hold (decision 067): an admin's strike with its reason;
 * a hold only as "under review", nothing of the rules that held it.
 */
export function ownerReviewView(row: StrikeColumns) {
  const held = row.heldForReviewAt !== null && row.struckBy === null;
  return {
    strike:
      row.struckAt && !held
        ? { reason: row.strikeReason ?? '', struck_at: row.struckAt.toISOString() }
        : null,
    under_review: held,
  };
}
