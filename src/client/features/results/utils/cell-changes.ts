import type { CellReview, CellValue } from '../../../../shared/extraction';

/**
 * What the user did to a cell in this page. `corrected`: its value now (equal to the extracted
 * one, it accepts the cell) and the id of the correction the server stored (null when it lives in
 * the page only). `undone`: the correction taken back, the extracted value again.
 */
export type CellChange =
  | { kind: 'corrected'; value: CellValue; extracted: CellValue; id: string | null }
  | { kind: 'undone'; extracted: CellValue };

/**
 * The cell as the user left it, as the server shows it once stored (decision 022): the extracted
 * value again accepts it (the reasons stay: why it was worth a look); another value edits it
 * (confidence 1, no reasons: they were about the value it replaced).
 */
function corrected(cell: CellReview, change: Extract<CellChange, { kind: 'corrected' }>) {
  const { accepted: _accepted, correction: _correction, ...rest } = cell;
  const made = change.id ? { correction: { id: change.id, old_value: change.extracted } } : {};
  if (change.value === change.extracted)
    return { ...rest, confidence: 1, flagged: false, edited: false, accepted: true, ...made };
  return { ...rest, confidence: 1, flagged: false, reasons: [], edited: true, ...made };
}

/**
 * The cell once its correction is undone. A correction this page stored leaves the cell as it
 * was; one the server sent with the result leaves no trace of how the cell was first reviewed,
 * so it shows unmarked until the document's result is read again.
 */
function restored(cell: CellReview): CellReview {
  if (!cell.correction) return cell;
  const { accepted: _accepted, correction: _correction, ...rest } = cell;
  return { ...rest, edited: false };
}

export const shownValue = (change: CellChange) =>
  change.kind === 'corrected' ? change.value : change.extracted;

/** The cell with the user's change in this page, over the one the server sent. */
export function changedCell(cell: CellReview, change: CellChange): CellReview {
  return change.kind === 'corrected' ? corrected(cell, change) : restored(cell);
}
