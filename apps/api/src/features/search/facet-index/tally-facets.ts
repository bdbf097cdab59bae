import {
  type ExchangeRates,
  FACET_VALUES,
  type FacetCounts,
  type FacetGroup,
  type OfferFacetsResponse,
  type SearchFilters,
} from '@estately/domain';
import { bandRun, boundsOf, choicesOf, matchedSlots, meetsBounds, meetsChoice } from './matching.ts';
import { COUNT_BLOCK, COUNT_CODES, COUNT_OFFSETS, COUNT_WIDTH, type Partition } from './partition.ts';
import { A, ARRAY_GROUPS, S, SCALAR_GROUPS } from './value-codes.ts';

/**
 * The disjunctive facet counts of `filters` for `groups` over `parts` (see FacetIndex.count):
 * each offer counts in the groups whose choice it meets with every other choice met.
 */
export function tallyFacets(
  parts: readonly Partition[],
  filters: SearchFilters,
  groups: readonly FacetGroup[],
  rates: ExchangeRates,
): OfferFacetsResponse {
  const bounds = boundsOf(filters, rates);
  const choices = choicesOf(filters);
  const counted = new Set(groups);
  const scalarCounts = SCALAR_GROUPS.map((group) =>
    counted.has(group) ? new Float64Array(FACET_VALUES[group].length + 1) : null,
  );
  const arrayCounts = ARRAY_GROUPS.map((group) =>
    counted.has(group) ? new Float64Array(FACET_VALUES[group].length) : null,
  );
  const offerTypeCounts = new Map<string, number>();
  const propertyTypeCounts = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
  // Each offer counts in the groups whose choice it meets with every other choice met:
  // in all of them when it meets every choice, in the one it misses when it misses one.
  // Only the counted groups are visited per offer (the columns listed once).
  const scalarColumns = SCALAR_GROUPS.flatMap((group, k) => (counted.has(group) ? [k] : []));
  const arrayColumns = ARRAY_GROUPS.flatMap((group, k) => (counted.has(group) ? [k] : []));
  const countSlot = (part: Partition, slot: number, only: number) => {
    const codes = part.codes;
    for (const k of scalarColumns) {
      if (only < 0 || only === k) scalarCounts[k]![codes[slot * S + k]!]! += 1;
    }
    for (const k of arrayColumns) {
      if (only >= 0 && only !== S + k) continue;
      const counts = arrayCounts[k]!;
      let mask = part.masks[slot * A + k]!;
      while (mask !== 0) {
        const bit = 31 - Math.clz32(mask);
        counts[bit]! += 1;
        mask &= ~(1 << bit);
      }
    }
  };
  let total = 0;
  for (const part of parts) {
    const typeMiss = filters.offer_type !== undefined && part.offerType !== filters.offer_type ? 1 : 0;
    const propertyMiss =
      filters.property_type !== undefined && part.propertyType !== filters.property_type ? 1 : 0;
    const partMisses = typeMiss + propertyMiss;
    if (partMisses > 1) continue;
    // Offers of the partition meeting every value-set choice.
    let metEvery = 0;
    if (choices.length === 0) {
      // No choices (a market, a price band, a viewport or a radius): every offer within the
      // bounds counts in every group. The matching slots are listed first, then each group
      // is counted down its own column, a tight loop per group instead of a call per offer.
      const run = bandRun(part, bounds);
      if (run !== null) {
        metEvery = run[1] - run[0];
        if (partMisses === 0)
          countRun(part, run[0], run[1], scalarColumns, scalarCounts, arrayColumns, arrayCounts);
      } else {
        const matched = matchedSlots(part, bounds);
        metEvery = matched.length;
        if (partMisses === 0)
          countMatched(part, matched, scalarColumns, scalarCounts, arrayColumns, arrayCounts);
      }
    } else
      for (let slot = 0; slot < part.size; slot++) {
        if (bounds !== null && !meetsBounds(part, slot, bounds)) continue;
        let misses = 0;
        let missed = -1;
        for (const choice of choices) {
          if (!meetsChoice(part, slot, choice)) {
            misses += 1;
            missed = choice.array ? S + choice.column : choice.column;
            if (misses > 1) break;
          }
        }
        if (misses === 0) {
          metEvery += 1;
          if (partMisses === 0) countSlot(part, slot, -1);
        } else if (misses === 1 && partMisses === 0) {
          countSlot(part, slot, missed);
        }
      }
    // The partition's own offer type and property type count its offers that meet every
    // other choice; a partition of another offer type counts only there.
    if (partMisses === 0) {
      total += metEvery;
      add(offerTypeCounts, part.offerType, metEvery);
      add(propertyTypeCounts, part.propertyType, metEvery);
    } else if (typeMiss === 1) add(offerTypeCounts, part.offerType, metEvery);
    else add(propertyTypeCounts, part.propertyType, metEvery);
  }

  const facets: Record<string, Record<string, number>> = {};
  for (const group of groups) {
    const values = FACET_VALUES[group] as readonly string[];
    if (group === 'offer_type' || group === 'property_type') {
      const counts = group === 'offer_type' ? offerTypeCounts : propertyTypeCounts;
      facets[group] = Object.fromEntries(values.map((value) => [value, counts.get(value) ?? 0]));
      continue;
    }
    const scalar = SCALAR_GROUPS.indexOf(group);
    const counts = scalar >= 0 ? scalarCounts[scalar]! : arrayCounts[ARRAY_GROUPS.indexOf(group)]!;
    const offset = scalar >= 0 ? 1 : 0;
    facets[group] = Object.fromEntries(values.map((value, index) => [value, counts[index + offset]!]));
  }
  return { total, facets: facets as FacetCounts };
}

