import { type Db, offerFacetChanges, offerFacetCounts, offers } from '@estately/db';
import { type AnyColumn, and, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { arrayColumn, facetValueExpression, PUBLIC_OFFER, queryRows } from '../offer-conditions.ts';
import { keyOf, MEASURES, type Measure, type Partition, type ValueRow } from './partition.ts';
import { A, ARRAY_GROUPS, S, SCALAR_GROUPS } from './value-codes.ts';

// A partition is read whole from the offers (a load), or caught up offer by offer from the
// facet changes log (offer_facet_changes, migration 0016): the offers logged since its change
// counter are read again by id.

/**
 * Most offers one load statement reads: some 0.3 s of PostgreSQL time on a quiet machine. A
 * statement of 400,000 exceeded the request pool's 3.5 s statement limit on a busy one, and a
 * warm-up that fails leaves every partition to its first visitor.
 */
const LOAD_CHUNK = 100_000;
/**
 * Most changes of one catch-up put into their places one by one (each moves the offers
 * between its old and new place, up to a millisecond in the largest partitions); more are put
 * anyhow and the partition sorted once (some 30 ms for 140,000 offers).
 */
const ORDERED_CHANGES = 16;

/**
 * The default order's key: `activated_at` as whole microseconds (exact in a double until the
 * year 2255), an offer "not confirmed recently" moved UNCONFIRMED_SHIFT_MICROS earlier so it
 * sorts after every confirmed one as the SQL order (confirmed first, then newest) does
 * (decision 065). The shifted keys stay below 2^53, so they are exact too.
 */
export const UNCONFIRMED_SHIFT_MICROS = 4_000_000_000_000_000;
const RANK_MICROS = sql`((extract(epoch from ${offers.activatedAt}) * 1000000)::bigint
  - case when ${offers.isUnconfirmed} then ${sql.raw(String(UNCONFIRMED_SHIFT_MICROS))}::bigint else 0 end)`;

/**
 * Where each number column of a partition (partition.ts MEASURES) is read from, and whether it
 * may be NULL: a load's line then has an empty field for it (concat_ws would leave it out).
 */
const MEASURE_SOURCES: { readonly [M in Measure]: { value: SQL | AnyColumn; nullable: boolean } } = {
  prices: { value: offers.priceNormalized, nullable: true },
  areas: { value: offers.usefulAreaMeters, nullable: true },
  lats: { value: offers.latitude, nullable: false },
  lngs: { value: offers.longitude, nullable: false },
  times: { value: RANK_MICROS, nullable: false },
};

const valueColumns: SQL[] = [
  ...SCALAR_GROUPS.map((group, k) => sql`${facetValueExpression(group as never)} as ${sql.raw(`v${k}`)}`),
  ...ARRAY_GROUPS.map((group, k) => sql`${arrayColumn(group as never)} as ${sql.raw(`v${S + k}`)}`),
  ...MEASURES.map((name, m) => sql`${MEASURE_SOURCES[name].value} as ${sql.raw(`v${S + A + m}`)}`),
];

function toValueRow(row: Record<string, unknown>): ValueRow {
  const values: unknown[] = [];
  for (let k = 0; k < S + A + MEASURES.length; k++) values.push(row[`v${k}`]);
  return { id: Number(row.id), values };
}

// A partition's load reads its offers as one text, a line per offer: the id, the scalar
// groups' values (empty for none), the array groups' items joined by ',' and the MEASURES, all
// joined by '|'. The database only joins strings (under a second for 600,000 offers, where mapping the
// values to codes in SQL took 5 s, and a row per offer cost more in the driver than the
// scan); the process maps them. No value of a value set holds '|', ',' or a line break.
const compactLine = sql`concat_ws('|', ${sql.join(
  [
    ...SCALAR_GROUPS.map((group) => sql`coalesce(${facetValueExpression(group as never)}, '')`),
    ...ARRAY_GROUPS.map((group) => sql`array_to_string(${arrayColumn(group as never)}, ',')`),
    ...MEASURES.map((name) => {
      const { value, nullable } = MEASURE_SOURCES[name];
      return nullable ? sql`coalesce(${value}::text, '')` : sql`${value}::text`;
    }),
  ],
  sql`, `,
)})`;

/**
 * Every public offer of the partitions, read after the counters the caller holds: in
 * statements of at most `chunk` offers (LOAD_CHUNK; their sizes from the pre-aggregated
 * counts), each reading the partitions it covers at once, so a cold index over a whole market
 * costs a few scans of the table rather than one per partition, and each stays within the
 * request pool's statement time. A partition larger than a chunk (a large country's sale
 * apartments hold a million offers at 5 million) is read alone, a chunk at a time (loadInPages).
 */
export async function loadPartitions(
  db: Db,
  partitions: readonly Partition[],
  options: { chunk?: number } = {},
): Promise<void> {
  const chunkSize = options.chunk ?? LOAD_CHUNK;
  type SizeRow = { offer_type: string; property_type: string; country_code: string; n: number };
  const sizes = new Map<string, number>();
  const sizeRows = await queryRows<SizeRow>(
    db,
    sql`select ${offerFacetCounts.offerType} as offer_type, ${offerFacetCounts.propertyType} as property_type,
        ${offerFacetCounts.countryCode} as country_code, ${offerFacetCounts.offers} as n
      from ${offerFacetCounts} where ${offerFacetCounts.facet} = 'offer_type'`,
  );
  for (const row of sizeRows)
    sizes.set(keyOf(row.offer_type, row.property_type, row.country_code), Number(row.n));
  const sizeOf = (partition: Partition) =>
    sizes.get(keyOf(partition.offerType, partition.propertyType, partition.countryCode)) ?? 0;
  const chunks: Partition[][] = [[]];
  let inChunk = 0;
  for (const partition of partitions) {
    const size = sizeOf(partition);
    if (size > chunkSize) {
      await loadInPages(db, partition, size, chunkSize);
      continue;
    }
    if (inChunk > 0 && inChunk + size > chunkSize) {
      chunks.push([]);
      inChunk = 0;
    }
    chunks[chunks.length - 1]!.push(partition);
    inChunk += size;
  }
  for (const chunk of chunks) {
    if (chunk.length === 0) continue;
    const list = sql.join(
      chunk.map(
        (partition, n) =>
          sql`(${n}::int, ${partition.offerType}, ${partition.propertyType}, ${partition.countryCode})`,
      ),
      sql`, `,
    );
    const rows = await queryRows<Record<string, unknown>>(
      db,
      // In price order (no price last), as the partitions keep their offers: the load then
      // sorts nothing (sortByPrice finds them in order) and allocates no second set of arrays.
      sql`select p.n, string_agg(${offers.id}::text || '|' || ${compactLine}, E'\n'
          order by ${offers.priceNormalized} nulls last) as lines
        from ${offers}
        join (values ${list}) as p (n, offer_type, property_type, country_code)
          on ${offers.offerType} = p.offer_type and ${offers.propertyType} = p.property_type
         and ${offers.countryCode} = p.country_code
        where ${PUBLIC_OFFER}
        group by p.n`,
    );
    for (const partition of chunk) {
      partition.clear();
      // A little room for the offers published before the next load.
      partition.reserve(Math.ceil(sizeOf(partition) * 1.05) + 16);
    }
    for (const row of rows) {
      const partition = chunk[Number(row.n)]!;
      for (const line of String(row.lines ?? '').split('\n')) if (line) partition.appendLine(line);
    }
    for (const partition of chunk) partition.sortByPrice();
    for (const partition of chunk) partition.version = -1;
  }
}

/**
 * One partition larger than a chunk, in statements of `chunk` offers each: newest first along
 * the partition's index of public offers by activation (offers_public_newest_idx, migration
 * 0012), each page starting after the last offer of the one before. All pages read one
 * snapshot (a read-only REPEATABLE READ transaction), so an offer republished or withdrawn
 * between two pages is neither read twice nor missed; the log catches up whatever changed
 * after it, as after a load in one statement. The pages come in activation order, so the
 * partition is sorted by price once at the end.
 */
async function loadInPages(db: Db, partition: Partition, size: number, chunk: number): Promise<void> {
  type PageRow = { lines: string | null; n: number; last_at: string | null; last_id: number | null };
  const inPartition = sql`${offers.offerType} = ${partition.offerType}
    and ${offers.propertyType} = ${partition.propertyType}
    and ${offers.countryCode} = ${partition.countryCode} and ${PUBLIC_OFFER}`;
  // A load that fails part way leaves the partition empty and below every counter: requests
  // pass it by (heldAt) and the next sync loads it again.
  partition.version = -1;
  await db
    .transaction(
      async (tx) => {
        partition.clear();
        partition.reserve(Math.ceil(size * 1.05) + 16);
        // The index leads with the "not confirmed recently" flag (decision 065): the
        // confirmed offers are paged first, then the others, each a range of the index.
        for (const unconfirmed of [false, true]) {
          let after: { at: string; id: number } | null = null;
          for (;;) {
            const cursor: SQL = after
              ? sql` and (${offers.activatedAt}, ${offers.id}) < (${after.at}::timestamptz, ${after.id}::bigint)`
              : sql``;
            const [page] = await queryRows<PageRow>(
              tx as unknown as Db,
              sql`select string_agg(page.line, E'\n') as lines, count(*)::int as n,
              (array_agg(page.at order by page.activated_at, page.id))[1] as last_at,
              (array_agg(page.id order by page.activated_at, page.id))[1] as last_id
            from (select ${offers.id} as id, ${offers.activatedAt} as activated_at,
                ${offers.activatedAt}::text as at, ${offers.id}::text || '|' || ${compactLine} as line
              from ${offers}
              where ${inPartition} and ${offers.isUnconfirmed} = ${unconfirmed}${cursor}
              order by ${offers.activatedAt} desc, ${offers.id} desc
              limit ${chunk}) as page`,
            );
            if (!page?.lines) break;
            for (const line of page.lines.split('\n')) if (line) partition.appendLine(line);
            if (page.n < chunk || page.last_at === null || page.last_id === null) break;
            after = { at: page.last_at, id: Number(page.last_id) };
          }
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    .catch((error: unknown) => {
      partition.clear();
      throw error;
    });
  partition.sortByPrice();
}

/**
 * The offers logged since the partition's counter (or since `since`), read again by id from
 * `db`. The log is read from `log` (default `db`): a partition last read from the primary and
 * now brought to a replica's state reads the primary's log, the only one that names every offer
 * it may hold newer than the replica (held-partitions.ts).
 */
export async function catchUpPartition(
  db: Db,
  partition: Partition,
  options: { log?: Db; since?: number } = {},
): Promise<void> {
  const changed = await (options.log ?? db)
    .selectDistinct({ id: offerFacetChanges.offerId })
    .from(offerFacetChanges)
    .where(
      and(
        eq(offerFacetChanges.offerType, partition.offerType),
        eq(offerFacetChanges.propertyType, partition.propertyType),
        eq(offerFacetChanges.countryCode, partition.countryCode),
        gt(offerFacetChanges.version, options.since ?? partition.version),
      ),
    );
  if (changed.length === 0) return;
  const ids = changed.map((row) => Number(row.id));
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${offers.id} as id, ${offers.isPublic} as is_public, ${offers.offerType} as offer_type,
        ${offers.propertyType} as property_type, ${offers.countryCode} as country_code,
        ${sql.join(valueColumns, sql`, `)}
      from ${offers}
      where ${inArray(offers.id, ids)}`,
  );
  const current = new Map(rows.map((row) => [Number(row.id), row]));
  // A few changes move into their places by price; more are put anyhow and sorted once.
  const ordered = ids.length <= ORDERED_CHANGES;
  for (const id of ids) {
    const row = current.get(id);
    const here =
      row !== undefined &&
      row.is_public === true &&
      row.offer_type === partition.offerType &&
      row.property_type === partition.propertyType &&
      row.country_code === partition.countryCode;
    if (here) partition.put(toValueRow(row), ordered);
    else partition.remove(id, ordered);
  }
  if (!ordered) partition.sortByPrice();
}
