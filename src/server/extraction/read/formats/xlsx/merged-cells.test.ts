import { describe, expect, it } from 'vitest';
import { applyMerges, usedRange, type MergeBounds } from './merged-cells';
import type { GridCell } from './sheet-rows';

const cell = (text: string, origin: string): GridCell => ({ text, origin });

/** Rows 1 and 3 of a small sheet: a title in A1, a value in C3. */
function sheet(): Map<number, GridCell[]> {
  const rows = new Map<number, GridCell[]>();
  rows.set(1, [cell('Title', 'A1')]);
  const third: GridCell[] = [];
  third[2] = cell('42', 'C3');
  rows.set(3, third);
  return rows;
}

const wide: MergeBounds = { lastRow: 3, lastColumn: 2, maxRows: 100, maxCharacters: 1_000 };

const texts = (rows: Map<number, GridCell[]>) =>
  [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([row, cells]) => [row, Array.from(cells, (c) => c?.text ?? '')]);

describe('applyMerges', () => {
  it('copies the top-left value over its range', () => {
    const rows = sheet();
    expect(applyMerges(rows, ['A1:B2'], wide)).toBe(false);
    expect(texts(rows)).toEqual([
      [1, ['Title', 'Title']],
      [2, ['Title', 'Title']],
      [3, ['', '', '42']],
    ]);
  });

  it('clips a merge over the whole sheet to the used range', () => {
    const rows = sheet();
    expect(applyMerges(rows, ['A1:XFD1048576'], wide)).toBe(false);
    expect(texts(rows)).toEqual([
      [1, ['Title', 'Title', 'Title']],
      [2, ['Title', 'Title', 'Title']],
      [3, ['Title', 'Title', 'Title']],
    ]);
  });

  it('adds no row past the row cap, and says the sheet was cut', () => {
    const rows = sheet();
    expect(applyMerges(rows, ['A1:A3'], { ...wide, maxRows: 2 })).toBe(true);
    expect([...rows.keys()].sort()).toEqual([1, 3]);
  });

  it('stops copying when the copies would pass the text budget', () => {
    const rows = sheet();
    expect(applyMerges(rows, ['A1:C3'], { ...wide, maxCharacters: 20 })).toBe(true);
    expect(texts(rows)[0]).toEqual([1, ['Title', 'Title', 'Title']]);
  });

  it('ignores a merge whose top-left cell is empty, beyond the used range or malformed', () => {
    const rows = sheet();
    applyMerges(rows, ['B1:C1', 'A5:B6', 'A1', 'ZZZZ1:A2'], wide);
    expect(texts(rows)).toEqual(texts(sheet()));
  });

  it('reads a range written bottom-right first', () => {
    const rows = sheet();
    applyMerges(rows, ['B2:A1'], wide);
    expect(texts(rows)[1]).toEqual([2, ['Title', 'Title']]);
  });
});

describe('usedRange', () => {
  it('is the last row and column holding a cell', () => {
    expect(usedRange(sheet())).toEqual({ lastRow: 3, lastColumn: 2 });
    expect(usedRange(new Map())).toEqual({ lastRow: 0, lastColumn: -1 });
  });
});
