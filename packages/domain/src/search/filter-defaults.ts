// Sorts, paging and radius defaults of the search (spec 9, spec 5). A module of its own, without
// the filter table: the code that writes search URLs in the browser needs these few constants and
// nothing else of the filter model.

export const SORTS = [
  'activated_at_desc',
  'activated_at_asc',
  'price_asc',
  'price_desc',
  'area_asc',
  'area_desc',
] as const;
export type Sort = (typeof SORTS)[number];

/** Spec 9: default sort activated_at descending, page 1, 25 a page. */
export const DEFAULT_SORT: Sort = 'activated_at_desc';
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;
/** Spec 5: radius default 25 km, maximum 100. */
export const DEFAULT_RADIUS_KM = 25;
export const MAX_RADIUS_KM = 100;
