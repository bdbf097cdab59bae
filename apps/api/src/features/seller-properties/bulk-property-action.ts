import { type Db, properties, propertyMedia } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import {
  BULK_ACTION_STATES,
  type BulkPropertyAction,
  type BulkPropertyOutcome,
  type BulkRefusalReason,
  canTransition,
  type PropertyState,
  RENEW_INTERVAL_DAYS,
  RENEWABLE_STATES,
} from '@estately/domain';
import { and, inArray, sql } from 'drizzle-orm';
import { changePropertyState } from './change-property-state.ts';
import type { Actor } from './load-own-property.ts';
import { deletePhotoFiles } from './photo-files.ts';
import { syncOfferRow } from './sync-offer-row.ts';

const DAY_MS = 86_400_000;

/**
 * POST /my/own/properties/bulk (issue 38 point 12): one action on many of the caller's
 * properties in one transaction. Each id gets its own answer: `done`, or `refused` with a
 * reason, and a refused id changes nothing while the others go ahead. Another user's property
 * is `not_found` like an unknown id (an admin, too, acts only on their own here). The rows are
 * locked in id order, so two bulk requests over the same offers cannot deadlock.
 *
 * - reserve / withdraw: the lifecycle moves to `reserved` / `paused` (PROPERTY_TRANSITIONS).
 * - renew: a public offer (active or reserved, not struck) whose `activated_at` is at least
 *   RENEW_INTERVAL_DAYS old gets `activated_at` now, so it leads the newest-first order again.
 * - delete: drafts only; the row goes with its photos, viewing slots and history (cascades), and
 *   the photo files after the commit unless another photo row still names them (photo-files.ts).
 */
export async function bulkPropertyAction(options: {
  db: Db;
  storage: MediaStorage;
  actor: Actor;
  action: BulkPropertyAction;
  ids: number[];
  /** The clock (tests); the database's own `now()` stamps the rows. */
  now?: Date;
  onCleanupError?: (error: unknown, key: string) => void;
}): Promise<BulkPropertyOutcome[]> {
  const { db, actor, action, ids } = options;
  const now = options.now ?? new Date();
  const { outcomes, removedPhotos } = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(properties)
      .where(and(inArray(properties.id, ids), sql`${properties.ownerId} = ${actor.id}`))
      .orderBy(properties.id)
      .for('update');
    const byId = new Map(rows.map((row) => [row.id, row]));
    const outcomes: BulkPropertyOutcome[] = [];
    const deleted: number[] = [];
    const refuse = (id: number, reason: BulkRefusalReason) =>
      outcomes.push({ id, outcome: 'refused', reason });
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) {
        refuse(id, 'not_found');
        continue;
      }
      const state = row.state as PropertyState;
      const target = BULK_ACTION_STATES[action];
      if (target) {
        if (!canTransition(state, target, row.offerType)) {
          refuse(id, 'not_allowed');
          continue;
        }
        await changePropertyState(tx, row, target);
      } else if (action === 'renew') {
        if (!RENEWABLE_STATES.includes(state)) {
          refuse(id, 'not_allowed');
          continue;
        }
        if (row.struckAt) {
          refuse(id, 'struck');
          continue;
        }
        if (row.activatedAt && now.getTime() - row.activatedAt.getTime() < RENEW_INTERVAL_DAYS * DAY_MS) {
          refuse(id, 'renewed_recently');
          continue;
        }
        await tx
          .update(properties)
          .set({ activatedAt: sql`now()`, updatedAt: sql`now()` })
          .where(sql`${properties.id} = ${id}`);
        await syncOfferRow(tx, id);
      } else {
        if (state !== 'draft') {
          refuse(id, 'not_draft');
          continue;
        }
        deleted.push(id);
      }
      outcomes.push({ id, outcome: 'done', reason: null });
    }
    if (deleted.length === 0) return { outcomes, removedPhotos: [] };
    const photos = await tx
      .select({ storageKey: propertyMedia.storageKey, variants: propertyMedia.variants })
      .from(propertyMedia)
      .where(inArray(propertyMedia.propertyId, deleted));
    // A draft never activated has no offers row; the cascades take its photos, slots and history.
    await tx.delete(properties).where(inArray(properties.id, deleted));
    return { outcomes, removedPhotos: photos };
  });
  // Files another row still names (a seeded pool photo, an account's shared feed photo) stay.
  await deletePhotoFiles(db, options.storage, removedPhotos, options.onCleanupError);
  return outcomes;
}