/** Adds the values of the slots [start, end) to the counted groups' counts (countMatched for a run). */
function countRun(
  part: Partition,
  start: number,
  end: number,
  scalarColumns: readonly number[],
  scalarCounts: readonly (Float64Array | null)[],
  arrayColumns: readonly number[],
  arrayCounts: readonly (Float64Array | null)[],
): void {
  const codes = part.codes;
  const masks = part.masks;
  // The whole blocks of the run from their counts, the slots before and after them one by one.
  const first = Math.ceil(start / COUNT_BLOCK);
  const stop = Math.floor(end / COUNT_BLOCK);
  const blocks = stop > first ? part.valueCounts() : null;
  for (const k of scalarColumns) {
    const counts = scalarCounts[k]!;
    if (blocks === null) {
      for (let slot = start; slot < end; slot++) counts[codes[slot * S + k]!]! += 1;
      continue;
    }
    const width = COUNT_CODES[k]!;
    const offset = COUNT_OFFSETS[k]!;
    for (let block = first; block < stop; block++) {
      const base = block * COUNT_WIDTH + offset;
      for (let code = 0; code < width; code++) counts[code]! += blocks[base + code]!;
    }
    for (let slot = start; slot < first * COUNT_BLOCK; slot++) counts[codes[slot * S + k]!]! += 1;
    for (let slot = stop * COUNT_BLOCK; slot < end; slot++) counts[codes[slot * S + k]!]! += 1;
  }
  for (const k of arrayColumns) {
    const counts = arrayCounts[k]!;
    for (let slot = start; slot < end; slot++) {
      let mask = masks[slot * A + k]!;
      while (mask !== 0) {
        const bit = 31 - Math.clz32(mask);
        counts[bit]! += 1;
        mask &= ~(1 << bit);
      }
    }
  }
}

/** Adds the values of the matched slots to the counted groups' counts. */
function countMatched(
  part: Partition,
  matched: Int32Array,
  scalarColumns: readonly number[],
  scalarCounts: readonly (Float64Array | null)[],
  arrayColumns: readonly number[],
  arrayCounts: readonly (Float64Array | null)[],
): void {
  const codes = part.codes;
  const masks = part.masks;
  for (const k of scalarColumns) {
    const counts = scalarCounts[k]!;
    for (let i = 0; i < matched.length; i++) counts[codes[matched[i]! * S + k]!]! += 1;
  }
  for (const k of arrayColumns) {
    const counts = arrayCounts[k]!;
    for (let i = 0; i < matched.length; i++) {
      let mask = masks[matched[i]! * A + k]!;
      while (mask !== 0) {
        const bit = 31 - Math.clz32(mask);
        counts[bit]! += 1;
        mask &= ~(1 << bit);
      }
    }
  }
}
