import type { ColumnDefinition } from '../../../shared/columns';
import {
  combineTables,
  tableRows,
  type CombinedTable,
  type CombineOptions,
} from '../../../shared/combined-table';
import type { JobResultTable } from '../../../shared/jobs';
import type { RowCells } from '../../../shared/review';
import { readJobResults, type ResultsReading } from './job-results';
import type { JobRow } from './jobs.queries';

export type JobTable = CombinedTable & Pick<JobResultTable, 'cells' | 'origins' | 'review'>;

/**
 * The job's one table: its documents' rows in order, under a first `source` column, corrections
 * applied; with each row's cells (for the user's columns) and where it came from. Documents that
 * gave no rows add their fallback text only `withFallback`.
 */
export async function buildJobTable(
  reading: ResultsReading,
  job: JobRow,
  options: CombineOptions = {},
): Promise<JobTable> {
  const columns = JSON.parse(job.columns) as ColumnDefinition[];
  const documents = await readJobResults(reading, job.id);
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
