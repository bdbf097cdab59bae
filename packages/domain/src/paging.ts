// Paging meta of every paged list (spec 3 favourites, DESIGN 4):
// {next_page, page, per_page, prev_page, total, total_pages}.

export interface PageMeta {
  next_page: number | null;
  page: number;
  per_page: number;
  prev_page: number | null;
  total: number;
  total_pages: number;
}

function assertInteger(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min) throw new RangeError(`${name} must be an integer >= ${min}`);
}

/**
 * Meta of page `page` of `total` items at `perPage` a page. `next_page` is null on the last
 * page and `prev_page` on the first; a page past the end points back to the last page.
 */
export function pageMeta(total: number, page: number, perPage: number): PageMeta {
  assertInteger('total', total, 0);
  assertInteger('page', page, 1);
  assertInteger('perPage', perPage, 1);
  const totalPages = Math.ceil(total / perPage);
  return {
    next_page: page < totalPages ? page + 1 : null,
    page,
    per_page: perPage,
    prev_page: page > 1 ? Math.min(page - 1, Math.max(totalPages, 1)) : null,
    total,
    total_pages: totalPages,
  };
}

/** SQL offset of a page. */
export function pageOffset(page: number, perPage: number): number {
  return (page - 1) * perPage;
}
