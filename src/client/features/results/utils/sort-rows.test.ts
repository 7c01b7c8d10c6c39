import { describe, expect, it } from 'vitest';
import type { ExtractedRow } from '../../../../shared/extraction';
import { nextSortState, sortedOrder, type SortState } from './sort-rows';

const rows: ExtractedRow[] = [
  { name: 'item 10', price: 10, date: '2026-01-02', ok: true },
  { name: 'Item 2', price: null, date: '2025-12-31', ok: false },
  { name: 'apple', price: -1.5, date: null, ok: null },
  { name: '', price: 2, date: '2026-01-02', ok: true },
  { name: 'Banana', price: 10, date: '2024-06-30', ok: false },
];

const byColumn = (column: string, direction: 'ascending' | 'descending') =>
  sortedOrder(rows, { column, direction });

describe('nextSortState', () => {
  it('cycles a column through ascending, descending and unsorted', () => {
    let state: SortState = null;
    state = nextSortState(state, 'price');
    expect(state).toEqual({ column: 'price', direction: 'ascending' });
    state = nextSortState(state, 'price');
    expect(state).toEqual({ column: 'price', direction: 'descending' });
    expect(nextSortState(state, 'price')).toBeNull();
  });

  it('starts another column at ascending', () => {
    expect(nextSortState({ column: 'price', direction: 'descending' }, 'name')).toEqual({
      column: 'name',
      direction: 'ascending',
    });
  });
});

describe('sortedOrder', () => {
  it('keeps the original order when unsorted', () => {
    expect(sortedOrder(rows, null)).toEqual([0, 1, 2, 3, 4]);
  });

  it('sorts numbers numerically, blanks last and ties stable in both directions', () => {
    expect(byColumn('price', 'ascending')).toEqual([2, 3, 0, 4, 1]);
    expect(byColumn('price', 'descending')).toEqual([0, 4, 3, 2, 1]);
  });

  it('sorts dates chronologically', () => {
    expect(byColumn('date', 'ascending')).toEqual([4, 1, 0, 3, 2]);
    expect(byColumn('date', 'descending')).toEqual([0, 3, 1, 4, 2]);
  });

  it('sorts booleans false before true', () => {
    expect(byColumn('ok', 'ascending')).toEqual([1, 4, 0, 3, 2]);
    expect(byColumn('ok', 'descending')).toEqual([0, 3, 1, 4, 2]);
  });

  it('sorts text by locale, ignoring case, with numbers inside compared as numbers', () => {
    expect(byColumn('name', 'ascending')).toEqual([2, 4, 1, 0, 3]);
    expect(byColumn('name', 'descending')).toEqual([0, 1, 4, 2, 3]);
  });

  it('groups mixed types instead of failing', () => {
    const mixed: ExtractedRow[] = [{ a: 'text' }, { a: 3 }, { a: true }, { a: 1 }];
    expect(sortedOrder(mixed, { column: 'a', direction: 'ascending' })).toEqual([3, 1, 2, 0]);
  });

  it('does not change the rows it sorts', () => {
    const copy = structuredClone(rows);
    byColumn('name', 'descending');
    expect(rows).toEqual(copy);
  });
});
