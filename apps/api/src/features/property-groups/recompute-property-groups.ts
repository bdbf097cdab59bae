import { type Db, offers, propertyGroupSplits } from '@estately/db';
import {
  formPropertyGroups,
  isSameListedProperty,
  type OfferPair,
  propertyGroupId,
  SAME_PROPERTY_MAX_METRES,
} from '@estately/domain';
import { sql } from 'drizzle-orm';
import { listedIdentity, loadPhotoHashes, refreshPropertyGroups, ungroup } from './assign-property-group.ts';

// The groups of the whole base computed again (decision 068): after a change of the rule, on a
// first deployment, and as the benchmark's step. The save path (assignPropertyGroup) keeps them
// from then on. The same rule decides: candidate pairs come from one spatial self-join per batch
// of offers over the GiST location index, then isSameListedProperty and formPropertyGroups.

/** What a recomputation found and how long each part took. */
export interface RecomputedGroups {
  offers: number;
  candidatePairs: number;
  matchedPairs: number;
  groups: number;
  groupedOffers: number;
  candidatesMs: number;
  matchMs: number;
  writeMs: number;
}

interface CandidateRow {
  a: number;
  b: number;
  a_type: string;
  a_property: string;
  a_disposition: string | null;
  a_floor: number | null;
  a_area: number | null;
  a_lat: number;
  a_lng: number;
  b_area: number | null;
  b_lat: number;
  b_lng: number;
}

type Rows<T> = { rows: T[] };

/** Degrees of latitude in SAME_PROPERTY_MAX_METRES (the box of samePropertyBox). */
const BOX_DEGREES = SAME_PROPERTY_MAX_METRES / 111_000;

/**
 * Recomputes every group: candidate pairs by batches of `batchSize` offer ids, the rule over
 * them, the groups (never across an admin's split), then one write of the new groups and their
 * cards. Offers no group holds any more are ungrouped.
 */
export async function recomputePropertyGroups(
  db: Db,
  options: { batchSize?: number; onBatch?: (done: number) => void } = {},
): Promise<RecomputedGroups> {
  const batchSize = options.batchSize ?? 50_000;
  const started = performance.now();
  const [range] = (
    (await db.execute(
      sql`select min(id)::bigint as low, max(id)::bigint as high, count(*)::int as n from ${offers}`,
    )) as unknown as Rows<{ low: string | null; high: string | null; n: number }>
  ).rows;
  const low = Number(range?.low ?? 0);
  const high = Number(range?.high ?? -1);
  const candidates: CandidateRow[] = [];
  for (let from = low; from <= high; from += batchSize) {
    const to = from + batchSize - 1;
    // Each offer's box as samePropertyBox draws it; pairs once (b > a), the exact values equal.
    const batch = (await db.execute(sql`
      select a.id::int as a, b.id::int as b, a.offer_type as a_type, a.property_type as a_property,
          a.disposition as a_disposition, a.floor as a_floor, a.useful_area_meters as a_area,
          a.latitude as a_lat, a.longitude as a_lng, b.useful_area_meters as b_area,
          b.latitude as b_lat, b.longitude as b_lng
        from ${offers} a
        join ${offers} b on b.location <@ box(
            point(a.longitude - ${BOX_DEGREES}::float8 / greatest(0.01, cos(radians(a.latitude))), a.latitude - ${BOX_DEGREES}::float8),
            point(a.longitude + ${BOX_DEGREES}::float8 / greatest(0.01, cos(radians(a.latitude))), a.latitude + ${BOX_DEGREES}::float8))
          and b.id > a.id and b.offer_type = a.offer_type and b.property_type = a.property_type
          and b.disposition is not distinct from a.disposition and b.floor is not distinct from a.floor
        where a.id between ${from} and ${to}`)) as unknown as Rows<CandidateRow>;
    candidates.push(...batch.rows);
    options.onBatch?.(Math.min(to, high) - low + 1);
  }
  const candidatesMs = performance.now() - started;

  const matchStarted = performance.now();
  const ids = [...new Set(candidates.flatMap((row) => [Number(row.a), Number(row.b)]))];
  const hashes = new Map<number, string[]>();
  for (let index = 0; index < ids.length; index += 10_000) {
    for (const [id, list] of await loadPhotoHashes(db, ids.slice(index, index + 10_000)))
      hashes.set(id, list);
  }
  const matches: OfferPair[] = [];
  for (const row of candidates) {
    const a = Number(row.a);
    const b = Number(row.b);
    const common = {
      groupId: null,
      offerType: row.a_type,
      propertyType: row.a_property,
      disposition: row.a_disposition,
      floor: row.a_floor,
    };
    const left = listedIdentity(
      { ...common, id: a, usefulAreaMeters: row.a_area, latitude: row.a_lat, longitude: row.a_lng },
      hashes.get(a) ?? [],
    );
    const right = listedIdentity(
      { ...common, id: b, usefulAreaMeters: row.b_area, latitude: row.b_lat, longitude: row.b_lng },
      hashes.get(b) ?? [],
    );
    if (isSameListedProperty(left, right)) matches.push([a, b]);
  }
  const splits = await db
    .select({ a: propertyGroupSplits.propertyId, b: propertyGroupSplits.otherPropertyId })
    .from(propertyGroupSplits);
  const groups = formPropertyGroups(
    matches,
    splits.map((row) => [row.a, row.b] as const),
  );
  const matchMs = performance.now() - matchStarted;

  const writeStarted = performance.now();
  const members = groups.flat();
  const groupOf = groups.flatMap((group) => group.map(() => propertyGroupId(group)));
  await db.transaction(async (tx) => {
    const stale = (
      (await tx.execute(
        sql`select id::int as id from ${offers} where group_id is not null
          and not (id = any(${`{${members.join(',')}}`}::bigint[]))`,
      )) as unknown as Rows<{ id: number }>
    ).rows.map((row) => Number(row.id));
    await ungroup(tx, stale);
    if (members.length > 0) {
      await tx.execute(sql`
        update ${offers} o set group_id = n.group_id
          from unnest(${`{${members.join(',')}}`}::bigint[], ${`{${groupOf.join(',')}}`}::bigint[]) as n(id, group_id)
          where o.id = n.id and o.group_id is distinct from n.group_id`);
    }
    await refreshPropertyGroups(
      tx,
      groups.map((group) => propertyGroupId(group)),
    );
  });
  return {
    offers: Number(range?.n ?? 0),
    candidatePairs: candidates.length,
    matchedPairs: matches.length,
    groups: groups.length,
    groupedOffers: members.length,
    candidatesMs,
    matchMs,
    writeMs: performance.now() - writeStarted,
  };
}
