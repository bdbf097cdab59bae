import { type DbOrTx, properties } from '@estately/db';
import {
  isSameProperty,
  PROPERTY_STATES,
  type PropertyState,
  samePropertyBox,
  stateHistoryKind,
} from '@estately/domain';
import { and, between, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';

type PropertyRow = typeof properties.$inferSelect;

/** The states an offer is in once withdrawn (the transitions that write `withdrawn`). */
const WITHDRAWN_STATES = PROPERTY_STATES.filter(
  (state: PropertyState) => stateHistoryKind('active', state, false) === 'withdrawn',
);

/**
 * The offer a property about to be listed for the first time re-posts (decision 063): the same
 * owner's once-published offer of the same property (`isSameProperty`) that is now withdrawn and
 * that no other offer continues yet; the most recently withdrawn when several match. Its history
 * and first listing date then carry over, so withdrawing and posting again does not make an offer
 * look new. Other sellers' offers of the same property are the grouping of issue 43 point 2.
 */
export async function findRelistedProperty(tx: DbOrTx, property: PropertyRow): Promise<PropertyRow | null> {
  if (property.latitude === null || property.longitude === null) return null;
  const box = samePropertyBox(property.latitude, property.longitude);
  const continued = sql`exists (select 1 from ${properties} next where next.relisted_from = ${properties.id})`;
  const candidates = await tx
    .select()
    .from(properties)
    .where(
      and(
        eq(properties.ownerId, property.ownerId),
        ne(properties.id, property.id),
        inArray(properties.state, WITHDRAWN_STATES),
        isNotNull(properties.publishedAt),
        eq(properties.offerType, property.offerType),
        between(properties.latitude, box.minLat, box.maxLat),
        between(properties.longitude, box.minLng, box.maxLng),
        sql`not ${continued}`,
      ),
    )
    .orderBy(desc(properties.stateChangedAt), desc(properties.id));
  const identity = (row: PropertyRow) => ({
    offerType: row.offerType,
    propertyType: row.propertyType,
    disposition: row.disposition,
    floor: row.floor,
    usefulAreaMeters: row.usefulAreaMeters === null ? null : Number(row.usefulAreaMeters),
    latitude: row.latitude,
    longitude: row.longitude,
  });
  return candidates.find((candidate) => isSameProperty(identity(property), identity(candidate))) ?? null;
}
