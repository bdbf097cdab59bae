import { availabilityChecks, type Db } from '@estately/db';
import type { AvailabilityConfirmation } from '@estately/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, loadOwnProperty } from '../seller-properties/load-own-property.ts';
import { confirmProperty } from './answer-availability-link.ts';

/**
 * POST /properties/{id}/confirm-availability: the seller says from their own offers that an
 * active offer is still available (decision 065), as the e-mail's link does: its clock starts
 * again, an open question is answered and "not confirmed recently" goes. Another user's offer
 * is 404; an offer that is not active is 409 `availability.not_active`.
 */
export async function confirmAvailability(options: {
  db: Db;
  actor: Actor;
  propertyId: number;
  now?: Date;
}): Promise<AvailabilityConfirmation> {
  const now = options.now ?? new Date();
  return options.db.transaction(async (tx) => {
    const property = await loadOwnProperty(tx, options.propertyId, options.actor);
    if (property.state !== 'active' || property.struckAt !== null)
      throw new AppError('conflict', { errors: { state: ['availability.not_active'] } });
    await tx
      .update(availabilityChecks)
      .set({ confirmedAt: now, closedAt: now })
      .where(and(eq(availabilityChecks.propertyId, property.id), isNull(availabilityChecks.closedAt)));
    await confirmProperty(tx, property.id, now);
    return { property_id: property.id, confirmed_at: now.toISOString() };
  });
}
