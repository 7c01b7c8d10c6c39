import { describe, expect, it } from 'vitest';
import { clampPlace, moveInGrid, rowsOnPage, type GridPlace } from './grid-navigation';

// 60 rows, 25 a page (pages of 25, 25 and 10), 3 columns.
const SHAPE = { total: 60, pageSize: 25, columns: 3 };
const at = (page: number, row: number, column: number): GridPlace => ({ page, row, column });
const move = (from: GridPlace, key: string, ctrlKey = false) =>
  moveInGrid(from, { key, ctrlKey }, SHAPE);

describe('moveInGrid', () => {
  it('moves one cell with the arrow keys and stops at the edges', () => {
    expect(move(at(1, 0, 0), 'ArrowDown')).toEqual(at(1, 1, 0));
    expect(move(at(1, 1, 0), 'ArrowRight')).toEqual(at(1, 1, 1));
    expect(move(at(1, 0, 0), 'ArrowUp')).toEqual(at(1, 0, 0));
    expect(move(at(1, 1, 2), 'ArrowRight')).toEqual(at(1, 1, 2));
    expect(move(at(1, 25, 1), 'ArrowDown')).toEqual(at(1, 25, 1));
    expect(move(at(3, 10, 1), 'ArrowDown')).toEqual(at(3, 10, 1));
  });

  it('goes to the row’s first and last cells with Home and End', () => {
    expect(move(at(2, 4, 1), 'Home')).toEqual(at(2, 4, 0));
    expect(move(at(2, 4, 1), 'End')).toEqual(at(2, 4, 2));
  });

  it('turns the pages with Page Up and Page Down, keeping the place on the page', () => {
    expect(move(at(1, 2, 1), 'PageDown')).toEqual(at(2, 2, 1));
    expect(move(at(2, 20, 1), 'PageDown')).toEqual(at(3, 10, 1));
    expect(move(at(3, 4, 1), 'PageDown')).toEqual(at(3, 10, 1));
    expect(move(at(2, 2, 1), 'PageUp')).toEqual(at(1, 2, 1));
    expect(move(at(1, 7, 1), 'PageUp')).toEqual(at(1, 1, 1));
    expect(move(at(1, 0, 1), 'PageDown')).toEqual(at(2, 0, 1));
  });

  it('goes to the table’s first and last cells with Ctrl+Home and Ctrl+End', () => {
    expect(move(at(2, 4, 1), 'Home', true)).toEqual(at(1, 0, 0));
    expect(move(at(1, 4, 1), 'End', true)).toEqual(at(3, 10, 2));
  });

  it('leaves other keys alone', () => {
    expect(move(at(1, 1, 1), 'a')).toBeNull();
    expect(move(at(1, 1, 1), 'Enter')).toBeNull();
  });
});

describe('clampPlace', () => {
  it('keeps a place inside a table that shrank', () => {
    expect(clampPlace(at(3, 10, 2), { total: 30, pageSize: 25, columns: 2 })).toEqual(at(2, 5, 1));
    expect(clampPlace(at(1, 4, 0), { total: 0, pageSize: 25, columns: 2 })).toEqual(at(1, 0, 0));
  });

  it('counts the rows of each page', () => {
    expect(rowsOnPage(SHAPE, 1)).toBe(25);
    expect(rowsOnPage(SHAPE, 3)).toBe(10);
    expect(rowsOnPage(SHAPE, 4)).toBe(0);
  });
});
