import type { ColumnDefinition } from '../../../shared/columns';
import {
  combineTables,
  flatRows,
  recordFields,
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
 * The job's one table, the flat view (combined-table.ts): its documents' rows in order, under a
 * first `source` column, then the documents' fields, then the columns; with each row's cells
 * (its fields' and its columns') and where it came from. Documents that gave no rows add their
 * fallback text only `withFallback`. Pure: an export thread builds it.
 */
export function jobTable(
  columns: ColumnDefinition[],
  documents: JobTableDocument[],
  options: CombineOptions = {},
): JobTable {
  const fields = recordFields(documents);
  const cells: RowCells[] = [];
  const origins: JobResultTable['origins'] = [];
  const review = { total: 0, flagged: 0, edited: 0 };
  for (const document of documents) {
    const { result } = document;
    for (const { item } of flatRows(result, fields, options)) {
      const own = item === null ? {} : (result?.cells[item] ?? {});
      cells.push(fields.length > 0 ? { ...result?.fieldCells, ...own } : own);
      origins.push({ document_id: document.id, row: item });
    }
    if (!result) continue;
    review.total += result.review.total;
    review.flagged += result.review.flagged;
    review.edited += result.review.edited;
  }
  return { ...combineTables(columns, documents, options), cells, origins, review };
}
