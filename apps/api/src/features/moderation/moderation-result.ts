import { type DbOrTx, offers, properties } from '@estately/db';
import type { ModerationResult, PropertyState } from '@estately/domain';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { propertyTrustScore } from '../seller-properties/property-trust-score.ts';

/** What a moderation call answers: the property's moderation state after the change. */
export async function moderationResult(db: DbOrTx, propertyId: number): Promise<ModerationResult> {
  const [row] = await db.select().from(properties).where(eq(properties.id, propertyId));
  if (!row) throw new AppError('not_found');
  const [offer] = await db
    .select({ isPublic: offers.isPublic })
    .from(offers)
    .where(eq(offers.id, propertyId));
  return {
    id: row.id,
    state: row.state as PropertyState,
    is_verified: row.isVerified,
    is_public: offer?.isPublic ?? false,
    strike: row.struckAt ? { reason: row.strikeReason ?? '', struck_at: row.struckAt.toISOString() } : null,
    trust_score: (await propertyTrustScore(db, row)).score,
  };
}
