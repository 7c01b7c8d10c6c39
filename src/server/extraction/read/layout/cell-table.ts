// A table as found on the page: cells with their row and column spans, and the look of their
// text. Its header rows are recognised here and combined into one header per column
// ("2023" over "Revenue" → "2023 Revenue"); the rest are its rows of text.

export type LayoutCell = {
  text: string;
  row: number;
  column: number;
  rowSpan: number;
  columnSpan: number;
  isBold: boolean;
  isShaded: boolean;
};

export type CellTable = { rowCount: number; columnCount: number; cells: LayoutCell[] };

export type TableText = { header: string[]; rows: string[][] };

/** Leading rows that can be a header, at most. */
const MAX_HEADER_ROWS = 6;

/** Currency codes printed before or after amounts ("EUR 1,234.00"). */
const CODE = 'EUR|USD|GBP|CHF|JPY|CNY|AUD|CAD|NZD|SEK|NOK|DKK|PLN|CZK|HUF|INR|ZAR|SGD|HKD|BRL|MXN';
/** A figure: signed, with a currency or a percent sign, or negative in brackets ("(1,234)"). */
const FIGURE = String.raw`(?:(?:${CODE})\s?)?[$€£¥]?\s*\d[\d,.'\s]*\s*(?:%|\s?(?:${CODE}))?`;
const NUMBER = new RegExp(
  String.raw`^(?:[-−–+]?\s*${FIGURE}|\(\s*${FIGURE}\))\s*[*⁰¹²³⁴⁵⁶⁷⁸⁹]{0,2}$`,
  'u',
);
/** A year as a column heading, maybe with a footnote mark or a "p" for provisional ("2023¹"). */
const YEAR = /^(?:19|20)\d\d\s*(?:[*†‡⁰¹²³⁴⁵⁶⁷⁸⁹]{1,2}|\(?[a-z]\)?)?$/u;

export const isYear = (text: string) => YEAR.test(text.trim());

/** The unit a column's figures are in, set as a heading: "£000", "EUR 000", "(€m)", "%". */
const SCALE = new RegExp(
  String.raw`^\(?(?:(?:${CODE})\s?|[$€£¥]\s?)?(?:'?000s?|m|mn|bn|k|%)\)?$`,
  'iu',
);

export const isScale = (text: string) => SCALE.test(text.trim());

/** A dash or "n/a" stands for a missing figure. */
const NO_FIGURE = /^(?:[-–—]+|n\/?a|\(x\)|\.\.)$/i;

/** A figure, or the mark of a missing one. */
export const isNumeric = (text: string) => NUMBER.test(text.trim()) || NO_FIGURE.test(text.trim());

type Slot = { cell: LayoutCell; isOrigin: boolean };

/** Row by row, column by column: the cell that covers each slot of the table. */
function slots(table: CellTable): (Slot | null)[][] {
  const grid: (Slot | null)[][] = Array.from({ length: table.rowCount }, () =>
    Array.from({ length: table.columnCount }, () => null),
  );
  for (const cell of table.cells) {
    for (let r = cell.row; r < cell.row + cell.rowSpan && r < table.rowCount; r++) {
      for (let c = cell.column; c < cell.column + cell.columnSpan && c < table.columnCount; c++) {
        grid[r]![c] = { cell, isOrigin: r === cell.row && c === cell.column };
      }
    }
  }
  return grid;
}

const originCells = (row: (Slot | null)[]) =>
  row.flatMap((slot) => (slot?.isOrigin && slot.cell.text ? [slot.cell] : []));

/** A row that looks like data: a figure in it (a year in the first row may be a heading). */
function hasFigures(row: (Slot | null)[], index: number): boolean {
  return originCells(row).some(
    (cell) => isNumeric(cell.text) && !isScale(cell.text) && !(index === 0 && isYear(cell.text)),
  );
}

const isStyled = (row: (Slot | null)[]) => {
  const cells = originCells(row);
  return cells.length > 0 && cells.every((cell) => cell.isBold || cell.isShaded);
};

/** A table of labels and values: every row opens with a bold or shaded label, and no row is all bold. */
function hasRowHeadings(grid: (Slot | null)[][]): boolean {
  const rows = grid.map(originCells).filter((cells) => cells.length > 1);
  return (
    rows.length >= 2 &&
    rows.every((cells) => cells[0]!.column === 0 && (cells[0]!.isBold || cells[0]!.isShaded)) &&
    !rows.some((cells) => cells.every((cell) => cell.isBold || cell.isShaded))
  );
}

const isSpanning = (row: (Slot | null)[]) => originCells(row).some((cell) => cell.columnSpan > 1);

/** A row that carries on the header above: under a spanning heading, or set apart by its look. */
function continuesHeader(grid: (Slot | null)[][], index: number): boolean {
  const row = grid[index]!;
  const next = grid[index + 1];
  if (isSpanning(grid[index - 1] ?? [])) return true;
  if (row.some((slot) => slot && !slot.isOrigin && slot.cell.row < index)) return true;
  return isStyled(row) && !!next && !isStyled(next);
}

/**
 * How many leading rows are header rows: the first row unless it holds figures, and the rows
 * below it that a spanning heading or a bold or shaded look ties to it. A row with text in its
 * first column only is a section label and ends the header.
 */
export function headerRowCount(table: CellTable): number {
  const grid = slots(table);
  if (hasRowHeadings(grid)) return 0;
  const limit = Math.min(MAX_HEADER_ROWS, grid.length - 1);
  let count = 0;
  for (; count < limit; count++) {
    const row = grid[count]!;
    const cells = originCells(row);
    if (cells.length === 0) continue;
    if (hasFigures(row, count) || cells.every((cell) => cell.column === 0)) break;
    if (count > 0 && !continuesHeader(grid, count)) break;
  }
  return count;
}

/** Header rows stacked above a column become one name; a spanning heading names every column it covers. */
function combineHeader(grid: (Slot | null)[][], count: number, width: number): string[] {
  return Array.from({ length: width }, (_, column) => {
    const parts: string[] = [];
    for (const row of grid.slice(0, count)) {
      const text = row[column]?.cell.text ?? '';
      if (text && parts.at(-1) !== text) parts.push(text);
    }
    return parts.join(' ');
  });
}

/** The table as a header and rows of text; empty rows and columns are left out. */
export function tableText(table: CellTable, headerRows = headerRowCount(table)): TableText {
  const grid = slots(table);
  const count = headerRows;
  // A cell spanning rows repeats its text in each; one spanning columns stays in its first.
  const rows = grid
    .slice(count)
    .map((row) => row.map((slot, c) => (slot && slot.cell.column === c ? slot.cell.text : '')));
  const header = combineHeader(grid, count, table.columnCount);
  const used = header.map((text, c) => !!text || rows.some((row) => !!row[c]));
  const keep = <T>(row: T[]) => row.filter((_, c) => used[c]);
  return {
    header: count > 0 ? keep(header) : [],
    rows: rows.filter((row) => row.some(Boolean)).map(keep),
  };
}
