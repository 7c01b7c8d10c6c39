import type { ColumnDefinition } from '../../../../shared/columns';
import type {
  CellEvidence,
  CellValue,
  ExtractedRow,
  RowCells,
} from '../../../../shared/extraction';

/** Where each of a row's values was found, by column. */
export type RowEvidence = Record<string, CellEvidence>;

/** The evidence of each cell, from a result's review cells. */
export function evidenceOfCells(cells: readonly RowCells[]): RowEvidence[] {
  return cells.map((row) =>
    Object.fromEntries(Object.entries(row).map(([column, cell]) => [column, cell.evidence])),
  );
}

/**
 * What is known about where a cell came from: 'none' when there is no evidence (rows still
 * streaming in, or a blank cell), 'found' with the span, 'not-found' for a value that does not
 * appear in the source, or 'pending' while its document's evidence has not been loaded.
 */
export type CellProvenance =
  | { kind: 'none' }
  | { kind: 'found'; evidence: NonNullable<CellEvidence> }
  | { kind: 'not-found' }
  | { kind: 'pending' };

/**
 * Where a table's cells came from, row by row. A single result knows every row's at once; a
 * job's combined table loads them document by document, when a cell asks.
 */
export type TableEvidence = {
  provenance: (index: number, column: string) => CellProvenance;
  /** The text row `index`'s evidence points into; null while it is loading. */
  sourceText: (index: number) => string | null;
  /** Starts loading row `index`'s evidence when it is pending. */
  load?: (index: number) => void;
  /** Non-blank values not found in the source; null while not every row's evidence is known. */
  unverified: number | null;
};

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

/** One extraction's evidence, as the result table reads it. */
export function resultEvidence(
  columns: readonly ColumnDefinition[],
  rows: readonly ExtractedRow[],
  evidence: readonly RowEvidence[],
  sourceText: string,
): TableEvidence {
  return {
    provenance: (index, column) => cellProvenance(rows[index]?.[column], evidence[index], column),
    sourceText: () => sourceText,
    unverified: countUnverified(columns, rows, evidence),
  };
}

/** The text of the source a cell was found in ("-1,883.70"), or null when it is not known. */
export function foundText(evidence: TableEvidence, index: number, column: string): string | null {
  const provenance = evidence.provenance(index, column);
  if (provenance.kind !== 'found') return null;
  const text = evidence.sourceText(index);
  return text === null ? null : text.slice(provenance.evidence.start, provenance.evidence.end);
}
