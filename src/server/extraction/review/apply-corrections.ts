// Corrections over a result: the one place every reader of a job's results (the document result,
// the job's table in JSON, CSV and XLSX, its events, the stored file a user downloads) turns a
// stored result into what people see. Pure. docs/decisions/022-corrections-and-page-pictures.md
import type { CellValue, ExtractionResult } from '../../../shared/extraction';
import type { CellReview, Correction, RowCells } from '../../../shared/review';
import { summarizeReview } from './review-cells';
import { withCells, type StoredResult } from './stored-result';

/** What applying a correction needs of it. */
export type CellCorrection = Pick<Correction, 'id' | 'row' | 'column' | 'value' | 'old_value'>;

/** A column named like an Object.prototype member ("__proto__") is still an own cell. */
function setOwn<T>(record: Record<string, T>, name: string, value: T): void {
  Object.defineProperty(record, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

const EMPTY_CELL: CellReview = {
  confidence: 1,
  flagged: false,
  reasons: [],
  edited: false,
  evidence: null,
};

/**
 * The cell once a person has seen it. Its own value again accepts it: the flag goes, the reasons
 * stay (why it was worth a look). Another value makes it a correction: confidence 1, never
 * flagged, no reasons (they were about the value it replaced); the evidence stays, as the place
 * the value was read from.
 */
function reviewedCell(cell: CellReview, correction: CellCorrection): CellReview {
  const { accepted: _accepted, ...rest } = cell;
  const made = { id: correction.id, old_value: correction.old_value };
  if (correction.value === correction.old_value)
    return {
      ...rest,
      confidence: 1,
      flagged: false,
      edited: false,
      accepted: true,
      correction: made,
    };
  return { ...rest, confidence: 1, flagged: false, reasons: [], edited: true, correction: made };
}

/**
 * The result with its corrections: each corrected row's value replaced (null empties the cell),
 * its cell reviewed, and the summary counted again. A correction naming a row or column the
 * result does not have is left out.
 */
export function applyCorrections(
  result: ExtractionResult,
  corrections: readonly CellCorrection[],
): ExtractionResult {
  if (corrections.length === 0) return result;
  const columns = new Set(result.columns.map((column) => column.name));
  const rows = result.rows.map((row) => ({ ...row }));
  const cells: RowCells[] = result.cells.map((row) => ({ ...row }));
  for (const correction of corrections) {
    const row = rows[correction.row];
    const rowCells = cells[correction.row];
    if (!row || !rowCells || !columns.has(correction.column)) continue;
    if (correction.value === null) delete row[correction.column];
    else setOwn<CellValue>(row, correction.column, correction.value);
    const cell = Object.hasOwn(rowCells, correction.column)
      ? rowCells[correction.column]!
      : EMPTY_CELL;
    setOwn(rowCells, correction.column, reviewedCell(cell, correction));
  }
  return { ...result, rows, cells, review: summarizeReview(cells) };
}

/** A stored result as people see it: cells for an older result, then its corrections. */
export function correctedResult(
  stored: StoredResult,
  corrections: readonly CellCorrection[],
  threshold: number,
): ExtractionResult {
  return applyCorrections(withCells(stored, threshold), corrections);
}
