// Corrections over a result: the one place every reader of a job's results (the document result,
// the job's table in JSON, CSV and XLSX, its events, the stored file a user downloads) turns a
// stored result into what people see. Pure. docs/decisions/022-corrections-and-page-pictures.md
import type { CellValue, ExtractionResult } from '../../../shared/extraction';
import type { CellReview, Correction, RowCells } from '../../../shared/review';
import { applyChecks } from '../records/apply-checks';
import { summarizeReview } from './review-cells';
import { withCells, type StoredResult } from './stored-result';
import { EMPTY_CELL } from '../../../shared/review';
import { setOwn } from '../../../shared/own-property';

/**
 * What applying a correction needs of it: a cell's names its row and column, a document field's
 * its field (and no row or column).
 */
export type CellCorrection = Pick<Correction, 'id' | 'row' | 'column' | 'value' | 'old_value'> & {
  field?: string | null;
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

/** Puts a person's value in a record of values (null empties it) and reviews its cell. */
function correctOne(
  values: Record<string, CellValue>,
  cells: RowCells,
  name: string,
  correction: CellCorrection,
): void {
  if (correction.value === null) delete values[name];
  else setOwn<CellValue>(values, name, correction.value);
  const cell = Object.hasOwn(cells, name) ? cells[name]! : EMPTY_CELL;
  setOwn(cells, name, reviewedCell(cell, correction));
}

/**
 * The result with its corrections: each corrected row's or field's value replaced (null empties
 * it), its cell reviewed, and the summary counted again (cells and fields). A correction naming a
 * row, column or field the result does not have is left out. Rules are not checked here (see
 * `correctedResult`).
 */
export function applyCorrections(
  result: ExtractionResult,
  corrections: readonly CellCorrection[],
): ExtractionResult {
  if (corrections.length === 0) return result;
  const columns = new Set(result.columns.map((column) => column.name));
  const fieldNames = new Set(result.fieldDefinitions.map((field) => field.name));
  const rows = result.rows.map((row) => ({ ...row }));
  const cells: RowCells[] = result.cells.map((row) => ({ ...row }));
  const fields = { ...result.fields };
  const fieldCells: RowCells = { ...result.fieldCells };
  for (const correction of corrections) {
    if (correction.field) {
      if (fieldNames.has(correction.field))
        correctOne(fields, fieldCells, correction.field, correction);
      continue;
    }
    const row = correction.row === null ? undefined : rows[correction.row];
    const rowCells = correction.row === null ? undefined : cells[correction.row];
    if (!row || !rowCells || correction.column === null || !columns.has(correction.column))
      continue;
    correctOne(row, rowCells, correction.column, correction);
  }
  return {
    ...result,
    rows,
    cells,
    fields,
    fieldCells,
    review: summarizeReview([...cells, fieldCells]),
  };
}

/**
 * A stored result as people see it: cells for an older result, then its corrections, then its
 * rules checked again on the corrected values (the rules it was run with are those of its
 * checks), so that fixing one line clears the flag of the total it did not add up to.
 */
export function correctedResult(
  stored: StoredResult,
  corrections: readonly CellCorrection[],
  threshold: number,
): ExtractionResult {
  const corrected = applyCorrections(withCells(stored, threshold), corrections);
  if (corrections.length === 0 || corrected.checks.length === 0) return corrected;
  return applyChecks(corrected, { rules: corrected.checks.map((check) => check.rule), threshold });
}
