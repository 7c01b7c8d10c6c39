import type { ColumnDefinition } from '../shared/columns';
import { combineTables, documentTable, flatRows, recordFields } from '../shared/combined-table';
import type { CellValue } from '../shared/extraction';
import type { ReviewSummary, RowCells } from '../shared/review';
import { rowObjects } from '../shared/table-export';
import type { BatchDocument } from './extract-batch';
import { flatCells } from './flat-table';
import { formatTable } from './format-table';

/** A cell worth a look: where it is in the printed table, its value, and why. */
export type FlaggedCell = {
  /** The input it came from (several inputs only). */
  source: string | null;
  /** Its row in the printed table, from 1; null for a document's field (on each of its rows). */
  row: number | null;
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
  const fields = recordFields(documents);
  for (const { result } of documents) {
    if (!result) continue;
    cells.push(...flatCells(result, fields));
    if (result.status === 500) continue;
    review.total += result.review.total;
    review.flagged += result.review.flagged;
    review.edited += result.review.edited;
  }
  return { cells, review };
}

/**
 * `--flagged`: every flagged cell of the printed table, in order: a document's flagged fields
 * once (not on each of its rows), then its line items' cells.
 */
export function flaggedCells(documents: BatchDocument[], isBatch: boolean): FlaggedCell[] {
  const flagged: FlaggedCell[] = [];
  const fields = recordFields(documents);
  let printed = 0;
  for (const { name, result } of documents) {
    const rows = flatRows(result, fields);
    if (result && rows.length > 0)
      for (const field of result.fieldDefinitions) {
        const cell = result.fieldCells[field.name];
        if (!cell?.flagged) continue;
        flagged.push({
          source: isBatch ? name : null,
          row: null,
          column: field.name,
          value: result.fields[field.name] ?? null,
          confidence: cell.confidence,
          reasons: cell.reasons.map((reason) => reason.message),
        });
      }
    for (const { values, item } of rows) {
      printed += 1;
      const cells = item === null ? undefined : result?.cells[item];
      for (const [column, cell] of Object.entries(cells ?? {})) {
        if (!cell.flagged) continue;
        flagged.push({
          source: isBatch ? name : null,
          row: printed,
          column,
          value: values[column] ?? null,
          confidence: cell.confidence,
          reasons: cell.reasons.map((reason) => reason.message),
        });
      }
    }
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
    cell.row === null ? 'field' : String(cell.row),
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
 * row's cells (confidence, flag, reasons, evidence) and the review summary. With fields, the rows
 * are the flat view's and each row's cells hold its fields' too.
 */
export function rowsWithCells(
  columns: ColumnDefinition[],
  documents: BatchDocument[],
  isBatch: boolean,
): string {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const single = documents[0]?.result;
  if (!isBatch && single) {
    const { cells, review, fieldDefinitions } = single;
    if (fieldDefinitions.length === 0)
      return json({
        rows: rowObjects({ columns: single.columns, rows: single.rows }),
        cells,
        review,
      });
    return json({
      rows: rowObjects(documentTable(single.columns, single)),
      cells: flatCells(single),
      review,
    });
  }
  const { cells, review } = tableCells(documents);
  return json({ rows: rowObjects(combineTables(columns, documents)), cells, review });
}
