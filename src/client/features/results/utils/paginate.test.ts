import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, pageSlice, pageStatus } from './paginate';

describe('pageStatus', () => {
  it('tells which rows the page shows, with an en dash', () => {
    expect(pageStatus(1, 10, 57)).toBe('Showing 1–10 of 57 rows');
    expect(pageStatus(6, 10, 57)).toBe('Showing 51–57 of 57 rows');
    expect(pageStatus(1, 10, 3)).toBe('Showing 1–3 of 3 rows');
    expect(pageStatus(1, 10, 1)).toBe('Showing 1–1 of 1 row');
    expect(pageStatus(2, 100, 10000)).toBe('Showing 101–200 of 10,000 rows');
  });

  it('is truthful about an empty table and a page that no longer exists', () => {
    expect(pageStatus(1, 10, 0)).toBe('Showing 0 of 0 rows');
    expect(pageStatus(9, 25, 30)).toBe('Showing 26–30 of 30 rows');
  });
});

describe('paging', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  it('clamps a page into range', () => {
    expect(clampPage(0, 57, 10)).toBe(1);
    expect(clampPage(7, 57, 10)).toBe(6);
    expect(clampPage(3, 57, 25)).toBe(3);
  });

  it('slices one page', () => {
    const items = Array.from({ length: 57 }, (_, index) => index);
    expect(pageSlice(items, 1, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageSlice(items, 6, 10)).toEqual([50, 51, 52, 53, 54, 55, 56]);
    expect(pageSlice(items, 99, 50)).toEqual([50, 51, 52, 53, 54, 55, 56]);
    expect(pageSlice([], 1, 10)).toEqual([]);
  });
});
