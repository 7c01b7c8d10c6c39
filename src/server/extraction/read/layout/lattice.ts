// Ruled tables: each word goes to the grid cell that holds its middle; a cell's lines are read
// top to bottom into one text. A grid that is page decoration (a frame, a box around a paragraph)
// is no table: it needs two rows and two columns with text, and cells of table size.
import type { CellTable, LayoutCell } from './cell-table';
import { findGrids, type Grid, type GridCell } from './grid';
import { isNumeric } from './cell-table';
import { cellText, groupLines, phrases } from './lines';
import { marginColumns } from './lattice-margins';
import type { PageText, Shade, Word } from './types';

export type PlacedTable = { table: CellTable; top: number; bottom: number; x0: number; x1: number };

/** Cells holding more words than this on average are page layout, not data. */
const MAX_AVERAGE_WORDS = 40;
/** Lines of figures in one cell that make it a stack of rows. */
const MIN_ROWS_IN_CELL = 3;

/** Index of the interval of sorted `edges` holding `value`, or -1. */
function slot(edges: number[], value: number): number {
  if (value < edges[0]! || value > edges.at(-1)!) return -1;
  let low = 0;
  let high = edges.length - 2;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (edges[mid]! <= value) low = mid;
    else high = mid - 1;
  }
  return low;
}

const contains = (box: Shade, x: number, y: number) =>
  x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1;

function fillGrid(grid: Grid, words: Word[]): { cells: Word[][]; used: Set<Word> } {
  const columns = grid.xs.length - 1;
  const owner = new Map<number, number>();
  grid.cells.forEach((cell, index) => {
    for (let r = cell.row; r < cell.row + cell.rowSpan; r++)
      for (let c = cell.column; c < cell.column + cell.columnSpan; c++)
        owner.set(r * columns + c, index);
  });
  const cells = grid.cells.map(() => [] as Word[]);
  const used = new Set<Word>();
  for (const word of words) {
    const c = slot(grid.xs, (word.x0 + word.x1) / 2);
    const r = slot(grid.ys, (word.top + word.bottom) / 2);
    const index = c < 0 || r < 0 ? undefined : owner.get(r * columns + c);
    if (index === undefined) continue;
    cells[index]!.push(word);
    used.add(word);
  }
  return { cells, used };
}

/** A cell holding several lines of figures holds rows the lines do not separate. */
function holdsRows(words: Word[]): boolean {
  if (words.length < MIN_ROWS_IN_CELL) return false;
  const lines = groupLines(words).filter((line) => phrases(line).some((p) => isNumeric(p.text)));
  return lines.length >= MIN_ROWS_IN_CELL;
}

/**
 * A grid is a table when two rows and two columns hold text, its cells are of table size, and
 * its lines separate the rows (a grid that rules only the header is read from the text instead).
 */
function isTable(grid: Grid, cells: Word[][]): boolean {
  if (cells.some(holdsRows)) return false;
  const filled = grid.cells.filter((_, i) => cells[i]!.length > 0);
  const rows = new Set(filled.map((cell) => cell.row));
  const columns = new Set(filled.map((cell) => cell.column));
  const words = cells.reduce((sum, list) => sum + list.length, 0);
  return rows.size >= 2 && columns.size >= 2 && words / filled.length <= MAX_AVERAGE_WORDS;
}

function toLayoutCell(cell: GridCell, words: Word[], shades: Shade[]): LayoutCell {
  const [x, y] = [(cell.x0 + cell.x1) / 2, (cell.top + cell.bottom) / 2];
  const area = (cell.x1 - cell.x0) * (cell.bottom - cell.top);
  const isShaded = shades.some(
    (shade) => contains(shade, x, y) && (shade.x1 - shade.x0) * (shade.y1 - shade.y0) < 4 * area,
  );
  return {
    text: cellText(words),
    row: cell.row,
    column: cell.column,
    rowSpan: cell.rowSpan,
    columnSpan: cell.columnSpan,
    isBold: words.length > 0 && words.every((word) => word.isBold),
    isShaded,
  };
}

/** The ruled tables of a page, and the words that are in none of them. */
/**
 * The ruled tables of a page, the words that are in none of them, and the guest words (turned
 * from another direction) that they took.
 */
export function findLatticeTables(text: PageText): {
  tables: PlacedTable[];
  rest: Word[];
  usedGuests: Set<Word>;
} {
  const tables: PlacedTable[] = [];
  let rest = text.words;
  let guests = text.guests ?? [];
  const usedGuests = new Set<Word>();
  for (const grid of findGrids(text.rulings)) {
    const { cells, used } = fillGrid(grid, [...rest, ...guests]);
    if (!isTable(grid, cells)) continue;
    const layoutCells = grid.cells.map((cell, i) => toLayoutCell(cell, cells[i]!, text.shades));
    const filledRows = new Set(grid.cells.filter((_, i) => cells[i]!.length > 0).map((c) => c.row));
    const margins = marginColumns(
      grid,
      rest.filter((word) => !used.has(word)),
      filledRows.size,
    );
    for (const word of margins.used) used.add(word);
    tables.push({
      table: {
        rowCount: grid.ys.length - 1,
        columnCount: grid.xs.length - 1 + margins.columns,
        cells: [
          ...layoutCells.map((cell) => ({ ...cell, column: cell.column + margins.shift })),
          ...margins.cells,
        ],
      },
      top: grid.ys[0]!,
      bottom: grid.ys.at(-1)!,
      x0: grid.xs[0]!,
      x1: grid.xs.at(-1)!,
    });
    rest = rest.filter((word) => !used.has(word));
    for (const guest of guests) if (used.has(guest) && guest.turned) usedGuests.add(guest.turned);
    guests = guests.filter((word) => !used.has(word));
  }
  return { tables, rest, usedGuests };
}
