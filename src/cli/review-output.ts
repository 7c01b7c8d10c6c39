import type { ColumnDefinition } from '../shared/columns';
import { combineTables, tableRows } from '../shared/combined-table';
import type { CellValue } from '../shared/extraction';
import type { ReviewSummary, RowCells } from '../shared/review';
import { rowObjects } from '../shared/table-export';
import type { BatchDocument } from './extract-batch';
import { formatTable } from './format-table';

/** A cell worth a look: where it is in the printed table, its value, and why. */
export type FlaggedCell = {
  /** The input it came from (several inputs only). */
  source: string | null;
  /** Its row in the printed table, from 1. */
  row: number;
  column: string;
  value: CellValue;
  confidence: number;
  reasons: string[];
};

type TableCells = { cells: RowCells[]; review: ReviewSummary };

/** The cells of the printed table, row by row (a 500's stand-in rows are not in it). */
function tableCells(documents: BatchDocument[]): TableCells {
  const cells: RowCells[] = [];
  const review = { total: 0, flagged: 0, edited: 0 };
  for (const { result } of documents) {
    if (!result) continue;
    tableRows(result).forEach((_, row) => cells.push(result.cells[row] ?? {}));
    if (result.status === 500) continue;
    review.total += result.review.total;
    review.flagged += result.review.flagged;
    review.edited += result.review.edited;
  }
  return { cells, review };
}

/** `--flagged`: every flagged cell of the printed table, in order. */
export function flaggedCells(documents: BatchDocument[], isBatch: boolean): FlaggedCell[] {
  const flagged: FlaggedCell[] = [];
  let printed = 0;
  for (const { name, result } of documents) {
    tableRows(result).forEach((row, index) => {
      printed += 1;
      for (const [column, cell] of Object.entries(result?.cells[index] ?? {})) {
        if (!cell.flagged) continue;
        flagged.push({
          source: isBatch ? name : null,
          row: printed,
          column,
          value: row[column] ?? null,
          confidence: cell.confidence,
          reasons: cell.reasons.map((reason) => reason.message),
        });
      }
    });
  }
  return flagged;
}

const shown = (value: CellValue) => (value === null ? '(empty)' : String(value));

/** The flagged cells as a table for stderr, with a line that counts them. */
export function formatFlagged(flagged: FlaggedCell[], isBatch: boolean): string {
  if (flagged.length === 0) return 'No cells flagged for review.';
  const header = [
    ...(isBatch ? ['source'] : []),
    'row',
    'column',
    'value',
    'confidence',
    'reasons',
  ];
  const rows = flagged.map((cell) => [
    ...(isBatch ? [cell.source ?? ''] : []),
    String(cell.row),
    cell.column,
    shown(cell.value),
    cell.confidence.toFixed(2),
    cell.reasons.join(' '),
  ]);
  const count = `${flagged.length} cell${flagged.length === 1 ? '' : 's'} flagged for review:`;
  return `${count}\n${formatTable(header, rows)}`;
}

/**
 * `--cells` with `--format json`: the rows (with a first source column for several inputs), each
 * row's cells (confidence, flag, reasons, evidence) and the review summary.
 */
export function rowsWithCells(
  columns: ColumnDefinition[],
  documents: BatchDocument[],
  isBatch: boolean,
): string {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const single = documents[0]?.result;
  if (!isBatch && single) {
    const { rows, cells, review } = single;
    return json({ rows: rowObjects({ columns: single.columns, rows }), cells, review });
  }
  const { cells, review } = tableCells(documents);
  return json({ rows: rowObjects(combineTables(columns, documents)), cells, review });
}
