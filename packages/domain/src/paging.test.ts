import { describe, expect, it } from 'vitest';
import { pageMeta, pageOffset } from './paging.ts';

describe('pageMeta', () => {
  it('describes a middle page', () => {
    expect(pageMeta(95, 2, 25)).toEqual({
      next_page: 3,
      page: 2,
      per_page: 25,
      prev_page: 1,
      total: 95,
      total_pages: 4,
    });
  });

  it('has no previous page on the first and no next page on the last', () => {
    expect(pageMeta(95, 1, 25)).toMatchObject({ prev_page: null, next_page: 2 });
    expect(pageMeta(95, 4, 25)).toMatchObject({ prev_page: 3, next_page: null });
    expect(pageMeta(100, 4, 25)).toMatchObject({ total_pages: 4, next_page: null });
    expect(pageMeta(10, 1, 10)).toMatchObject({ total_pages: 1, next_page: null, prev_page: null });
  });

  it('handles an empty list and pages past the end', () => {
    expect(pageMeta(0, 1, 25)).toEqual({
      next_page: null,
      page: 1,
      per_page: 25,
      prev_page: null,
      total: 0,
      total_pages: 0,
    });
    expect(pageMeta(30, 9, 10)).toMatchObject({ next_page: null, prev_page: 3, total_pages: 3 });
    expect(pageMeta(0, 3, 10)).toMatchObject({ next_page: null, prev_page: 1 });
  });

  it('rejects impossible input', () => {
    expect(() => pageMeta(-1, 1, 25)).toThrow(RangeError);
    expect(() => pageMeta(10, 0, 25)).toThrow(RangeError);
    expect(() => pageMeta(10, 1, 0)).toThrow(RangeError);
    expect(() => pageMeta(10.5, 1, 25)).toThrow(RangeError);
  });

  it('gives the offset of a page', () => {
    expect(pageOffset(1, 25)).toBe(0);
    expect(pageOffset(3, 10)).toBe(20);
  });
});
