import { type Db, properties, propertyEnergyCertificates } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import { offerPageAnswer, type PropertyState } from '@estately/domain';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';

export interface EnergyCertificateFile {
  data: Buffer;
  fileName: string;
  /** Anyone may see it (a public offer), so shared caches may keep it. */
  isPublic: boolean;
}

/**
 * GET /public/offers/{id}/energy_certificate: the PDF of an offer whose page anyone may see
 * (active, reserved, sold or rented within 90 days, not struck: OFFER_VISIBILITY of decision
 * 042), and of any property to its owner
 * or an admin. Everything else, like a property without a certificate, is an unknown 404.
 */
export async function getEnergyCertificateFile(options: {
  db: Db;
  storage: MediaStorage;
  propertyId: number;
  viewer: { id: number; isAdmin: boolean } | null;
}): Promise<EnergyCertificateFile> {
  const { db, storage, propertyId, viewer } = options;
  const [row] = await db
    .select({
      storageKey: propertyEnergyCertificates.storageKey,
      fileName: propertyEnergyCertificates.fileName,
      ownerId: properties.ownerId,
      state: properties.state,
      stateChangedAt: properties.stateChangedAt,
      activatedAt: properties.activatedAt,
      struckAt: properties.struckAt,
    })
    .from(propertyEnergyCertificates)
    .innerJoin(properties, eq(properties.id, propertyEnergyCertificates.propertyId))
    .where(eq(propertyEnergyCertificates.propertyId, propertyId));
  if (!row) throw new AppError('not_found');
  // Wherever the offer's page is shown (OFFER_VISIBILITY): active, reserved, and sold or rented
  // for 90 days after the change; never a draft or a struck offer.
  const isPublic =
    row.struckAt === null &&
    row.activatedAt !== null &&
    offerPageAnswer(row.state as PropertyState, row.stateChangedAt) === 'shown';
  const mayRead = isPublic || (viewer !== null && (viewer.id === row.ownerId || viewer.isAdmin));
  if (!mayRead) throw new AppError('not_found');
  const file = await storage.get(row.storageKey);
  if (!file) throw new AppError('not_found');
  return { data: file.data, fileName: row.fileName, isPublic };
}
