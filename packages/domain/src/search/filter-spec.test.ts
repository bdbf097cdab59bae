import { describe, expect, it } from 'vitest';
import {
  FILTER_NAMES,
  FILTER_SPEC,
  filterLabels,
  filterNamesOfKind,
  filterSpecRow,
  MULTI_VALUE_FILTER_KEYS,
  RANGE_PAIRS,
  SEARCH_FORM_ORDER,
} from './filter-spec.ts';
import { FILTER_KEYS } from './filters.ts';

describe('the filter table', () => {
  it('names every filter of the canonical query string, and no other', () => {
    expect([...FILTER_NAMES].sort()).toEqual([...FILTER_KEYS]);
    expect([...FILTER_KEYS]).toEqual([...FILTER_KEYS].sort());
  });

  it('gives every value filter its values and every multi-value filter its i18n names', () => {
    for (const name of FILTER_NAMES) {
      const row = filterSpecRow(name);
      expect(row.description.length, name).toBeGreaterThan(0);
      if (row.kind === 'enum' || row.kind === 'enum-multi') {
        expect('values' in row && row.values.length > 0, name).toBe(true);
      }
    }
    for (const name of MULTI_VALUE_FILTER_KEYS) {
      const { valueSet, labelKey } = filterLabels(name);
      expect(valueSet, name).toMatch(/^[a-z_]+$/);
      expect(labelKey, name).toMatch(/^filter\.[a-z_]+$/);
    }
  });

  it('pairs each lower range bound with an upper one of the same limits', () => {
    expect(RANGE_PAIRS.length).toBe(filterNamesOfKind('range-from').length);
    expect(RANGE_PAIRS.map(([, to]) => to).sort()).toEqual(filterNamesOfKind('range-to').sort());
    for (const [from, to] of RANGE_PAIRS) {
      expect(FILTER_SPEC[to].kind, to).toBe('range-to');
      expect(FILTER_SPEC[to].limits, to).toEqual(FILTER_SPEC[from].limits);
    }
  });

  it('places every filter the search form shows exactly once in the form order', () => {
    const shown = FILTER_NAMES.filter((name) => 'form' in FILTER_SPEC[name]);
    expect([...SEARCH_FORM_ORDER].sort()).toEqual([...shown].sort());
    expect(new Set(SEARCH_FORM_ORDER).size).toBe(SEARCH_FORM_ORDER.length);
  });
});
