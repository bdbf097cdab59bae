import { type DbOrTx, offers, propertyGroupSplits, propertyMedia } from '@estately/db';
import {
  formPropertyGroups,
  isSameListedProperty,
  type ListedPropertyIdentity,
  type OfferPair,
  propertyGroupId,
  SEARCHABLE_STATES,
  samePropertyBox,
} from '@estately/domain';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';

// One card per physical property (issue 43 point 2, docs/decisions/068): the group of an offer
// is found when the offer is written, never by search. Candidates come from the read model's
// GiST location index within SAME_PROPERTY_MAX_METRES and agree on the values the rule compares
// exactly; the rule itself (isSameListedProperty, packages/domain same-property.ts) decides.

type OfferIdentityRow = {
  id: number;
  groupId: number | null;
  offerType: string;
  propertyType: string;
  disposition: string | null;
  floor: number | null;
  usefulAreaMeters: number | null;
  latitude: number;
  longitude: number;
};

const identityColumns = {
  id: offers.id,
  groupId: offers.groupId,
  offerType: offers.offerType,
  propertyType: offers.propertyType,
  disposition: offers.disposition,
  floor: offers.floor,
  usefulAreaMeters: offers.usefulAreaMeters,
  latitude: offers.latitude,
  longitude: offers.longitude,
};

/** The perceptual hashes of the offers' ready photos (floor plans left out: one plan serves many flats). */
export async function loadPhotoHashes(tx: DbOrTx, ids: readonly number[]): Promise<Map<number, string[]>> {
  const hashes = new Map<number, string[]>();
  if (ids.length === 0) return hashes;
  const rows = await tx
    .select({ propertyId: propertyMedia.propertyId, hash: propertyMedia.perceptualHash })
    .from(propertyMedia)
    .where(
      and(
        inArray(propertyMedia.propertyId, [...ids]),
        eq(propertyMedia.kind, 'photo'),
        eq(propertyMedia.status, 'ready'),
        isNotNull(propertyMedia.perceptualHash),
      ),
    );
  for (const row of rows) {
    if (!row.hash) continue;
    const list = hashes.get(row.propertyId) ?? [];
    list.push(row.hash);
    hashes.set(row.propertyId, list);
  }
  return hashes;
}

/** A read-model row and its photos as the rule reads them. */
export function listedIdentity(
  row: OfferIdentityRow,
  photoHashes: readonly string[],
): ListedPropertyIdentity {
  return {
    offerType: row.offerType,
    propertyType: row.propertyType,
    disposition: row.disposition,
    floor: row.floor,
    usefulAreaMeters: row.usefulAreaMeters,
    latitude: row.latitude,
    longitude: row.longitude,
    photoHashes,
  };
}

/** The split pairs among these offers. */
async function loadSplits(tx: DbOrTx, ids: readonly number[]): Promise<OfferPair[]> {
  if (ids.length < 2) return [];
  const rows = await tx
    .select({ a: propertyGroupSplits.propertyId, b: propertyGroupSplits.otherPropertyId })
    .from(propertyGroupSplits)
    .where(
      and(
        inArray(propertyGroupSplits.propertyId, [...ids]),
        inArray(propertyGroupSplits.otherPropertyId, [...ids]),
      ),
    );
  return rows.map((row) => [row.a, row.b] as const);
}

/** Elects the cards of these groups and writes their counts (migration 0036's function). */
export async function refreshPropertyGroups(tx: DbOrTx, groupIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(groupIds)];
  if (ids.length === 0) return;
  await tx.execute(sql`select refresh_property_group(g) from unnest(${`{${ids.join(',')}}`}::bigint[]) as g`);
}

/** Puts these offers in one group (the lowest id names it); none when fewer than two. */
async function labelGroup(tx: DbOrTx, memberIds: readonly number[]): Promise<number | null> {
  if (memberIds.length < 2) return null;
  const groupId = propertyGroupId(memberIds);
  await tx
    .update(offers)
    .set({ groupId })
    .where(inArray(offers.id, [...memberIds]));
  return groupId;
}

