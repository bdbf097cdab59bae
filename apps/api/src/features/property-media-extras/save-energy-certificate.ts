import { randomBytes } from 'node:crypto';
import { type Db, properties, propertyEnergyCertificates } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import {
  ENERGY_CERTIFICATE_MAX_BYTES,
  type EnergyCertificate,
  isPdf,
  safePdfFileName,
} from '@estately/domain';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { energyCertificateOf } from '../offers-shared/energy-certificate-view.ts';
import { type Actor, loadOwnProperty } from '../seller-properties/load-own-property.ts';

function refuse(key: string): AppError {
  return new AppError('validation_errors', { errors: { file: [key] } });
}

/** The storage key of a certificate upload: its own folder under `documents/{property id}/`. */
export function energyCertificateKey(propertyId: number): string {
  return `documents/${propertyId}/${randomBytes(8).toString('hex')}/energy-certificate.pdf`;
}

/**
 * PUT /properties/{id}/energy_certificate: stores the PDF and points the property at it,
 * replacing an earlier certificate. The content decides (`%PDF-` at its start), not the name or
 * declared type: anything else answers 422 `validation.invalid_pdf` on `file` and stores
 * nothing. The file is written first and the row after it in one transaction; a failed
 * transaction removes the new file, a committed one removes the replaced file.
 */
export async function saveEnergyCertificate(options: {
  db: Db;
  storage: MediaStorage;
  actor: Actor;
  propertyId: number;
  data: Buffer;
  fileName: string | null;
  onCleanupError?: (error: unknown, key: string) => void;
}): Promise<EnergyCertificate> {
  const { db, storage, actor, propertyId, data } = options;
  if (data.length === 0) throw refuse('validation.file_required');
  if (data.length > ENERGY_CERTIFICATE_MAX_BYTES) throw refuse('validation.file_too_large');
  if (!isPdf(data)) throw refuse('validation.invalid_pdf');
  const key = energyCertificateKey(propertyId);
  await storage.put(key, data, 'application/pdf');
  let replaced: string | null = null;
  let saved: EnergyCertificate;
  try {
    saved = await db.transaction(async (tx) => {
      await loadOwnProperty(tx, propertyId, actor);
      const [previous] = await tx
        .select({ storageKey: propertyEnergyCertificates.storageKey })
        .from(propertyEnergyCertificates)
        .where(eq(propertyEnergyCertificates.propertyId, propertyId))
        .for('update');
      const values = {
        propertyId,
        storageKey: key,
        fileName: safePdfFileName(options.fileName),
        bytes: data.length,
        createdAt: new Date(),
      };
      const [row] = await tx
        .insert(propertyEnergyCertificates)
        .values(values)
        .onConflictDoUpdate({
          target: propertyEnergyCertificates.propertyId,
          set: {
            storageKey: key,
            fileName: values.fileName,
            bytes: values.bytes,
            createdAt: values.createdAt,
          },
        })
        .returning();
      await tx.update(properties).set({ updatedAt: sql`now()` }).where(eq(properties.id, propertyId));
      replaced = previous?.storageKey ?? null;
      if (!row) throw new Error('energy certificate not stored');
      return energyCertificateOf(row);
    });
  } catch (error) {
    await storage.delete(key).catch((cleanup: unknown) => options.onCleanupError?.(cleanup, key));
    throw error;
  }
  const old: string | null = replaced;
  if (old !== null && old !== key) {
    await storage.delete(old).catch((cleanup: unknown) => options.onCleanupError?.(cleanup, old));
  }
  return saved;
}
