import { availabilityChecks, type Db, type DbOrTx, properties } from '@estately/db';
import {
  type AvailabilityAnswer,
  type AvailabilityChoice,
  canTransition,
  type OfferType,
  type PropertyState,
  type PropertyType,
  soldStateOf,
} from '@estately/domain';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { JwtKey } from '../../lib/jwt.ts';
import { changePropertyState } from '../seller-properties/change-property-state.ts';
import { syncOfferRow } from '../seller-properties/sync-offer-row.ts';
import { type AvailabilityLink, verifyAvailabilityToken } from './availability-token.ts';

type CheckRow = typeof availabilityChecks.$inferSelect;
type PropertyRow = typeof properties.$inferSelect;

/** The link a token names and its question; 404 when forged or unknown, 410 once expired. */
async function openLink(
  db: DbOrTx,
  keys: readonly JwtKey[],
  token: string,
  now: Date,
  lock: boolean,
): Promise<{ link: AvailabilityLink; check: CheckRow; property: PropertyRow }> {
  const link = verifyAvailabilityToken(keys, token);
  if (!link) throw new AppError('not_found');
  const query = db
    .select({ check: availabilityChecks, property: properties })
    .from(availabilityChecks)
    .innerJoin(properties, eq(properties.id, availabilityChecks.propertyId))
    .where(eq(availabilityChecks.id, link.checkId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found');
  if (now.getTime() >= link.expiresAt.getTime()) throw new AppError('gone');
  return { link, ...row };
}

function usedAt(check: CheckRow, choice: AvailabilityChoice): Date | null {
  return choice === 'available' ? check.confirmedAt : check.soldAt;
}

function answerOf(link: AvailabilityLink, property: PropertyRow, used: boolean): AvailabilityAnswer {
  return {
    property_id: property.id,
    choice: link.choice,
    offer_type: property.offerType as OfferType,
    property_type: property.propertyType as PropertyType,
    address: [property.street, property.city].filter(Boolean).join(', '),
    state: property.state,
    used,
    expires_at: link.expiresAt.toISOString(),
  };
}

/** GET /availability/{token}: what the link will do, for its landing page; changes nothing. */
export async function describeAvailabilityLink(options: {
  db: Db;
  keys: readonly JwtKey[];
  token: string;
  now?: Date;
}): Promise<AvailabilityAnswer> {
  const { link, check, property } = await openLink(
    options.db,
    options.keys,
    options.token,
    options.now ?? new Date(),
    false,
  );
  return answerOf(link, property, usedAt(check, link.choice) !== null);
}

/**
 * POST /availability/{token}: the seller's answer, without sign-in (decision 065). "Still
 * available" confirms the offer (its clock starts again, "not confirmed recently" goes);
 * "sold or rented" moves it to sold or rented through the lifecycle, so its history records it.
 * Each link works once (409 `availability.already_used`), and only while the offer can take the
 * answer (409 `availability.not_active`); the question need not be open: a seller who updated
 * the offer meanwhile may still say it is sold.
 */
export async function answerAvailabilityLink(options: {
  db: Db;
  keys: readonly JwtKey[];
  token: string;
  now?: Date;
}): Promise<AvailabilityAnswer> {
  const now = options.now ?? new Date();
  return options.db.transaction(async (tx) => {
    const { link, check, property } = await openLink(tx, options.keys, options.token, now, true);
    if (usedAt(check, link.choice) !== null)
      throw new AppError('conflict', { errors: { token: ['availability.already_used'] } });
    const [locked] = await tx.select().from(properties).where(eq(properties.id, property.id)).for('update');
    if (!locked) throw new AppError('not_found');
    const state = locked.state as PropertyState;
    if (link.choice === 'available') {
      if (state !== 'active' || locked.struckAt !== null)
        throw new AppError('conflict', { errors: { state: ['availability.not_active'] } });
      await tx
        .update(availabilityChecks)
        .set({ confirmedAt: now, closedAt: check.closedAt ?? now })
        .where(eq(availabilityChecks.id, check.id));
      await confirmProperty(tx, locked.id, now);
      return answerOf(link, { ...locked, state }, false);
    }
    const sold = soldStateOf(locked.offerType);
    if (!canTransition(state, sold, locked.offerType))
      throw new AppError('conflict', { errors: { state: ['availability.not_active'] } });
    await tx
      .update(availabilityChecks)
      .set({ soldAt: now, closedAt: check.closedAt ?? now })
      .where(eq(availabilityChecks.id, check.id));
    await tx.update(properties).set({ availabilityUnconfirmedAt: null }).where(eq(properties.id, locked.id));
    await changePropertyState(tx, { ...locked, availabilityUnconfirmedAt: null }, sold);
    return answerOf(link, { ...locked, state: sold }, false);
  });
}

/** The seller confirmed: the clock starts again and the offer's flag goes, in the caller's transaction. */
export async function confirmProperty(tx: DbOrTx, propertyId: number, now: Date): Promise<void> {
  await tx
    .update(properties)
    .set({ availabilityConfirmedAt: now, availabilityUnconfirmedAt: null })
    .where(eq(properties.id, propertyId));
  await syncOfferRow(tx, propertyId);
}
