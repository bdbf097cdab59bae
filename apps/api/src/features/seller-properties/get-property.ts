import { type DbOrTx, properties } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import { type OwnProperty, trustChecklist } from '@estately/domain';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { propertyEtag } from './property-etag.ts';
import { propertyTrustScore } from './property-trust-score.ts';
import { ownPropertyView, publicPropertyView } from './property-view.ts';

/**
 * GET /properties/{id}: the owner and admins see every property of theirs in any state, with
 * the strike reason and what publishing still needs; anyone else sees the public view of an
 * active, unstruck offer, and 404 for everything else (drafts are not probed by id).
 * The owner's view comes with the version's ETag, which writes take back in `If-Match`.
 */
export async function getProperty(options: {
  /** The pool, or the transaction of a save with an Idempotency-Key (lib/idempotency.ts). */
  db: DbOrTx;
  storage: MediaStorage;
  propertyId: number;
  viewer: { id: number; isAdmin: boolean } | null;
}): Promise<{ view: 'owner' | 'public'; data: Partial<OwnProperty> & { id: number }; etag: string | null }> {
  const { db, storage, propertyId, viewer } = options;
  const [row] = await db.select().from(properties).where(eq(properties.id, propertyId));
  if (!row) throw new AppError('not_found');
  const privileged = viewer !== null && (viewer.isAdmin || viewer.id === row.ownerId);
  if (!privileged && (row.state !== 'active' || row.struckAt)) throw new AppError('not_found');
  const trust = await propertyTrustScore(db, row);
  const view = await ownPropertyView(db, storage, row, { ...trust, checklist: trustChecklist(trust) });
  return privileged
    ? { view: 'owner', data: view, etag: propertyEtag(row) }
    : { view: 'public', data: publicPropertyView(view), etag: null };
}
