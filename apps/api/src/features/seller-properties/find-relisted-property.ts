import { type DbOrTx, properties } from '@estately/db';
import {
  isSameListedProperty,
  isSameProperty,
  PROPERTY_STATES,
  type PropertyState,
  samePropertyBox,
  stateHistoryKind,
} from '@estately/domain';
import { and, between, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { loadPhotoHashes } from '../property-groups/assign-property-group.ts';

type PropertyRow = typeof properties.$inferSelect;

/** The states an offer is in once withdrawn (the transitions that write `withdrawn`). */
export const WITHDRAWN_STATES = PROPERTY_STATES.filter(
  (state: PropertyState) => stateHistoryKind('active', state, false) === 'withdrawn',
);

/**
 * The withdrawn, once-published offers of the same offer type a few metres from `property` that
 * no other offer continues yet, the most recently withdrawn first; null without a position. The
 * partial index `properties_withdrawn_location_idx` (migration 0043) answers it: its predicate is
 * WITHDRAWN_STATES.
 */
export function relistCandidates(tx: DbOrTx, property: PropertyRow) {
  if (property.latitude === null || property.longitude === null) return null;
  const box = samePropertyBox(property.latitude, property.longitude);
  const continued = sql`exists (select 1 from ${properties} next where next.relisted_from = ${properties.id})`;
  return tx
    .select()
    .from(properties)
    .where(
      and(
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
}

/**
 * The offer a property about to be listed for the first time re-posts (decision 063): the same
 * owner's once-published offer of the same property (`isSameProperty`) that is now withdrawn and
 * that no other offer continues yet; the most recently withdrawn when several match. Its history
 * and first listing date then carry over, so withdrawing and posting again does not make an offer
 * look new. Failing that, another seller's withdrawn offer of the same physical property by the
 * grouping's rule with photos (`isSameListedProperty`, decision 068): a flat handed to another
 * agency keeps its days on market too.
 */
export async function findRelistedProperty(tx: DbOrTx, property: PropertyRow): Promise<PropertyRow | null> {
  const candidates = await relistCandidates(tx, property);
  if (!candidates) return null;
  const identity = (row: PropertyRow) => ({
    offerType: row.offerType,
    propertyType: row.propertyType,
    disposition: row.disposition,
    floor: row.floor,
    usefulAreaMeters: row.usefulAreaMeters === null ? null : Number(row.usefulAreaMeters),
    latitude: row.latitude,
    longitude: row.longitude,
  });
  const own = candidates.find(
    (candidate) =>
      candidate.ownerId === property.ownerId && isSameProperty(identity(property), identity(candidate)),
  );
  if (own) return own;
  // Another seller's withdrawn offer continues only when it is the same physical property by the
  // grouping's rule, photos included (decision 068): values alone cannot tell mirror flats apart.
  const others = candidates.filter(
    (candidate) =>
      candidate.ownerId !== property.ownerId && isSameProperty(identity(property), identity(candidate)),
  );
  if (others.length === 0) return null;
  const hashes = await loadPhotoHashes(tx, [property.id, ...others.map((row) => row.id)]);
  const listed = (row: PropertyRow) => ({ ...identity(row), photoHashes: hashes.get(row.id) ?? [] });
  return others.find((candidate) => isSameListedProperty(listed(property), listed(candidate))) ?? null;
}
