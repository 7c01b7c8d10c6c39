import type { ColumnDefinition } from '../../../../shared/columns';
import type {
  CellEvidence,
  CellValue,
  ExtractedRow,
  RowEvidence,
} from '../../../../shared/extraction';

/**
 * What is known about where a cell came from: 'none' when there is no evidence (rows still
 * streaming in, or a blank cell), 'found' with the span, or 'not-found' for a value that does
 * not appear in the source.
 */
export type CellProvenance =
  { kind: 'none' } | { kind: 'found'; evidence: NonNullable<CellEvidence> } | { kind: 'not-found' };

function isBlank(value: CellValue | undefined): boolean {
  return value === null || value === undefined || value === '';
}

export function cellProvenance(
  value: CellValue | undefined,
  rowEvidence: RowEvidence | undefined,
  column: string,
): CellProvenance {
  if (isBlank(value) || !rowEvidence) return { kind: 'none' };
  const evidence = rowEvidence[column];
  if (evidence === undefined) return { kind: 'none' };
  return evidence === null ? { kind: 'not-found' } : { kind: 'found', evidence };
}

/** How many non-blank values of the table were not found in the source. */
export function countUnverified(
  columns: readonly ColumnDefinition[],
  rows: readonly ExtractedRow[],
  evidence: readonly RowEvidence[] | undefined,
): number {
  if (!evidence) return 0;
  let count = 0;
  rows.forEach((row, index) => {
    for (const column of columns) {
      if (cellProvenance(row[column.name], evidence[index], column.name).kind === 'not-found')
        count += 1;
    }
  });
  return count;
}
