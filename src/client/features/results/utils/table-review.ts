import type { ColumnDefinition } from '../../../../shared/columns';
import type { FileType } from '../../../../shared/document';
import type { CellReview, CellValue, ExtractedRow, RowCells } from '../../../../shared/extraction';
import type { Check } from '../../../../shared/records';
import type { PagePicture } from '../../../../shared/review';
import { changedCell, shownValue, type CellChange } from './cell-changes';

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
  /**
   * Its cells (parallel to its rows, with the corrections the server keeps), the text their
   * evidence points into and, for PDFs and images, its pages' pictures; null while loading.
   */
  detail: {
    cells: readonly RowCells[];
    sourceText: string;
    pages?: readonly PagePicture[];
    /** Its document fields' review, by name (issue 31); absent when it has none. */
    fieldCells?: RowCells;
    /** Its document fields' values as the server keeps them (corrections applied). */
    fieldValues?: Readonly<Record<string, CellValue>>;
    /** The rules checked on it. */
    checks?: readonly Check[];
  } | null;
};

/**
 * The row index that stands for a single result's document fields (one value each, shown above
 * the table): review and corrections treat a field as a cell of this row, its name as the column.
 */
export const FIELDS_ROW = -1;

/** One document's fields: what was asked for, and the values found. */
export type RecordFields = {
  definitions: readonly ColumnDefinition[];
  values: Readonly<Record<string, CellValue>>;
  /** Whose fields they are: the document's place in `documents` (the first by default). */
  document?: number;
};

/** Which document, and which of its rows, a row of the table is. */
export type RowOrigin = { document: number; row: number };

/** A cell as a correction names it: its document, its row in that document, its column. */
export type CellAddress = { documentId: string; row: number; column: string };

/** The user's changes in this page, by cellKey, over what the server sent. */
export type CellCorrections = ReadonlyMap<string, CellChange>;

export function cellKey({ documentId, row, column }: CellAddress): string {
  return JSON.stringify([documentId, row, column]);
}

export type TableReview = {
  /** The rows as shown: the extracted values with corrections in place. */
  rows: ExtractedRow[];
  /** The document fields as shown (corrections in place), by name; empty when there are none. */
  fieldValues: ExtractedRow;
  /** A value as shown: a row's cell, or a field's on FIELDS_ROW. */
  value: (index: number, column: string) => CellValue | undefined;
  /** Row `index`'s document and its row there; null for a row without one (streamed rows). */
  origin: (index: number) => { document: DocumentReview; row: number } | null;
  /** Row `index`'s cell: 'pending' while its document loads, null when it has no review. */
  cell: (index: number, column: string) => CellReview | 'pending' | null;
  /** The row's cells (all columns), for the source pane; null while loading or absent. */
  rowCells: (index: number) => RowCells | null;
  sourceText: (index: number) => string | null;
  address: (index: number, column: string) => CellAddress | null;
  /** The value the model gave, before any correction (the server's or this page's). */
  extracted: (index: number, column: string) => CellValue | undefined;
};

/** The corrections by the table's row index, then by column. */
function correctionsByRow(
  origins: readonly (RowOrigin | null)[],
  documents: readonly DocumentReview[],
  corrections: CellCorrections,
  fieldsDocument: number,
): Map<number, Map<string, CellChange>> {
  const changes = new Map<number, Map<string, CellChange>>();
  if (corrections.size === 0) return changes;
  const indexOf = new Map<string, number>();
  const owner = documents[fieldsDocument];
  if (owner) indexOf.set(JSON.stringify([owner.documentId, FIELDS_ROW]), FIELDS_ROW);
  origins.forEach((at, index) => {
    const document = at ? documents[at.document] : undefined;
    if (at && document) indexOf.set(JSON.stringify([document.documentId, at.row]), index);
  });
  for (const [key, change] of corrections) {
    const [documentId, row, column] = JSON.parse(key) as [string, number, string];
    const index = indexOf.get(JSON.stringify([documentId, row]));
    if (index === undefined) continue;
    const byColumn = changes.get(index) ?? new Map<string, CellChange>();
    changes.set(index, byColumn.set(column, change));
  }
  return changes;
}

/** The values with this page's changes in place. */
function withChanges(row: ExtractedRow, byColumn: Map<string, CellChange> | undefined) {
  if (!byColumn) return row;
  const values = [...byColumn].map(([column, made]) => [column, shownValue(made)] as const);
  return { ...row, ...Object.fromEntries(values) };
}

