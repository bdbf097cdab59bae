import { type Db, propertyMedia } from '@estately/db';
import { canTransition, type PropertyState, publishProblems } from '@estately/domain';
import { and, count, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { assertIfMatch } from '../../lib/etag.ts';
import { changePropertyState } from './change-property-state.ts';
import { type Actor, loadOwnProperty } from './load-own-property.ts';
import { columnsToFields } from './property-columns.ts';
import { propertyEtag } from './property-etag.ts';

/**
 * POST /v1/properties/set-state/{id}: moves a property along the lifecycle table
 * (PROPERTY_TRANSITIONS in packages/domain contracts/property-writes.ts). A transition outside
 * the table answers 422 `validation.invalid_value` on `state`. Activating checks completeness
 * (422 with the missing fields); changePropertyState writes the move, its history entry and
 * the offers row in the same transaction, so search shows or hides it at once.
 */
export async function setPropertyState(options: {
  db: Db;
  actor: Actor;
  propertyId: number;
  /** The request's If-Match (lib/etag.ts): a stale version answers 412 and changes nothing. */
  ifMatch?: string[] | '*' | null;
  state: PropertyState;
}): Promise<void> {
  const { db, actor, propertyId, state } = options;
  await db.transaction(async (tx) => {
    const current = await loadOwnProperty(tx, propertyId, actor);
    assertIfMatch(options.ifMatch ?? null, propertyEtag(current));
    if (!canTransition(current.state as PropertyState, state, current.offerType)) {
      throw new AppError('validation_errors', { errors: { state: ['validation.invalid_value'] } });
    }
    if (state === 'active') {
      const [media] = await tx
        .select({ n: count() })
        .from(propertyMedia)
        // Photos still being processed do not count: an offer publishes with a photo to show (issue 38 defect 4).
        .where(and(eq(propertyMedia.propertyId, propertyId), eq(propertyMedia.status, 'ready')));
      const problems = publishProblems(columnsToFields(current), { photos: media?.n ?? 0 });
      if (Object.keys(problems).length > 0) throw new AppError('validation_errors', { errors: problems });
    }
    await changePropertyState(tx, current, state);
  });
}
