import { parseReference } from './cell-reference';
import type { GridCell } from './sheet-rows';

/** How far merged ranges may reach: the sheet's used range, its row cap and its text budget. */
export type MergeBounds = {
  /** The last row and column (0-based) that hold a cell of their own. */
  lastRow: number;
  lastColumn: number;
  /** Rows the sheet may have in all; a merge adds no row past them. */
  maxRows: number;
  /** Characters the copies may add, as the cells they fill would be written. */
  maxCharacters: number;
};

/** The rows and columns (inclusive, 1-based rows, 0-based columns) a range covers. */
function rangeOf(range: string) {
  const [from, to] = range.split(':').map(parseReference);
  if (!from || !to) return null;
  return {
    top: Math.min(from.row, to.row),
    bottom: Math.max(from.row, to.row),
    left: Math.min(from.column, to.column),
    right: Math.max(from.column, to.column),
  };
}

/**
 * Every cell of a merged range takes the value of its top-left cell, within the used range: a
 * file may declare a merge over the whole sheet (17 billion cells), which must cost no more than
 * the cells the sheet really has. Answers whether a budget cut the copying short.
 */
export function applyMerges(
  byRow: Map<number, GridCell[]>,
  merges: string[],
  bounds: MergeBounds,
): boolean {
  let characters = 0;
  for (const range of merges) {
    const area = rangeOf(range);
    if (!area || area.top > bounds.lastRow) continue;
    const master = byRow.get(area.top)?.[area.left];
    if (!master) continue;
    const cost = Math.max(1, master.text.length);
    const right = Math.min(area.right, bounds.lastColumn);
    for (let row = area.top; row <= Math.min(area.bottom, bounds.lastRow); row++) {
      const existing = byRow.get(row);
      if (!existing && byRow.size >= bounds.maxRows) return true;
      const cells = existing ?? [];
      characters += cost * Math.max(0, right - area.left + 1);
      if (characters > bounds.maxCharacters) return true;
      for (let column = area.left; column <= right; column++) cells[column] = master;
      byRow.set(row, cells);
    }
  }
  return false;
}

/** The used range of the rows read: the last row and the last column holding a cell. */
export function usedRange(byRow: Map<number, GridCell[]>): { lastRow: number; lastColumn: number } {
  let lastRow = 0;
  let lastColumn = -1;
  for (const [row, cells] of byRow) {
    lastRow = Math.max(lastRow, row);
    lastColumn = Math.max(lastColumn, cells.length - 1);
  }
  return { lastRow, lastColumn };
}
