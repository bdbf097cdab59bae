import { FACET_GROUPS, FACET_VALUES } from '@estately/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Partition } from './partition.ts';
import { ARRAY_GROUPS, SCALAR_GROUPS } from './value-codes.ts';

// A price band is counted by blocks of 64 slots (Partition.valueCounts): each block holds how
// many of its offers have each value of each single-valued group. Offers move between blocks
// whenever one is put in its place by price, removed, or the partition sorted; the counts must
// follow every move. Here they are checked, after every step of random write sequences,
// against counting the codes of the partition's slots afresh.

const BLOCK = 64;
const S = SCALAR_GROUPS.length;
/** Array groups: the row's values after the scalar ones (not counted by blocks). */
const A = FACET_GROUPS.length - 2 - S;
/** Each group's codes in a block's counts: 0 for none, then one per value. */
const WIDTHS = SCALAR_GROUPS.map((group) => FACET_VALUES[group].length + 1);
const WIDTH = WIDTHS.reduce((sum, n) => sum + n, 0);
const OFFSETS = WIDTHS.map((_, k) => WIDTHS.slice(0, k).reduce((sum, n) => sum + n, 0));

/**
 * The first block whose counts differ from counting the codes of `part`'s slots afresh, as
 * `block N: held [...] counted [...]`; null when every block agrees (blocks past the last
 * offer hold nothing).
 */
function firstWrongBlock(part: Partition): string | null {
  const held = part.valueCounts();
  const counted = new Array<number>(held.length).fill(0);
  for (let slot = 0; slot < part.size; slot++) {
    const block = Math.floor(slot / BLOCK);
    for (let k = 0; k < S; k++) counted[block * WIDTH + OFFSETS[k]! + part.codes[slot * S + k]!]! += 1;
  }
  for (let start = 0; start < held.length; start += WIDTH) {
    const mine = [...held.subarray(start, start + WIDTH)];
    const theirs = counted.slice(start, start + WIDTH);
    if (mine.some((n, i) => n !== theirs[i]))
      return `block ${start / WIDTH} of ${part.size} offers: held ${mine.join(',')} counted ${theirs.join(',')}`;
  }
  return null;
}

/** The value of code `code` (0: none) of scalar group `k`. */
function valueOfCode(k: number, code: number): string | null {
  return code === 0 ? null : (FACET_VALUES[SCALAR_GROUPS[k]!][code - 1] as string);
}

function row(id: number, codes: readonly number[], price: number | null) {
  const scalars = SCALAR_GROUPS.map((_, k) => valueOfCode(k, codes[k] ?? 0));
  return { id, values: [...scalars, ...new Array(A).fill(null), price, 50, 50, 14, 1_000_000 + id] };
}

const codesArbitrary = fc.tuple(...WIDTHS.map((width) => fc.integer({ min: 0, max: width - 1 })));
const priceArbitrary = fc.oneof(
  { weight: 9, arbitrary: fc.integer({ min: 1, max: 500 }).map((n) => n * 10_000) },
  { weight: 1, arbitrary: fc.constant(null) },
);
const stepArbitrary = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('put' as const),
      id: fc.integer({ min: 1, max: 450 }),
      codes: codesArbitrary,
      price: priceArbitrary,
      ordered: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('remove' as const),
      id: fc.integer({ min: 1, max: 450 }),
      ordered: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sort' as const) }) },
);

/** A partition loaded as FacetIndex.load does: a line per offer, then sorted by price. */
function loaded(offers: readonly { codes: readonly number[]; price: number | null }[]): Partition {
  const part = new Partition('sale', 'apartment', 'CZ');
  part.reserve(offers.length + 8);
  for (const [n, offer] of offers.entries()) {
    const scalars = SCALAR_GROUPS.map((_, k) => valueOfCode(k, offer.codes[k] ?? 0) ?? '');
    const fields = [String(n + 1), ...scalars, ...new Array(A).fill(''), String(offer.price ?? '')];
    part.appendLine([...fields, '50', '50', '14', String(1_000_000 + n)].join('|'));
  }
  part.sortByPrice();
  return part;
}

