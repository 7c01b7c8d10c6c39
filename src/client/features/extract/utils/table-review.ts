import type { ColumnDefinition } from '../../../../shared/columns';
import type { FileType } from '../../../../shared/document';
import type { CellReview, CellValue, ExtractedRow, RowCells } from '../../../../shared/extraction';

/**
 * What the result table knows about its cells (decision 020): each cell's confidence, flag,
 * reasons and evidence, from its document's result, with the user's corrections in place. A
 * single result is one document; a batch's combined table is several, whose results load one by
 * one.
 */
export type DocumentReview = {
  documentId: string;
  /** The document's name in a batch's table; null for a single result. */
  name: string | null;
  fileType: FileType | null;
  /** Its cells (parallel to its rows) and the text their evidence points into; null while loading. */
  detail: { cells: readonly RowCells[]; sourceText: string } | null;
};

/** Which document, and which of its rows, a row of the table is. */
export type RowOrigin = { document: number; row: number };

/** A cell as a correction names it: its document, its row in that document, its column. */
export type CellAddress = { documentId: string; row: number; column: string };

/** The user's corrections, by cellKey: a value equal to the extracted one accepts the cell. */
export type CellCorrections = ReadonlyMap<string, CellValue>;

export function cellKey({ documentId, row, column }: CellAddress): string {
  return JSON.stringify([documentId, row, column]);
}

export type TableReview = {
  /** The rows as shown: the extracted values with corrections in place. */
  rows: ExtractedRow[];
  /** Row `index`'s document and its row there; null for a row without one (streamed rows). */
  origin: (index: number) => { document: DocumentReview; row: number } | null;
  /** Row `index`'s cell: 'pending' while its document loads, null when it has no review. */
  cell: (index: number, column: string) => CellReview | 'pending' | null;
  /** The row's cells (all columns), for the source pane; null while loading or absent. */
  rowCells: (index: number) => RowCells | null;
  sourceText: (index: number) => string | null;
  address: (index: number, column: string) => CellAddress | null;
  /** The value the model gave, before any correction. */
  extracted: (index: number, column: string) => CellValue | undefined;
};

/** The corrections by the table's row index, then by column. */
function correctionsByRow(
  origins: readonly (RowOrigin | null)[],
  documents: readonly DocumentReview[],
  corrections: CellCorrections,
): Map<number, Map<string, CellValue>> {
  const changes = new Map<number, Map<string, CellValue>>();
  if (corrections.size === 0) return changes;
  const indexOf = new Map<string, number>();
  origins.forEach((at, index) => {
    const document = at ? documents[at.document] : undefined;
    if (at && document) indexOf.set(JSON.stringify([document.documentId, at.row]), index);
  });
  for (const [key, value] of corrections) {
    const [documentId, row, column] = JSON.parse(key) as [string, number, string];
    const index = indexOf.get(JSON.stringify([documentId, row]));
    if (index === undefined) continue;
    const change = changes.get(index) ?? new Map<string, CellValue>();
    changes.set(index, change.set(column, value));
  }
  return changes;
}

const isBlank = (value: CellValue | undefined) =>
  value === null || value === undefined || value === '';

/** The cell as the user left it: a correction to the same value accepts it, another edits it. */
function corrected(cell: CellReview, extracted: CellValue | undefined, value: CellValue) {
  if (value === extracted) return { ...cell, flagged: false, accepted: true };
  return { ...cell, flagged: false, edited: true, accepted: false, confidence: 1 };
}

/** The table's rows and their cells, with `corrections` applied. */
export function tableReview(
  rows: readonly ExtractedRow[],
  origins: readonly (RowOrigin | null)[],
  documents: readonly DocumentReview[],
  corrections: CellCorrections,
): TableReview {
  const origin = (index: number) => {
    const at = origins[index];
    const document = at ? documents[at.document] : undefined;
    return at && document ? { document, row: at.row } : null;
  };
  const address = (index: number, column: string): CellAddress | null => {
    const at = origin(index);
    return at ? { documentId: at.document.documentId, row: at.row, column } : null;
  };
  const changes = correctionsByRow(origins, documents, corrections);
  const correction = (index: number, column: string) => {
    const row = changes.get(index);
    return row?.has(column) ? { value: row.get(column) ?? null } : null;
  };
  const shown = rows.map((row, index) => {
    const change = changes.get(index);
    return change ? { ...row, ...Object.fromEntries(change) } : row;
  });
  const rowCells = (index: number) => {
    const at = origin(index);
    return at?.document.detail?.cells[at.row] ?? null;
  };
  return {
    rows: shown,
    origin,
    address,
    rowCells,
    extracted: (index, column) => rows[index]?.[column],
    sourceText: (index) => origin(index)?.document.detail?.sourceText ?? null,
    cell: (index, column) => {
      const at = origin(index);
      if (!at) return null;
      if (!at.document.detail) return 'pending';
      const cell = at.document.detail.cells[at.row]?.[column];
      if (!cell) return null;
      const change = correction(index, column);
      return change ? corrected(cell, rows[index]?.[column], change.value) : cell;
    },
  };
}

/** A cell of the table: its row (in the result's order) and its column's name. */
export type TableCell = { index: number; column: string };

/** The cells still flagged, row by row in `order`, column by column. */
export function flaggedCells(
  review: TableReview,
  columns: readonly ColumnDefinition[],
  order: readonly number[],
): TableCell[] {
  const cells: TableCell[] = [];
  for (const index of order) {
    for (const { name } of columns) {
      const cell = review.cell(index, name);
      if (cell !== 'pending' && cell?.flagged && !isBlank(review.rows[index]?.[name]))
        cells.push({ index, column: name });
    }
  }
  return cells;
}

/** Which rows the table shows: every row, those with a flagged cell, or those with an edited one. */
export type RowFilter = 'all' | 'flagged' | 'edited';

export function matchesRowFilter(
  review: TableReview,
  columns: readonly ColumnDefinition[],
  filter: RowFilter,
  index: number,
): boolean {
  if (filter === 'all') return true;
  return columns.some(({ name }) => {
    const cell = review.cell(index, name);
    if (cell === 'pending' || cell === null) return false;
    return filter === 'flagged' ? cell.flagged : cell.edited;
  });
}

/**
 * The flagged cell after (or before) `from` in the order shown, or null when there is none.
 * `from` need not be flagged itself, nor still shown: its place is found in `order`.
 */
export function nextFlagged(
  flagged: readonly TableCell[],
  order: readonly number[],
  columns: readonly ColumnDefinition[],
  from: TableCell,
  direction: 1 | -1,
): TableCell | null {
  const position = new Map(order.map((index, place) => [index, place]));
  const columnPlace = new Map(columns.map(({ name }, place) => [name, place]));
  const rank = (cell: TableCell) =>
    (position.get(cell.index) ?? -1) * (columns.length + 1) + (columnPlace.get(cell.column) ?? 0);
  const here = rank(from);
  if (direction === 1) return flagged.find((cell) => rank(cell) > here) ?? null;
  return flagged.findLast((cell) => rank(cell) < here) ?? null;
}
