import { type DbOrTx, propertyEnergyCertificates } from '@estately/db';
import type { EnergyCertificate } from '@estately/domain';
import { eq } from 'drizzle-orm';

/** Where the certificate of an offer is downloaded, relative to the API's root. */
export function energyCertificatePath(propertyId: number): string {
  return `/public/offers/${propertyId}/energy_certificate`;
}

export function energyCertificateOf(row: {
  propertyId: number;
  fileName: string;
  bytes: number;
  createdAt: Date;
}): EnergyCertificate {
  return {
    url: energyCertificatePath(row.propertyId),
    file_name: row.fileName,
    bytes: row.bytes,
    uploaded_at: row.createdAt.toISOString(),
  };
}

/** The property's energy performance certificate as the API shows it, or null. */
export async function loadEnergyCertificate(
  db: DbOrTx,
  propertyId: number,
): Promise<EnergyCertificate | null> {
  const [row] = await db
    .select()
    .from(propertyEnergyCertificates)
    .where(eq(propertyEnergyCertificates.propertyId, propertyId));
  return row ? energyCertificateOf(row) : null;
}
