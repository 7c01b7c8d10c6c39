import { cellText, type CellContext, type RawCell } from './cell-text';
import type { ZipParts } from '../../zip-parts';
import { columnName, MAX_COLUMNS, parseReference } from './cell-reference';
import { applyMerges, usedRange } from './merged-cells';

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
  // The merges are copied after the rows, within what the rows kept.
  const isMergeCut = applyMerges(byRow, options.merges, {
    ...usedRange(byRow),
    maxRows: options.maxRows,
    maxCharacters: options.maxCharacters - characters,
  });
  isCut ||= isMergeCut;
  const rows = [...byRow.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
  return {
    rows: rows.slice(0, options.maxRows),
    isCut: isCut || rows.length > options.maxRows,
    characters,
  };
}