/**
 * The table's rows and their cells, with `corrections` applied; with `fields`, one document's
 * fields too (the first's, or `fields.document`'s), as the cells of FIELDS_ROW.
 */
export function tableReview(
  rows: readonly ExtractedRow[],
  origins: readonly (RowOrigin | null)[],
  documents: readonly DocumentReview[],
  corrections: CellCorrections,
  fields?: RecordFields,
): TableReview {
  const fieldsDocument = fields?.document ?? 0;
  const origin = (index: number) => {
    const at =
      index === FIELDS_ROW ? { document: fieldsDocument, row: FIELDS_ROW } : origins[index];
    const document = at ? documents[at.document] : undefined;
    return at && document ? { document, row: at.row } : null;
  };
  const address = (index: number, column: string): CellAddress | null => {
    const at = origin(index);
    return at ? { documentId: at.document.documentId, row: at.row, column } : null;
  };
  const changes = correctionsByRow(origins, documents, corrections, fieldsDocument);
  const change = (index: number, column: string) => changes.get(index)?.get(column);
  const rowCells = (index: number) => {
    const at = origin(index);
    const detail = at?.document.detail;
    if (!at || !detail) return null;
    return (at.row === FIELDS_ROW ? detail.fieldCells : detail.cells[at.row]) ?? null;
  };
  const shown = rows.map((row, index) => withChanges(row, changes.get(index)));
  const fieldValues = fields
    ? withChanges({ ...fields.values }, changes.get(FIELDS_ROW))
    : ({} as ExtractedRow);
  const value = (index: number, column: string) =>
    index === FIELDS_ROW ? fieldValues[column] : shown[index]?.[column];
  return {
    rows: shown,
    fieldValues,
    value,
    origin,
    address,
    rowCells,
    extracted: (index, column) => {
      const made = change(index, column);
      if (made) return made.extracted;
      const correction = rowCells(index)?.[column]?.correction;
      if (correction) return correction.old_value;
      return index === FIELDS_ROW ? fields?.values[column] : rows[index]?.[column];
    },
    sourceText: (index) => origin(index)?.document.detail?.sourceText ?? null,
    cell: (index, column) => {
      const at = origin(index);
      if (!at) return null;
      if (!at.document.detail) return 'pending';
      const cell = rowCells(index)?.[column];
      if (!cell) return null;
      const made = change(index, column);
      if (!made) return cell;
      return changedCell(cell, made);
    },
  };
}

/** A cell of the table: its row (in the result's order) and its column's name. */
export type TableCell = { index: number; column: string };

/**
 * The cells still flagged in document order: the document fields first (named in `fields`), then
 * row by row in `order`, column by column. An empty value that is flagged (a field not found, a
 * required cell left empty) is walked like any other: the grid marks it and the count has it.
 */
export function flaggedCells(
  review: TableReview,
  columns: readonly ColumnDefinition[],
  order: readonly number[],
  fields: readonly ColumnDefinition[] = [],
): TableCell[] {
  const cells: TableCell[] = [];
  const add = (index: number, name: string) => {
    const cell = review.cell(index, name);
    if (cell !== 'pending' && cell?.flagged) cells.push({ index, column: name });
  };
  for (const { name } of fields) add(FIELDS_ROW, name);
  for (const index of order) for (const { name } of columns) add(index, name);
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
  fields: readonly ColumnDefinition[] = [],
): TableCell | null {
  const position = new Map(order.map((index, place) => [index, place]));
  const columnPlace = new Map(columns.map(({ name }, place) => [name, place]));
  const fieldPlace = new Map(fields.map(({ name }, place) => [name, place]));
  // The fields come before every row (whose ranks are 0 and up), in their own order.
  const rank = (cell: TableCell) =>
    cell.index === FIELDS_ROW
      ? (fieldPlace.get(cell.column) ?? 0) - fields.length
      : (position.get(cell.index) ?? -1) * (columns.length + 1) +
        (columnPlace.get(cell.column) ?? 0);
  const here = rank(from);
  if (direction === 1) return flagged.find((cell) => rank(cell) > here) ?? null;
  return flagged.findLast((cell) => rank(cell) < here) ?? null;
}
