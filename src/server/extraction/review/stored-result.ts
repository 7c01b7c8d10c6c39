// A result as it was stored. Results stored before the review stage (issue 19) have no `cells`
// and no `review`; most have an `evidence` array instead (each row's cells: where the value was
// found, or null when it was not). They still open: their cells are built from what they have.
// Results stored before records (issue 31) have no fields and no checks: they open with none.
import type { ColumnDefinition } from '../../../shared/columns';
import type {
  CellEvidence,
  CellValue,
  ExtractedRow,
  ExtractionResult,
} from '../../../shared/extraction';
import type { CellReview, RowCells } from '../../../shared/review';
import { storedFallbackKind } from '../finish/fallbacks';
import { summarizeReview } from './review-cells';
import { combineSignals, notFoundSignal } from './signals';

/** What a stored result may be: today's shape, or one from before cells existed. */
type AddedLater = 'cells' | 'review' | 'fallback' | RecordParts;
type RecordParts = 'fieldDefinitions' | 'fields' | 'fieldCells' | 'checks';
export type StoredResult = Omit<ExtractionResult, AddedLater> &
  Partial<Pick<ExtractionResult, AddedLater>> & {
    evidence?: (Record<string, CellEvidence> | undefined)[];
  };

const isBlank = (value: CellValue | undefined) =>
  value === null || value === undefined || value === '';

/**
 * One cell from the older evidence: found (confidence 1, its span), not found (the not-found
 * signal, flagged below the threshold), or, without evidence at all, nothing to say.
 */
function legacyCell(
  value: CellValue | undefined,
  evidence: CellEvidence | undefined,
  hasEvidence: boolean,
  threshold: number,
): CellReview {
  const isNotFound = hasEvidence && !isBlank(value) && !evidence;
  const { confidence, reasons } = combineSignals(isNotFound ? [notFoundSignal()] : []);
  return {
    confidence,
    flagged: confidence < threshold,
    reasons,
    edited: false,
    evidence: evidence ?? null,
  };
}

/** Rows that are not data (a 500's stand-in row): shown, never flagged (as the review stage does). */
function standInCells(columns: ColumnDefinition[], rows: ExtractedRow[]): RowCells[] {
  return rows.map(() =>
    Object.fromEntries(
      columns.map((column): [string, CellReview] => [
        column.name,
        { confidence: 0, flagged: false, reasons: [], edited: false, evidence: null },
      ]),
    ),
  );
}

/** A stored result with its cells and review: as stored, or built from its older evidence. */
export function withCells(stored: StoredResult, threshold: number): ExtractionResult {
  const { evidence, cells: storedCells, review: storedReview, ...rest } = stored;
  // Results stored before `fallback` existed say it from their status and warnings.
  const result = {
    ...rest,
    fallback: storedFallbackKind(stored),
    fieldDefinitions: stored.fieldDefinitions ?? [],
    fields: stored.fields ?? {},
    fieldCells: stored.fieldCells ?? {},
    checks: stored.checks ?? [],
  };
  if (storedCells && storedReview) return { ...result, cells: storedCells, review: storedReview };
  const cells =
    stored.status === 500
      ? standInCells(stored.columns, stored.rows)
      : stored.rows.map((row, index) =>
          Object.fromEntries(
            stored.columns.map((column) => [
              column.name,
              legacyCell(
                row[column.name],
                evidence?.[index]?.[column.name],
                evidence !== undefined,
                threshold,
              ),
            ]),
          ),
        );
  return { ...result, cells, review: summarizeReview(cells) };
}
