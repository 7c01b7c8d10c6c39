import type { ColumnDefinition } from '../../../shared/columns';
import {
  combineTables,
  tableRows,
  type CombinedTable,
  type CombineOptions,
} from '../../../shared/combined-table';
import type { ExtractionResult } from '../../../shared/extraction';
import type { JobResultTable } from '../../../shared/jobs';
import type { RowCells } from '../../../shared/review';

export type JobTable = CombinedTable & Pick<JobResultTable, 'cells' | 'origins' | 'review'>;

/** A document of the job with its result as people see it (job-results.ts: corrections applied). */
export type JobTableDocument = { id: string; name: string; result: ExtractionResult | null };

/**
 * The job's one table: its documents' rows in order, under a first `source` column; with each
 * row's cells (for the user's columns) and where it came from. Documents that gave no rows add
 * their fallback text only `withFallback`. Pure: an export thread builds it.
 */
export function jobTable(
  columns: ColumnDefinition[],
  documents: JobTableDocument[],
  options: CombineOptions = {},
): JobTable {
  const cells: RowCells[] = [];
  const origins: JobResultTable['origins'] = [];
  const review = { total: 0, flagged: 0, edited: 0 };
  for (const document of documents) {
    const { result } = document;
    tableRows(result, options).forEach((_, row) => {
      cells.push(result?.cells[row] ?? {});
      origins.push({ document_id: document.id, row });
    });
    if (!result) continue;
    review.total += result.review.total;
    review.flagged += result.review.flagged;
    review.edited += result.review.edited;
  }
  return { ...combineTables(columns, documents, options), cells, origins, review };
}
