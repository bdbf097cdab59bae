import { describe, expect, it } from 'vitest';
import { formPropertyGroups, pairKey, propertyGroupId } from './property-groups.ts';

describe('formPropertyGroups', () => {
  it('joins connected offers and leaves lone ones out', () => {
    expect(
      formPropertyGroups([
        [3, 1],
        [1, 7],
        [9, 12],
      ]),
    ).toEqual([
      [1, 3, 7],
      [9, 12],
    ]);
  });

  it('never joins two groups across a pair an admin split', () => {
    const groups = formPropertyGroups(
      [
        [1, 2],
        [3, 4],
        [2, 3],
        [5, 1],
      ],
      [[4, 1]],
    );
    expect(groups).toEqual([
      [1, 2, 5],
      [3, 4],
    ]);
  });

  it('ignores an offer matched with itself', () => {
    expect(formPropertyGroups([[4, 4]])).toEqual([]);
  });
});

describe('group ids', () => {
  it('names a group by its lowest offer id and keys a pair the same either way', () => {
    expect(propertyGroupId([12, 5, 40])).toBe(5);
    expect(pairKey(9, 2)).toBe(pairKey(2, 9));
  });
});
