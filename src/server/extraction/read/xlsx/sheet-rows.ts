import { cellText, type CellContext, type RawCell } from './cell-text';
import type { ZipParts } from '../zip-parts';

/** A cell as text, with the address of the cell it takes its value from (its merge master). */
export type GridCell = { text: string; origin: string };

export type SheetRows = {
  /** Rows with content, in order, as sparse arrays (a hole is an empty cell). */
  rows: GridCell[][];
  /** True when the sheet had more than the row or character budget allowed. */
  isCut: boolean;
  characters: number;
};

export type SheetRowsOptions = CellContext & {
  maxRows: number;
  maxCharacters: number;
  /** Merged ranges such as `A1:H1`. */
  merges: string[];
};

/** Excel's widest sheet; a reference beyond it is ignored. */
const MAX_COLUMNS = 16_384;

/** `BC12` → { column: 54 (0-based), row: 12 }. */
export function parseReference(reference: string): { column: number; row: number } | null {
  const match = /^\$?([A-Z]{1,3})\$?(\d{1,7})$/.exec(reference.toUpperCase());
  if (!match) return null;
  let column = 0;
  for (const letter of match[1]!) column = column * 26 + (letter.charCodeAt(0) - 64);
  if (column > MAX_COLUMNS) return null;
  return { column: column - 1, row: Number(match[2]) };
}

const columnName = (index: number): string =>
  (index >= 26 ? columnName(Math.floor(index / 26) - 1) : '') +
  String.fromCharCode(65 + (index % 26));

/** Every cell of a merged range takes the value of its top-left cell. */
function applyMerges(byRow: Map<number, GridCell[]>, merges: string[], lastRow: number) {
  for (const range of merges) {
    const [from, to] = range.split(':').map(parseReference);
    if (!from || !to || from.row > lastRow) continue;
    const master = byRow.get(from.row)?.[from.column];
    if (!master) continue;
    for (let row = from.row; row <= Math.min(to.row, lastRow); row++) {
      const cells = byRow.get(row) ?? [];
      for (let column = from.column; column <= to.column; column++) cells[column] = master;
      byRow.set(row, cells);
    }
  }
}

/**
 * Streams one worksheet's rows until the row or character budget is spent, so a sheet of a
 * million rows costs no more than the rows kept.
 */
export async function readSheetRows(
  parts: ZipParts,
  path: string,
  options: SheetRowsOptions,
): Promise<SheetRows> {
  const byRow = new Map<number, GridCell[]>();
  let rowNumber = 0;
  let cells: GridCell[] = [];
  let column = -1;
  let cell: RawCell | null = null;
  let textTarget: 'value' | 'inline' | null = null;
  let characters = 0;
  let isCut = false;

  const finishRow = () => {
    if (cells.length === 0) return;
    if (byRow.size >= options.maxRows || characters > options.maxCharacters) isCut = true;
    else byRow.set(rowNumber, cells);
  };
  await parts.readXml(path, {
    onOpen: ({ name, attributes }) => {
      if (name === 'row') {
        rowNumber = Number(attributes.r) || rowNumber + 1;
        cells = [];
        column = -1;
      } else if (name === 'c') {
        column = parseReference(attributes.r ?? '')?.column ?? column + 1;
        cell = {
          type: attributes.t ?? 'n',
          style: Number(attributes.s ?? 0),
          value: null,
          inline: '',
        };
      } else if (cell && name === 'v') {
        cell.value = '';
        textTarget = 'value';
      } else if (cell && name === 't') textTarget = 'inline';
    },
    onText: (text) => {
      if (!cell || !textTarget) return;
      if (textTarget === 'value') cell.value += text;
      else cell.inline += text;
    },
    onClose: (name) => {
      if (name === 'v' || name === 't') textTarget = null;
      else if (name === 'c' && cell) {
        const text = cellText(cell, options);
        if (text.trim() && column < MAX_COLUMNS) {
          cells[column] = { text, origin: `${columnName(column)}${rowNumber}` };
          characters += text.length;
        }
        cell = null;
      } else if (name === 'row') {
        finishRow();
        if (isCut) return 'stop';
      }
    },
  });
  applyMerges(byRow, options.merges, isCut ? rowNumber - 1 : Number.MAX_SAFE_INTEGER);
  const rows = [...byRow.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
  return {
    rows: rows.slice(0, options.maxRows),
    isCut: isCut || rows.length > options.maxRows,
    characters,
  };
}
