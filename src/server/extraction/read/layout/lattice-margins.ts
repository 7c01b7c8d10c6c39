// A ruled table whose first (or last) column has no lines of its own: row labels set beside the
// grid, each level with a grid row. When most rows have such a label, the labels are a column.
import type { LayoutCell } from './cell-table';
import type { Grid } from './grid';
import { cellText } from './lines';
import type { Word } from './types';

/** Labels further from the grid than this share of its width are other text. */
const MAX_DISTANCE = 0.5;
/** Share of the grid's rows that must have a label. */
const MIN_LABELLED = 0.5;

export type Margins = { cells: LayoutCell[]; used: Set<Word>; columns: number; shift: number };

function rowOf(grid: Grid, word: Word): number {
  const middle = (word.top + word.bottom) / 2;
  return grid.ys.findIndex(
    (y, r) => r + 1 < grid.ys.length && middle >= y && middle < grid.ys[r + 1]!,
  );
}

function side(
  grid: Grid,
  words: Word[],
  rows: number,
  isLeft: boolean,
): Map<number, Word[]> | null {
  const [left, right] = [grid.xs[0]!, grid.xs.at(-1)!];
  const reach = MAX_DISTANCE * (right - left);
  const byRow = new Map<number, Word[]>();
  for (const word of words) {
    const isBeside = isLeft
      ? word.x1 <= left + 1 && word.x0 >= left - reach
      : word.x0 >= right - 1 && word.x1 <= right + reach;
    const row = isBeside ? rowOf(grid, word) : -1;
    if (row >= 0) byRow.set(row, [...(byRow.get(row) ?? []), word]);
  }
  return byRow.size >= Math.max(2, MIN_LABELLED * rows) ? byRow : null;
}

const toCells = (rows: Map<number, Word[]>, column: number): LayoutCell[] =>
  [...rows].map(([row, words]) => ({
    text: cellText(words),
    row,
    column,
    rowSpan: 1,
    columnSpan: 1,
    isBold: words.every((word) => word.isBold),
    isShaded: false,
  }));

/** Label columns on either side of `grid` (whose `rows` rows hold text), from words outside it. */
export function marginColumns(grid: Grid, words: Word[], rows: number): Margins {
  const left = side(grid, words, rows, true);
  const right = side(grid, words, rows, false);
  const width = grid.xs.length - 1;
  const shift = left ? 1 : 0;
  const cells = [
    ...(left ? toCells(left, 0) : []),
    ...(right ? toCells(right, width + shift) : []),
  ];
  const used = new Set([...(left?.values() ?? []), ...(right?.values() ?? [])].flat());
  return { cells, used, columns: shift + (right ? 1 : 0), shift };
}
