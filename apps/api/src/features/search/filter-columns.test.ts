import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER, offers } from '@estately/db';
import { FACET_GROUPS, FILTER_SPEC, MULTI_VALUE_FILTER_KEYS } from '@estately/domain';
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  FILTER_COLUMNS,
  type FilterColumn,
  facetColumn,
  isArrayGroup,
  OFFER_FILTERS,
} from './filter-columns.ts';

// Adding a filter is a row of the domain's filter table (FILTER_SPEC), a row of the filter-to-column map and a
// column of the read model (docs/decisions/057). These tests fail when the three disagree.

/** Rows of the filter table that choose the order or the page, never which offers match. */
const NOT_FILTERS = new Set(['sort', 'page', 'per_page']);
const DOMAIN_FILTERS = Object.keys(FILTER_SPEC).filter((key) => !NOT_FILTERS.has(key));

const OFFER_COLUMNS = new Set<unknown>(Object.values(getTableColumns(offers)));

function columnsOf(row: FilterColumn): readonly unknown[] {
  if (row.match === 'unit') return [];
  if (row.match === 'place') return row.columns;
  return [row.column];
}

describe('filter-to-column map', () => {
  it('has a row for every filter of the domain filter table, and none for a filter it lacks', () => {
    const missing = DOMAIN_FILTERS.filter((key) => !(key in FILTER_COLUMNS));
    expect(missing, 'filters without a column in filter-columns.ts').toEqual([]);
    expect([...OFFER_FILTERS].sort()).toEqual([...DOMAIN_FILTERS].sort());
  });

  it('names columns of the offers read model only', () => {
    for (const name of OFFER_FILTERS) {
      const row: FilterColumn = FILTER_COLUMNS[name];
      for (const column of columnsOf(row)) expect(OFFER_COLUMNS.has(column), name).toBe(true);
      if (row.match === 'unit') for (const bounded of row.of) expect(OFFER_FILTERS).toContain(bounded);
    }
  });

  it('matches every facet group by a choice among values, the multi-value filters by any of them', () => {
    for (const group of FACET_GROUPS)
      expect(['equal', 'one-of', 'overlaps'], group).toContain(FILTER_COLUMNS[group].match);
    for (const filter of MULTI_VALUE_FILTER_KEYS)
      expect(['one-of', 'overlaps'], filter).toContain(FILTER_COLUMNS[filter].match);
  });

  it('the read model counts each facet group on the column the map names (offer_facet_pairs)', () => {
    // The newest migration that defines the function is the one in force.
    const defining = readdirSync(MIGRATIONS_FOLDER)
      .filter((file) => file.endsWith('.sql'))
      .sort()
      .map((file) => readFileSync(join(MIGRATIONS_FOLDER, file), 'utf8'))
      .filter((text) => text.includes('FUNCTION offer_facet_pairs('));
    const definition = defining.at(-1) ?? '';
    for (const group of FACET_GROUPS) {
      const column = facetColumn(group).name;
      const pair = isArrayGroup(group)
        ? `SELECT DISTINCT '${group}', v FROM unnest(o."${column}")`
        : `('${group}', o."${column}")`;
      expect(definition, group).toContain(pair);
    }
  });
});