describe('Partition block counts', () => {
  it('count every block after a load as its slots hold them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ codes: codesArbitrary, price: priceArbitrary }), { maxLength: 400 }),
        (offers) => {
          expect(firstWrongBlock(loaded(offers))).toBeNull();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('follow puts, moves by price, removals and sorts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ codes: codesArbitrary, price: priceArbitrary }), {
          minLength: 150,
          maxLength: 400,
        }),
        fc.array(stepArbitrary, { minLength: 1, maxLength: 120 }),
        (offers, steps) => {
          const part = loaded(offers);
          for (const step of steps) {
            if (step.kind === 'put') part.put(row(step.id, step.codes, step.price), step.ordered);
            else if (step.kind === 'remove') part.remove(step.id, step.ordered);
            else part.sortByPrice();
            // A plain comparison: fast-check runs the property again for every shrinking step.
            const wrong = firstWrongBlock(part);
            if (wrong !== null) throw new Error(`after ${JSON.stringify(step)}: ${wrong}`);
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it('follow an offer moved from the cheapest slot to the dearest and back, across every block', () => {
    const offers = Array.from({ length: 300 }, (_, n) => ({
      codes: WIDTHS.map((width, k) => (n * (k + 3)) % width),
      price: 10_000 * (n + 1),
    }));
    const part = loaded(offers);
    part.valueCounts();
    const check = () => expect(firstWrongBlock(part)).toBeNull();
    // Offer 1 is the cheapest: the dearest now, then the cheapest again with other values.
    part.put(
      row(
        1,
        WIDTHS.map((width) => width - 1),
        9_000_000,
      ),
    );
    expect(part.ids[part.size - 1]).toBe(1);
    check();
    part.put(
      row(
        1,
        WIDTHS.map(() => 0),
        1,
      ),
    );
    expect(part.ids[0]).toBe(1);
    check();
    part.remove(1);
    check();
    part.remove(300, false);
    check();
  });
});

// Every column of an offer (its codes, masks, price, area, coordinates and time) must move with
// its id through loads, puts, moves by price, removals and sorts. Here each held offer's
// columns are checked against the values last written for its id, after every step.

/** An offer's values as a test writes them: codes and masks as numbers, then its measures. */
interface Written {
  codes: number[];
  /** Per array group, the chosen values as bits over the value's index. */
  masks: number[];
  price: number | null;
  area: number | null;
  lat: number;
  lng: number;
  time: number;
}

const maskArbitrary = fc.tuple(
  ...ARRAY_GROUPS.map((group) => fc.integer({ min: 0, max: 2 ** FACET_VALUES[group].length - 1 })),
);
const writtenArbitrary: fc.Arbitrary<Written> = fc.record({
  codes: codesArbitrary,
  masks: maskArbitrary,
  price: priceArbitrary,
  area: fc.option(fc.integer({ min: 10, max: 400 }), { nil: null }),
  lat: fc.integer({ min: -89_000, max: 89_000 }).map((n) => n / 1000),
  lng: fc.integer({ min: -179_000, max: 179_000 }).map((n) => n / 1000),
  time: fc.integer({ min: 1, max: 2 ** 40 }),
});

/** The values of array group `k` whose bits `bits` holds. */
function itemsOf(k: number, bits: number): string[] {
  return (FACET_VALUES[ARRAY_GROUPS[k]!] as readonly string[]).filter((_, index) => (bits >>> index) & 1);
}

function writtenRow(id: number, offer: Written) {
  const scalars = SCALAR_GROUPS.map((_, k) => valueOfCode(k, offer.codes[k] ?? 0));
  const arrays = ARRAY_GROUPS.map((_, k) => itemsOf(k, offer.masks[k] ?? 0));
  return { id, values: [...scalars, ...arrays, offer.price, offer.area, offer.lat, offer.lng, offer.time] };
}

function writtenLine(id: number, offer: Written): string {
  const scalars = SCALAR_GROUPS.map((_, k) => valueOfCode(k, offer.codes[k] ?? 0) ?? '');
  const arrays = ARRAY_GROUPS.map((_, k) => itemsOf(k, offer.masks[k] ?? 0).join(','));
  const measures = [offer.price ?? '', offer.area ?? '', offer.lat, offer.lng, offer.time].map(String);
  return [String(id), ...scalars, ...arrays, ...measures].join('|');
}

/** The first held offer whose columns differ from what was written for it, or a wrong count. */
function firstWrongOffer(part: Partition, written: ReadonlyMap<number, Written>): string | null {
  if (part.size !== written.size) return `${part.size} offers held, ${written.size} written`;
  const measure = (value: number | null) => value ?? Number.NaN;
  for (let slot = 0; slot < part.size; slot++) {
    const id = part.ids[slot]!;
    const offer = written.get(id);
    if (!offer) return `slot ${slot}: offer ${id} was never written or was removed`;
    const held = {
      codes: [...part.codes.subarray(slot * S, slot * S + S)],
      masks: [...part.masks.subarray(slot * A, slot * A + A)],
      measures: [part.prices[slot], part.areas[slot], part.lats[slot], part.lngs[slot], part.times[slot]],
    };
    const expected = {
      codes: offer.codes,
      masks: offer.masks,
      measures: [offer.price, offer.area, offer.lat, offer.lng, offer.time].map(measure),
    };
    if (JSON.stringify(held) !== JSON.stringify(expected))
      return `slot ${slot}, offer ${id}: held ${JSON.stringify(held)}, written ${JSON.stringify(expected)}`;
  }
  return null;
}

describe('Partition columns', () => {
  it('move with their offer through loads, puts, moves by price, removals and sorts', () => {
    const step = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          kind: fc.constant('put' as const),
          id: fc.integer({ min: 1, max: 200 }),
          offer: writtenArbitrary,
          ordered: fc.boolean(),
        }),
      },
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('remove' as const),
          id: fc.integer({ min: 1, max: 200 }),
          ordered: fc.boolean(),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('sort' as const) }) },
    );
    fc.assert(
      fc.property(
        fc.array(writtenArbitrary, { maxLength: 150 }),
        fc.array(step, { minLength: 1, maxLength: 80 }),
        (offers, steps) => {
          const part = new Partition('sale', 'apartment', 'CZ');
          const written = new Map<number, Written>();
          for (const [n, offer] of offers.entries()) {
            part.appendLine(writtenLine(n + 1, offer));
            written.set(n + 1, offer);
          }
          part.sortByPrice();
          const loadedWrong = firstWrongOffer(part, written);
          if (loadedWrong !== null) throw new Error(`after the load: ${loadedWrong}`);
          for (const next of steps) {
            if (next.kind === 'put') {
              part.put(writtenRow(next.id, next.offer), next.ordered);
              written.set(next.id, next.offer);
            } else if (next.kind === 'remove') {
              part.remove(next.id, next.ordered);
              written.delete(next.id);
            } else part.sortByPrice();
            const wrong = firstWrongOffer(part, written);
            if (wrong !== null) throw new Error(`after ${JSON.stringify(next)}: ${wrong}`);
          }
        },
      ),
      { numRuns: 80 },
    );
  });
});
