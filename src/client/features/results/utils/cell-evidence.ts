import type { CellEvidence, CellReview, CellValue } from '../../../../shared/extraction';
import type { DocumentReview, TableReview } from './table-review';

/**
 * What is known about where a cell came from: 'none' when there is nothing to show (rows still
 * streaming in, a blank cell, a value the user wrote), 'found' with the span, 'not-found' for a
 * value that does not appear in the source, or 'pending' while its document's result loads.
 */
export type CellProvenance =
  | { kind: 'none' }
  | { kind: 'found'; evidence: NonNullable<CellEvidence> }
  | { kind: 'not-found' }
  | { kind: 'pending' };

function isBlank(value: CellValue | undefined): boolean {
  return value === null || value === undefined || value === '';
}

/** A cell's provenance from its review (see TableReview.cell) and the value shown. */
export function cellProvenance(
  cell: CellReview | 'pending' | null,
  value: CellValue | undefined,
): CellProvenance {
  if (cell === 'pending') return { kind: 'pending' };
  if (cell === null || cell.edited || isBlank(value)) return { kind: 'none' };
  return cell.evidence === null
    ? { kind: 'not-found' }
    : { kind: 'found', evidence: cell.evidence };
}

/** The text of the source a cell was found in ("-1,883.70"), or null when it is not known. */
export function foundText(review: TableReview, index: number, column: string): string | null {
  const provenance = cellProvenance(review.cell(index, column), review.value(index, column));
  if (provenance.kind !== 'found') return null;
  const text = review.sourceText(index);
  return text === null ? null : text.slice(provenance.evidence.start, provenance.evidence.end);
}

/** The text of the source a document field's value was found in (corrected since or not). */
export function fieldSourceText(detail: DocumentReview['detail'], field: string): string | null {
  const evidence = detail?.fieldCells?.[field]?.evidence;
  return detail && evidence ? detail.sourceText.slice(evidence.start, evidence.end) : null;
}
