import type { SearchFilters, Sort } from '@estately/domain';
import type { FilterPanelView } from '../filters/filter-panel-view.ts';

// The sort control above the results (issue 39 point 11): the panel's sort choices, each with
// the address of the same search sorted so, on its first page. Without JavaScript it is a GET
// form of its own whose hidden fields carry the rest of the search; the search's own loader
// then answers with the canonical URL.

export interface SortView {
  label: string;
  /** The no-JavaScript submit button's text. */
  apply: string;
  current: Sort;
  options: { value: string; label: string; href: string }[];
  /** The plain form's target and the fields that keep the search (filters, map mode). */
  action: string;
  hidden: [name: string, value: string][];
}

export function resultsSortView(options: {
  filters: SearchFilters;
  view: FilterPanelView;
  label: string;
  apply: string;
  /** The search URL of some filters (canonical, map mode kept). */
  hrefOf: (filters: SearchFilters) => string;
}): SortView {
  const { filters, hrefOf } = options;
  const sorted = (sort: string) => hrefOf({ ...filters, sort: sort as Sort, page: 1 });
  const here = new URL(sorted(filters.sort), 'http://search');
  return {
    label: options.label,
    apply: options.apply,
    current: filters.sort,
    options: options.view.sorts.map((sort) => ({ ...sort, href: sorted(sort.value) })),
    action: here.pathname,
    hidden: [...here.searchParams].filter(([name]) => name !== 'sort'),
  };
}
