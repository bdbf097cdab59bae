import { type Db, properties, propertyEnergyCertificates } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import { SEARCHABLE_STATES } from '@estately/domain';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';

export interface EnergyCertificateFile {
  data: Buffer;
  fileName: string;
  /** Anyone may see it (a public offer), so shared caches may keep it. */
  isPublic: boolean;
}

/**
 * GET /public/offers/{id}/energy_certificate: the PDF of an offer anyone may see (active or
 * reserved and not struck, OFFER_VISIBILITY of decision 042), and of any property to its owner
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
      struckAt: properties.struckAt,
    })
    .from(propertyEnergyCertificates)
    .innerJoin(properties, eq(properties.id, propertyEnergyCertificates.propertyId))
    .where(eq(propertyEnergyCertificates.propertyId, propertyId));
  if (!row) throw new AppError('not_found');
  const isPublic = (SEARCHABLE_STATES as readonly string[]).includes(row.state) && row.struckAt === null;
  const mayRead = isPublic || (viewer !== null && (viewer.id === row.ownerId || viewer.isAdmin));
  if (!mayRead) throw new AppError('not_found');
  const file = await storage.get(row.storageKey);
  if (!file) throw new AppError('not_found');
  return { data: file.data, fileName: row.fileName, isPublic };
}
