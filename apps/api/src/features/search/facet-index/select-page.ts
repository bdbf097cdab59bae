import type { ExchangeRates, SearchFilters } from '@estately/domain';
import type { PageIds } from '../facet-index-types.ts';
import { bandRun, boundsOf, choicesOf, matchedSlots, meetsEvery } from './matching.ts';
import { type Partition, TIME_BLOCK } from './partition.ts';
import { TopK } from './top-k.ts';

/** Deepest page the index selects (offset + limit); deeper pages are SQL's. */
export const MAX_PAGE_DEPTH = 10_000;

/** The page of `filters` from `offset` (at most `limit` ids) over `parts`, and the total (see FacetIndex.page). */
export function selectPage(
  parts: readonly Partition[],
  filters: SearchFilters,
  rates: ExchangeRates,
  offset: number,
  limit: number,
): PageIds {
  const wanted = offset + limit;
  const bounds = boundsOf(filters, rates);
  const choices = choicesOf(filters);
  const order = filters.sort;
  // Every order as ascending (key, tie): a descending key and tie are negated, no value sorts
  // last. The column is chosen once, not per offer: this loop is the cost of a fresh search.
  const sign = order.endsWith('_desc') ? -1 : 1;
  const column = order.startsWith('activated_at') ? 'times' : order.startsWith('price') ? 'prices' : 'areas';
  const top = new TopK(wanted);
  let total = 0;
  for (const part of parts) {
    const values = part[column];
    const ids = part.ids;
    // The largest key kept, in a local: most offers of a large market sort after it and cost
    // a load and a comparison (NaN, no value, is not greater, so it goes on to the heap's test).
    let worst = top.worst();
    const run = choices.length === 0 ? bandRun(part, bounds) : null;
    if (run !== null) {
      // A price band alone (Q1): one run of slots, read in order.
      const [start, end] = run;
      total += end - start;
      if (column === 'times' && end - start > 4 * TIME_BLOCK) {
        // By activation time: the band's whole blocks from the one with the best time on (its
        // two ends first, offer by offer), up to the first whose best time sorts after the
        // page's last so far: it and every block after it hold nothing for the page. In a large
        // market the page is full after a few dozen blocks.
        const first = Math.ceil(start / TIME_BLOCK);
        const stop = Math.floor(end / TIME_BLOCK);
        worst = offerSlots(top, values, ids, sign, start, first * TIME_BLOCK);
        worst = offerSlots(top, values, ids, sign, stop * TIME_BLOCK, end);
        const { keys, ties, order } = part.blocks(sign);
        for (const block of order) {
          // The block's first offer, and so every offer of it and of every block after it,
          // sorts after the page's last (the full page's largest (key, tie)).
          const key = keys[block]!;
          if (key > worst || (key === worst && ties[block]! >= top.worstTie())) break;
          if (block < first || block >= stop) continue;
          worst = offerSlots(top, values, ids, sign, block * TIME_BLOCK, (block + 1) * TIME_BLOCK);
        }
      } else worst = offerSlots(top, values, ids, sign, start, end);
      continue;
    }
    const matched = matchedSlots(part, bounds);
    for (let i = 0; i < matched.length; i++) {
      const slot = matched[i]!;
      if (choices.length > 0 && !meetsEvery(part, slot, choices)) continue;
      total += 1;
      const value = values[slot]!;
      if (sign * value > worst) continue;
      const id = ids[slot]!;
      top.offer(Number.isNaN(value) ? Number.POSITIVE_INFINITY : sign * value, sign * id, id);
      worst = top.worst();
    }
  }
  return { ids: top.sorted().slice(offset, wanted), total };
}

/**
 * Offers the slots [from, to) of a run to `top` (`values` the order's column, `sign` -1 for a
 * descending order); the page's largest key after them.
 */
function offerSlots(
  top: TopK,
  values: Float64Array,
  ids: Float64Array,
  sign: number,
  from: number,
  to: number,
): number {
  let worst = top.worst();
  for (let slot = from; slot < to; slot++) {
    const value = values[slot]!;
    if (sign * value > worst) continue;
    const id = ids[slot]!;
    top.offer(Number.isNaN(value) ? Number.POSITIVE_INFINITY : sign * value, sign * id, id);
    worst = top.worst();
  }
  return worst;
}
