import { type Db, properties, propertyEnergyCertificates } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, loadOwnProperty } from '../seller-properties/load-own-property.ts';

/**
 * DELETE /properties/{id}/energy_certificate: removes the row, then the file once the
 * transaction committed (a failed delete keeps the certificate). No certificate: 404.
 */
export async function deleteEnergyCertificate(options: {
  db: Db;
  storage: MediaStorage;
  actor: Actor;
  propertyId: number;
  onCleanupError?: (error: unknown, key: string) => void;
}): Promise<void> {
  const { db, storage, actor, propertyId } = options;
  const key = await db.transaction(async (tx) => {
    await loadOwnProperty(tx, propertyId, actor);
    const [row] = await tx
      .delete(propertyEnergyCertificates)
      .where(eq(propertyEnergyCertificates.propertyId, propertyId))
      .returning({ storageKey: propertyEnergyCertificates.storageKey });
    if (!row) throw new AppError('not_found');
    await tx.update(properties).set({ updatedAt: sql`now()` }).where(eq(properties.id, propertyId));
    return row.storageKey;
  });
  await storage.delete(key).catch((error: unknown) => options.onCleanupError?.(error, key));
}
