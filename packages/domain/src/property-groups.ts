// Offers of one physical property shown as one card (issue 43 point 2, docs/decisions/068): the
// groups that pairs of matching offers form, and the pairs an admin split apart that no group may
// hold. One rule for the save path (an offer joins the groups it matches) and the whole-base
// recomputation of the benchmark.

/** Two offer ids. */
export type OfferPair = readonly [number, number];

/** The key of an unordered pair, lower id first (the order `property_group_splits` stores). */
export function pairKey(a: number, b: number): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

/**
 * Groups offers by matching pairs (connected offers share a group), never joining two groups when
 * an admin split any member of one from any member of the other. Pairs are taken in the order
 * given (the caller passes the closest first). Answers the groups of two or more offers, each
 * sorted by id, the groups sorted by their first id.
 */
export function formPropertyGroups(
  matches: Iterable<OfferPair>,
  splits: Iterable<OfferPair> = [],
): number[][] {
  const split = new Set<string>();
  for (const [a, b] of splits) split.add(pairKey(a, b));
  const groupOf = new Map<number, number[]>();
  const members = (id: number): number[] => {
    let group = groupOf.get(id);
    if (!group) {
      group = [id];
      groupOf.set(id, group);
    }
    return group;
  };
  for (const [a, b] of matches) {
    if (a === b) continue;
    const left = members(a);
    const right = members(b);
    if (left === right) continue;
    if (left.some((x) => right.some((y) => split.has(pairKey(x, y))))) continue;
    const [into, from] = left.length >= right.length ? [left, right] : [right, left];
    for (const id of from) {
      into.push(id);
      groupOf.set(id, into);
    }
  }
  const groups = new Set<number[]>();
  for (const group of groupOf.values()) if (group.length > 1) groups.add(group);
  return [...groups]
    .map((group) => [...group].sort((x, y) => x - y))
    .sort((x, y) => (x[0] ?? 0) - (y[0] ?? 0));
}

/**
 * The group id of a set of offers: the lowest id among them. A group keeps its id while its first
 * offer stays; ids are property ids, so a group id names one of its offers.
 */
export function propertyGroupId(memberIds: readonly number[]): number {
  return Math.min(...memberIds);
}