/**
 * Finds the group of an offer after a write of it, inside the write's transaction (called by
 * syncOfferRow after the offers row): joins the groups it matches (merging them when it matches
 * several), leaves the one it no longer matches, and elects each touched group's card again. An
 * offer without a read-model row (never activated) has nothing to group.
 */
export async function assignPropertyGroup(tx: DbOrTx, propertyId: number): Promise<void> {
  const [self] = await tx.select(identityColumns).from(offers).where(eq(offers.id, propertyId));
  if (!self) return;
  const box = samePropertyBox(self.latitude, self.longitude);
  const candidates = await tx
    .select(identityColumns)
    .from(offers)
    .where(
      and(
        sql`${offers.location} <@ box(point(${box.minLng}, ${box.minLat}), point(${box.maxLng}, ${box.maxLat}))`,
        ne(offers.id, propertyId),
        eq(offers.offerType, self.offerType),
        eq(offers.propertyType, self.propertyType),
        self.disposition === null
          ? sql`${offers.disposition} is null`
          : eq(offers.disposition, self.disposition),
        self.floor === null ? sql`${offers.floor} is null` : eq(offers.floor, self.floor),
      ),
    );
  const hashes = await loadPhotoHashes(tx, [propertyId, ...candidates.map((row) => row.id)]);
  const identity = listedIdentity(self, hashes.get(propertyId) ?? []);
  const matched = candidates.filter((row) =>
    isSameListedProperty(identity, listedIdentity(row, hashes.get(row.id) ?? [])),
  );

  // Every member of the groups involved: the matched offers' groups and the offer's own.
  const groupIds = [
    ...new Set(
      [self.groupId, ...matched.map((row) => row.groupId)].filter((id): id is number => id !== null),
    ),
  ];
  const members =
    groupIds.length === 0
      ? []
      : await tx
          .select({ id: offers.id, groupId: offers.groupId })
          .from(offers)
          .where(and(inArray(offers.groupId, groupIds), ne(offers.id, propertyId)));
  const previous = members.filter((row) => row.groupId === self.groupId).map((row) => row.id);
  const ids = [propertyId, ...new Set([...members.map((row) => row.id), ...matched.map((row) => row.id)])];
  // The groups as they stand without this offer (each member bound to its group's first other
  // member), then this offer's matches.
  const edges: OfferPair[] = [];
  for (const groupId of groupIds) {
    const rest = members.filter((row) => row.groupId === groupId).map((row) => row.id);
    const first = rest.length > 0 ? propertyGroupId(rest) : null;
    for (const id of rest) if (first !== null && id !== first) edges.push([first, id]);
  }
  for (const row of matched) edges.push([propertyId, row.id]);
  const groups = formPropertyGroups(edges, await loadSplits(tx, ids));
  const joined = groups.find((group) => group.includes(propertyId)) ?? [];

  const touched = new Set<number>(groupIds);
  // What is left of the offer's former group when it matched none of it: it stays one group.
  const stayed = previous.filter((id) => !joined.includes(id));
  const alone: number[] = [];
  if (stayed.length > 0) {
    const kept = await labelGroup(tx, stayed);
    if (kept !== null) touched.add(kept);
    else alone.push(...stayed);
  }
  const groupId = await labelGroup(tx, joined);
  if (groupId !== null) touched.add(groupId);
  else alone.push(propertyId);
  await ungroup(tx, alone);
  await refreshPropertyGroups(tx, touched);
}

/** Offers left outside any group: not hidden, no counts, public when their property is. */
export async function ungroup(tx: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const visible = sql`(p.state = any(${`{${SEARCHABLE_STATES.join(',')}}`}::text[]) and p.struck_at is null)`;
  await tx.execute(sql`
    update ${offers} o set group_id = null, group_hidden = false, group_offers = null, group_sellers = null,
        is_public = ${visible}
      from properties p
      where p.id = o.id and o.id = any(${`{${ids.join(',')}}`}::bigint[])
        and (o.group_id is not null or o.group_hidden or o.group_offers is not null
          or o.is_public is distinct from ${visible})`);
}
